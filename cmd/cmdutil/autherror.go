package cmdutil

// AuthError is an authentication problem found before any request, such as
// no token at all (exit 3, with the hint to run `kanka auth login`).
type AuthError struct{ Err error }

func (e *AuthError) Error() string { return e.Err.Error() }
func (e *AuthError) Unwrap() error { return e.Err }
