package profile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/filekind"
)

// A configuration path may name what is not a file. /dev/null runs with no
// settings, as `ssh -F /dev/null` and `kubectl --kubeconfig /dev/null` do;
// a pipe (KANKA_CONFIG=<(pass kanka)) keeps the token off the disk. Both
// are read. None is ever written: a save renames a new file over its
// target, which would put a file in place of the pipe or the device (and,
// run as root, of /dev/null for the whole system), and writing into it
// instead would lose the settings without a word, or hand the token to
// whoever reads the pipe. A directory is refused even for reading.

// maxSpecialSize bounds what is read of a path that is not a regular file:
// /dev/zero never ends, and no configuration is near a mebibyte.
const maxSpecialSize = 1 << 20

// notRegularError is a configuration path that names what is not a regular
// file: a directory read, or anything but a regular file written.
type notRegularError struct {
	// named is the path as the user gave it (see named).
	named string
	// what the path is instead: "a named pipe" (filekind.Of).
	what    string
	writing bool
}

func (e *notRegularError) Error() string {
	if e.writing {
		return fmt.Sprintf("%s: is not a regular file (%s); kanka keeps its settings in a regular file only, and wrote nothing", e.named, e.what)
	}
	return fmt.Sprintf("%s: is not a regular file (%s); name the configuration file, not a directory", e.named, e.what)
}

// UsageHint is false: the command was given right, the path is wrong, and
// the command's help says nothing of it.
func (e *notRegularError) UsageHint() bool { return false }

// refuseWrite is the error of a write to path, which is not a regular file
// (info): invalid input, exit 2, whatever the command that wrote.
func refuseWrite(path string, info fs.FileInfo) error {
	return &cmdutil.UsageError{Err: &notRegularError{named: named(path), what: filekind.Of(info.Mode()), writing: true}}
}

// named is path as the user gave it, for a message: KANKA_CONFIG=PATH when
// the environment named it, the path alone when it is the default one, else
// --config PATH, the one other way configPath knows.
func named(path string) string {
	if env := os.Getenv("KANKA_CONFIG"); env != "" {
		if env == path {
			return "KANKA_CONFIG=" + path
		}
	} else if dir, err := ownDir(); err == nil && filepath.Join(dir, "config.yaml") == path {
		return path
	}
	return "--config " + path
}

// writable refuses to write the configuration at path, whose symbolic
// links resolve to target, unless target is a regular file or is missing
// (the save creates it). It runs before anything is created beside it.
func writable(path, target string) error {
	info, err := os.Stat(target)
	if err != nil || info.Mode().IsRegular() {
		return nil // missing; or for the save itself to report
	}
	return refuseWrite(path, info)
}

// readConfig reads the configuration at path, and tells what it is; a
// missing file is nil, nil. It never waits for a named pipe's writer: a
// pipe nobody writes to reads as empty, at once. A directory is not read,
// and what is not a regular file is read up to maxSpecialSize.
func readConfig(path string) ([]byte, fs.FileInfo, error) {
	file, info, err := filekind.Open(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, nil
	case err != nil:
		return nil, nil, err
	}
	defer file.Close()
	switch {
	case info.IsDir():
		return nil, info, nil
	case info.Mode().IsRegular():
		data, err := io.ReadAll(file)
		return data, info, err
	}
	// Opened, reads may wait: a pipe's writer may not have written yet (Fd
	// makes the file blocking, where O_NONBLOCK would have read EAGAIN).
	file.Fd()
	data, err := io.ReadAll(io.LimitReader(file, maxSpecialSize+1))
	if err == nil && len(data) > maxSpecialSize {
		return nil, info, invalid("%s: is larger than %d bytes (%s): not a configuration file", named(path), maxSpecialSize, filekind.Of(info.Mode()))
	}
	return data, info, err
}
