package cmdutil

// ConflictError is a write refused on our side because it would clash with
// what the campaign already holds, such as a second calendar of one name
// (exit 5, as the server's own validation errors): nothing was sent.
type ConflictError struct{ Err error }

func (e *ConflictError) Error() string { return e.Err.Error() }
func (e *ConflictError) Unwrap() error { return e.Err }
