package profile

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/kanka-cli/kanka/internal/lockfile"
)

// lockWait bounds the wait for another kanka that is writing the file: a
// write takes milliseconds, so a lock held longer belongs to a kanka that is
// stuck, and waiting on it forever would hang this one too.
var lockWait = 5 * time.Second

// lockRetry is how often a held lock is tried again.
const lockRetry = 10 * time.Millisecond

// lockFile takes the lock of the configuration file at path, held in
// path.lock (0600) beside it, and returns the function that releases it.
// flock(2) locks die with their process, so a crashed kanka leaves no stale
// lock; the lock file itself stays, as removing it would let two kankas
// lock two different files.
func lockFile(ctx context.Context, path string) (unlock func(), err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	wait, cancel := context.WithTimeout(ctx, lockWait)
	defer cancel()
	lock, err := lockfile.Wait(wait, path+".lock", lockRetry)
	var notRegular *lockfile.NotRegularError
	switch {
	case err == nil:
		return lock.Unlock, nil
	case ctx.Err() != nil:
		return nil, ctx.Err() // interrupted
	case errors.Is(err, context.DeadlineExceeded):
		return nil, fmt.Errorf("%s is being changed by another kanka: gave up after waiting %s for its lock (%s.lock); try again when it is done", path, lockWait, path)
	case errors.As(err, &notRegular):
		return nil, err // it names the lock file
	}
	return nil, fmt.Errorf("locking %s: %w", path, err)
}
