//go:build race

package calexport_test

// hostileScale divides the hostile tests' sizes under the race detector,
// which runs this single-goroutine code ten times slower and finds nothing
// more in a larger input.
const hostileScale = 10
