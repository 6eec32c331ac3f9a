package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kanka-cli/kanka/internal/filekind"
	"github.com/kanka-cli/kanka/internal/shellquote"
)

// StateFileError is a state file the sandbox will not use, and so did not
// write: a file that is not a sandbox state file at all (a package.json
// named by mistake), or one the sandbox wrote that cannot be read any more.
type StateFileError struct {
	// Path is the file as it was named (a symlink, not its target).
	Path string
	// Damaged is true for a file that starts as the sandbox writes its
	// state (an object whose first key is "last_ids"), is positively the
	// sandbox's or has no key the sandbox never writes (see identify), and
	// yet does not read as a state; false for any other file.
	Damaged bool
	// Reason says what is wrong with it.
	Reason string
}

func (e *StateFileError) Error() string {
	if e.Damaged {
		return fmt.Sprintf("the sandbox state file %s is damaged (%s); it was left untouched: empty it with 'kanka sandbox reset --data %s'",
			e.Path, e.Reason, shellquote.Quote(e.Path))
	}
	return fmt.Sprintf("%s is not a kanka sandbox state file (%s); it was left untouched: choose another file for the sandbox's state",
		e.Path, e.Reason)
}

// stateKeys are the keys every state file has, of every version; a file
// without a version key has these and no other.
var stateKeys = []string{"last_ids", "calendars", "weather"}

// knownKeys are the top-level keys of the state files this sandbox writes.
var knownKeys = append([]string{"version", "reminders", "entities"}, stateKeys...)

// loadState reads the state file named path, whose symlinks resolve to
// target. A missing file, or one holding nothing but white space, is a new,
// empty state; anything else must be a regular file (readRegular) and read
// strictly as a state (parseState).
func loadState(path, target string) (*state, error) {
	b, err := readState(path, target)
	if err != nil {
		return nil, err
	}
	return parseState(path, b)
}

// readState is the bytes of the state file, nil when it is missing, or the
// error that says why the sandbox will not read it.
func readState(path, target string) ([]byte, error) {
	b, err := readRegular(path, target)
	var refused *StateFileError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case errors.As(err, &refused):
		return nil, refused
	case err != nil:
		// What cannot be opened at all (a socket) is named as what it is.
		if err := checkRegular(path, target); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("sandbox state: %w", err)
	}
	return b, nil
}

// checkRegular says what target, which the state file's symlinks resolve
// to, is when it is not a regular file: a socket, which cannot even be
// opened. Nil for a regular file or a missing one.
func checkRegular(path, target string) error {
	info, err := os.Stat(target)
	if err != nil || info.Mode().IsRegular() {
		return nil
	}
	return &StateFileError{Path: path, Reason: filekind.Of(info.Mode())}
}

// readRegular reads the file target, refusing it once open when it is not
// a regular file (a StateFileError): a directory, a device, a named pipe,
// whose open does not wait (filekind.Open). One look, at what was opened,
// so that nothing can be put in its place between a check and the read.
func readRegular(path, target string) ([]byte, error) {
	f, info, err := filekind.Open(target)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if !info.Mode().IsRegular() {
		return nil, &StateFileError{Path: path, Reason: filekind.Of(info.Mode())}
	}
	return io.ReadAll(f)
}

// parseState reads the content of a state file: one JSON object, nothing
// after it, that is positively the sandbox's own. A file with a version key
// (a whole number, at least 1) and every key of stateKeys is one, and its
// keys the sandbox does not know are kept (see unknown); a file without one
// is version 1, and must have exactly the keys of stateKeys, and no unknown
// key at any depth. Only such a file is ever written over, so that a path
// mistyped onto somebody else's file never costs them the file.
func parseState(path string, b []byte) (*state, error) {
	if len(bytes.TrimSpace(b)) == 0 {
		return &state{}, nil
	}
	st, reason, foreignKey := decodeState(b)
	if reason != "" {
		// A key the sandbox never writes means somebody else's data is
		// in the file, however it starts: not for reset to empty.
		damaged := !foreignKey && startsLikeState(b)
		return nil, &StateFileError{Path: path, Damaged: damaged, Reason: reason}
	}
	return st, nil
}

// decodeState decodes a state, or says in a few words why it cannot, and
// whether that is a top-level key the sandbox never writes.
func decodeState(b []byte) (st *state, reason string, foreignKey bool) {
	var top map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&top); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return nil, "a JSON " + typeErr.Value + ", not an object", false
		}
		return nil, "not JSON: " + strings.TrimPrefix(err.Error(), "json: "), false
	}
	if top == nil {
		return nil, "a JSON null, not an object", false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, "text after the JSON object", false
	}
	if reason, foreignKey := identify(top); reason != "" {
		return nil, reason, foreignKey
	}
	st = &state{}
	if err := json.Unmarshal(b, st); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			// Not the decoder's words, which name Go types.
			return nil, fmt.Sprintf("a JSON %s at %q", typeErr.Value, typeErr.Field), false
		}
		return nil, strings.TrimPrefix(err.Error(), "json: "), false
	}
	switch {
	case slices.Contains(st.Calendars, nil):
		return nil, "a null calendar", false
	case slices.Contains(st.Weather, nil):
		return nil, "a null weather entry", false
	case slices.Contains(st.Reminders, nil):
		return nil, "a null reminder", false
	case slices.Contains(st.Entities, nil):
		return nil, "a null entity", false
	}
	if _, versioned := top["version"]; !versioned {
		if k := st.firstUnknown(); k != "" {
			return nil, fmt.Sprintf("unknown field %q", k), false
		}
	}
	return st, "", false
}

// identify says why the keys of top are not those of a state file, or "".
// A file that is not positively the sandbox's (a version, and every key of
// stateKeys) and has a key the sandbox never writes is somebody else's
// (foreignKey): package.json has a version of its own kind, and no
// last_ids.
func identify(top map[string]json.RawMessage) (reason string, foreignKey bool) {
	raw, hasVersion := top["version"]
	var version int
	versioned := hasVersion && json.Unmarshal(raw, &version) == nil && version >= 1
	complete := true
	for _, k := range stateKeys {
		_, ok := top[k]
		complete = complete && ok
	}
	if !versioned || !complete {
		// Unversioned, a file has the keys of version 1 alone.
		allowed := append([]string{"version"}, stateKeys...)
		if versioned {
			allowed = knownKeys
		}
		for _, k := range slices.Sorted(maps.Keys(top)) {
			if !contains(allowed, k) {
				return fmt.Sprintf("unknown key %q", k), true
			}
		}
	}
	if hasVersion && !versioned {
		return "a version that is not a whole number from 1", false
	}
	for _, k := range stateKeys {
		if _, ok := top[k]; !ok {
			return fmt.Sprintf("no %q key", k), false
		}
	}
	return "", false
}

// startsLikeState reports whether b begins as the sandbox writes a state
// file: an object whose first key is "last_ids". Such a file that does not
// read is the sandbox's own, damaged (cut short, edited by hand), and
// `kanka sandbox reset` may empty it.
func startsLikeState(b []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false
	}
	tok, err := dec.Token()
	return err == nil && tok == "last_ids"
}

// maxLinks bounds the symlinks followed to a state file, as the kernel's
// own limit does.
const maxLinks = 40

// resolveLinks follows the symlinks of path's last element to the file they
// name, which need not exist yet: writes go to that file (renamed onto it),
// so the link stays a link, and its lock sits beside it, so a process using
// the link and one using the target lock the same file.
func resolveLinks(path string) (string, error) {
	for range maxLinks {
		info, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) || (err == nil && info.Mode()&fs.ModeSymlink == 0) {
			return path, nil
		}
		if err != nil {
			return "", fmt.Errorf("sandbox state: %w", err)
		}
		target, err := os.Readlink(path)
		if err != nil {
			return "", fmt.Errorf("sandbox state: %w", err)
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(path), target)
		}
		path = target
	}
	return "", fmt.Errorf("sandbox state: %s: too many levels of symbolic links", path)
}
