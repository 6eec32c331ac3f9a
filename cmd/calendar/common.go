package calendar

import (
	"errors"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// newPrinter builds the printer before any request is sent, so a bad -o,
// --jq or --template costs nothing. Every error output.New returns is a
// usage error.
func newPrinter(f *cmdutil.Factory) (*output.Printer, error) {
	p, err := f.Printer()
	if err != nil {
		var usage *cmdutil.UsageError
		if errors.As(err, &usage) {
			return nil, err
		}
		return nil, &cmdutil.UsageError{Err: err}
	}
	return p, nil
}

// validate refuses a calendar the service would refuse, before sending it.
func validate(in client.CalendarInput) error {
	if err := in.Validate(); err != nil {
		var inputErr *client.InputError
		if errors.As(err, &inputErr) {
			return &cmdutil.UsageError{Err: &invalidCalendar{inputErr}}
		}
		return err
	}
	return nil
}

// invalidCalendar says that nothing was sent, then one problem a line.
type invalidCalendar struct{ *client.InputError }

func (e *invalidCalendar) Error() string {
	msg := "the calendar is not valid, nothing was sent:"
	for _, p := range e.Problems {
		msg += "\n  " + p.Field + ": " + p.Message
	}
	return msg
}

func (e *invalidCalendar) Unwrap() error { return e.InputError }

// argsUsage checks the number of arguments like cobra's validators, but
// returns a UsageError (exit 2).
func argsUsage(min, max int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < min || (max >= 0 && len(args) > max) {
			return cmdutil.UsageErrorf("%s: %s (see %s --help)", cmd.CommandPath(), what, cmd.CommandPath())
		}
		return nil
	}
}

// flagUsageError makes cobra's own flag errors (an unknown flag, "abc" for a
// number, two exclusive flags) usage errors.
func flagUsageError(_ *cobra.Command, err error) error {
	return &cmdutil.UsageError{Err: err}
}
