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
	"sync/atomic"

	"github.com/kanka-cli/kanka/internal/lockfile"
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
	b, err := st.encode()
	if err != nil {
		return nil, err
	}
	var out state
	return &out, json.Unmarshal(b, &out)
}

// fileStore keeps the state in a JSON file shared by processes. A write
// takes an exclusive lock on a .lock file beside the state file, reads the
// file and replaces it with a temporary file renamed over it, so that no
// write is lost and a reader, which takes no lock, never sees half a file.
// A symlink is followed: the file it names is the one replaced and locked.
// A file that does not read as sandbox state is refused, never written
// (StateFileError); so is what is not a regular file (readState): every
// write renames a new file over it, which would put a file in place of a
// device such as /dev/null (run as root, for the whole system), and a
// named pipe's read would wait for a writer that never comes.
//
// The file is read on every request, but decoded only when its bytes differ
// from those this store last read or wrote: a year of generated weather is
// 365 writes in a row, and decoding a growing file twice for each was most
// of their time. Comparing the bytes, not a modification time, sees every
// change another process made, however fast.
type fileStore struct {
	path string
	// viewed is the file as a read last decoded it. Reads share its
	// state, and may keep parts of it, so nothing ever changes it.
	viewed atomic.Pointer[decodedFile]
	// written is the file as the last write left it. A write takes it
	// (Swap), changes its state in place and puts back what it wrote, so
	// no two writes, and no read, ever hold the same state.
	written atomic.Pointer[decodedFile]
	// decodes counts the decodes of the file: what the two save.
	decodes atomic.Int64
	// write replaces the file: writeState, unless a test makes it fail.
	write func(path string, st *state) ([]byte, error)
}

// decodedFile is a state file's bytes and the state they decode to.
type decodedFile struct {
	bytes []byte
	st    *state
}

// holds reports whether b is the file d was decoded from (a nil d holds
// nothing). The bytes are all that matter: equal bytes decode to an equal
// state, whichever file a symlink named when they were read.
func (d *decodedFile) holds(b []byte) bool {
	return d != nil && bytes.Equal(d.bytes, b)
}

func newFileStore(path string) *fileStore { return &fileStore{path: path, write: writeState} }

func (f *fileStore) view(fn func(*state)) error {
	target, err := resolveLinks(f.path)
	if err != nil {
		return err
	}
	// No lock: every write renames a whole file into place, so the file
	// read is the old one or the new one, whole. Nor is a lock file left
	// beside a file that turns out not to be the sandbox's.
	b, err := readState(f.path, target)
	if err != nil {
		return err
	}
	if d := f.viewed.Load(); d.holds(b) {
		fn(d.st)
		return nil
	}
	st, err := f.decode(b)
	if err != nil {
		return err
	}
	fn(st)
	f.viewed.Store(&decodedFile{bytes: b, st: st})
	return nil
}

func (f *fileStore) update(fn func(*state) bool) error {
	target, err := resolveLinks(f.path)
	if err != nil {
		return err
	}
	// Refuse somebody else's file before creating a lock file beside it.
	if err := f.check(target); err != nil {
		return err
	}
	return withLock(target, func() error {
		b, err := readState(f.path, target)
		if err != nil {
			return err
		}
		// fn changes the state in place, and may stop half way: until
		// the file holds what it holds, it is this write's alone.
		var st *state
		if d := f.written.Swap(nil); d.holds(b) {
			st = d.st
		} else if st, err = f.decode(b); err != nil {
			return err
		}
		if !fn(st) {
			return nil
		}
		out, err := f.write(target, st)
		if err != nil {
			return err
		}
		f.written.Store(&decodedFile{bytes: out, st: st})
		return nil
	})
}

// check refuses a file that is not sandbox state, decoding it only when it
// is not a file this store last read or wrote.
func (f *fileStore) check(target string) error {
	b, err := readState(f.path, target)
	if err != nil {
		return err
	}
	if f.viewed.Load().holds(b) || f.written.Load().holds(b) {
		return nil
	}
	st, err := f.decode(b)
	if err != nil {
		return err
	}
	// The write under the lock will most likely read these bytes again:
	// it takes this state, which nothing else holds, instead of a decode.
	f.written.Store(&decodedFile{bytes: b, st: st})
	return nil
}

// decode decodes the bytes of the state file, counting it.
func (f *fileStore) decode(b []byte) (*state, error) {
	f.decodes.Add(1)
	return parseState(f.path, b)
}

// checkStateFile reads the state file at path without writing or locking
// anything: New calls it so that a file the sandbox will not use, or a lock
// file beside it that is not a regular file, stops `kanka --sandbox` and
// `kanka sandbox serve` before any request.
func checkStateFile(path string) error {
	target, err := resolveLinks(path)
	if err != nil {
		return err
	}
	if _, err = loadState(path, target); err != nil {
		return err
	}
	if err := lockfile.Check(target + ".lock"); err != nil {
		return fmt.Errorf("sandbox state: %w", err)
	}
	return nil
}

// withLock runs fn holding the exclusive lock of the state file at target
// (symlinks already resolved), creating its directory (0700) when needed.
func withLock(target string, fn func() error) error {
	if err := os.MkdirAll(filepath.Dir(target), 0o700); err != nil {
		return fmt.Errorf("sandbox state: %w", err)
	}
	lock, err := lockfile.Hold(target + ".lock")
	var notRegular *lockfile.NotRegularError
	switch {
	case errors.As(err, &notRegular):
		return fmt.Errorf("sandbox state: %w", err)
	case err != nil:
		return fmt.Errorf("sandbox state: locking %s: %w", target, err)
	}
	defer lock.Unlock()
	return fn()
}

// writeState replaces the state file atomically: a temporary file in the
// same directory (so rename does not cross file systems), synced, renamed.
// It returns the bytes written: compact JSON, as indenting took as long as
// encoding, on every write (jq . shows the file indented).
func writeState(path string, st *state) ([]byte, error) {
	b, err := st.encode()
	if err != nil {
		return nil, err
	}
	b = append(b, '\n')
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("sandbox state: %w", err)
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return nil, fmt.Errorf("sandbox state: %w", err)
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return nil, fmt.Errorf("sandbox state: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return nil, fmt.Errorf("sandbox state: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return nil, fmt.Errorf("sandbox state: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return nil, fmt.Errorf("sandbox state: %w", err)
	}
	return b, nil
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
// record); so are those of a newer version's file, whose other keys go with
// the records. A missing file is left missing. A damaged state file is emptied
// too, with its counters, which cannot be read, back at zero: damaged
// reports it. A file that is not a sandbox state file is left alone
// (StateFileError).
func Reset(dataPath string) (damaged bool, err error) {
	if dataPath == "" {
		return false, errors.New("sandbox: no state file to reset")
	}
	target, err := resolveLinks(dataPath)
	if err != nil {
		return false, err
	}
	if _, err := os.Stat(target); errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err := resetRefuses(checkStateFile(dataPath)); err != nil {
		return false, err // before a lock file is created beside it
	}
	err = withLock(target, func() error {
		st, err := loadState(dataPath, target)
		if err := resetRefuses(err); err != nil {
			return err
		}
		damaged = err != nil
		if damaged {
			st = &state{}
		}
		_, err = writeState(target, &state{LastIDs: st.LastIDs})
		return err
	})
	return damaged, err
}

// resetRefuses is the error of loading a state file that Reset must not
// empty: any but a damaged state file's.
func resetRefuses(err error) error {
	var bad *StateFileError
	if err == nil || (errors.As(err, &bad) && bad.Damaged) {
		return nil
	}
	return err
}
