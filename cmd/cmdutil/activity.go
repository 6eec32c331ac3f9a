package cmdutil

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/kanka-cli/kanka/output"
	"golang.org/x/term"
)

// SpinnerDelay is how long a request runs before the spinner shows: a quick
// answer draws nothing.
const SpinnerDelay = 300 * time.Millisecond

// spinnerTick is how often the spinner turns.
const spinnerTick = 120 * time.Millisecond

// spinnerFrames are the spinner's turns, one column each.
var spinnerFrames = []string{"⣾", "⣽", "⣻", "⢿", "⡿", "⣟", "⣯", "⣷"}

// Activity draws, on a terminal's stderr only, a spinner saying what the
// run waits for ("reading calendar 5") while a request is slower than
// SpinnerDelay, and a countdown while the rate limit is waited for. It
// shares the terminal's one status line with a batch's Progress: the
// progress first, the spinner after it, neither erasing the other. All it
// draws is erased once no request is under way, before an answer is
// printed. A nil *Activity draws nothing: see NewActivity.
type Activity struct {
	line *statusLine
}

// NewActivity is the run's Activity: nil, so that nothing is drawn, when
// stderr is not a terminal or the user asked for quiet.
func NewActivity(s *IOStreams, quiet bool) *Activity {
	if quiet || !s.ErrTTY {
		return nil
	}
	line := statusLineOf(s)
	if line == nil {
		return nil
	}
	return &Activity{line: line}
}

// Begin says a request for what ("reading calendar 5") has started: the
// spinner shows it if it is still under way after SpinnerDelay. Call the
// end it returns when the answer has come. Several requests may be under
// way at once (the pages of a list): the spinner names the newest, and
// goes once they have all ended.
func (a *Activity) Begin(what string) (end func()) {
	if a == nil {
		return func() {}
	}
	return a.line.begin(what)
}

// Countdown shows how long is left of a wait of d for reason ("for the
// rate limit's next window"), until it is over or the next request begins.
func (a *Activity) Countdown(reason string, d time.Duration) {
	if a != nil {
		a.line.countdown(reason, d)
	}
}

// statusLine is the one line a terminal's stderr keeps for what is under
// way, redrawn in place: a batch's progress ("[2/5] creating 1492-1-3
// sun"), then the spinner and what it waits for. It is drawn on the
// terminal itself, whose control codes the guarded stderr would escape; its
// text is made safe and redacted here instead.
type statusLine struct {
	w io.Writer
	// width is the terminal's width, 0 when unknown: the line is cut to
	// fit, since a line that wraps cannot be redrawn in place.
	width func() int
	// flush writes what the guarded stderr holds back, so that it comes
	// before the line rather than in the middle of it.
	flush func()
	// clean makes text from elsewhere safe to draw (control characters in
	// caret notation, secrets hidden).
	clean func(string) string
	// delay is SpinnerDelay and tick spinnerTick; tests change them.
	delay, tick time.Duration

	mu       sync.Mutex
	progress string
	requests map[int]string // what each request under way is doing
	nextID   int
	waitFor  string    // a countdown's reason, "" when there is none
	waitEnd  time.Time // when the countdown is over
	spinning bool
	frame    int
	shown    string // the text drawn; "" when the line is empty
	// timer is the spinner's delayed start or the countdown's end; ticker
	// turns the spinner while it spins. Each is nil when not set.
	timer  *time.Timer
	ticker chan struct{}
}

// statusLines are the lines of the terminals in use, by terminal: the
// run's Activity and a batch's Progress find the same one.
var statusLines sync.Map

// statusLineOf is the status line of s's stderr terminal, nil when stderr
// is not one.
func statusLineOf(s *IOStreams) *statusLine {
	if s.ErrTerminal == nil {
		return nil
	}
	fd := int(s.ErrTerminal.Fd())
	fresh := newStatusLine(s.ErrTerminal, func() int {
		w, _, err := term.GetSize(fd)
		if err != nil {
			return 0
		}
		return w
	})
	fresh.flush = func() { controlOn(s.ErrOut, "") }
	fresh.clean = func(text string) string { return s.RedactString(output.Sanitize(text)) }
	line, _ := statusLines.LoadOrStore(s.ErrTerminal, fresh)
	return line.(*statusLine)
}

// newStatusLine draws on w, a terminal width columns wide, through the one
// terminal writer: its text is escaped there too, and its control
// sequence is the only one that passes.
func newStatusLine(w io.Writer, width func() int) *statusLine {
	return &statusLine{w: output.NewTerminalWriter(w), width: width, flush: func() {}, clean: output.Sanitize,
		delay: SpinnerDelay, tick: spinnerTick, requests: map[int]string{}}
}

// setProgress replaces the progress part of the line; "" erases it.
func (l *statusLine) setProgress(text string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.progress = l.clean(text)
	l.drawLocked()
}

func (l *statusLine) begin(what string) (end func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	id := l.nextID
	l.nextID++
	l.requests[id] = l.clean(what)
	l.waitFor = "" // a request begins: the wait is over
	switch {
	case l.spinning:
		l.drawLocked()
	case l.timer == nil:
		l.afterLocked(l.delay, func() {
			if len(l.requests) > 0 {
				l.spinLocked()
			}
		})
	}
	var once sync.Once
	return func() { once.Do(func() { l.end(id) }) }
}

func (l *statusLine) end(id int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.requests, id)
	l.settleLocked()
}

func (l *statusLine) countdown(reason string, d time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.waitFor, l.waitEnd = l.clean(reason), time.Now().Add(d)
	l.afterLocked(d, func() {
		l.waitFor = ""
		l.settleLocked()
	})
	l.spinLocked()
}

// afterLocked runs fn, holding the lock, once d has passed, unless
// another timer was set or stopped since: the spinner's delayed start and
// a countdown's end replace each other. The caller holds the lock.
func (l *statusLine) afterLocked(d time.Duration, fn func()) {
	l.stopTimerLocked()
	var timer *time.Timer
	timer = time.AfterFunc(d, func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.timer == timer {
			l.timer = nil
			fn()
		}
	})
	l.timer = timer
}

// spinLocked shows the spinner and keeps it turning.
func (l *statusLine) spinLocked() {
	l.spinning = true
	if l.ticker == nil {
		stop := make(chan struct{})
		l.ticker = stop
		go l.turn(stop)
	}
	l.drawLocked()
}

// turn redraws the spinner every tick until stop is closed.
func (l *statusLine) turn(stop chan struct{}) {
	t := time.NewTicker(l.tick)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			l.mu.Lock()
			if l.ticker == stop {
				l.frame = (l.frame + 1) % len(spinnerFrames)
				l.drawLocked()
			}
			l.mu.Unlock()
		}
	}
}

// settleLocked stops the spinner once nothing is under way or waited
// for, and redraws what is left.
func (l *statusLine) settleLocked() {
	if len(l.requests) == 0 && l.waitFor == "" {
		l.spinning = false
		l.stopTimerLocked()
		if l.ticker != nil {
			close(l.ticker)
			l.ticker = nil
		}
	}
	l.drawLocked()
}

func (l *statusLine) stopTimerLocked() {
	if l.timer != nil {
		l.timer.Stop()
		l.timer = nil
	}
}

// text is the line as it should look now.
func (l *statusLine) text() string {
	if !l.spinning {
		return l.progress
	}
	doing := ""
	if l.waitFor != "" {
		left := max(time.Until(l.waitEnd), 0).Round(time.Second)
		doing = fmt.Sprintf("waiting %s %s (Ctrl-C to stop)", left, l.waitFor)
	} else if len(l.requests) > 0 {
		newest := -1
		for id := range l.requests {
			newest = max(newest, id)
		}
		doing = l.requests[newest]
	}
	spinner := spinnerFrames[l.frame] + " " + doing
	if l.progress == "" {
		return spinner
	}
	return l.progress + "  " + spinner
}

// drawLocked redraws the line in place: a carriage return, an erase to
// the end of the line, the text cut to the terminal's width.
func (l *statusLine) drawLocked() {
	text := l.text()
	if w := l.width(); w > 1 && output.Width(text) > w-1 {
		text = output.Truncate(text, w-1)
	}
	if text == l.shown {
		return
	}
	l.flush()
	controlOn(l.w, "\r\x1b[K")
	_, _ = io.WriteString(l.w, text)
	l.shown = text
}

// controlOn writes a terminal control sequence on w as it is: the guarded
// stderr escapes control characters in all other text, and writes what it
// held back first.
func controlOn(w io.Writer, seq string) {
	if cw, ok := w.(interface{ WriteControl(string) error }); ok {
		_ = cw.WriteControl(seq)
		return
	}
	_, _ = io.WriteString(w, seq)
}
