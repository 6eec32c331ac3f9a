package client

import (
	"fmt"
	"time"
)

// WaitTooLongError is a wait for the rate limit longer than Config.MaxWait:
// the client did not start it, and nothing more was sent. Nothing was
// applied by the request that asked for it (a 429 applies nothing).
type WaitTooLongError struct {
	// Wait is how long the rate limit asked to wait; Max the longest wait
	// allowed (0 when none is).
	Wait, Max time.Duration
	// Until is when a request may be sent again.
	Until time.Time
}

func (e *WaitTooLongError) Error() string {
	return fmt.Sprintf("the rate limit asks to wait %s, more than the %s allowed; try again after %s",
		e.Wait.Round(time.Second), e.Max, e.Until.Format(time.RFC3339))
}
