package root_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root"
	"github.com/kanka-cli/kanka/internal/cache"
	"github.com/kanka-cli/kanka/sandbox"
)

// BenchmarkCacheRequests runs commands through the whole tree against the
// sandbox (15 weather entries a page) holding a calendar with 600
// weather entries, cold (an empty cache) and warm (the same command just
// before), and reports the requests each run sent (requests/op) beside its
// time. Run it with
//
//	go test ./cmd/root -run '^$' -bench CacheRequests -benchtime 5x
func BenchmarkCacheRequests(b *testing.B) {
	home := b.TempDir()
	for k, v := range map[string]string{
		"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "config"), "XDG_CACHE_HOME": filepath.Join(home, "cache"),
		"KANKA_CONFIG": filepath.Join(home, "config.yaml"), "KANKA_NO_CACHE": "", "KANKA_PROFILE": "", "KANKA_DEBUG": "",
	} {
		b.Setenv(k, v)
	}
	_, requests := seededSandbox(b, 600)
	clear := func() { _ = os.RemoveAll(filepath.Join(home, "cache")) }
	show := []string{"calendar", "show", "Calendar of Harptos"}
	set := []string{"weather", "set", "--calendar", "Calendar of Harptos", "--date", "1492-4-3", "--weather", "cloud"}
	sunny := []string{"weather", "set", "--calendar", "1", "--date", "1492-4-3", "--weather", "sun"}
	list := []string{"weather", "list", "--calendar", "1", "-o", "id"}
	complete := []string{"__complete", "calendar", "show", ""}
	for _, tc := range []struct {
		name  string
		args  []string
		setup func(b *testing.B)
		// stale runs the command with the cached calendars past
		// cache.CalendarsFresh.
		stale bool
	}{
		{"show/no-cache", append([]string{"--no-cache"}, show...), nil, false},
		{"show/cold", show, func(*testing.B) { clear() }, false},
		{"show/warm", show, func(b *testing.B) { run(b, show...) }, false},
		{"show/warm-calendars-stale", show, func(b *testing.B) { run(b, show...) }, true},
		{"set/no-cache", append([]string{"--no-cache"}, set...), nil, false},
		{"set/cold", set, func(*testing.B) { clear() }, false},
		// Warm, after another kanka (with no cache) changed the day.
		{"set/warm", set, func(b *testing.B) { run(b, show...); run(b, append([]string{"--no-cache"}, sunny...)...) }, false},
		{"list/no-cache", append([]string{"--no-cache"}, list...), nil, false},
		{"list/warm", list, func(b *testing.B) { run(b, show...) }, false},
		{"complete-names/fresh", complete, func(b *testing.B) { run(b, complete...) }, false},
		{"complete-names/stale", complete, func(b *testing.B) { run(b, complete...) }, true},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var sent int64
			for b.Loop() {
				b.StopTimer()
				if tc.setup != nil {
					tc.setup(b)
				}
				requests.Store(0)
				fresh := cache.CalendarsFresh
				if tc.stale {
					cache.CalendarsFresh = 0
				}
				b.StartTimer()
				run(b, tc.args...)
				b.StopTimer()
				cache.CalendarsFresh = fresh
				sent += requests.Load()
				b.StartTimer()
			}
			b.ReportMetric(float64(sent)/float64(b.N), "requests/op")
		})
	}
}

// run runs kanka with args and fails b unless it exits 0.
func run(b *testing.B, args ...string) {
	b.Helper()
	s, _, _, stderr := cmdutil.Test()
	if code := root.Run(context.Background(), s, args); code != 0 {
		b.Fatalf("kanka %v: exit %d: %s", args, code, stderr)
	}
}

// seededSandbox serves the sandbox (document mode) with the Calendar of
// Harptos (id 1) and n weather entries, counting the requests it answers.
func seededSandbox(b *testing.B, n int) (*httptest.Server, *atomic.Int64) {
	b.Helper()
	sb, err := sandbox.New(sandbox.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		sb.ServeHTTP(w, r)
	}))
	b.Cleanup(srv.Close)
	c, err := client.New(client.Config{BaseURL: srv.URL + "/api/1.0", Token: sandbox.DefaultToken, Campaign: sandbox.DefaultCampaign})
	if err != nil {
		b.Fatal(err)
	}
	b.Setenv("KANKA_URL", srv.URL+"/api/1.0")
	b.Setenv("KANKA_TOKEN", sandbox.DefaultToken)
	b.Setenv("KANKA_CAMPAIGN", fmt.Sprint(sandbox.DefaultCampaign))
	run(b, "--no-cache", "calendar", "create", "-f", filepath.Join("..", "..", "examples", "harptos.yaml"))
	ctx := context.Background()
	// The twelve months of thirty days (the festivals between them have one).
	months := []int{1, 3, 4, 5, 7, 8, 9, 11, 12, 14, 15, 17}
	for i := range n {
		y, m, d := 1491+i/360, months[(i%360)/30], 1+i%30
		weather := "sun"
		if _, err := c.CreateWeather(ctx, 1, client.WeatherInput{Dated: client.Dated{Year: &y, Month: &m, Day: &d}, Weather: &weather}); err != nil {
			b.Fatal(err)
		}
	}
	return srv, &requests
}
