package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/sandbox"
)

// Two kankas of one machine writing to one campaign at once. The service
// cannot refuse a second calendar of one name, nor a second weather entry
// on one day: two `apply -f harptos-seed.yaml -y` started together both
// reported "Applied: 6 of 6 writes" and left the calendar twice, with all
// its weather; two `weather set` on one day left two entries. Each writer
// now holds the campaign's lock from before its first read to its last
// write, so the second plans after the first wrote.

var seedFile = absPath("../../examples/harptos-seed.yaml")

// lockRounds is how many times each race is run: a race lost once in
// five rounds is lost.
const lockRounds = 5

// wantOneApplyWrote fails unless both runs succeeded, one writing the
// seed and the other, run after it, finding nothing to do.
func wantOneApplyWrote(t *testing.T, round int, rs []result) {
	t.Helper()
	applied, nothing := 0, 0
	for _, r := range rs {
		if r.code != 0 {
			t.Errorf("round %d: %s", round, r)
		}
		if strings.HasSuffix(r.stdout, "\nApplied: 6 of 6 writes done, 0 failed, 0 may have been applied, 0 not tried.\n") {
			applied++
		}
		if strings.HasSuffix(r.stdout, "\nNothing to change.\n") {
			nothing++
		}
	}
	if applied != 1 || nothing != 1 {
		t.Errorf("round %d: %d applied the seed and %d found nothing to change; want one each:\n%s\n%s", round, applied, nothing, rs[0], rs[1])
	}
}

// wantOneHarptos fails unless the campaign holds one calendar, the seed's,
// with each of its five days of weather once. global are flags to give
// every run (--sandbox).
func wantOneHarptos(t *testing.T, round int, k *kanka, global ...string) {
	t.Helper()
	calendars := nonEmptyLines(k.ok(t, append(global, "calendar", "list", "--jq", `.[] | "\(.id) \(.name)"`)...))
	if len(calendars) != 1 || !strings.HasSuffix(calendars[0], " Calendar of Harptos") {
		t.Fatalf("round %d: the campaign holds %q; want one Calendar of Harptos", round, calendars)
	}
	id, _, _ := strings.Cut(calendars[0], " ")
	days := nonEmptyLines(k.ok(t, append(global, "weather", "list", "--calendar", id, "--jq", `.[] | "\(.year)-\(.month)-\(.day)"`)...))
	slices.Sort(days)
	if want := []string{"1492-4-1", "1492-4-2", "1492-4-3", "1492-4-4", "1492-4-5"}; !slices.Equal(days, want) {
		t.Errorf("round %d: weather on %q; want each of %q once", round, days, want)
	}
}

func TestE2ECampaignLockTwoAppliesOfOneSeedMakeOneCalendar(t *testing.T) {
	t.Parallel()
	// A served sandbox, in both modes; with --no-cache, the lock is not
	// the cache's.
	eachMode(t, func(t *testing.T, live bool) {
		for round := 1; round <= lockRounds; round++ {
			k := newKanka(t, startSandbox(t, live))
			apply := []string{"--no-cache", "apply", "-f", seedFile, "-y"}
			wantOneApplyWrote(t, round, k.runTogether(t, apply, apply))
			wantOneHarptos(t, round, k)
		}
	})
	// The in-process sandbox, whose server is its state file, with the
	// cache on.
	t.Run("in-process sandbox", func(t *testing.T) {
		t.Parallel()
		for round := 1; round <= lockRounds; round++ {
			k := newKanka(t, nil).withCache()
			k = k.with("KANKA_SANDBOX_DATA=" + filepath.Join(k.home, "sandbox.json"))
			apply := []string{"--sandbox", "apply", "-f", seedFile, "-y"}
			wantOneApplyWrote(t, round, k.runTogether(t, apply, apply))
			wantOneHarptos(t, round, k, "--sandbox")
		}
	})
}

// Two profiles on one campaign race as two runs of one profile do: the
// lock is the campaign's, not the profile's or the token's.
func TestE2ECampaignLockTwoWeatherSetsOnOneDayMakeOneEntry(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		for round := 1; round <= lockRounds; round++ {
			k := newKanka(t, startSandbox(t, live)).withCache()
			id := createHarptos(t, k)
			k.ok(t, "-p", "gm", "config", "set", "campaign", "1")
			k.ok(t, "-p", "player", "config", "set", "campaign", "1")
			rs := k.runTogether(t,
				[]string{"-p", "gm", "weather", "set", "--calendar", id, "--date", "1492-1-1", "--weather", "snowflake", "--temperature", "-5°C"},
				[]string{"-p", "player", "weather", "set", "--calendar", id, "--date", "1492-1-1", "--weather", "cloud", "--temperature", "-6°C"})
			for _, r := range rs {
				if r.code != 0 {
					t.Errorf("round %d: %s", round, r)
				}
			}
			entries := nonEmptyLines(k.ok(t, "--no-cache", "weather", "list", "--calendar", id, "--jq", `.[] | "\(.year)-\(.month)-\(.day)"`))
			if len(entries) != 1 || entries[0] != "1492-1-1" {
				t.Errorf("round %d: weather on %q; want one entry, on 1492-1-1:\n%s\n%s", round, entries, rs[0], rs[1])
			}
		}
	})
}

// blockingSandbox serves a sandbox that, once hold is called, holds the
// next POST of a calendar until release is called: the kanka that sent it
// holds the campaign's lock meanwhile. arrived is closed once that
// request came.
func blockingSandbox(t *testing.T) (srv *apiServer, hold func() (arrived <-chan struct{}), release func()) {
	t.Helper()
	came, free := make(chan struct{}), make(chan struct{})
	var armed atomic.Bool
	srv = startServer(t, sandbox.Options{}, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/calendars") && armed.CompareAndSwap(true, false) {
				close(came)
				<-free
			}
			next.ServeHTTP(w, r)
		})
	})
	var freeOnce sync.Once
	release = func() { freeOnce.Do(func() { close(free) }) }
	t.Cleanup(release) // before the server closes: cleanups run last first
	hold = func() <-chan struct{} { armed.Store(true); return came }
	return srv, hold, release
}

// holdCampaign starts a kanka that holds campaign 1's lock on srv until
// release (blockingSandbox); it returns the process, the command line
// kanka notes of it (its token given with --token, hidden), and its end.
func holdCampaign(t *testing.T, k *kanka, hold func() <-chan struct{}) (*exec.Cmd, string, chan error) {
	t.Helper()
	arrived := hold()
	args := []string{"--token", sandbox.DefaultToken, "calendar", "create", "-f", harptosFile, "--name", "Held"}
	cmd, _, _ := k.command("", args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-arrived:
	case err := <-done:
		t.Fatalf("the holder ended first: %v", err)
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("the holder's create never came")
	}
	return cmd, "kanka --token [redacted] " + strings.Join(args[2:], " "), done
}

// A held lock ends a writer after --lock-wait with the holder's pid and
// command, and nothing sent; without a wait (0) at once. Every writer
// takes it; reads and --dry-run never do.
func TestE2ECampaignLockHeldEndsAWriterNamingTheHolder(t *testing.T) {
	t.Parallel()
	srv, hold, release := blockingSandbox(t)
	k := newKanka(t, srv)
	id := createHarptos(t, k)
	wid := strings.TrimSpace(k.ok(t, "weather", "create", "--calendar", id, "--date", "1492-1-1", "--weather", "sun", "-o", "id"))
	holder, command, done := holdCampaign(t, k, hold)
	busy := func(waited string) string {
		return fmt.Sprintf("error: campaign 1 is being written by another kanka (pid %d: %s); %s, and wrote nothing: try again once it is done\n",
			holder.Process.Pid, command, waited)
	}

	// The token of the holder's command line is hidden in its lock file,
	// from a kanka that does not know it (another token).
	lockFile := onePath(t, filepath.Join(k.home, ".local", "state", "kanka", "locks", "campaign-1-*.lock"))
	if note, err := os.ReadFile(lockFile); err != nil || strings.Contains(string(note), sandbox.DefaultToken) || !strings.Contains(string(note), "--token [redacted] calendar create") {
		t.Errorf("the lock file holds %q (%v); want the command line, its token hidden", note, err)
	}
	mark := srv.mark()
	start := time.Now()
	r := k.with("KANKA_TOKEN=another-token").run(t, "--no-cache", "--lock-wait", "1s", "apply", "-f", seedFile, "-y")
	if want := busy("gave up after waiting 1s (--lock-wait)"); r.code != 9 || r.stderr != want || r.stdout != "" {
		t.Errorf("want exit 9 and %q; %s", want, r)
	}
	if took := time.Since(start); took < time.Second {
		t.Errorf("gave up after %s, before the second of --lock-wait", took)
	}
	wantNoRequests(t, srv, mark)

	noWait := busy("did not wait (--lock-wait 0)")
	editor := editorScript(t, `sed -i 's/^suffix: DR$/suffix: Dalereckoning/' "$1"`)
	for _, args := range [][]string{
		{"apply", "-f", seedFile, "-y"},
		{"calendar", "import", harptosSimpleFile},
		{"weather", "generate", "--calendar", id, "--from", "1492-2-1", "--days", "3", "--climate", "temperate"},
		{"calendar", "create", "-f", harptosFile, "--name", "Other"},
		{"calendar", "update", id, "--name", "Renamed"},
		{"calendar", "delete", id, "--yes"},
		{"calendar", "advance", id, "--days", "1"},
		{"calendar", "retreat", id, "--days", "1"},
		{"weather", "create", "--calendar", id, "--date", "1492-1-2", "--weather", "sun"},
		{"weather", "update", "--calendar", id, wid, "--weather", "cloud"},
		{"weather", "delete", "--calendar", id, wid, "--yes"},
		{"weather", "set", "--calendar", id, "--date", "1492-1-1", "--weather", "cloud"},
		{"api", "-X", "POST", "calendars", "-f", "name=Raw"},
		{"api", "-X", "DELETE", "calendars/" + id},
	} {
		mark := srv.mark()
		r := k.with("KANKA_LOCK_WAIT=0").run(t, args...)
		warnings := "" // what an import loses is said before any request
		if args[1] == "import" {
			warnings = harptosSimpleWarnings
		}
		if r.code != 9 || r.stderr != warnings+noWait {
			t.Errorf("want exit 9 and %q; %s", noWait, r)
		}
		wantNoRequests(t, srv, mark)
	}
	// The edit reads the calendar before the editor opens, and is kept in
	// its file when the lock cannot be had after it closed.
	mark = srv.mark()
	r = k.with("KANKA_LOCK_WAIT=0", "VISUAL="+editor).run(t, "calendar", "edit", id)
	if !strings.HasPrefix(r.stderr, "Your edit is kept in ") || !strings.HasSuffix(r.stderr, noWait) || r.code != 9 {
		t.Errorf("edit: want its file kept and exit 9 with %q; %s", noWait, r)
	}
	wantRequests(t, srv.since(mark), "GET calendars/"+id)

	for _, args := range [][]string{
		{"calendar", "list"},
		{"calendar", "show", id},
		{"weather", "list", "--calendar", id},
		{"apply", "-f", seedFile, "--dry-run"},
		{"weather", "generate", "--calendar", id, "--from", "1492-2-1", "--days", "3", "--climate", "temperate", "--dry-run"},
		{"api", "calendars/" + id},
		{"api", "-X", "HEAD", "calendars/" + id},
	} {
		if r := k.with("KANKA_LOCK_WAIT=0").run(t, args...); r.code != 0 {
			t.Errorf("a read while the campaign is locked: %s", r)
		}
	}

	release()
	if err := <-done; err != nil {
		t.Fatalf("the holder: %v", err)
	}
	if r := k.with("KANKA_LOCK_WAIT=0").run(t, "weather", "set", "--calendar", id, "--date", "1492-1-1", "--weather", "cloud"); r.code != 0 {
		t.Errorf("once released: %s", r)
	}
}

// Another campaign, or another server, is another lock.
func TestE2ECampaignLockIsTheCampaignsOnItsServer(t *testing.T) {
	t.Parallel()
	srv, hold, _ := blockingSandbox(t)
	k := newKanka(t, srv)
	holdCampaign(t, k, hold)

	// Another server, the same state folder (HOME).
	other := newKanka(t, startSandbox(t, false)).with("HOME=" + k.home)
	other.ok(t, "--lock-wait", "0", "calendar", "create", "-f", harptosFile)
	// Another campaign of the same server: the sandbox has none, and says
	// so, rather than waiting for campaign 1's lock.
	r := k.with("KANKA_CAMPAIGN=2").run(t, "--lock-wait", "0", "calendar", "create", "-f", harptosFile)
	if r.code != 4 {
		t.Errorf("campaign 2: want exit 4, campaign not found; %s", r)
	}
}

func TestE2ECampaignLockWaitIsChecked(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv)
	mark := srv.mark()
	for _, tc := range []struct {
		k    *kanka
		args []string
		want string
	}{
		{k, []string{"--lock-wait", "soon", "calendar", "list"}, "error: --lock-wait must be a duration such as 30s or 10m, or 0 not to wait, not \"soon\"\n"},
		{k, []string{"--lock-wait", "-1s", "apply", "-f", seedFile}, "error: --lock-wait must be a duration such as 30s or 10m, or 0 not to wait, not \"-1s\"\n"},
		{k.with("KANKA_LOCK_WAIT=1 minute"), []string{"calendar", "list"}, "error: KANKA_LOCK_WAIT must be a duration such as 30s or 10m, or 0 not to wait, not \"1 minute\"\n"},
	} {
		if r := tc.k.run(t, tc.args...); r.code != 2 || r.stderr != tc.want {
			t.Errorf("want exit 2 and %q; %s", tc.want, r)
		}
	}
	wantNoRequests(t, srv, mark)
	// The flag comes before the variable.
	k.with("KANKA_LOCK_WAIT=never").ok(t, "--lock-wait", "0", "calendar", "list")
}

// A state folder that cannot hold the lock stops a writer before any
// request, saying how to give it one; a read needs none.
func TestE2ECampaignLockWithoutAStateFolderWritesNothing(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv)
	notAFolder := filepath.Join(k.home, "state")
	if err := os.WriteFile(notAFolder, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	k = k.with("XDG_STATE_HOME=" + notAFolder)
	mark := srv.mark()
	r := k.run(t, "calendar", "create", "-f", harptosFile)
	want := "error: cannot lock campaign 1 for writing in " + filepath.Join(notAFolder, "kanka") + ": mkdir " + notAFolder + ": not a directory; set XDG_STATE_HOME to a folder kanka can write to\n"
	if r.code != 1 || r.stderr != want {
		t.Errorf("want exit 1 and %q; %s", want, r)
	}
	wantNoRequests(t, srv, mark)
	k.ok(t, "calendar", "list")
}
