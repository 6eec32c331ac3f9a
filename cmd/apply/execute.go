package apply

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/kanka-cli/kanka/client"
)

// Status is what became of one write.
type Status string

// The statuses of a write. Unknown is a write whose answer was lost, or
// that was in flight when the run was interrupted: it may have been
// applied, and the next run finds it by its key. Skipped was not started.
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
	// Err is why it failed, may have failed, or was skipped: an
	// *InterruptedError when the run was cut short.
	Err error
}

// InFlight reports whether the write was in flight when the run was
// interrupted (Status Unknown).
func (r Result) InFlight() bool {
	var in *InterruptedError
	return errors.As(r.Err, &in) && in.InFlight
}

// InterruptedError is why a write did not end Done when Ctrl-C or SIGTERM
// cut the run short: it was in flight (sent, or perhaps sent, and not
// answered: it may have been applied), or not started. It unwraps to the
// context's error, so that the run ends as interrupted (exit 130).
type InterruptedError struct {
	InFlight bool
	Err      error
}

func (e *InterruptedError) Error() string {
	if e.InFlight {
		return "in flight when the run was interrupted: it may have been applied; the next run finds it"
	}
	return "not started: the run was interrupted"
}

func (e *InterruptedError) Unwrap() error { return e.Err }

// ExecOptions change how a plan is carried out.
type ExecOptions struct {
	// Concurrency bounds the writes in flight; 1 when below 1. The client
	// paces them for the rate limit.
	Concurrency int
	// OnResult, when set, is told of each write as it ends (one call at a
	// time), so that a run can show its progress: a calendar's (wp and rp
	// nil), a weather entry's (wp) or a reminder's (rp).
	OnResult func(cp *CalendarPlan, wp *WeatherPlan, rp *ReminderPlan)
}

// Execute carries out plan's writes. A calendar is created or updated
// before its weather and its reminders are written (a reminder's entity
// and the ids of the moons it repeats on are then known from the
// calendar's answer); the weather and reminders of a calendar whose create
// failed, or whose answer does not describe what was sent, are skipped
// (they have nowhere sure to go); every other write is tried whatever else
// failed. Creates go one at a time, calendars in the order of the seed and
// then each calendar's weather in date order and its reminders in the
// seed's order, so that the ids a seed makes are the same on every run
// against an empty campaign; updates and deletes go concurrently beside
// them. After Ctrl-C (ctx done) no new
// write starts: those are Skipped, and those in flight, whose answer
// never came, Unknown (both with an *InterruptedError); plan.Interrupted
// is set. Each write's Result is set on its plan item. The error is a
// *RunError when any write did not end Done, nil otherwise.
func Execute(ctx context.Context, c *client.Client, plan *Plan, opts ExecOptions) error {
	x := &executor{ctx: ctx, c: c, sem: make(chan struct{}, max(opts.Concurrency, 1)), onResult: opts.OnResult,
		firstWeatherDone: make(chan struct{}), known: map[int]bool{}}
	for id := range plan.existing {
		x.known[id] = true
	}
	var wg sync.WaitGroup
	// Calendars: creates in order, one at a time; updates beside them.
	for _, cp := range plan.Calendars {
		switch cp.Action {
		case Create:
			x.writeCalendar(cp)
		case Update:
			wg.Add(1)
			go func() {
				defer wg.Done()
				x.writeCalendar(cp)
			}()
		}
	}
	wg.Wait()
	// Weather, then reminders: creates in order, one at a time; updates
	// and deletes beside.
	var creates []func()
	later := func(create bool, write func()) {
		if create {
			creates = append(creates, write)
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			write()
		}()
	}
	for _, cp := range plan.Calendars {
		if held := weatherHeldBy(cp); held != nil {
			for _, wp := range cp.Weather {
				wp.Result = x.heldResult(cp, held)
				x.report(cp, wp, nil)
			}
		} else {
			for _, wp := range inDateOrder(cp.Weather) {
				later(wp.Action == Create, func() { x.writeWeather(cp, wp) })
			}
		}
		if held := remindersHeldBy(cp); held != nil {
			for _, rp := range cp.Reminders {
				rp.Result = x.heldResult(cp, held)
				x.report(cp, nil, rp)
			}
			continue
		}
		for _, rp := range cp.Reminders {
			later(rp.Action == Create, func() { x.writeReminder(cp, rp) })
		}
	}
	for _, create := range creates {
		create()
	}
	wg.Wait()
	plan.Interrupted = ctx.Err() != nil
	return plan.failure()
}

// inDateOrder is the weather writes by date (the seed's order for one date).
func inDateOrder(ws []*WeatherPlan) []*WeatherPlan {
	out := slices.Clone(ws)
	slices.SortStableFunc(out, func(a, b *WeatherPlan) int {
		return a.Date.Compare(b.Date)
	})
	return out
}

type executor struct {
	ctx      context.Context
	c        *client.Client
	sem      chan struct{}
	mu       sync.Mutex // serialises onResult and known
	onResult func(cp *CalendarPlan, wp *WeatherPlan, rp *ReminderPlan)
	// known are the ids of the calendars the campaign held, and of those
	// this run created: a create answered with one of them is not new.
	known map[int]bool
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

func (x *executor) report(cp *CalendarPlan, wp *WeatherPlan, rp *ReminderPlan) {
	if x.onResult == nil {
		return
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.onResult(cp, wp, rp)
}

// heldResult is the Result of a write of cp's weather or reminders that
// waits for the next run (held says why).
func (x *executor) heldResult(cp *CalendarPlan, held error) Result {
	if x.ctx.Err() != nil && cp.Result.Status == Skipped {
		return x.notStarted() // its calendar was not started either
	}
	return Result{Status: Skipped, Err: held}
}

// writeCalendar creates or updates the calendar.
func (x *executor) writeCalendar(cp *CalendarPlan) {
	defer x.report(cp, nil, nil)
	if !x.acquire() {
		cp.Result = x.notStarted()
		return
	}
	defer x.release() // after the steps onto a leap day too
	var cal *client.Calendar
	var err error
	if cp.Action == Create {
		cal, err = x.c.CreateCalendar(x.ctx, cp.Send)
	} else {
		cal, err = x.c.UpdateCalendar(x.ctx, cp.ID, cp.Send)
	}
	cp.Result = x.resultOf(err)
	if err != nil {
		return
	}
	if cp.Action == Create {
		if doubt := x.notWhatWasCreated(cp, cal); doubt != nil {
			// Created, but where? Its weather must not go to a calendar
			// that may be another; the next run finds it by its name.
			cp.Result = Result{Status: Unknown, Err: doubt}
			return
		}
		cp.ID = cal.ID
	}
	cp.written = true
	cp.answer = cal
	// The live service clamps a leap day: its route reaches it, or the
	// write is not done (its fields are, so its weather may go).
	if cp.Send.Date != nil {
		if _, err := x.c.KeepDate(x.ctx, cp.ID, cal, *cp.Send.Date); err != nil {
			if cp.Result = x.resultOf(err); cp.Result.Status == Skipped {
				cp.Result = x.inFlight() // the write went; its date's step did not
			}
		}
	}
}

// notWhatWasCreated says why the answer to creating cp's calendar does
// not describe what was sent: no id, another name, or the id of a
// calendar the campaign held already (or this run made). nil when it
// does; the id is then known from now on.
func (x *executor) notWhatWasCreated(cp *CalendarPlan, cal *client.Calendar) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	switch {
	case cal == nil || cal.ID <= 0:
		return fmt.Errorf("the server's answer to creating calendar %q has no id", cp.Name)
	case !client.SameStoredText(cal.Name, cp.Send.Name):
		return fmt.Errorf("the server's answer to creating calendar %q describes calendar %d %q", cp.Name, cal.ID, cal.Name)
	case x.known[cal.ID]:
		return fmt.Errorf("the server's answer to creating calendar %q has the id of calendar %d, which existed already", cp.Name, cal.ID)
	}
	x.known[cal.ID] = true
	return nil
}

// writeWeather carries out one weather write of cp.
func (x *executor) writeWeather(cp *CalendarPlan, wp *WeatherPlan) {
	defer x.report(cp, wp, nil)
	if !x.acquire() {
		wp.Result = x.notStarted()
		return
	}
	defer x.release()
	turnDone := x.weatherTurn()
	defer turnDone()
	if x.ctx.Err() != nil { // interrupted while waiting for its turn
		wp.Result = x.notStarted()
		return
	}
	wp.Result = x.resultOf(x.weather(x.ctx, cp.ID, wp))
}

func (x *executor) weather(ctx context.Context, calendarID int, wp *WeatherPlan) error {
	switch wp.Action {
	case Create:
		w, err := x.c.CreateWeather(ctx, calendarID, wp.Send)
		if err == nil && w != nil {
			wp.ID = w.ID
		}
		return err
	case Update:
		_, err := x.c.UpdateWeather(ctx, calendarID, wp.ID, wp.Send)
		return err
	case Delete:
		err := x.c.DeleteWeather(ctx, calendarID, wp.ID)
		if client.IsNotFound(err) {
			return nil // gone already: what was asked
		}
		return err
	}
	return nil
}

// notStarted is the Result of a write the interrupt kept from starting.
func (x *executor) notStarted() Result {
	return Result{Status: Skipped, Err: &InterruptedError{Err: x.ctx.Err()}}
}

// inFlight is the Result of a write the interrupt caught after some of it
// may have reached the server.
func (x *executor) inFlight() Result {
	return Result{Status: Unknown, Err: &InterruptedError{InFlight: true, Err: x.ctx.Err()}}
}

// resultOf is the Result of a write that ended with err. A write the
// interrupt ended is in flight (Unknown) when its request may have reached
// the server (mayHaveArrived), else not started.
func (x *executor) resultOf(err error) Result {
	if err != nil && x.ctx.Err() != nil && errors.Is(err, x.ctx.Err()) {
		if mayHaveArrived(err) {
			return x.inFlight()
		}
		return x.notStarted()
	}
	return resultOf(err)
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

// mayHaveArrived reports whether a write the interrupt ended with err may
// have reached the server, as the client tells it: a POST that may have is
// a *client.NotAppliedUnknownError, any write a *client.InterruptedWriteError
// that says. A write ended by any other error of the context (in the wait
// for the rate limit, or in a read before it) never left.
func mayHaveArrived(err error) bool {
	var unknown *client.NotAppliedUnknownError
	var interrupted *client.InterruptedWriteError
	switch {
	case errors.As(err, &unknown):
		return true
	case errors.As(err, &interrupted):
		return interrupted.MayHaveArrived
	}
	return false
}

// weatherHeldBy says why the calendar's weather must wait for the next
// run: its create failed, or its update failed while it was changing the
// days the weather's dates were checked against. nil when it may go.
func weatherHeldBy(cp *CalendarPlan) error {
	if cp.Result.Status == Done || cp.written {
		return nil
	}
	switch {
	case cp.Action == Create && cp.Result.Status == Unknown:
		return fmt.Errorf("calendar %q may have been created, but where is not known; the next run finds it by its name", cp.Name)
	case cp.Action == Create:
		return fmt.Errorf("calendar %q was not created", cp.Name)
	case cp.Action == Update:
		for _, ch := range cp.Changes {
			// The weather's dates were checked against the calendar as
			// planned: a field that decides which days exist.
			if f := client.CalendarFields.Lookup(ch.Field); f != nil && f.Days {
				return fmt.Errorf("calendar %q was not updated, and its days were changing (%s)", cp.Name, ch.Field)
			}
		}
	}
	return nil
}
