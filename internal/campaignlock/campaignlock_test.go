package campaignlock

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// holdEnv, set, makes the test binary a kanka that takes the lock at its
// value, says "held" and waits to be killed (TestMain).
const holdEnv = "CAMPAIGNLOCK_TEST_HOLD"

func TestMain(m *testing.M) {
	if path := os.Getenv(holdEnv); path != "" {
		if _, err := Acquire(context.Background(), Options{Path: path, Campaign: 1, Me: Holder{PID: os.Getpid(), Command: "kanka weather generate"}}); err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		fmt.Println("held")
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestPathIsOneFileAHostAndCampaign(t *testing.T) {
	dir := "/state/kanka"
	a := Path(dir, "api.kanka.io/1.0", 7)
	if filepath.Dir(a) != filepath.Join(dir, "locks") || !strings.HasPrefix(filepath.Base(a), "campaign-7-") || filepath.Ext(a) != ".lock" {
		t.Errorf("Path = %s; want %s/locks/campaign-7-HASH.lock", a, dir)
	}
	if Path(dir, "api.kanka.io/1.0", 7) != a {
		t.Error("the same host and campaign give two paths")
	}
	for _, other := range []string{Path(dir, "api.kanka.io/1.0", 8), Path(dir, "127.0.0.1:8080/api/1.0", 7), Path(dir, "sandbox:/home/me/sandbox.json", 7)} {
		if other == a {
			t.Errorf("%s is the path of another host or campaign too", other)
		}
	}
}

// take acquires path as me, for wait at most.
func take(t *testing.T, path string, wait time.Duration, me Holder) (func(), error) {
	t.Helper()
	l, err := Acquire(context.Background(), Options{Path: path, Campaign: 3, Wait: wait, Me: me})
	if err != nil {
		return nil, err
	}
	return l.Unlock, nil
}

func TestASecondHolderOfTheSameProcessWaitsAndIsToldWhoHoldsIt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "locks", "c.lock")
	release, err := take(t, path, 0, Holder{PID: 4242, Command: "kanka apply -f seed.yaml -y"})
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(filepath.Dir(path))
	if err != nil || info.Mode().Perm() != 0o700 {
		t.Errorf("the lock's folder: %v, %v; want 0700", info.Mode(), err)
	}

	start := time.Now()
	_, err = take(t, path, 300*time.Millisecond, Holder{PID: 1, Command: "kanka weather set"})
	want := "campaign 3 is being written by another kanka (pid 4242: kanka apply -f seed.yaml -y); gave up after waiting 300ms (--lock-wait), and wrote nothing: try again once it is done"
	var busy *BusyError
	if !errors.As(err, &busy) || err.Error() != want {
		t.Errorf("second Acquire = %v; want %q", err, want)
	}
	if took := time.Since(start); took < 300*time.Millisecond || took > 3*time.Second {
		t.Errorf("gave up after %s; want the 300ms of the wait", took)
	}

	_, err = take(t, path, 0, Holder{PID: 1})
	want = "campaign 3 is being written by another kanka (pid 4242: kanka apply -f seed.yaml -y); did not wait (--lock-wait 0), and wrote nothing: try again once it is done"
	if err == nil || err.Error() != want {
		t.Errorf("Acquire without a wait = %v; want %q", err, want)
	}

	// Once released, the waiting one has it, and is who the file names.
	var told []Holder
	var mu sync.Mutex
	got := make(chan error, 1)
	go func() {
		l, err := Acquire(context.Background(), Options{Path: path, Campaign: 3, Wait: 10 * time.Second, Me: Holder{PID: 77, Command: "kanka weather set"},
			OnWait: func(h Holder) { mu.Lock(); told = append(told, h); mu.Unlock() }})
		if err == nil {
			defer l.Unlock()
			if h := readHolder(path); h != (Holder{PID: 77, Command: "kanka weather set"}) {
				err = fmt.Errorf("the file names %+v once the lock passed on", h)
			}
		}
		got <- err
	}()
	time.Sleep(200 * time.Millisecond)
	release()
	select {
	case err := <-got:
		if err != nil {
			t.Error(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("still waiting 5s after the release")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(told) != 1 || told[0] != (Holder{PID: 4242, Command: "kanka apply -f seed.yaml -y"}) {
		t.Errorf("OnWait was told %+v; want once, the holder", told)
	}
}

func TestCtrlCEndsTheWaitAtOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.lock")
	release, err := take(t, path, 0, Holder{PID: 4242, Command: "kanka apply"})
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err = Acquire(ctx, Options{Path: path, Campaign: 3, Wait: time.Hour})
	if !errors.Is(err, context.Canceled) || time.Since(start) > 2*time.Second {
		t.Errorf("Acquire = %v after %s; want Canceled at once", err, time.Since(start))
	}
}

// A kanka that died holding the lock left its note, but not the lock:
// flock(2) locks end with their process.
func TestALockHeldByAProcessThatDiedIsFree(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.lock")
	holder := exec.Command(os.Args[0], "-test.run=^$")
	holder.Env = append(os.Environ(), holdEnv+"="+path)
	out, err := holder.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	if line, _ := bufio.NewReader(out).ReadString('\n'); line != "held\n" {
		_ = holder.Process.Kill()
		t.Fatalf("the holder said %q", line)
	}
	_, err = take(t, path, 0, Holder{PID: 1})
	want := fmt.Sprintf("(pid %d: kanka weather generate)", holder.Process.Pid)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("while the other process holds it: %v; want it named %s", err, want)
	}
	_ = holder.Process.Kill()
	_ = holder.Wait()

	if h := readHolder(path); h.PID != holder.Process.Pid {
		t.Fatalf("the dead holder's note: %+v; the test wants it left in the file", h)
	}
	release, err := take(t, path, 0, Holder{PID: 5, Command: "kanka apply"})
	if err != nil {
		t.Fatalf("the lock of a dead process: %v; want it free at once", err)
	}
	defer release()
	if h := readHolder(path); h != (Holder{PID: 5, Command: "kanka apply"}) {
		t.Errorf("the note is %+v; want the new holder's", h)
	}
}

func TestWhatTheLockFileHoldsIsShownBoundedAndPrintable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.lock")
	for _, tc := range []struct {
		name, note string
		want       Holder
	}{
		{"a command with escapes", "31337\nkanka \x1b]0;PWNED\x07 apply \u202Eevil\r\x00\n", Holder{PID: 31337, Command: "kanka ?]0;PWNED? apply ?evil??"}},
		{"bytes that are not UTF-8", "12\nkanka \xff\xfe apply\n", Holder{PID: 12, Command: "kanka ?? apply"}},
		{"a long command", "12\nkanka " + strings.Repeat("x", 10000), Holder{PID: 12, Command: "kanka " + strings.Repeat("x", maxCommandRune-6) + "..."}},
		{"no pid", "kanka apply\n", Holder{}},
		{"a pid that is no number", "-5\nkanka apply\n", Holder{}},
		{"a pid too large", "99999999999999999999\nkanka apply\n", Holder{}},
		{"nothing", "", Holder{}},
		{"a pid alone", "9\n", Holder{PID: 9}},
	} {
		if err := os.WriteFile(path, []byte(tc.note), 0o600); err != nil {
			t.Fatal(err)
		}
		if got := readHolder(path); got != tc.want {
			t.Errorf("%s: read %+v; want %+v", tc.name, got, tc.want)
		}
	}
	if got := (Holder{}).String(); got != "its process did not say who it is" {
		t.Errorf("an unknown holder reads %q", got)
	}
}

func TestTheNoteIsOneLineOfBoundedSize(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.lock")
	release, err := take(t, path, 0, Holder{PID: 8, Command: "kanka api -f 'a=b\nc' " + strings.Repeat("é", 5000)})
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(data) > maxNoteBytes || len(lines) != 2 || lines[0] != strconv.Itoa(8) || !strings.HasPrefix(lines[1], "kanka api -f 'a=b c' é") {
		t.Errorf("the note is %d bytes, lines %q...; want the pid and one line of command within %d bytes", len(data), lines[:min(2, len(lines))], maxNoteBytes)
	}
}
