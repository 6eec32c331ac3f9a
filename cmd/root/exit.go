package root

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/campaignlock"
	"github.com/kanka-cli/kanka/output"
	"github.com/kanka-cli/kanka/sandbox"
)

// authHint ends every authentication error.
const authHint = "Run 'kanka auth login' to save a working token, or set KANKA_TOKEN."

// exitCode turns the error a command ended with into the exit code and the
// lines to print on stderr: the one place where error kinds become codes.
// commandPath names the command that failed, for the usage hint;
// interrupted is true when Ctrl-C or SIGTERM cancelled the run.
func exitCode(err error, commandPath string, interrupted bool) (int, []string) {
	var (
		usage      *cmdutil.UsageError
		notFound   *cmdutil.NotFoundError
		auth       *cmdutil.AuthError
		apiErr     *client.Error
		notApplied *client.NotAppliedUnknownError
		tooLong    *client.WaitTooLongError
		badState   *sandbox.StateFileError
		busy       *campaignlock.BusyError
		declined   *cmdutil.DeclinedError
		conflict   *cmdutil.ConflictError
		changed    *cmdutil.ChangedError
		changes    cmdutil.ChangedErrors
	)
	switch {
	case err == nil:
		return cmdutil.ExitOK, nil
	case errors.Is(err, cmdutil.ErrSilent):
		return cmdutil.ExitError, nil
	case interrupted || errors.Is(err, context.Canceled):
		if errors.As(err, &notApplied) {
			return cmdutil.ExitInterrupted, []string{fmt.Sprintf(
				"interrupted while waiting for the answer to %s: it may have been applied; check before trying again",
				client.Action(notApplied.Method, notApplied.URL))}
		}
		return cmdutil.ExitInterrupted, []string{"interrupted"}
	case errors.As(err, &busy):
		return cmdutil.ExitBusy, []string{"error: " + busy.Error()}
	case errors.As(err, &declined):
		return cmdutil.ExitDeclined, []string{declined.Error()}
	case errors.As(err, &badState):
		return sandboxStateExit(badState)
	case errors.As(err, &usage):
		// Only an error in how the command line is put together points
		// to --help; a bad value is said alone (cmdutil.UsageError).
		var hint interface{ UsageHint() bool }
		if !errors.As(err, &hint) || !hint.UsageHint() {
			return cmdutil.ExitUsage, []string{"error: " + err.Error()}
		}
		// An error may name the command whose help shows the way: the
		// group of a mistyped word, rather than `kanka help`.
		var at interface{ UsagePath() string }
		if errors.As(err, &at) {
			commandPath = at.UsagePath()
		}
		return cmdutil.ExitUsage, []string{"error: " + err.Error(),
			fmt.Sprintf("Run '%s --help' for usage.", commandPath)}
	case errors.As(err, &auth) || client.IsAuth(err):
		msg := client.Explain(err)
		if auth != nil && auth.Advice != "" {
			// It names where the token came from, and what to do there.
			return cmdutil.ExitAuth, []string{"error: " + msg, auth.Advice}
		}
		if strings.Contains(msg, "kanka auth login") {
			return cmdutil.ExitAuth, []string{"error: " + msg} // it says the way forward already
		}
		return cmdutil.ExitAuth, []string{"error: " + msg, authHint}
	case client.IsNotFound(err) || errors.As(err, &notFound):
		return cmdutil.ExitNotFound, []string{"error: " + client.Explain(err)}
	case errors.As(err, &changed) || errors.As(err, &changes):
		return cmdutil.ExitChanged, errorLines(err)
	case errors.As(err, &conflict):
		return cmdutil.ExitValidation, []string{"error: " + conflict.Error()}
	case client.IsValidation(err) && errors.As(err, &apiErr):
		return cmdutil.ExitValidation, validationLines(apiErr)
	case errors.As(err, &tooLong):
		return cmdutil.ExitRateLimit, []string{"error: " + waitTooLongMessage(tooLong, time.Now())}
	case client.IsRateLimit(err):
		return cmdutil.ExitRateLimit, []string{"error: " + client.Explain(err),
			"The service's rate limit was still reached after waiting; try again later."}
	}
	return cmdutil.ExitError, []string{"error: " + client.InWords(err)}
}

// errorLines is each line of err's message, the first after "error: ".
func errorLines(err error) []string {
	lines := strings.Split(err.Error(), "\n")
	lines[0] = "error: " + lines[0]
	return lines
}

// debugLines are what --debug adds under an error's message: the request
// and the server's own words, which the message put in the user's.
func debugLines(err error) []string {
	if detail, _, _ := strings.Cut(client.DebugDetail(err), "\n"); detail != "" {
		return []string{"debug: " + detail} // the field errors are above it
	}
	return nil
}

// waitTooLongMessage says how long the rate limit asked to wait and when to
// try again: the time of day, with the date when it is not today.
func waitTooLongMessage(e *client.WaitTooLongError, now time.Time) string {
	until := e.Until.Local()
	layout := "15:04:05"
	if y, m, d := now.Local().Date(); until.Year() != y || until.Month() != m || until.Day() != d {
		layout = "2006-01-02 15:04:05"
	}
	return fmt.Sprintf("the rate limit asks to wait %s, more than --max-wait %s; try again after %s (or raise --max-wait)",
		e.Wait.Round(time.Second), e.Max, until.Format(layout))
}

// validationLines are a 422: the server's message, then each field error on
// its own line in the user's words, sorted by field.
func validationLines(e *client.Error) []string {
	message := e.Message
	for _, wire := range e.FieldNames() {
		message = fieldMessage(wire, message)
	}
	lines := []string{"error: the server rejected the request: " + message}
	for _, wire := range e.FieldNames() {
		msgs := make([]string, len(e.Fields[wire]))
		for i, m := range e.Fields[wire] {
			msgs[i] = fieldMessage(wire, m)
		}
		lines = append(lines, fmt.Sprintf("  %s: %s", FieldLabel(wire), strings.Join(msgs, "; ")))
	}
	return lines
}

// issuesURL is where bugs are reported.
const issuesURL = "https://github.com/kanka-cli/kanka/issues"

// internalError is the line a panic prints: its value on one line, and
// where to report it.
func internalError(p any) string {
	return fmt.Sprintf("error: internal error: %s; please report this at %s", strings.Join(strings.Fields(fmt.Sprint(p)), " "), issuesURL)
}

// printError writes the lines of exitCode, their control characters
// escaped: a server's message must not command the terminal.
func printError(w io.Writer, lines []string) {
	for _, l := range lines {
		fmt.Fprintln(w, output.Sanitize(l))
	}
}
