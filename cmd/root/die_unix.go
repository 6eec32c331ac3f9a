//go:build unix

package root

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// dieBy ends the process by sig with the default action: a shell sees a
// child killed by SIGINT (and reports status 130), and so stops a loop or a
// make that runs kanka, which an exit with status 130 does not make it do.
// Should the signal not end the process, it returns and Main exits 130.
func dieBy(sig os.Signal) {
	s, ok := sig.(syscall.Signal)
	if !ok {
		return
	}
	signal.Reset(s)
	_ = syscall.Kill(os.Getpid(), s)
	time.Sleep(time.Second) // delivery is asynchronous
}
