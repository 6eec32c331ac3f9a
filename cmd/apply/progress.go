package apply

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// ExecuteShowing is Execute with one progress line on a terminal (never
// when stderr is piped, nor with -q): apply's, import's and generate's.
func ExecuteShowing(ctx context.Context, f *cmdutil.Factory, c *client.Client, plan *Plan, total int) error {
	progress := cmdutil.NewProgress(f.IO, f.Quiet())
	done := 0
	err := Execute(ctx, c, plan, ExecOptions{
		Concurrency: concurrency,
		OnResult: func(cp *CalendarPlan, wp *WeatherPlan, rp *ReminderPlan) {
			done++
			progress.Show(done, total, progressLine(cp, wp, rp))
		},
	})
	progress.Clear()
	sayCreated(f, plan)
	return err
}

// sayCreated says on stderr each calendar the run created, with its id,
// as calendar create says it: the id a person needs next is not in the
// plan's text. Weather entries are counted by the outcome's summary.
func sayCreated(f *cmdutil.Factory, plan *Plan) {
	for _, cp := range plan.Calendars {
		if cp.Action == Create && cp.written {
			cmdutil.Say(f, "created calendar %d %q", cp.ID, cp.Name)
		}
	}
}

// progressLine names the write that just ended, and what became of it
// when it was not done: "create weather 1492-1-3 of "Harptos"", "update
// calendar "Harptos": failed", "create reminder 1492-5-1 "Greengrass" of
// "Harptos"". Why is said with the outcome.
func progressLine(cp *CalendarPlan, wp *WeatherPlan, rp *ReminderPlan) string {
	name := strconv.Quote(cp.Name)
	line := fmt.Sprintf("%s calendar %s", cp.Action, name)
	r := cp.Result
	switch {
	case wp != nil:
		line = fmt.Sprintf("%s weather %s of %s", wp.Action, wp.Date, name)
		r = wp.Result
	case rp != nil:
		line = fmt.Sprintf("%s %s of %s", rp.Action, reminderLabel(rp.Date, rp.Comment), name)
		r = rp.Result
	}
	if r.Status != Done {
		line += ": " + statusWord(r, errors.Is(r.Err, context.Canceled))
	}
	return line
}
