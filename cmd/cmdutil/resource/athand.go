package resource

import "context"

// atHandKey marks the context of a ReadableKind asked for a write's
// answer: it is printed with what is at hand, at no request.
type atHandKey struct{}

// AtHand reports whether the Kind ctx asks for must cost no request (a
// write's answer: see kindAtHand): what only a request can say, such as
// whose a record is, is left as the record says it.
func AtHand(ctx context.Context) bool { return ctx.Value(atHandKey{}) != nil }
