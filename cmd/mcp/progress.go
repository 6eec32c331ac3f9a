package mcp

import (
	"context"
	"fmt"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A call that runs long (a seed at the live service's 30 requests a
// minute takes minutes; a paced call waits for the rate limit's window)
// tells the client how it goes, when the client asked for progress: each
// request as it is sent, each wait, and while nothing happens for a
// heartbeat, that it is still working.

// defaultHeartbeat is how long a call goes without a word before it says
// it is still working.
const defaultHeartbeat = 10 * time.Second

// progress reports one call's run to the client as progress
// notifications; it is the run's cmdutil.Watcher.
type progress struct {
	ctx     context.Context
	session *sdk.ServerSession
	token   any
	// clean makes a message safe to send: control characters escaped,
	// secrets hidden (the run's streams know them).
	clean func(string) string

	mu       sync.Mutex
	sent     int // notifications sent: the progress, which must grow
	requests int
	last     time.Time
	stop     chan struct{}
	stopOnce sync.Once
}

// newProgress reports to the client of req, when it gave a progress
// token, each message made safe by clean; else it reports nothing. It says it is still working every
// heartbeat until done is called.
func newProgress(ctx context.Context, req *sdk.CallToolRequest, heartbeat time.Duration, clean func(string) string) *progress {
	p := &progress{ctx: ctx, clean: clean, last: time.Now(), stop: make(chan struct{})}
	if req != nil && req.Params != nil {
		p.token = req.Params.GetProgressToken()
		p.session = req.Session
	}
	if p.token != nil && p.session != nil && heartbeat > 0 {
		go p.beat(heartbeat)
	}
	return p
}

// Requesting is told of each request.
func (p *progress) Requesting(doing string) {
	p.mu.Lock()
	p.requests++
	n := p.requests
	p.mu.Unlock()
	p.say(fmt.Sprintf("request %d: %s", n, doing))
}

// Waiting is told of each wait.
func (p *progress) Waiting(reason string, d time.Duration) {
	p.say(fmt.Sprintf("waiting %s %s", d.Round(time.Second), reason))
}

// beat says the call is still working whenever a heartbeat went by
// without a word.
func (p *progress) beat(heartbeat time.Duration) {
	t := time.NewTicker(heartbeat / 4)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-p.ctx.Done():
			return
		case <-t.C:
			p.mu.Lock()
			quiet := time.Since(p.last) >= heartbeat
			n := p.requests
			p.mu.Unlock()
			if quiet {
				p.say(fmt.Sprintf("still working: %s sent", plural(n, "request", "requests")))
			}
		}
	}
}

// say sends one notification, if the client asked for them; one at a
// time, so that their progress grows in the order they arrive.
func (p *progress) say(message string) {
	if p.token == nil || p.session == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.sent++
	p.last = time.Now()
	// A client gone or a call cancelled: the run ends on its own.
	_ = p.session.NotifyProgress(p.ctx, &sdk.ProgressNotificationParams{
		ProgressToken: p.token,
		Progress:      float64(p.sent),
		Message:       p.clean(message),
	})
}

// done stops the heartbeat.
func (p *progress) done() { p.stopOnce.Do(func() { close(p.stop) }) }
