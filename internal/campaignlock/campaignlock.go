// Package campaignlock keeps the kankas of one machine from writing to one
// campaign at the same time. The service cannot refuse a second calendar
// of the same name, nor a second weather entry on the same day, so two
// kankas that each read "missing" and then create would make two; the
// lock is held from before a writer's first read to its last write. It is
// keyed by the host and the campaign (not the profile or the token: two
// profiles on one campaign race too), kept in kanka's state folder, and
// taken with a new open file each time (internal/lockfile), so that two
// goroutines of one process exclude each other as two processes do. The
// holder notes its pid and command line in the file for whoever waits.
package campaignlock

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/kanka-cli/kanka/internal/lockfile"
)

// retry is how often a held lock is tried again: the wait after the holder
// is done.
const retry = 50 * time.Millisecond

// Bounds of the holder's note: what is written of the command line, and
// what is read of the file (another process wrote it) and shown of it.
const (
	maxNoteBytes   = 4096
	maxCommandRune = 200
)

// Path is the lock file of campaign on host under dir, kanka's state
// folder. host is what tells servers apart (an API root's host and path;
// the in-process sandbox's state file), hashed into the name.
func Path(dir, host string, campaign int) string {
	sum := sha256.Sum256([]byte("kanka campaign lock\x00" + host))
	return filepath.Join(dir, "locks", fmt.Sprintf("campaign-%d-%s.lock", campaign, hex.EncodeToString(sum[:8])))
}

// Holder is a kanka that holds, or asks for, a campaign's lock.
type Holder struct {
	PID     int
	Command string
}

// known reports whether the holder's note was read.
func (h Holder) known() bool { return h.PID > 0 }

// String is the holder in a message: "pid 4242: kanka apply -f seed.yaml".
func (h Holder) String() string {
	if !h.known() {
		return "its process did not say who it is"
	}
	if h.Command == "" {
		return "pid " + strconv.Itoa(h.PID)
	}
	return fmt.Sprintf("pid %d: %s", h.PID, h.Command)
}

// note is h as the lock file holds it: the pid, then the command, a line
// each.
func (h Holder) note() []byte {
	command := strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, h.Command)
	note := strconv.Itoa(h.PID) + "\n" + command
	if len(note) > maxNoteBytes-1 {
		note = strings.ToValidUTF8(note[:maxNoteBytes-1], "")
	}
	return []byte(note + "\n")
}

// readHolder reads the note of the lock file at path: zero when there is
// none, or it is not one. What another process wrote is bounded and shown
// only as printable text.
func readHolder(path string) Holder {
	data, err := lockfile.Read(path, maxNoteBytes)
	if err != nil {
		return Holder{}
	}
	first, rest, ok := strings.Cut(string(data), "\n")
	pid, err := strconv.Atoi(first)
	if !ok || err != nil || pid <= 0 || pid > 1<<31-1 {
		return Holder{}
	}
	command, _, _ := strings.Cut(rest, "\n")
	return Holder{PID: pid, Command: printable(command)}
}

// printable is s with what is not a printable character (control and
// format characters, bytes that are not UTF-8) as "?", and cut to
// maxCommandRune characters.
func printable(s string) string {
	var b strings.Builder
	n := 0
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		if n == maxCommandRune {
			b.WriteString("...")
			break
		}
		if (r == utf8.RuneError && size <= 1) || !unicode.IsGraphic(r) || unicode.Is(unicode.Cf, r) {
			r = '?'
		}
		b.WriteRune(r)
		n++
	}
	return strings.TrimSpace(b.String())
}

// BusyError is a campaign's lock that another kanka held for all of the
// wait: nothing was written.
type BusyError struct {
	Campaign int
	// Holder is the kanka that held it, as it noted itself.
	Holder Holder
	// Waited is how long the wait was (0: none).
	Waited time.Duration
}

func (e *BusyError) Error() string {
	waited := "did not wait (--lock-wait 0)"
	if e.Waited > 0 {
		waited = fmt.Sprintf("gave up after waiting %s (--lock-wait)", e.Waited)
	}
	return fmt.Sprintf("campaign %d is being written by another kanka (%s); %s, and wrote nothing: try again once it is done",
		e.Campaign, e.Holder, waited)
}

// Options say which lock to take, for how long to wait, and who takes it.
type Options struct {
	// Path is the lock file (Path).
	Path     string
	Campaign int
	// Wait is the longest wait while another holds it; 0 does not wait.
	Wait time.Duration
	// Me is noted in the lock file once it is had.
	Me Holder
	// OnWait, when set, is told once that the lock is held by another and
	// the run waits for it, and by whom (zero when it did not say yet).
	OnWait func(Holder)
}

// Acquire takes the lock o names, creating its folder (0700): at once when
// it is free, else once its holder is done, within o.Wait (a *BusyError
// past it). Ctrl-C (ctx) ends the wait with ctx's error. The caller
// releases it with Unlock.
func Acquire(ctx context.Context, o Options) (*lockfile.Lock, error) {
	if err := os.MkdirAll(filepath.Dir(o.Path), 0o700); err != nil {
		return nil, err
	}
	deadline := time.Now().Add(o.Wait)
	var holder Holder
	told := false
	for {
		l, err := lockfile.Try(o.Path)
		if err != nil {
			return nil, err
		}
		if l != nil {
			_ = l.Note(o.Me.note()) // for those who wait: what is not noted reads as unknown
			return l, nil
		}
		if h := readHolder(o.Path); h.known() {
			holder = h // the latest: a holder may have passed it on meanwhile
		}
		left := time.Until(deadline)
		if left <= 0 {
			return nil, &BusyError{Campaign: o.Campaign, Holder: holder, Waited: o.Wait}
		}
		// Told once the holder said who it is, or after a moment without.
		if !told && o.OnWait != nil && (holder.known() || o.Wait-left >= 10*retry) {
			o.OnWait(holder)
			told = true
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(min(retry, left)):
		}
	}
}
