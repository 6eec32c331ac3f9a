package lockfile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestTryCreatesAPrivateFileAndExcludesASecondHolderOfTheSameProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	first, err := Try(path)
	if err != nil || first == nil {
		t.Fatalf("Try = %v, %v; want the lock", first, err)
	}
	info, err := os.Lstat(path)
	if err != nil || !info.Mode().IsRegular() || info.Mode().Perm() != 0o600 {
		t.Fatalf("lock file: %v, %v; want a regular file 0600", info.Mode(), err)
	}
	// Another goroutine of this process, as a tool call of a server would be.
	got := make(chan *Lock)
	go func() {
		l, err := Try(path)
		if err != nil {
			t.Error(err)
		}
		got <- l
	}()
	if second := <-got; second != nil {
		second.Unlock()
		t.Fatal("a second Try took the lock while the first held it")
	}
	first.Unlock()
	again, err := Try(path)
	if err != nil || again == nil {
		t.Fatalf("Try after Unlock = %v, %v; want the lock", again, err)
	}
	again.Unlock()
}

// within runs fn and fails the test when it has not returned in 5 s: a lock
// that waits on what it opens would hang there.
func within(t *testing.T, fn func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		t.Fatal("still waiting after 5s")
		return nil
	}
}

func TestWhatIsNotARegularFileIsRefusedAtOnceAndLeftAsItWas(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	if err := os.WriteFile(target, []byte("someone's file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.lock")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	link := filepath.Join(dir, "link.lock")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling.lock")
	if err := os.Symlink(filepath.Join(dir, "made-by-the-lock"), dangling); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "folder.lock")
	if err := os.Mkdir(folder, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, what string }{
		{fifo, "a named pipe"},
		{link, "a symbolic link"},
		{dangling, "a symbolic link"},
		{folder, "a directory"},
	} {
		before, _ := os.Lstat(tc.path)
		want := tc.path + ": is not a regular file (" + tc.what + "); kanka keeps a lock file there: remove it and try again"
		for name, take := range map[string]func() error{
			"Try":  func() error { _, err := Try(tc.path); return err },
			"Hold": func() error { _, err := Hold(tc.path); return err },
			"Wait": func() error { _, err := Wait(context.Background(), tc.path, time.Millisecond); return err },
		} {
			err := within(t, take)
			var notRegular *NotRegularError
			if !errors.As(err, &notRegular) || err.Error() != want {
				t.Errorf("%s(%s) = %v; want %q", name, tc.path, err, want)
			}
		}
		if after, err := os.Lstat(tc.path); err != nil || after.Mode() != before.Mode() {
			t.Errorf("%s changed: %v (%v), was %v", tc.path, after.Mode(), err, before.Mode())
		}
	}
	if data, _ := os.ReadFile(target); string(data) != "someone's file\n" {
		t.Errorf("the link's target now holds %q", data)
	}
	if _, err := os.Lstat(filepath.Join(dir, "made-by-the-lock")); err == nil {
		t.Error("a lock through a dangling link created its target")
	}
}

func TestWaitEndsWithItsContext(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	held, err := Try(path)
	if err != nil || held == nil {
		t.Fatal(err)
	}
	defer held.Unlock()

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := Wait(ctx, path, 10*time.Millisecond); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Wait past its deadline = %v; want the deadline's error", err)
	}

	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	start := time.Now()
	// A retry far longer than the test: the cancel must end the wait itself.
	err = within(t, func() error { _, err := Wait(ctx, path, time.Hour); return err })
	if !errors.Is(err, context.Canceled) || time.Since(start) > 2*time.Second {
		t.Errorf("cancelled Wait = %v after %s; want Canceled at once", err, time.Since(start))
	}
}

func TestWaitAndHoldTakeTheLockOnceReleased(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	for name, take := range map[string]func() (*Lock, error){
		"Wait": func() (*Lock, error) { return Wait(context.Background(), path, 5*time.Millisecond) },
		"Hold": func() (*Lock, error) { return Hold(path) },
	} {
		held, err := Try(path)
		if err != nil || held == nil {
			t.Fatal(err)
		}
		got := make(chan *Lock, 1)
		go func() {
			l, err := take()
			if err != nil {
				t.Error(err)
			}
			got <- l
		}()
		select {
		case <-got:
			t.Fatalf("%s took a lock that was held", name)
		case <-time.After(50 * time.Millisecond):
		}
		held.Unlock()
		select {
		case l := <-got:
			if l == nil {
				t.Fatalf("%s returned no lock", name)
			}
			l.Unlock()
		case <-time.After(5 * time.Second):
			t.Fatalf("%s still waiting 5s after the release", name)
		}
	}
}

func TestANoteIsReadWhileHeldAndEmptiedAtUnlock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	if err := os.WriteFile(path, []byte("left by a kanka that died, longer than the note\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := Try(path)
	if err != nil || l == nil {
		t.Fatal(err)
	}
	if err := l.Note([]byte("4242\nkanka apply\n")); err != nil {
		t.Fatal(err)
	}
	if got, err := Read(path, 1024); err != nil || string(got) != "4242\nkanka apply\n" {
		t.Errorf("Read = %q, %v; want the note alone", got, err)
	}
	if got, err := Read(path, 4); err != nil || string(got) != "4242" {
		t.Errorf("Read of 4 bytes = %q, %v", got, err)
	}
	l.Unlock()
	if got, err := Read(path, 1024); err != nil || len(got) != 0 {
		t.Errorf("Read after Unlock = %q, %v; want nothing", got, err)
	}
}

func TestReadRefusesWhatIsNotARegularFileWithoutWaiting(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo.lock")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	err := within(t, func() error { _, err := Read(fifo, 1024); return err })
	var notRegular *NotRegularError
	if !errors.As(err, &notRegular) || notRegular.What != "a named pipe" {
		t.Errorf("Read(fifo) = %v; want it refused as a named pipe", err)
	}
}
