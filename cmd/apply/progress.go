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
	defer progress.Clear()
	done := 0
	return Execute(ctx, c, plan, ExecOptions{
		Concurrency: concurrency,
		OnResult: func(cp *CalendarPlan, wp *WeatherPlan) {
			done++
			progress.Show(done, total, progressLine(cp, wp))
		},
	})
}

// progressLine names the write that just ended, and what became of it
// when it was not done: "create weather 1492-1-3 of "Harptos"", "update
// calendar "Harptos": failed". Why is said with the outcome.
func progressLine(cp *CalendarPlan, wp *WeatherPlan) string {
	name := strconv.Quote(cp.Name)
	line := fmt.Sprintf("%s calendar %s", cp.Action, name)
	r := cp.Result
	if wp != nil {
		line = fmt.Sprintf("%s weather %s of %s", wp.Action, wp.Date, name)
		r = wp.Result
	}
	if r.Status != Done {
		line += ": " + statusWord(r, errors.Is(r.Err, context.Canceled))
	}
	return line
}
