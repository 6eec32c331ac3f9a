package calendar

import (
	"errors"
	"fmt"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// maxSteps bounds --keep-weeks: one request a day, at the live service's
// 30 a minute, is more than five hours.
const maxSteps = 10_000

// move sets cal's date from from to to and returns the calendar as it is
// then. A one-day move, or any move with --keep-weeks, uses the service's
// step route where it has one (it keeps named weeks); anything else is one
// full update, whose date is then kept (client.KeepDate: a leap day is
// reached with the route).
func (opts *MoveOptions) move(c *client.Client, cal *client.Calendar, r *almanac.Reckoning, from, to almanac.Date) (*client.Calendar, error) {
	days, err := r.DaysBetween(from, to)
	if err != nil {
		return nil, cmdutil.UsageErrorf("%s", err)
	}
	// --keep-weeks asks for the route: it is tried whatever the answer's
	// shape suggests, and a route-level 404 settles it.
	step := c.HasStepRoute(cal) || opts.KeepWeeks
	if step && (days == 1 || days == -1 || opts.KeepWeeks) {
		moved, err := opts.stepTo(c, cal, days, to)
		if !errors.Is(err, client.ErrNoStepRoute) {
			return moved, err
		}
		step = false // the server said it has no route after all
	}
	errOut := opts.Factory.IO.ErrOut
	switch {
	case opts.KeepWeeks && !step:
		fmt.Fprintln(errOut, "note: the server has no advance route (it answered 404), and so no named weeks to keep: the date is moved with one update")
	case step && !opts.Factory.Quiet():
		fmt.Fprintf(errOut, "note: a move of %s is one full update of the calendar, which clears named weeks set in the web interface (kanka cannot read them); --keep-weeks moves one day at a time instead\n", dayCount(abs(days)))
	}
	in := client.FromCalendar(cal)
	in.Date = &to
	if err := checkUnread(cal, &in, opts.Force, fmt.Sprintf("give them first with `kanka calendar update %d -f FILE`", cal.ID)); err != nil {
		return nil, err
	}
	if err := validateUpdate(in); err != nil {
		return nil, err
	}
	updated, err := c.UpdateCalendar(opts.Ctx, cal.ID, in)
	if err != nil {
		return nil, err
	}
	return c.KeepDate(opts.Ctx, cal.ID, updated, to)
}

// stepTo moves cal's date by days, one day a request, with the service's
// route, and checks that it reached to. The cost of a long walk is said
// first.
func (opts *MoveOptions) stepTo(c *client.Client, cal *client.Calendar, days int64, to almanac.Date) (*client.Calendar, error) {
	n := abs(days)
	if n > maxSteps {
		return nil, cmdutil.UsageErrorf("--keep-weeks: %s is more than %d requests; move in smaller steps, or without --keep-weeks (one update, which clears named weeks)", dayCount(n), maxSteps)
	}
	if n > 1 && !opts.Factory.Quiet() {
		fmt.Fprintf(opts.Factory.IO.ErrOut, "Moving %s one day at a time: %d requests (about %s at 30 requests a minute).\n", dayCount(n), n, minutes((n+29)/30))
	}
	d, _ := cal.CurrentDate()
	for i := range n {
		next, err := c.StepDate(opts.Ctx, cal.ID, days < 0)
		if err != nil {
			if i > 0 {
				return nil, fmt.Errorf("calendar %d: moved %s, to %s, then: %w", cal.ID, dayCount(i), d, err)
			}
			return nil, err
		}
		d = next
	}
	if d != to {
		return nil, &client.DateNotKeptError{ID: cal.ID, Sent: to, Stored: d, Why: "its advance route counts the days otherwise"}
	}
	return cal.WithDate(d), nil
}

// minutes is "1 minute" or "5 minutes".
func minutes(n int64) string {
	if n == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", n)
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// dayCount is "1 day" or "10 days".
func dayCount(n int64) string {
	if n == 1 {
		return "1 day"
	}
	return fmt.Sprintf("%d days", n)
}
