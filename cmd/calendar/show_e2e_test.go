package calendar_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// `kanka --no-color calendar show` on a terminal, through the real root
// and factory: today is in brackets, with no escape sequence, as with
// NO_COLOR; without either it is in reverse video.
func TestShowNoColorThroughTheRoot(t *testing.T) {
	roottest.Isolate(t)
	t.Setenv("LC_ALL", "C")
	var mu sync.Mutex
	var requests []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requests = append(requests, r.Method+" "+r.URL.RequestURI())
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"data":{"id":12,"name":"Tiny","date":"1-1-2",`+
			`"months":[{"name":"Early","length":6,"type":"standard"},{"name":"Late","length":6,"type":"standard"}],`+
			`"weekdays":["Work","Rest","Feast"],"years":[],"seasons":[],"moons":[],"has_leap_year":false,"skip_year_zero":false,"start_offset":0,"suffix":""}}`)
	}))
	t.Cleanup(srv.Close)

	const (
		coloured = "   Early 1\n Wo   Re   Fe\n  1    \x1b[7m2\x1b[0m    3\n  4    5    6\n\n\x1b[7m2\x1b[0m  today: 2 Early, 1\n"
		plain    = "   Early 1\n Wo   Re   Fe\n  1   [2]   3\n  4    5    6\n\n[2]  today: 2 Early, 1\n"
	)
	for _, tc := range []struct {
		name    string
		noColor bool // NO_COLOR, as cmdutil.System reads it
		flags   []string
		want    string
	}{
		{"a terminal", false, nil, coloured},
		{"--no-color", false, []string{"--no-color"}, plain},
		{"NO_COLOR", true, nil, plain},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("XDG_CACHE_HOME", t.TempDir()) // each run cold: one GET
			mu.Lock()
			requests = nil
			mu.Unlock()
			terminal := func(s *cmdutil.IOStreams) { s.OutTTY, s.TermWidth, s.NoColor = true, 80, tc.noColor }
			args := append(append([]string{"--url", srv.URL + "/api/1.0", "--token", "tok", "-c", "3"}, tc.flags...), "calendar", "show", "12", "--no-weather", "--no-reminders")
			r := roottest.RunStreams(t, context.Background(), "", terminal, args...)
			if r.Code != 0 || r.Stdout != tc.want || r.Stderr != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 0, stdout %q", r.Code, r.Stdout, r.Stderr, tc.want)
			}
			mu.Lock()
			defer mu.Unlock()
			if got := strings.Join(requests, "\n"); got != "GET /api/1.0/campaigns/3/calendars/12" {
				t.Errorf("requests:\n%s", got)
			}
		})
	}
}
