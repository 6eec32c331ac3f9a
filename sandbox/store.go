package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/gofrs/flock"
)

// store holds the state. view runs fn on a consistent state; update runs fn
// alone and keeps its changes only when fn returns true (a rejected write
// leaves nothing behind).
type store interface {
	view(fn func(st *state)) error
	update(fn func(st *state) (changed bool)) error
}

// memStore keeps the state in memory, behind a mutex.
type memStore struct {
	mu sync.RWMutex
	st *state
}

func newMemStore() *memStore { return &memStore{st: &state{}} }

func (m *memStore) view(fn func(*state)) error {
	m.mu.RLock()
	defer m.mu.RUnlock()
	fn(m.st)
	return nil
}

func (m *memStore) update(fn func(*state) bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	// fn works on a copy so that a write it rejects halfway leaves nothing.
	work, err := cloneState(m.st)
	if err != nil {
		return err
	}
	if fn(work) {
		m.st = work
	}
	return nil
}

func cloneState(st *state) (*state, error) {
	b, err := json.Marshal(st)
	if err != nil {
		return nil, err
	}
	var out state
	return &out, json.Unmarshal(b, &out)
}

// fileStore keeps the state in a JSON file shared by processes: every call
// takes a lock on a sibling .lock file (shared to read, exclusive to write),
// reads the file, and a write replaces it with a temporary file renamed over
// it, so a reader never sees half a file and no write is lost.
type fileStore struct{ path string }

func newFileStore(path string) *fileStore { return &fileStore{path: path} }

func (f *fileStore) view(fn func(*state)) error {
	return withLock(f.path, false, func() error {
		st, err := readState(f.path)
		if err != nil {
			return err
		}
		fn(st)
		return nil
	})
}

func (f *fileStore) update(fn func(*state) bool) error {
	return withLock(f.path, true, func() error {
		st, err := readState(f.path)
		if err != nil {
			return err
		}
		if !fn(st) {
			return nil
		}
		return writeState(f.path, st)
	})
}

// withLock runs fn holding the lock of the state file at path, creating its
// directory (0700) when needed.
func withLock(path string, exclusive bool, fn func() error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("sandbox state: %w", err)
	}
	// A new Flock per call: flock(2) locks belong to an open file, so two
	// goroutines of one process exclude each other like two processes do.
	lock := flock.New(path+".lock", flock.SetPermissions(0o600))
	defer lock.Close()
	var err error
	if exclusive {
		err = lock.Lock()
	} else {
		err = lock.RLock()
	}
	if err != nil {
		return fmt.Errorf("sandbox state: locking %s: %w", path, err)
	}
	defer lock.Unlock()
	return fn()
}

// readState reads the state file; a missing or empty file is an empty state.
func readState(path string) (*state, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && len(b) == 0) {
		return &state{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sandbox state: %w", err)
	}
	var st state
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("sandbox state: %s is not a sandbox state file: %w", path, err)
	}
	return &st, nil
}

// readStrictState reads a state file, refusing anything with keys a state
// file does not have.
func readStrictState(path string) (*state, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("sandbox state: %w", err)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return &state{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var st state
	if err := dec.Decode(&st); err != nil {
		return nil, fmt.Errorf("%s is damaged or not a sandbox state file (%v)", path, err)
	}
	return &st, nil
}

// writeState replaces the state file atomically: a temporary file in the
// same directory (so rename does not cross file systems), synced, renamed.
func writeState(path string, st *state) error {
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("sandbox state: %w", err)
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("sandbox state: %w", err)
	}
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("sandbox state: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("sandbox state: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("sandbox state: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("sandbox state: %w", err)
	}
	return nil
}

// DefaultDataPath is where `kanka --sandbox` keeps its state:
// $KANKA_SANDBOX_DATA, else $XDG_DATA_HOME/kanka/sandbox.json, with
// XDG_DATA_HOME defaulting to ~/.local/share.
func DefaultDataPath() string {
	if p := os.Getenv("KANKA_SANDBOX_DATA"); p != "" {
		return p
	}
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			home = "."
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "kanka", "sandbox.json")
}

// Reset empties the state file at dataPath: no calendars, no weather. The id
// counters are kept, so that ids handed out before the reset are never
// handed out again (a script holding an old id meets a 404, not a stranger's
// record). A missing file is left missing; a damaged one is emptied.
func Reset(dataPath string) error {
	if dataPath == "" {
		return errors.New("sandbox: no state file to reset")
	}
	return withLock(dataPath, true, func() error {
		if _, err := os.Stat(dataPath); errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		// Only a sandbox's own state is emptied: a path mistyped onto some
		// other file (or a damaged state) is left for its owner to remove.
		st, err := readStrictState(dataPath)
		if err != nil {
			return fmt.Errorf("%w; nothing was changed: remove the file yourself if it is not needed", err)
		}
		return writeState(dataPath, &state{LastIDs: st.LastIDs})
	})
}
