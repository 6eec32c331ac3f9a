package cmdutil

// The merge helpers apply "what one source gives overrides what another
// read": field flags over a file, a file over the current record. A nil
// pointer or a nil slice is "not given" and keeps what is there; an empty
// slice given on purpose replaces the list with none.

// Override sets *dst to src when src is given.
func Override[T any](dst **T, src *T) {
	if src != nil {
		*dst = src
	}
}

// OverrideList sets *dst to src when src is given (nil is not given).
func OverrideList[T any](dst *[]T, src []T) {
	if src != nil {
		*dst = src
	}
}

// OverrideMap sets *dst to src when src is given (nil is not given).
func OverrideMap[M ~map[K]V, K comparable, V any](dst *M, src M) {
	if src != nil {
		*dst = src
	}
}

// OverrideText sets *dst to src when src is not empty.
func OverrideText(dst *string, src string) {
	if src != "" {
		*dst = src
	}
}

// Ptr is a pointer to v.
func Ptr[T any](v T) *T { return &v }
