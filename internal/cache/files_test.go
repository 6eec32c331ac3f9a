package cache_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/cache"
)

func TestFoldersAre0700AndFiles0600(t *testing.T) {
	s := newSetup(t)
	s.k = cache.Open(cache.Options{Root: filepath.Join(s.root, "cache"), Profile: "p", Host: "h", Campaign: campaignID, Token: token, Now: s.clock.Now})
	s.c = newClient(t, s.svc, s.k)
	s.svc.addSunny(1, 20)
	weather(t, s.k, s.c, 1, time.Hour, all)
	refresh(t, s)
	s.svc.setLive(true) // the server file too
	s.svc.addSunny(1, 1)
	weather(t, s.k, s.c, 1, time.Hour, all)
	wantModes(t, s.root)
}

// wantModes checks that every folder under root is 0700 and every file
// 0600 (root itself is the test's).
func wantModes(t *testing.T, root string) {
	t.Helper()
	for _, rel := range filesUnder(t, root)[1:] {
		info, err := os.Lstat(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		want := os.FileMode(0o600)
		if info.IsDir() {
			want = os.ModeDir | 0o700
		}
		if info.Mode() != want {
			t.Errorf("%s is %v, want %v", rel, info.Mode(), want)
		}
	}
}

// noToken fails when a file under root holds the token, or is named with
// it.
func noToken(t *testing.T, root string) {
	t.Helper()
	for _, rel := range filesUnder(t, root) {
		if strings.Contains(rel, token) {
			t.Errorf("%s is named with the token", rel)
		}
		path := filepath.Join(root, rel)
		if info, err := os.Lstat(path); err != nil || !info.Mode().IsRegular() {
			continue
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte(token)) || client.HoldsSecret(b, token) {
			t.Errorf("%s holds the token", rel)
		}
	}
}

func TestTheTokenIsNeverWritten(t *testing.T) {
	t.Run("weather walked", func(t *testing.T) {
		s := newSetup(t)
		s.svc.addCalendar("Greyhawk")
		s.svc.addSunny(1, 20)
		s.svc.addSunny(2, 3)
		s.svc.setWeather(1, 118, "echo", "")
		got, err := s.k.Weather(t.Context(), s.c, 1, time.Hour, all)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 20 || !strings.Contains(string(got[17].Raw), token) {
			t.Fatalf("the answer is not the service's: %d entries", len(got))
		}
		weather(t, s.k, s.c, 2, time.Hour, all)
		noToken(t, s.root)
		if exists(t, s.k, weatherFile(1)) {
			t.Error("the weather that holds the token has a file")
		}
		if !exists(t, s.k, weatherFile(2)) {
			t.Error("the weather of another calendar was not kept")
		}
		wantList(t, "files left", tempFiles(t, s), nil)
	})
	t.Run("weather walked, the token escaped", func(t *testing.T) {
		s := newSetup(t)
		s.svc.addCalendar("Greyhawk")
		s.svc.addSunny(1, 20)
		s.svc.setWeather(1, 118, "echo", "escaped")
		got, err := s.k.Weather(t.Context(), s.c, 1, time.Hour, all)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 20 || !strings.Contains(string(got[17].Raw), `\u0074\u006f\u006b`) {
			t.Fatalf("the answer is not the service's: %d entries", len(got))
		}
		noToken(t, s.root)
		if exists(t, s.k, weatherFile(1)) {
			t.Error("the weather that holds the escaped token has a file")
		}
	})
	t.Run("weather revalidated", func(t *testing.T) {
		s := newSetup(t)
		warm(t, s, 20)
		s.svc.setWeather(1, 118, "echo", "")
		weather(t, s.k, s.c, 1, time.Hour, all)
		noToken(t, s.root)
		if exists(t, s.k, weatherFile(1)) {
			t.Error("the old file stayed")
		}
	})
	t.Run("weather updated", func(t *testing.T) {
		s := newSetup(t)
		warm(t, s, 20)
		s.svc.setWeather(1, 103, "echo", "")
		if _, err := s.c.UpdateWeather(t.Context(), 1, 103, sunnyDay("rain")); err != nil {
			t.Fatal(err)
		}
		noToken(t, s.root)
		if exists(t, s.k, weatherFile(1)) {
			t.Error("the old file stayed")
		}
	})
	t.Run("calendars listed", func(t *testing.T) {
		s := calendarSetup(t)
		s.svc.setCalendar(6, "echo", "")
		refresh(t, s)
		noToken(t, s.root)
		if fresh(t, s.k, "1") != 0 {
			t.Error("calendars listed with the token were kept")
		}
	})
	t.Run("calendars listed, the token escaped", func(t *testing.T) {
		s := calendarSetup(t)
		s.svc.setCalendar(6, "echo", "escaped")
		refresh(t, s)
		noToken(t, s.root)
		if fresh(t, s.k, "1") != 0 {
			t.Error("calendars listed with the escaped token were kept")
		}
	})
	t.Run("calendar read", func(t *testing.T) {
		s := calendarSetup(t)
		refresh(t, s)
		s.svc.setCalendar(6, "echo", "")
		if _, err := s.c.GetCalendar(t.Context(), 6); err != nil {
			t.Fatal(err)
		}
		noToken(t, s.root)
		if fresh(t, s.k, "6") != 0 {
			t.Error("the calendar read with the token is cached")
		}
	})
}
