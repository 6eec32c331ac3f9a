package cmdutil

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// EditFile is a file kanka writes for the user's editor, alone in a
// directory of its own that only the user may enter (0700). In the shared
// temporary directory anyone could guess a name and put a symlink there
// first; in the private one nobody but the user (and their editor) can,
// and kanka itself never writes through one either: every write makes the
// file anew (see Write).
type EditFile struct {
	// Path is the file's path: what the editor opens, and what kanka
	// names when it keeps the file.
	Path string
	dir  string
}

// NewEditFile makes the private directory, named after pattern as
// os.MkdirTemp does, in the temporary directory ($TMPDIR); the file in it
// is name, written by Write.
func NewEditFile(pattern, name string) (*EditFile, error) {
	dir, err := os.MkdirTemp("", pattern) // 0700
	if err != nil {
		return nil, err
	}
	return &EditFile{Path: filepath.Join(dir, name), dir: dir}, nil
}

// Write puts content in the file: a new file, 0600, created by this call
// (O_EXCL). Whatever is at Path is removed first, not written into: the
// editor may have left a file of other permissions there, a symlink, or
// something that is not a file at all.
func (e *EditFile) Write(content []byte) error {
	if err := os.Remove(e.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	f, err := os.OpenFile(e.Path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(content); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Remove deletes the file and its directory: once the edit was sent or
// given up, nothing of it stays behind.
func (e *EditFile) Remove() error { return os.RemoveAll(e.dir) }
