//go:build unix

package calendar

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used, user and system: what a
// benchmark's work costs on a machine others are using too.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
