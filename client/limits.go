package client

import (
	"fmt"
	"net/http"
)

// The limits below bound what a server can make the client hold or do. A
// broken or hostile server decides the size of its answers and the numbers
// in them; none of those is trusted to size memory or a loop.

// MaxAnswerBytes is the largest answer body the client reads: 32 MiB. The
// largest real answer, a page of calendars with their months and moons, is a
// few hundred KiB. Reading stops as soon as a body passes it, so the memory
// an answer can take is bounded by it, not by the server.
const MaxAnswerBytes = 32 << 20

// MaxPages is the most pages a walk of a list fetches: 10,000. At 15 to 45
// items a page that is far more calendars or weather entries than a campaign
// holds; a server that claims or serves more is not believed.
const MaxPages = 10_000

// DefaultMaxListBytes is the most one walk of a list reads, all its pages'
// answers together, when the command says nothing else (WithMaxListBytes;
// the --max-list-size flag): 8 MiB. A page of the service is a few KiB to
// a few hundred (15 to 100 records); 8 MiB is some 20,000 weather entries
// (450 pages: a quarter of an hour of the live service's 30 requests a
// minute) or a few hundred calendars with their entries. What a command
// that keeps a whole list (export --all, apply, weather sorted by date)
// holds of 8 MiB of calendars with their entries stays under 100 MiB
// (measured: issue 17).
const DefaultMaxListBytes = 8 << 20

// AnswerTooLargeError is an answer whose body passed the client's limit. It
// is not retried: the same request would meet the same answer.
type AnswerTooLargeError struct {
	Method, URL string
	Limit       int
}

func (e *AnswerTooLargeError) Error() string {
	msg := fmt.Sprintf("the server's answer to %s %s is larger than %s; stopped reading", e.Method, e.URL, byteSize(e.Limit))
	if e.Method != http.MethodGet && e.Method != http.MethodHead {
		// The server answered, so it had the request.
		msg += "; the request may have been applied: check before trying again"
	}
	return msg
}

// byteSize writes n bytes in the largest binary unit that divides it.
func byteSize(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
