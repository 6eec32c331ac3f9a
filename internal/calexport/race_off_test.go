//go:build !race

package calexport_test

// hostileScale: the hostile tests at their full size (race_on_test.go).
const hostileScale = 1
