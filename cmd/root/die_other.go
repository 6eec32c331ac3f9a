//go:build !unix

package root

import "os"

// dieBy is a no-op where a process cannot send itself a signal: Main exits
// 130.
func dieBy(os.Signal) {}
