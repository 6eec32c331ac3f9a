package cache

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/filekind"
	"github.com/kanka-cli/kanka/internal/lockfile"
)

// A cache file is JSON lines: one line a record, then one line of meta
// (formatVersion, its kind and what the kind keeps). A file whose last
// line is not that meta (cut short, another program's, an older kanka's)
// is not read.
const formatVersion = 1

// Bounds of what is read of a cache file: it is this machine's, but may
// have been damaged or replaced. A larger file is ignored, and rewritten.
const (
	maxFileBytes = 64 << 20
	maxLineBytes = 9 << 20 // a calendar may be 8 MiB (client.MaxRecordBytes)
	maxRecords   = 50_000
)

// lockWait bounds the wait for another kanka writing the same folder: the
// cache is only a copy, so a write that cannot have the lock is skipped.
const lockWait = 2 * time.Second

// meta is the last line of a cache file.
type meta struct {
	Version int    `json:"kanka_cache"`
	Kind    string `json:"kind"`
	// Gen counts the writes of the file: a writer that read generation g
	// writes only while the file is still at g.
	Gen int64 `json:"gen"`
	// The rest is the kind's own.
	Calendar  int       `json:"calendar,omitempty"`
	Total     int       `json:"total,omitempty"`
	PerPage   int       `json:"per_page,omitempty"`
	AsOf      time.Time `json:"as_of,omitzero"`
	Refreshed time.Time `json:"refreshed,omitzero"`
	Whole     time.Time `json:"whole,omitzero"`
	// LiveWeather: the server has the live service's weather path.
	LiveWeather bool `json:"live_weather,omitempty"`
}

// errDamaged is a file that is not a cache file of the kind asked for.
var errDamaged = errors.New("not a cache file of this kanka")

// readFile reads the file name of k's folder: each record line is given to
// each, and the meta line returned. A missing file is (nil, nil); a file
// that cannot be trusted is errDamaged (the caller ignores it).
func (k *Cache) readFile(name, kind string, each func(line []byte) error) (*meta, error) {
	f, info, err := filekind.Open(filepath.Join(k.dir, name))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if !info.Mode().IsRegular() || info.Size() > maxFileBytes {
		return nil, errDamaged
	}
	sc := bufio.NewScanner(io.LimitReader(f, maxFileBytes))
	sc.Buffer(make([]byte, 0, 64<<10), maxLineBytes)
	var last []byte
	lines := 0
	for sc.Scan() {
		if last != nil {
			if err := each(last); err != nil {
				return nil, errDamaged
			}
		}
		if lines++; lines > maxRecords+1 {
			return nil, errDamaged
		}
		last = append(last[:0], sc.Bytes()...)
	}
	if sc.Err() != nil || last == nil {
		return nil, errDamaged
	}
	var m meta
	if json.Unmarshal(last, &m) != nil || m.Version != formatVersion || m.Kind != kind {
		return nil, errDamaged
	}
	return &m, nil
}

// writeFile replaces the file name of k's folder with the lines write
// gives and then m, unless the file changed since the caller read
// generation basedOn: the newer file then stays.
func (k *Cache) writeFile(name string, basedOn int64, m meta, write func(emit func(line []byte) error) error) error {
	fw, err := k.written(name, write)
	if err != nil {
		return err
	}
	return fw.commit(m, basedOn)
}

// written is a new file name with the lines write gives, to commit.
func (k *Cache) written(name string, write func(emit func(line []byte) error) error) (*fileWriter, error) {
	fw, err := k.create(name)
	if err != nil {
		return nil, err
	}
	// A line that holds the token is the file's to refuse, at its commit.
	if err := write(fw.emit); err != nil && !errors.Is(err, errHoldsToken) {
		fw.abort()
		return nil, err
	}
	return fw, nil
}

// locked runs fn under the lock of k's folder, which it creates. When the
// lock cannot be had, fn does not run.
func (k *Cache) locked(fn func() error) error {
	if err := os.MkdirAll(k.dir, 0o700); err != nil {
		return err
	}
	unlock, err := k.lock()
	if err != nil {
		return err
	}
	defer unlock()
	return fn()
}

// fileWriter writes a cache file anew: its lines go to a new file, renamed
// over the old one once whole, so that a reader never sees half of it.
type fileWriter struct {
	k    *Cache
	name string
	tmp  *os.File
	w    *bufio.Writer
	err  error // the first failure; errHoldsToken for a line with the token
}

// create starts a new file name in k's folder.
func (k *Cache) create(name string) (*fileWriter, error) {
	if err := os.MkdirAll(k.dir, 0o700); err != nil {
		return nil, err
	}
	removeStale(filepath.Join(k.dir, "."+name+".*"))
	tmp, err := os.CreateTemp(k.dir, "."+name+".*")
	if err != nil {
		return nil, err
	}
	return &fileWriter{k: k, name: name, tmp: tmp, w: bufio.NewWriter(tmp)}, nil
}

// emit writes one line. A line that holds the token spoils the file: it
// will not be kept, and the old one goes too.
func (fw *fileWriter) emit(line []byte) error {
	switch {
	case fw.err != nil:
	case bytes.ContainsRune(line, '\n'):
		fw.err = errDamaged
	case fw.k.token != "" && holdsToken(line, fw.k.token):
		fw.err = errHoldsToken
	default:
		// Not append(line, '\n'): the line is the caller's (an entry's
		// answer), to be neither copied nor written into.
		if _, fw.err = fw.w.Write(line); fw.err == nil {
			fw.err = fw.w.WriteByte('\n')
		}
	}
	return fw.err
}

// abort gives up the new file.
func (fw *fileWriter) abort() {
	fw.tmp.Close()
	os.Remove(fw.tmp.Name())
}

// commit takes the folder's lock and, unless the file changed since the
// caller read generation basedOn (another kanka's newer copy then stays),
// ends the new file with m and puts it in place.
func (fw *fileWriter) commit(m meta, basedOn int64) error {
	err := fw.k.locked(func() error {
		now, err := fw.k.readFile(fw.name, m.Kind, func([]byte) error { return nil })
		m.Gen = 0 // a new file, or one that was damaged
		switch {
		case err == nil && now == nil && basedOn >= 0:
			// Taken away since it was read (a change that could not be
			// made, a cache clear): this older copy must not come back.
			return errNewer
		case err == nil && now != nil && now.Gen != basedOn:
			return errNewer
		case err == nil && now != nil:
			m.Gen = now.Gen + 1
		}
		return fw.commitLocked(m)
	})
	if err != nil {
		fw.abort()
	}
	if errors.Is(err, errNewer) {
		return nil
	}
	return err
}

// commitLocked is commit with the lock held and nothing checked.
func (fw *fileWriter) commitLocked(m meta) error {
	path := filepath.Join(fw.k.dir, fw.name)
	m.Version = formatVersion
	if fw.err == nil {
		var line []byte
		if line, fw.err = json.Marshal(m); fw.err == nil {
			fw.emit(line)
		}
	}
	if fw.err == nil {
		fw.err = fw.w.Flush()
	}
	if err := fw.tmp.Close(); fw.err == nil {
		fw.err = err
	}
	if fw.err != nil {
		os.Remove(fw.tmp.Name())
		_ = os.Remove(path) // a copy that could not be brought up to date is no copy
		if errors.Is(fw.err, errHoldsToken) {
			return nil
		}
		return fw.err
	}
	// A folder where the file belongs is damage in kanka's own folder: a
	// rename could never replace it.
	if info, err := os.Lstat(path); err == nil && info.IsDir() {
		_ = os.RemoveAll(path)
	}
	return os.Rename(fw.tmp.Name(), path)
}

// errNewer is a file another kanka wrote after this one read it.
var errNewer = errors.New("the file is newer")

// replaceFile writes the file name anew with the lock held: the lines
// write gives, then m.
func (k *Cache) replaceFile(name string, m meta, write func(emit func(line []byte) error) error) error {
	fw, err := k.written(name, write)
	if err != nil {
		return err
	}
	return fw.commitLocked(m)
}

// holdsToken reports whether line holds token, written or spelt with JSON
// escapes: a reader of the line would make the token of either. A token
// too short to hide (client.MinSecretLen) is still never kept.
func holdsToken(line []byte, token string) bool {
	return bytes.Contains(line, []byte(token)) || client.HoldsSecret(line, token)
}

// errHoldsToken is a record in which the server echoed the token.
var errHoldsToken = errors.New("the record holds the token")

// lockPath is the lock file of k's folder.
func (k *Cache) lockPath() string { return filepath.Join(k.dir, ".lock") }

// CheckLock refuses a cache whose lock file is not a regular file (a named
// pipe, a link), naming it, before anything was sent: every write of the
// cache would fail on it without a word (lockfile.Check).
func (k *Cache) CheckLock() error {
	if k == nil {
		return nil
	}
	return lockfile.Check(k.lockPath())
}

// lock takes the lock of k's folder, for lockWait at most.
func (k *Cache) lock() (unlock func(), err error) {
	ctx, cancel := context.WithTimeout(context.Background(), lockWait)
	defer cancel()
	l, err := lockfile.Wait(ctx, k.lockPath(), 10*time.Millisecond)
	if err != nil {
		return nil, fmt.Errorf("the cache %s is held by another kanka: %v", k.dir, err)
	}
	return l.Unlock, nil
}

// staleAfter is the age past which a new file nobody renamed was left by a
// kanka that died writing it.
const staleAfter = 10 * time.Minute

// removeStale removes the new files that match pattern and were left
// behind (a kanka killed while it wrote them).
func removeStale(pattern string) {
	matches, _ := filepath.Glob(pattern)
	for _, m := range matches {
		if info, err := os.Lstat(m); err == nil && info.Mode().IsRegular() && time.Since(info.ModTime()) > staleAfter {
			_ = os.Remove(m)
		}
	}
}
