package apply

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/kanka-cli/kanka/client"
)

// Status is what became of one write.
type Status string

// The statuses of a write. Unknown is a create whose answer was lost: it
// may have been applied, and the next run finds it by its key.
const (
	Planned Status = "planned"
	Done    Status = "done"
	Failed  Status = "failed"
	Unknown Status = "unknown"
	Skipped Status = "skipped"
)

// Result is what became of one write of a plan.
type Result struct {
	Status Status
	// Err is why it failed, may have failed, or was skipped.
	Err error
}

// ExecOptions change how a plan is carried out.
type ExecOptions struct {
	// Concurrency bounds the writes in flight; 1 when below 1. The client
	// paces them for the rate limit.
	Concurrency int
	// OnResult, when set, is told of each write as it ends (one call at a
	// time), so that a run can show its progress.
	OnResult func(cp *CalendarPlan, wp *WeatherPlan)
}

// Execute carries out plan's writes. A calendar is created or updated
// before its weather is written; the weather of a calendar whose create
// failed is skipped (it has nowhere to go); every other write is tried
// whatever else failed. After Ctrl-C (ctx done) no new write starts: those
// are Skipped. Each write's Result is set on its plan item. The error is a
// *RunError when any write did not end Done, nil otherwise.
func Execute(ctx context.Context, c *client.Client, plan *Plan, opts ExecOptions) error {
	x := &executor{ctx: ctx, c: c, sem: make(chan struct{}, max(opts.Concurrency, 1)), onResult: opts.OnResult,
		firstWeatherDone: make(chan struct{})}
	var wg sync.WaitGroup
	for _, cp := range plan.Calendars {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x.calendar(cp)
		}()
	}
	wg.Wait()
	return plan.failure(ctx)
}

type executor struct {
	ctx      context.Context
	c        *client.Client
	sem      chan struct{}
	mu       sync.Mutex // serialises onResult
	onResult func(cp *CalendarPlan, wp *WeatherPlan)
	// The run's first weather write goes alone: against the live service
	// it finds the weather path (one 404) for every later one, which
	// would each pay that 404 if they started together.
	firstWeather     atomic.Bool
	firstWeatherDone chan struct{}
}

// weatherTurn waits until a weather write may start; done must be called
// when the write ends.
func (x *executor) weatherTurn() (done func()) {
	if x.firstWeather.CompareAndSwap(false, true) {
		return func() { close(x.firstWeatherDone) }
	}
	select {
	case <-x.firstWeatherDone:
	case <-x.ctx.Done():
	}
	return func() {}
}

// acquire takes a slot for a write; false when the run was cut short.
func (x *executor) acquire() bool {
	if x.ctx.Err() != nil {
		return false
	}
	select {
	case x.sem <- struct{}{}:
		if x.ctx.Err() != nil {
			<-x.sem
			return false
		}
		return true
	case <-x.ctx.Done():
		return false
	}
}

func (x *executor) release() { <-x.sem }

func (x *executor) report(cp *CalendarPlan, wp *WeatherPlan) {
	if x.onResult == nil {
		return
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.onResult(cp, wp)
}

// calendar writes the calendar, then its weather.
func (x *executor) calendar(cp *CalendarPlan) {
	if cp.Action == Create || cp.Action == Update {
		if !x.acquire() {
			cp.Result = Result{Status: Skipped, Err: x.ctx.Err()}
		} else {
			var cal *client.Calendar
			var err error
			if cp.Action == Create {
				cal, err = x.c.CreateCalendar(x.ctx, cp.Send)
			} else {
				cal, err = x.c.UpdateCalendar(x.ctx, cp.ID, cp.Send)
			}
			x.release()
			cp.Result = resultOf(err)
			switch {
			case err == nil && cal != nil && cal.ID > 0:
				cp.ID = cal.ID
			case err == nil && cp.Action == Create:
				// Created, but where? Its weather must not go to a
				// calendar 0; the next run finds it by its name.
				cp.Result = Result{Status: Unknown, Err: fmt.Errorf("the server's answer to creating calendar %q has no id", cp.Name)}
			}
		}
		x.report(cp, nil)
	}
	if held := weatherHeldBy(cp); held != nil {
		for _, wp := range cp.Weather {
			wp.Result = Result{Status: Skipped, Err: held}
			x.report(cp, wp)
		}
		return
	}
	var wg sync.WaitGroup
	for _, wp := range cp.Weather {
		if !x.acquire() {
			wp.Result = Result{Status: Skipped, Err: x.ctx.Err()}
			x.report(cp, wp)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			turnDone := x.weatherTurn()
			err := x.weather(cp.ID, wp)
			turnDone()
			x.release()
			wp.Result = resultOf(err)
			x.report(cp, wp)
		}()
	}
	wg.Wait()
}

func (x *executor) weather(calendarID int, wp *WeatherPlan) error {
	switch wp.Action {
	case Create:
		w, err := x.c.CreateWeather(x.ctx, calendarID, wp.Send)
		if err == nil && w != nil {
			wp.ID = w.ID
		}
		return err
	case Update:
		_, err := x.c.UpdateWeather(x.ctx, calendarID, wp.ID, wp.Send)
		return err
	case Delete:
		err := x.c.DeleteWeather(x.ctx, calendarID, wp.ID)
		if client.IsNotFound(err) {
			return nil // gone already: what was asked
		}
		return err
	}
	return nil
}

func resultOf(err error) Result {
	var unknown *client.NotAppliedUnknownError
	switch {
	case err == nil:
		return Result{Status: Done}
	case errors.As(err, &unknown):
		return Result{Status: Unknown, Err: err}
	case errors.Is(err, context.Canceled):
		return Result{Status: Skipped, Err: err}
	}
	return Result{Status: Failed, Err: err}
}

// daysFields are the calendar fields that decide which days exist: the
// weather's dates were checked against the calendar as planned.
var daysFields = map[string]bool{"months": true, "skip_year_zero": true, "has_leap_year": true,
	"leap_year_amount": true, "leap_year_offset": true, "leap_year_start": true, "leap_year_month": true}

// weatherHeldBy says why the calendar's weather must wait for the next
// run: its create failed, or its update failed while it was changing the
// days the weather's dates were checked against. nil when it may go.
func weatherHeldBy(cp *CalendarPlan) error {
	if cp.Result.Status == Done {
		return nil
	}
	switch cp.Action {
	case Create:
		return fmt.Errorf("calendar %q was not created", cp.Name)
	case Update:
		for _, ch := range cp.Changes {
			if daysFields[ch.Field] {
				return fmt.Errorf("calendar %q was not updated, and its days were changing (%s)", cp.Name, ch.Field)
			}
		}
	}
	return nil
}
