package cmdutil

// Deref is *p, the zero value when p is nil (a field an answer or a file
// left out).
func Deref[T any](p *T) T {
	var zero T
	return DerefOr(p, zero)
}

// DerefOr is *p, or otherwise when p is nil (a field left out that the
// service counts as otherwise: a length of 1, visibility 1).
func DerefOr[T any](p *T, otherwise T) T {
	if p == nil {
		return otherwise
	}
	return *p
}
