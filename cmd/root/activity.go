package root

import (
	"fmt"
	"net/http"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// activityTransport shows the run's spinner, saying what the request
// does, while it is slower than cmdutil.SpinnerDelay. It is stopped when
// the answer's headers arrive, before anything of it is printed.
type activityTransport struct {
	next     http.RoundTripper // nil: net/http's default
	activity *cmdutil.Activity
}

func (t activityTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	next := t.next
	if next == nil {
		next = http.DefaultTransport
	}
	end := t.activity.Begin(requestDoing(req))
	defer end()
	return next.RoundTrip(req)
}

// requestDoing is what a request does, in the words of the client's
// messages ("reading calendar 5", "listing the weather of calendar 3"),
// with the page of a list after page 1 ("..., page 3").
func requestDoing(req *http.Request) string {
	doing := client.Action(req.Method, req.URL.String())
	if n, last, ok := client.PageOf(req.Context()); ok && last > 0 {
		doing += fmt.Sprintf(", page %d of %d", n, last)
	} else if page := req.URL.Query().Get("page"); page != "" && page != "1" {
		doing += ", page " + page
	}
	return doing
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

// watchTransport tells the streams' Watcher of each request as it is sent
// (kanka mcp's progress), in the words of requestDoing.
type watchTransport struct {
	next  http.RoundTripper // nil: net/http's default
	watch cmdutil.Watcher
}

func (t watchTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	next := t.next
	if next == nil {
		next = http.DefaultTransport
	}
	t.watch.Requesting(requestDoing(req))
	return next.RoundTrip(req)
}

// watchWaits is onWait that tells w of every wait too.
func watchWaits(onWait func(string, time.Duration), w cmdutil.Watcher) func(string, time.Duration) {
	return func(reason string, d time.Duration) {
		w.Waiting(reason, d)
		if onWait != nil {
			onWait(reason, d)
		}
	}
}
