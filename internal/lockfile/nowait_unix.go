//go:build unix

package lockfile

import "syscall"

// noWait are the flags every open of a lock file adds: it returns at once
// whatever the path is (a named pipe's open would wait for its other end),
// and a symbolic link is not followed (the lock would create or open a
// file elsewhere).
const noWait = syscall.O_NONBLOCK | syscall.O_NOFOLLOW
