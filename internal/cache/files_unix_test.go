//go:build unix

package cache_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/internal/cache"
)

// A named pipe in place of a file is ignored without waiting for a
// writer, nor for what a writer that holds it open might write; and
// replaced.
func TestNamedPipeInPlaceOfAFile(t *testing.T) {
	t.Run("weather", func(t *testing.T) {
		s := newSetup(t)
		refresh(t, s)
		warm(t, s, 20)
		mkfifo(t, filepath.Join(s.k.Dir(), weatherFile(1)))
		damagedWeather(t, s)
	})
	t.Run("calendars", func(t *testing.T) {
		s := calendarSetup(t)
		refresh(t, s)
		s.svc.take()
		mkfifo(t, filepath.Join(s.k.Dir(), calendarsFile))
		damagedCalendars(t, s)
	})
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	// A writer that never writes (read-write: its open does not wait).
	w, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
}

// The modes are the cache's own, not what the umask leaves of wider ones.
func TestModesWithAnOpenUmask(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	s := newSetup(t)
	s.k = cache.Open(cache.Options{Root: filepath.Join(s.root, "cache"), Profile: "p", Host: "h", Campaign: campaignID, Token: token, Now: s.clock.Now})
	s.c = newClient(t, s.svc, s.k)
	s.svc.addSunny(1, 20)
	weather(t, s.k, s.c, 1, time.Hour, all)
	refresh(t, s)
	if _, err := s.c.UpdateWeather(t.Context(), 1, 103, sunnyDay("rain")); err != nil {
		t.Fatal(err)
	}
	wantModes(t, s.root)
}
