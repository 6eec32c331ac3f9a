package profile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/gofrs/flock"
)

// A lock another kanka holds makes a write give up after lockWait with a
// message that says why, leaving the file as it was; once let go, the
// write goes through.
func TestUpdateGivesUpOnAHeldLockWithAMessage(t *testing.T) {
	path := writeConfig(t, "active: work\n")
	held := flock.New(path + ".lock")
	if ok, err := held.TryLock(); !ok || err != nil {
		t.Fatalf("taking the lock: %v %v", ok, err)
	}
	defer held.Close()
	old := lockWait
	lockWait = 200 * time.Millisecond
	defer func() { lockWait = old }()

	start := time.Now()
	called := false
	err := Update(context.Background(), path, func(*File) error { called = true; return nil })
	took := time.Since(start)
	want := path + " is being changed by another kanka: gave up after waiting 200ms for its lock (" + path + ".lock); try again when it is done"
	if err == nil || err.Error() != want {
		t.Fatalf("error %v, want %q", err, want)
	}
	if called || took < 200*time.Millisecond || took > 2*time.Second {
		t.Errorf("change called: %v; gave up after %s, want about 200ms", called, took)
	}
	if data, _ := os.ReadFile(path); string(data) != "active: work\n" {
		t.Errorf("the file changed: %q", data)
	}

	if err := held.Unlock(); err != nil {
		t.Fatal(err)
	}
	if err := Update(context.Background(), path, func(f *File) error { f.Active = "home"; return nil }); err != nil {
		t.Fatalf("after the lock was let go: %v", err)
	}
}

// An interrupted wait ends at once with the context's error.
func TestUpdateWaitEndsWithItsContext(t *testing.T) {
	path := writeConfig(t, "")
	held := flock.New(path + ".lock")
	if ok, _ := held.TryLock(); !ok {
		t.Fatal("taking the lock")
	}
	defer held.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	err := Update(ctx, path, func(*File) error { return nil })
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 2*time.Second {
		t.Errorf("error %v after %s, want the context's", err, time.Since(start))
	}
}

// Update lets go of the lock when it is done, whether the change was
// written, refused, or the file could not be read.
func TestUpdateReleasesTheLock(t *testing.T) {
	path := writeConfig(t, "")
	refused := errors.New("refused")
	for _, change := range []func(*File) error{
		func(f *File) error { f.Ensure("a").Campaign = 1; return nil },
		func(*File) error { return refused },
	} {
		_ = Update(context.Background(), path, change)
		probe := flock.New(path + ".lock")
		ok, err := probe.TryLock()
		if !ok || err != nil {
			t.Errorf("the lock is still held: %v %v", ok, err)
		}
		probe.Close()
	}
	if err := os.WriteFile(path, []byte("colour: red\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Update(context.Background(), path, func(*File) error { return nil }); !IsInvalidValue(err) {
		t.Errorf("a mistyped file: %v", err)
	}
	probe := flock.New(path + ".lock")
	if ok, _ := probe.TryLock(); !ok {
		t.Error("the lock is still held after a mistyped file")
	}
	probe.Close()
}

// Writers in one process exclude each other as processes do: 20 at once
// each add a profile, and all 20 are kept.
func TestUpdateConcurrentWritersAllKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kanka", "config.yaml")
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- Update(context.Background(), path, func(f *File) error {
				f.Ensure("p" + string(rune('a'+i))).Campaign = i + 1
				return nil
			})
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Profiles) != 20 {
		t.Errorf("%d profiles kept, want 20: %v", len(f.Profiles), f.Names())
	}
}
