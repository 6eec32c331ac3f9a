package cmdutil

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeTerminal records what a status line draws.
type fakeTerminal struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (f *fakeTerminal) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.buf.Write(p)
}

func (f *fakeTerminal) String() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.buf.String()
}

// testLine is a status line on a fake terminal of width columns (0:
// unknown) whose spinner shows after 10 ms and never turns, so that what
// it draws is exact.
func testLine(width int) (*statusLine, *fakeTerminal) {
	term := &fakeTerminal{}
	l := newStatusLine(term, func() int { return width })
	l.delay, l.tick = 10*time.Millisecond, time.Hour
	return l, term
}

// waitFor waits until the terminal shows want last, or fails.
func waitFor(t *testing.T, term *fakeTerminal, want string) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if strings.HasSuffix(term.String(), want) {
			return
		}
	}
	t.Fatalf("the terminal shows %q; want it to end with %q", term, want)
}

// The spinner comes after the batch's progress on the one line and says
// what the request does; when the request ends the progress stays, and
// neither erases the other.
func TestSpinnerAndProgressShareTheLine(t *testing.T) {
	l, term := testLine(0)
	l.setProgress("[1/2] creating 1492-1-3 sun")
	end := l.begin("creating weather in calendar 5")
	waitFor(t, term, "\r\x1b[K[1/2] creating 1492-1-3 sun  ⣾ creating weather in calendar 5")
	end()
	l.setProgress("[2/2] creating 1492-1-4 \x1b[2Jwind") // server text stays escaped
	l.setProgress("")
	want := "" +
		"\r\x1b[K[1/2] creating 1492-1-3 sun" +
		"\r\x1b[K[1/2] creating 1492-1-3 sun  ⣾ creating weather in calendar 5" +
		"\r\x1b[K[1/2] creating 1492-1-3 sun" +
		"\r\x1b[K[2/2] creating 1492-1-4 ^[[2Jwind" +
		"\r\x1b[K"
	if got := term.String(); got != want {
		t.Errorf("drawn %q\nwant  %q", got, want)
	}
}

// A request quicker than the delay draws nothing.
func TestQuickRequestDrawsNothing(t *testing.T) {
	l, term := testLine(0)
	l.begin("reading calendar 5")()
	time.Sleep(30 * time.Millisecond)
	if got := term.String(); got != "" {
		t.Errorf("drawn %q; want nothing", got)
	}
}

// With requests under way at once (the pages of a list), the spinner names
// the newest, and goes when the last one ends.
func TestSpinnerNamesTheNewestRequestUnderWay(t *testing.T) {
	l, term := testLine(0)
	endFirst := l.begin("listing the weather of calendar 3")
	endSecond := l.begin("listing the weather of calendar 3, page 2")
	waitFor(t, term, "\r\x1b[K⣾ listing the weather of calendar 3, page 2")
	endSecond()
	endSecond() // twice is once
	if !strings.HasSuffix(term.String(), "\r\x1b[K⣾ listing the weather of calendar 3") {
		t.Errorf("after the newest ended: %q", term)
	}
	endFirst()
	if !strings.HasSuffix(term.String(), "\r\x1b[K") || strings.Count(term.String(), "\r\x1b[K") != 3 {
		t.Errorf("after both ended: %q; want the line erased", term)
	}
}

// A wait for the rate limit shows at once, after the progress, until the
// next request begins.
func TestCountdownSaysWhatItWaitsFor(t *testing.T) {
	l, term := testLine(0)
	l.setProgress("[3/40] deleting calendar 7")
	l.countdown("for the rate limit's next window", 12*time.Second)
	if want := "\r\x1b[K[3/40] deleting calendar 7  ⣾ waiting 12s for the rate limit's next window (Ctrl-C to stop)"; !strings.HasSuffix(term.String(), want) {
		t.Errorf("drawn %q; want it to end with %q", term, want)
	}
	end := l.begin("deleting calendar 7")
	if want := "\r\x1b[K[3/40] deleting calendar 7  ⣾ deleting calendar 7"; !strings.HasSuffix(term.String(), want) {
		t.Errorf("drawn %q; want it to end with %q", term, want)
	}
	end()
	l.setProgress("")
	if !strings.HasSuffix(term.String(), "\r\x1b[K[3/40] deleting calendar 7\r\x1b[K") {
		t.Errorf("drawn %q; want the progress alone, then nothing", term)
	}
}

// The line is cut to the terminal's width, less a column, so that it never
// wraps: a wrapped line cannot be redrawn in place.
func TestStatusLineIsCutToTheTerminal(t *testing.T) {
	l, term := testLine(20)
	l.setProgress("[12/40] creating 1492-1-3 sun")
	if got, want := term.String(), "\r\x1b[K[12/40] creating 14"; got != want {
		t.Errorf("drawn %q, want %q", got, want)
	}
}
