package cache_test

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"runtime"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/cache"
)

// What the cache holds of a calendar's weather: a walk it writes down
// holds none of it, and a change or a completion holds each entry once.

// longWalk is a walk of n entries of calendar 1 (a page of 100 said
// first), each decoded afresh from its answer of about 300 bytes, as the
// client's walk yields them.
func longWalk(n int) func(context.Context, int, *client.WeatherListOptions) iter.Seq2[*client.Weather, error] {
	return func(_ context.Context, _ int, opts *client.WeatherListOptions) iter.Seq2[*client.Weather, error] {
		return func(yield func(*client.Weather, error) bool) {
			if opts != nil && opts.OnMeta != nil {
				opts.OnMeta(client.PageMeta{CurrentPage: 1, LastPage: (n + 99) / 100, PerPage: 100, Total: n})
			}
			for id := 1; id <= n; id++ {
				var w client.Weather
				answer := fmt.Sprintf(`{"id":%d,"calendar_id":1,"day":%d,"month":1,"year":%d,"weather":"rain","temperature":"12",`+
					`"precipitation":"light","wind":"west","effect":"wet roads and a long description of them, %d","visibility_id":1,`+
					`"created_at":"2026-11-20T08:00:00.000000Z","updated_at":"2026-11-21T09:30:00.000000Z"}`, id, id%30+1, id/30, id)
				if err := json.Unmarshal([]byte(answer), &w); err != nil {
					yield(nil, err)
					return
				}
				if !yield(&w, nil) {
					return
				}
			}
		}
	}
}

// heldAtLastEntry walks n entries through k's TeeWeather (k nil: the walk
// alone) and says how much of the heap is in use when the last one comes,
// once what is no longer used is collected.
func heldAtLastEntry(t *testing.T, k *cache.Cache, n int) uint64 {
	t.Helper()
	var held uint64
	seen := 0
	for _, err := range k.TeeWeather(t.Context(), 1, longWalk(n)) {
		if err != nil {
			t.Fatal(err)
		}
		if seen++; seen == n {
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			held = ms.HeapAlloc
		}
	}
	if seen != n {
		t.Fatalf("walked %d entries, want %d", seen, n)
	}
	return held
}

// weather list streams a long list through the cache's TeeWeather: the
// cache writes each entry down as it passes and keeps none, so that what
// the command holds does not grow with the list (MaxWeather entries of 300
// bytes would be 6 MB).
func TestTeeWeatherHoldsNoEntry(t *testing.T) {
	k := openCache(t.TempDir(), newClock())
	alone := heldAtLastEntry(t, nil, cache.MaxWeather)
	teed := heldAtLastEntry(t, k, cache.MaxWeather)
	if teed > alone+1<<20 {
		t.Errorf("at the last of %d entries the walk held %d KiB, through the cache %d KiB: the cache holds what it writes",
			cache.MaxWeather, alone>>10, teed>>10)
	}
	if !k.Knows(1, time.Hour, nil) {
		t.Errorf("the walk was not written down whole")
	}
}

// fullCache is a cache holding MaxWeather entries of calendar 1.
func fullCache(b *testing.B) *cache.Cache {
	b.Helper()
	k := openCache(b.TempDir(), newClock())
	for _, err := range k.TeeWeather(b.Context(), 1, longWalk(cache.MaxWeather)) {
		if err != nil {
			b.Fatal(err)
		}
	}
	return k
}

// One write observed with a full cache: the file is read, changed and
// written again. B/op is what that reads and builds of the entries.
func BenchmarkWeatherSeenWithAFullCache(b *testing.B) {
	k := fullCache(b)
	var w client.Weather
	if err := json.Unmarshal([]byte(`{"id":7,"calendar_id":1,"day":8,"month":1,"year":0,"weather":"sun"}`), &w); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		k.WeatherSeen(1, &w, false)
	}
}

// A completion of weather ids with a full cache brought up to date just
// now: no request, every entry read from the file.
func BenchmarkCompletionWeatherOfAFullCache(b *testing.B) {
	k := fullCache(b)
	b.ReportAllocs()
	for b.Loop() {
		ws, err := k.CompletionWeather(b.Context(), nil, 1)
		if err != nil || len(ws) != cache.MaxWeather {
			b.Fatalf("%d entries, %v", len(ws), err)
		}
	}
}
