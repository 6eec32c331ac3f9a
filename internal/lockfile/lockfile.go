// Package lockfile takes kanka's file locks: the configuration file's, the
// sandbox state's, the cache folder's and a campaign's. A lock is flock(2)
// on a lock file (gofrs/flock), which the kernel drops when its process
// dies, so a crash leaves no stale lock. The file is opened without waiting
// and without following a symbolic link, and refused unless it is a regular
// file: a named pipe put at a lock path once held every writer in open(2),
// deaf to SIGTERM, before any deadline of theirs had started.
package lockfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gofrs/flock"
	"github.com/kanka-cli/kanka/internal/filekind"
)

// NotRegularError is a lock path that holds something else than a regular
// file: kanka neither opens it (further than to see what it is) nor
// replaces it.
type NotRegularError struct {
	Path string
	// What the path is: "a named pipe" (filekind.Of).
	What string
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s: is not a regular file (%s); kanka keeps a lock file there: remove it and try again", e.Path, e.What)
}

// Lock is a lock held; Unlock releases it.
type Lock struct {
	fl *flock.Flock
	// note is the second descriptor Note wrote through, emptied at Unlock.
	note *os.File
}

// Check refuses path when it exists and is not a regular file (a symbolic
// link is refused too), without opening it: a device is not even opened.
// A missing path is fine: the lock creates it.
func Check(path string) error {
	info, err := os.Lstat(path)
	if err != nil || info.Mode().IsRegular() {
		return nil // missing, or for the open to report
	}
	return &NotRegularError{Path: path, What: filekind.Of(info.Mode())}
}

// Try takes the exclusive lock of path, creating the file (0600) when it is
// missing; nil, nil when another holds it. Each call opens the file anew:
// flock(2) locks belong to an open file, so two goroutines of one process
// exclude each other as two processes do.
func Try(path string) (*Lock, error) {
	return take(path, (*flock.Flock).TryLock)
}

// Wait is Try again every retry until the lock is had or ctx ends (its
// error then).
func Wait(ctx context.Context, path string, retry time.Duration) (*Lock, error) {
	for {
		l, err := Try(path)
		if l != nil || err != nil {
			return l, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(retry):
		}
	}
}

// Hold takes the lock of path however long another holds it: for a lock
// that is only ever held for the milliseconds of a file's write.
func Hold(path string) (*Lock, error) {
	return take(path, func(fl *flock.Flock) (bool, error) { return true, fl.Lock() })
}

// take checks path, opens it without waiting, locks it with lock and checks
// the open file again: what was locked is a regular file, even when
// another one was put at path after Check.
func take(path string, lock func(*flock.Flock) (bool, error)) (*Lock, error) {
	if err := Check(path); err != nil {
		return nil, err
	}
	fl := flock.New(path, flock.SetFlag(os.O_CREATE|os.O_RDONLY|noWait), flock.SetPermissions(0o600))
	ok, err := lock(fl)
	if err != nil {
		if refused := Check(path); refused != nil {
			return nil, refused // a link or a pipe put there since
		}
		return nil, err
	}
	if !ok {
		return nil, nil
	}
	info, err := fl.Stat() // of the descriptor held
	if err == nil && !info.Mode().IsRegular() {
		err = &NotRegularError{Path: path, What: filekind.Of(info.Mode())}
	}
	if err != nil {
		_ = fl.Close()
		return nil, err
	}
	return &Lock{fl: fl}, nil
}

// Unlock releases the lock, emptying first what Note wrote.
func (l *Lock) Unlock() {
	if l == nil {
		return
	}
	if l.note != nil {
		_ = l.note.Truncate(0)
		_ = l.note.Close()
		l.note = nil
	}
	_ = l.fl.Close() // Close unlocks
}

// Note writes data into the lock file, in place of what it held, for those
// who wait for the lock to read (Read): who holds it. The file is opened
// again, without waiting, and written only when it is the one locked.
func (l *Lock) Note(data []byte) error {
	held, err := l.fl.Stat()
	if err != nil {
		return err
	}
	f, err := os.OpenFile(l.fl.Path(), os.O_WRONLY|noWait, 0)
	if err != nil {
		return err
	}
	if info, err := f.Stat(); err != nil || !os.SameFile(info, held) {
		f.Close()
		return fmt.Errorf("%s: is no longer the file locked", l.fl.Path())
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return err
	}
	if _, err := f.WriteAt(data, 0); err != nil {
		f.Close()
		return err
	}
	if l.note != nil {
		l.note.Close()
	}
	l.note = f
	return nil
}

// Read returns at most limit bytes of the lock file at path (what its
// holder noted), without waiting; what is not a regular file is not read.
// Another process wrote it: the caller treats it as untrusted.
func Read(path string, limit int) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|noWait, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, What: filekind.Of(info.Mode())}
	}
	buf := make([]byte, limit)
	n, err := io.ReadFull(f, buf)
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		err = nil // shorter than limit
	}
	return buf[:n], err
}
