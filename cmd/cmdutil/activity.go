package cmdutil

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/briandowns/spinner"
)

// SpinnerDelay is how long a request runs before the spinner shows: a quick
// answer draws nothing.
const SpinnerDelay = 300 * time.Millisecond

// Activity draws, on a terminal's stderr only, a spinner while a request is
// slower than SpinnerDelay and a countdown while the rate limit is waited
// for. Everything it draws is erased before the request's answer is
// printed. A nil *Activity draws nothing: see NewActivity.
type Activity struct {
	mu      sync.Mutex
	sp      *spinner.Spinner
	timer   *time.Timer // the delayed start of the spinner, or the end of a countdown
	pending int         // a number that changes at every Begin, End and Countdown
}

// NewActivity is the run's Activity: nil, so that nothing is drawn, when
// stderr is not a terminal or the user asked for quiet.
func NewActivity(s *IOStreams, quiet bool) *Activity {
	if quiet || !s.ErrTTY || s.ErrTerminal == nil {
		return nil
	}
	return newActivity(s.ErrTerminal, s.ErrTerminal)
}

// newActivity draws on w; file is the terminal the spinner library checks
// before it draws anything.
func newActivity(w io.Writer, file *os.File) *Activity {
	sp := spinner.New(spinner.CharSets[11], 120*time.Millisecond)
	sp.Writer, sp.WriterFile = w, file
	return &Activity{sp: sp}
}

// Begin shows the spinner if the request it starts is still running after
// SpinnerDelay; End, or the next Begin, stops it.
func (a *Activity) Begin() {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.stopLocked()
	a.afterLocked(SpinnerDelay, func() {
		a.sp.Suffix = ""
		a.sp.PreUpdate = nil
		a.sp.Start()
	})
}

// End erases the spinner or countdown, if any, and cancels one to come.
func (a *Activity) End() {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.stopLocked()
}

// Countdown shows how long is left of a wait of d for reason ("for the
// rate limit's next window"), until it is over or the next request begins.
func (a *Activity) Countdown(reason string, d time.Duration) {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.stopLocked()
	until := time.Now().Add(d)
	suffix := func() string {
		left := max(time.Until(until), 0).Round(time.Second)
		return fmt.Sprintf(" waiting %s %s (Ctrl-C to stop)", left, reason)
	}
	a.sp.Suffix = suffix()
	a.sp.PreUpdate = func(s *spinner.Spinner) { s.Suffix = suffix() }
	a.sp.Start()
	a.afterLocked(d, a.stopLocked)
}

// afterLocked runs fn, holding the lock, once d has passed, unless a Begin,
// End or Countdown has come since: fn belongs to a request or a wait that
// is over by then. The caller holds the lock.
func (a *Activity) afterLocked(d time.Duration, fn func()) {
	mine := a.pending
	a.timer = time.AfterFunc(d, func() {
		a.mu.Lock()
		defer a.mu.Unlock()
		if a.pending == mine {
			fn()
		}
	})
}

// stopLocked erases what is drawn and cancels what is scheduled.
func (a *Activity) stopLocked() {
	a.pending++
	if a.timer != nil {
		a.timer.Stop()
		a.timer = nil
	}
	a.sp.Stop()
}
