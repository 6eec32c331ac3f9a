package cmdutil

// Deref is *p, the zero value when p is nil (a field an answer or a file
// left out).
func Deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}
