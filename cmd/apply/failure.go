package apply

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"github.com/kanka-cli/kanka/client"
)

// RunError is a run in which some writes did not end Done. It unwraps to
// the worst failure, so that the exit code follows it; the message counts
// what happened.
type RunError struct {
	// Done, Failed, Unknown, InFlight and Skipped count the writes by
	// Status; InFlight are the Unknown the interrupt caught (Result.InFlight),
	// which Unknown does not count.
	Done, Failed, Unknown, InFlight, Skipped int
	// Interrupted is set when Ctrl-C or SIGTERM cut the run short.
	Interrupted bool
	// Worst is the failure the exit code follows (see severity).
	Worst error
	// Again is the command that finishes the run (Words.Again):
	// "weather generate"; "" says apply.
	Again string
}

// Total is the number of writes of the run.
func (e *RunError) Total() int { return e.Done + e.Failed + e.Unknown + e.InFlight + e.Skipped }

func (e *RunError) Error() string {
	again := "; run " + cmp.Or(e.Again, "apply") + " again to finish (nothing is made twice)"
	if e.Interrupted {
		msg := fmt.Sprintf("interrupted: %d of %d writes done, %d in flight (may have been applied), %d not started", e.Done, e.Total(), e.InFlight, e.Skipped)
		if e.Failed > 0 {
			msg += fmt.Sprintf(", %d failed", e.Failed)
		}
		if e.Unknown > 0 {
			msg += fmt.Sprintf(", %d may have been applied", e.Unknown)
		}
		return msg + again
	}
	msg := fmt.Sprintf("%d of %d writes done, %d failed", e.Done, e.Total(), e.Failed)
	if e.Unknown > 0 {
		msg += fmt.Sprintf(", %d may have been applied", e.Unknown)
	}
	if e.Skipped > 0 {
		msg += fmt.Sprintf(", %d not tried", e.Skipped)
	}
	return msg + again + ": " + e.Worst.Error()
}

func (e *RunError) Unwrap() error { return e.Worst }

// Summary is the last line of the outcome: "Applied: 3 of 5 writes done, 1
// failed, 1 may have been applied, 0 not tried.", or after an interrupt
// "Interrupted: 3 of 6 writes done, 0 failed, 0 may have been applied, 1
// in flight, 2 not started."
func (e *RunError) Summary() string {
	if e.Interrupted {
		return fmt.Sprintf("Interrupted: %d of %d writes done, %d failed, %d may have been applied, %d in flight, %d not started.",
			e.Done, e.Total(), e.Failed, e.Unknown, e.InFlight, e.Skipped)
	}
	return fmt.Sprintf("Applied: %d of %d writes done, %d failed, %d may have been applied, %d not tried.",
		e.Done, e.Total(), e.Failed, e.Unknown, e.Skipped)
}

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

// tally counts the writes of an executed plan by what became of them, in
// a RunError whose Worst is the worst failure (nil when every write is
// Done).
func (p *Plan) tally() *RunError {
	e := &RunError{Interrupted: p.Interrupted, Again: p.words.Again}
	count := func(r Result) {
		switch {
		case r.Status == Done:
			e.Done++
			return
		case r.Status == Failed:
			e.Failed++
		case r.InFlight():
			e.InFlight++
		case r.Status == Unknown:
			e.Unknown++
		default: // Skipped, or never run
			e.Skipped++
		}
		if r.Err != nil && (e.Worst == nil || severity(r.Err) > severity(e.Worst)) {
			e.Worst = r.Err
		}
	}
	p.eachWrite(func(_ string, r Result) { count(r) })
	return e
}

// eachWrite calls f with each write of the plan, in the plan's order (a
// calendar, then its weather, then its reminders), named as the outcome
// names it.
func (p *Plan) eachWrite(f func(what string, r Result)) {
	for _, cp := range p.Calendars {
		if cp.Action == Create || cp.Action == Update {
			f(fmt.Sprintf("%s calendar %s", cp.Action, calendarLabel(cp)), cp.Result)
		}
		for _, wp := range cp.Weather {
			f(fmt.Sprintf("%s weather %s of calendar %s", wp.Action, wp.Date, calendarLabel(cp)), wp.Result)
		}
		for _, rp := range cp.Reminders {
			f(fmt.Sprintf("%s %s of calendar %s", rp.Action, reminderLabel(rp.Date, rp.Comment), calendarLabel(cp)), rp.Result)
		}
	}
}

// failure is the *RunError of an executed plan, nil when every write is Done.
func (p *Plan) failure() error {
	e := p.tally()
	if e.Done == e.Total() {
		return nil
	}
	if p.Interrupted {
		e.Worst = context.Canceled // the run was cut short: exit 130
	}
	if e.Worst == nil {
		e.Worst = errors.New("some writes did not end")
	}
	return e
}
