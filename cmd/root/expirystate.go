package root

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/kanka-cli/kanka/internal/filekind"
)

// expiryState is the small file that remembers the day each token was
// last warned about, so that the warning comes once a day and not at
// every command. It lives in the user's state folder (stateDir), not in
// the configuration file, which is the user's, nor in the cache, which
// `kanka cache clear` empties. A token is known there by a hash, never by
// any part of itself.
type expiryState struct {
	path string
	// warned is the local date ("2006-01-02") of the last warning, by
	// token hash.
	warned map[string]string
}

// expiryStateFile is the file's name in the state folder.
const expiryStateFile = "token-expiry.json"

// expiryStateKeep is how long a day of warning is remembered: a token not
// seen for longer is forgotten.
const expiryStateKeep = 30 * 24 * time.Hour

// stateDir is kanka's state folder: $XDG_STATE_HOME/kanka, else
// ~/.local/state/kanka.
func stateDir() (string, error) {
	if dir := os.Getenv("XDG_STATE_HOME"); dir != "" && filepath.IsAbs(dir) {
		return filepath.Join(dir, "kanka"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".local", "state", "kanka"), nil
}

// openExpiryState reads the state in dir; a missing or unreadable file is
// an empty state (the warning then comes, which is the safe side).
func openExpiryState(dir func() (string, error)) *expiryState {
	s := &expiryState{warned: map[string]string{}}
	d, err := dir()
	if err != nil {
		return s
	}
	s.path = filepath.Join(d, expiryStateFile)
	if data, ok := readExpiryState(s.path); ok {
		_ = json.Unmarshal(data, &s.warned)
	}
	return s
}

// expiryStateMax bounds what is read of the file: a day per token of the
// last 30 days is a few kilobytes.
const expiryStateMax = 1 << 20

// readExpiryState reads the file at path if it is a regular file of at most
// expiryStateMax bytes. It opens without waiting (filekind.Open), so that a
// named pipe put there cannot hang every command whose token nears its end.
func readExpiryState(path string) ([]byte, bool) {
	file, info, err := filekind.Open(path)
	if err != nil {
		return nil, false
	}
	defer file.Close()
	if !info.Mode().IsRegular() || info.Size() > expiryStateMax {
		return nil, false
	}
	data, err := io.ReadAll(io.LimitReader(file, expiryStateMax))
	return data, err == nil
}

// firstToday reports whether token was not warned about yet on now's
// local date, and writes down that it is now.
func (s *expiryState) firstToday(token string, now time.Time) bool {
	key, today := tokenKey(token), now.Local().Format(time.DateOnly)
	if s.warned[key] == today {
		return false
	}
	s.warned[key] = today
	for k, day := range s.warned {
		if d, err := time.ParseInLocation(time.DateOnly, day, time.Local); err != nil || now.Sub(d) > expiryStateKeep {
			delete(s.warned, k)
		}
	}
	s.save()
	return true
}

// save writes the state whole (a temporary file renamed over it); a state
// that cannot be written only means the warning comes again.
func (s *expiryState) save() {
	if s.path == "" {
		return
	}
	data, err := json.Marshal(s.warned)
	if err != nil {
		return
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.path), ".token-expiry-*.json")
	if err != nil {
		return
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr != nil || cerr != nil {
		return
	}
	_ = os.Rename(tmp.Name(), s.path)
}

// tokenKey is how the state knows a token: a hash, so that the file holds
// nothing of the token.
func tokenKey(token string) string {
	sum := sha256.Sum256([]byte("kanka token expiry\x00" + token))
	return hex.EncodeToString(sum[:8])
}
