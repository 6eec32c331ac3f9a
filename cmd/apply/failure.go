package apply

import (
	"context"
	"errors"
	"fmt"

	"github.com/kanka-cli/kanka/client"
)

// RunError is a run in which some writes did not end Done. It unwraps to
// the worst failure, so that the exit code follows it; the message counts
// what happened.
type RunError struct {
	// Done, Failed, Unknown and Skipped count the writes by Status.
	Done, Failed, Unknown, Skipped int
	// Worst is the failure the exit code follows (see severity).
	Worst error
}

func (e *RunError) Error() string {
	total := e.Done + e.Failed + e.Unknown + e.Skipped
	msg := fmt.Sprintf("%d of %d writes done, %d failed", e.Done, total, e.Failed)
	if e.Unknown > 0 {
		msg += fmt.Sprintf(", %d may have been applied", e.Unknown)
	}
	if e.Skipped > 0 {
		msg += fmt.Sprintf(", %d not tried", e.Skipped)
	}
	return msg + "; run apply again to finish (nothing is made twice): " + e.Worst.Error()
}

func (e *RunError) Unwrap() error { return e.Worst }

// severity ranks failures for the exit code: an interrupt first, then what
// no re-run fixes before what one may (authentication 3, a record the
// server refused 5, a record gone 4), then the rate limit 6, then any
// other failure 1 (a server error, a lost answer, a lost connection).
func severity(err error) int {
	switch {
	case errors.Is(err, context.Canceled):
		return 6
	case client.IsAuth(err):
		return 5
	case client.IsValidation(err):
		return 4
	case client.IsNotFound(err):
		return 3
	case client.IsRateLimit(err):
		return 2
	}
	return 1
}

// failure is the *RunError of an executed plan, nil when every write is Done.
func (p *Plan) failure(ctx context.Context) error {
	e := &RunError{}
	count := func(r Result) {
		switch r.Status {
		case Done:
			e.Done++
			return
		case Failed:
			e.Failed++
		case Unknown:
			e.Unknown++
		case Skipped:
			e.Skipped++
		}
		if r.Err != nil && (e.Worst == nil || severity(r.Err) > severity(e.Worst)) {
			e.Worst = r.Err
		}
	}
	for _, cp := range p.Calendars {
		if cp.Action == Create || cp.Action == Update {
			count(cp.Result)
		}
		for _, wp := range cp.Weather {
			count(wp.Result)
		}
	}
	if e.Failed+e.Unknown+e.Skipped == 0 {
		return nil
	}
	if ctx.Err() != nil {
		e.Worst = ctx.Err() // the run was cut short: exit 130
	}
	if e.Worst == nil {
		e.Worst = errors.New("some writes did not end")
	}
	return e
}
