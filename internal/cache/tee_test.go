package cache_test

import (
	"bytes"
	"cmp"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// tee walks calendar cal with k.TeeWeather, stopping after stop entries
// when stop > 0, and at an error unless stop < 0; it returns what it saw
// and the walk's first error.
func tee(t *testing.T, s *setup, cal, stop int) ([]string, error) {
	t.Helper()
	var got []string
	var first error
	for w, err := range s.k.TeeWeather(t.Context(), cal, s.c.AllWeather) {
		if err != nil && stop < 0 {
			first = cmp.Or(first, err)
			continue
		}
		if err != nil {
			return got, err
		}
		got = append(got, shown([]*client.Weather{w})...)
		if stop > 0 && len(got) == stop {
			break
		}
	}
	return got, first
}

// tempFiles are the files of k's folder a write may leave behind: every
// dot file but the lock.
func tempFiles(t *testing.T, s *setup) []string {
	t.Helper()
	entries, err := os.ReadDir(s.k.Dir())
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") && e.Name() != ".lock" {
			out = append(out, e.Name())
		}
	}
	return out
}

func TestTeeWeatherWholeWalkWritesTheFile(t *testing.T) {
	s := newSetup(t)
	s.svc.addSunny(1, 40)
	got, err := tee(t, s, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	wantList(t, "walk", got, s.svc.listing(1))
	wantRequests(t, s.svc, walk(1, 3)...)
	wantList(t, "Weather within trust", weather(t, s.k, s.c, 1, time.Hour, all), s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 3))
	wantList(t, "files left", tempFiles(t, s), nil)
}

// A whole walk brings the file up to date even within trust: weather
// list is the fresh view.
func TestTeeWeatherWholeWalkReplacesTheFile(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	s.svc.setWeather(1, 103, "weather", "rain")
	if _, err := tee(t, s, 1, 0); err != nil {
		t.Fatal(err)
	}
	s.svc.take()
	wantList(t, "Weather within trust", weather(t, s.k, s.c, 1, time.Hour, all), s.svc.listing(1))
	wantRequests(t, s.svc, wpage(1, 2))
}

func TestTeeWeatherStoppedOrFailingLeavesTheFileAsItWas(t *testing.T) {
	for _, tc := range []struct {
		name string
		stop int
		fail bool
	}{
		{"stopped after the first entry", 1, false},
		{"stopped on page 2", 20, false},
		{"page 3 answers 500", 0, true},
		{"page 3 answers 500, the error not heeded", -1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, before := range []string{"a file", "no file"} {
				t.Run(before, func(t *testing.T) {
					s := newSetup(t)
					s.svc.addSunny(1, 40)
					var was []byte
					if before == "a file" {
						weather(t, s.k, s.c, 1, time.Hour, all)
						was = readCacheFile(t, s.k, weatherFile(1))
					}
					// A change that a rewrite of the file would show.
					s.svc.setWeather(1, 103, "weather", "rain")
					s.svc.setWeather(1, 135, "weather", "rain")
					if tc.fail {
						s.svc.setFail(func(r *http.Request) (int, string) {
							if r.URL.Query().Get("page") == "3" {
								return http.StatusInternalServerError, `{"code":500,"error":"Unhandled API error"}`
							}
							return 0, ""
						})
					}
					got, err := tee(t, s, 1, tc.stop)
					if tc.fail != (err != nil) {
						t.Fatalf("walk error = %v, want one: %v", err, tc.fail)
					}
					if tc.stop > 0 && len(got) != tc.stop {
						t.Fatalf("the walk gave %d entries, want %d", len(got), tc.stop)
					}
					switch {
					case was == nil && exists(t, s.k, weatherFile(1)):
						t.Error("a walk that was not whole wrote a file")
					case was != nil && !bytes.Equal(readCacheFile(t, s.k, weatherFile(1)), was):
						t.Error("a walk that was not whole changed the file")
					}
					wantList(t, "files left", tempFiles(t, s), nil)
				})
			}
		})
	}
}

func TestTeeWeatherOverMaxWeatherTakesTheFileAway(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	setMaxWeather(t, 19)
	got, err := tee(t, s, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	wantList(t, "walk", got, s.svc.listing(1))
	if exists(t, s.k, weatherFile(1)) {
		t.Error("a walk of more than MaxWeather entries left the file")
	}
	wantList(t, "files left", tempFiles(t, s), nil)
}

// A walk whose total is not what the first page said is not a list the
// cache can revalidate: nothing is kept of it.
func TestTeeWeatherTotalThatDisagreesIsNotCached(t *testing.T) {
	s := newSetup(t)
	warm(t, s, 20)
	s.svc.setTotalOff(1, 1)
	if _, err := tee(t, s, 1, 0); err != nil {
		t.Fatal(err)
	}
	if exists(t, s.k, weatherFile(1)) {
		t.Error("a walk whose total disagrees left a file")
	}
}
