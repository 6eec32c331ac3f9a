package sandbox

import (
	"fmt"
	"math"
	"net/http"
)

// idsSpentError is a create refused because a counter of lastIDs is at the
// largest int: the next id would wrap to a negative one, which no path can
// name, and the counters are never wound back (they survive Reset).
type idsSpentError struct {
	kind string // calendar, entity, weather, moon
}

func (e *idsSpentError) Error() string {
	return fmt.Sprintf("The sandbox has handed out the largest %s id, %d, and never hands out one twice (a reset keeps the count): nothing was written. Use another state file (--sandbox-data FILE, or sandbox serve --data FILE).",
		e.kind, math.MaxInt)
}

// reply is the answer to the refused write: 507 Insufficient Storage, as a
// server answers when it cannot store what a request needs. It is the
// server's state, not the request, that is at fault (a 5xx), and unlike a
// bare 500 the status names the cause; the body is the service's error
// shape. The write is not applied: the store keeps the state it had.
func (e *idsSpentError) reply() reply {
	return errorReply(http.StatusInsufficientStorage, e.Error())
}

// nextID hands out the id after *last, the counter of kind, or refuses
// when the counter is spent.
func nextID(last *int, kind string) (int, *idsSpentError) {
	if *last == math.MaxInt {
		return 0, &idsSpentError{kind: kind}
	}
	*last++
	return *last, nil
}
