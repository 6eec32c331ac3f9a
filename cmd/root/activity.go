package root

import (
	"net/http"
	"time"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// activityTransport shows the run's spinner while a request is slower than
// cmdutil.SpinnerDelay. It is stopped when the answer's headers arrive,
// before anything of it is printed.
type activityTransport struct {
	next     http.RoundTripper // nil: net/http's default
	activity *cmdutil.Activity
}

func (t activityTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	next := t.next
	if next == nil {
		next = http.DefaultTransport
	}
	t.activity.Begin()
	defer t.activity.End()
	return next.RoundTrip(req)
}

// countdown is the OnWait of a terminal: the time left of a wait, updated
// in place; short retry pauses go unsaid, as with waitNotice.
func countdown(a *cmdutil.Activity) func(string, time.Duration) {
	return func(reason string, d time.Duration) {
		if d.Round(100*time.Millisecond) >= time.Second {
			a.Countdown(reason, d)
		}
	}
}
