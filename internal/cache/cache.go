// Package cache keeps on this machine what kanka read of a campaign, so
// that a command asks the service only for what it cannot know yet: the
// calendars (for names, completion and the month grid) and the weather of
// each calendar (which the service cannot filter, so that finding one day
// costs a walk of every page).
//
// What is trusted, and for how long (docs/requests.md, `kanka help
// requests`, says the same to users):
//   - Calendars: for CalendarsFresh after they were read. Then one request
//     with the list's lastSync filter brings the ones changed since; a
//     whole list is read again when the last one is older than FullEvery
//     (lastSync cannot tell a deleted calendar). A calendar that answers
//     404 leaves the cache at once.
//   - Weather: the ids of a calendar's entries, in the service's order (by
//     id), with the list's total. Every use asks for the page that holds
//     the cached tail: when its ids and the total agree, only entries added
//     since at the end can be missing, and their pages are read; anything
//     else means a walk of every page. An entry changed elsewhere keeps its
//     old values in the cache: `calendar show` trusts them for ShowTrust
//     after they were read whole, `weather set` for SetTrust, and a write
//     reads the entry it changes first.
//   - Reminders: each reminder by its id (its calendar and entity), and a
//     calendar's whole list of reminders kept as its weather is (the page
//     of the tail asked for at every use; `calendar show`, `agenda` and
//     `advance` trust the values for ShowTrust); an entity's name and type
//     for EntityTrust.
//   - Every record kanka reads or writes updates the cache (client.Observer).
//
// One folder a profile, host, campaign and account (a short hash of the
// token: another token may see other calendars), 0700, files 0600, never
// the token (a record that holds it is not kept). A file that is damaged,
// foreign or too large is ignored and rewritten. Writes are atomic (a
// rename, under a lock), and a writer whose copy is older than the file's
// leaves the file as it is.
package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// How long what the cache holds is trusted (see the package comment).
var (
	CalendarsFresh = time.Minute
	FullEvery      = time.Hour
	ShowTrust      = 5 * time.Minute
	SetTrust       = time.Hour
)

// Options name the folder of one cache.
type Options struct {
	// Root is the folder of every cache (Root()); "" turns the cache off.
	Root string
	// Profile, Host and Campaign name the folder under Root, with a short
	// hash of Token (the account).
	Profile, Host string
	Campaign      int
	// Token is never written: a record that holds it is not kept.
	Token string
	// Now is the clock (tests); time.Now when nil.
	Now func() time.Time
}

// Cache is the cache of one profile, host and campaign. A nil *Cache is
// no cache: every method then asks the service, as kanka did without one.
// It is safe for concurrent use.
type Cache struct {
	dir   string
	token string
	now   func() time.Time
	// mu serialises this process's changes; the folder's lock, other
	// processes'.
	mu sync.Mutex
}

// Open is the cache o names; nil when o.Root is "".
func Open(o Options) *Cache {
	if o.Root == "" {
		return nil
	}
	now := o.Now
	if now == nil {
		now = time.Now
	}
	// The campaign's folder is also the account's: another token may see
	// other calendars (private ones), so its copy is another.
	account := sha256.Sum256([]byte("kanka cache account\x00" + o.Token))
	dir := filepath.Join(o.Root, segment(o.Profile), segment(o.Host), strconv.Itoa(o.Campaign)+"-"+hex.EncodeToString(account[:4]))
	return &Cache{dir: dir, token: o.Token, now: now}
}

// Dir is the cache's folder.
func (k *Cache) Dir() string {
	if k == nil {
		return ""
	}
	return k.dir
}

// Root is the folder of every cache: $XDG_CACHE_HOME/kanka, else kanka in
// the platform's cache folder (~/.cache on Linux, ~/Library/Caches on
// macOS).
func Root() (string, error) {
	if dir := os.Getenv("XDG_CACHE_HOME"); dir != "" && filepath.IsAbs(dir) {
		return filepath.Join(dir, "kanka"), nil
	}
	// A relative XDG_CACHE_HOME is to be ignored (the XDG spec), where
	// os.UserCacheDir refuses it.
	dir, err := os.UserCacheDir()
	if err != nil {
		home, herr := os.UserHomeDir()
		if herr != nil {
			return "", err
		}
		dir = filepath.Join(home, ".cache")
	}
	return filepath.Join(dir, "kanka"), nil
}

// Clear removes every cache under root: what kanka keeps there is only
// ever a copy.
func Clear(root string) error {
	if root == "" || !filepath.IsAbs(root) {
		return errors.New("no cache folder")
	}
	return os.RemoveAll(root)
}

// segment is s as one folder name: the characters no file system treats
// specially kept, any other one made "_", and a short hash of s itself
// added, so that two names never share a folder: not when one is another's
// made safe, nor when they differ only in case (a folder of macOS or
// Windows).
func segment(s string) string {
	clean := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			return r
		}
		return '_'
	}, s)
	sum := sha256.Sum256([]byte(s))
	return clean + "-" + hex.EncodeToString(sum[:4])
}

// SandboxHost is the host part of the cache folder of the in-process
// sandbox whose state file is dataPath: two state files are two servers.
func SandboxHost(dataPath string) string {
	if abs, err := filepath.Abs(dataPath); err == nil {
		dataPath = abs
	}
	sum := sha256.Sum256([]byte(dataPath))
	return "sandbox-" + hex.EncodeToString(sum[:6])
}

// ForgetHost removes, under root, the cache of host for every profile and
// campaign: the server was emptied (sandbox reset), and an id it gives
// again must not find an old copy.
func ForgetHost(root, host string) error {
	profiles, err := os.ReadDir(root)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, p := range profiles {
		if p.IsDir() {
			if err := os.RemoveAll(filepath.Join(root, p.Name(), segment(host))); err != nil {
				return err
			}
		}
	}
	return nil
}
