package calendar_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
	"github.com/kanka-cli/kanka/internal/cache"
)

// monthsAPI is a fake service with one calendar, 1, "Calendar of Harptos",
// whose second month has a space in its name; every request is kept
// (method, path under the campaign, query keys); fail, when set, answers
// instead.
type monthsAPI struct {
	*httptest.Server
	mu       sync.Mutex
	requests []string
	fail     http.HandlerFunc
}

func newMonthsAPI(t *testing.T) *monthsAPI {
	api := &monthsAPI{}
	api.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := strings.TrimPrefix(r.URL.Path, "/api/1.0/campaigns/3/")
		req := r.Method + " " + path
		if q := r.URL.Query(); len(q) > 0 {
			keys := slices.Sorted(func(yield func(string) bool) {
				for k := range q {
					if !yield(k) {
						return
					}
				}
			})
			req += "?" + strings.Join(keys, "&")
		}
		api.mu.Lock()
		api.requests = append(api.requests, req)
		fail := api.fail
		api.mu.Unlock()
		if fail != nil {
			fail(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		const harptos = `{"id":1,"name":"Calendar of Harptos","months":[{"name":"Hammer","length":30,"type":"standard"},` +
			`{"name":"Deep Winter","length":1,"type":"intercalary"},{"name":"Alturiak","length":30,"type":"standard"}]}`
		switch path {
		case "calendars":
			fmt.Fprint(w, `{"data":[`+harptos+`],"meta":{"current_page":1,"last_page":1,"per_page":45,"total":1}}`)
		case "calendars/1":
			fmt.Fprint(w, `{"data":`+harptos+`}`)
		default:
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"code":404,"error":"Page not found"}`)
		}
	}))
	t.Cleanup(api.Close)
	return api
}

func (api *monthsAPI) failWith(h http.HandlerFunc) { api.mu.Lock(); api.fail = h; api.mu.Unlock() }

func (api *monthsAPI) take() []string {
	api.mu.Lock()
	defer api.mu.Unlock()
	got := api.requests
	api.requests = nil
	return got
}

// complete runs `kanka __complete args...` against api under ctx, and
// checks that nothing but cobra's note reached stderr.
func (api *monthsAPI) complete(t *testing.T, ctx context.Context, args ...string) string {
	t.Helper()
	all := append([]string{"--url", api.URL + "/api/1.0", "--token", "tok", "-c", "3", "__complete"}, args...)
	r := roottest.RunStreams(t, ctx, "", nil, all...)
	if r.Code != 0 || !strings.HasPrefix(r.Stderr, "Completion ended with directive: ") || strings.Count(r.Stderr, "\n") != 1 {
		t.Errorf("__complete %q: exit %d, stderr %q; want exit 0 and only cobra's note", args, r.Code, r.Stderr)
	}
	return r.Stdout
}

func (api *monthsAPI) wantRequests(t *testing.T, want ...string) {
	t.Helper()
	if got := api.take(); !slices.Equal(got, want) {
		t.Errorf("requests %q, want %q", got, want)
	}
}

const harptosMonths = "Hammer\t1\nDeep Winter\t2, intercalary\nAlturiak\t3\n:4\n"

// The months of the calendar the command names (its argument, or
// --calendar) come from the cache: the first completion reads the
// calendars (one request), the next within a minute nothing, a stale one
// the calendars changed since (one lastSync request).
func TestMonthCompletionIsCacheFirst(t *testing.T) {
	roottest.Isolate(t)
	api := newMonthsAPI(t)
	ctx := context.Background()
	if got := api.complete(t, ctx, "calendar", "show", "1", "--month", ""); got != harptosMonths {
		t.Errorf("calendar show 1 --month: %q, want %q", got, harptosMonths)
	}
	api.wantRequests(t, "GET calendars")
	for _, tc := range []struct{ args []string }{
		{[]string{"calendar", "show", "Calendar of Harptos", "--month", ""}},
		{[]string{"weather", "list", "--calendar", "calendar of harptos", "--month", ""}},
		{[]string{"calendar", "update", "1", "--leap-year-month", ""}},
	} {
		if got := api.complete(t, ctx, tc.args...); got != harptosMonths {
			t.Errorf("%q: %q, want %q", tc.args, got, harptosMonths)
		}
	}
	api.wantRequests(t)
	if got, want := api.complete(t, ctx, "weather", "list", "--calendar", "1", "--month", "2"), "2\tDeep Winter\n:4\n"; got != want {
		t.Errorf("--month 2: %q, want %q", got, want)
	}
	if got, want := api.complete(t, ctx, "calendar", "update", "1", "--season", "Spring:de"), "Spring:Deep Winter:\t2, intercalary\n:6\n"; got != want {
		t.Errorf("--season Spring:de: %q, want %q (no space: the day follows)", got, want)
	}
	api.wantRequests(t)

	fresh := cache.CalendarsFresh
	cache.CalendarsFresh = 0
	t.Cleanup(func() { cache.CalendarsFresh = fresh })
	if got := api.complete(t, ctx, "calendar", "show", "1", "--month", "Al"); got != "Alturiak\t3\n:4\n" {
		t.Errorf("stale: %q", got)
	}
	api.wantRequests(t, "GET calendars?lastSync")
}

// Months typed on the line are the ones --leap-year-month and --season
// offer: no calendar, no request.
func TestMonthCompletionOfTheMonthsTyped(t *testing.T) {
	roottest.Isolate(t)
	api := newMonthsAPI(t)
	got := api.complete(t, context.Background(), "calendar", "create", "--month", "Hammer:30", "--month", "Mid Winter:1:intercalary", "--leap-year-month", "")
	if want := "Hammer\t1\nMid Winter\t2, intercalary\n:4\n"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	got = api.complete(t, context.Background(), "calendar", "update", "1", "--month", "Hammer:30", "--season", "Spring:")
	if want := "Spring:Hammer:\t1\n:6\n"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	api.wantRequests(t)
}

// A stale cache and a failing or hanging service: the cached months, and
// nothing but candidates on stdout. A hanging one is given up when the
// completion's time is out (a short one here, through the context); with
// no copy, nothing is offered.
func TestMonthCompletionWhenTheServiceFails(t *testing.T) {
	for _, tc := range []struct {
		name string
		fail http.HandlerFunc
	}{
		{"500", func(w http.ResponseWriter, _ *http.Request) {
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, `{"code":500,"error":"Unhandled API error"}`)
		}},
		{"hangs", func(_ http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			roottest.Isolate(t)
			api := newMonthsAPI(t)
			api.failWith(tc.fail)
			short := func() context.Context {
				ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
				t.Cleanup(cancel)
				return ctx
			}
			if got := api.complete(t, short(), "calendar", "show", "1", "--month", ""); got != ":4\n" {
				t.Errorf("no copy: %q, want no candidates", got)
			}
			api.wantRequests(t, "GET calendars")

			api.failWith(nil)
			api.complete(t, context.Background(), "calendar", "show", "1", "--month", "")
			api.take()
			fresh := cache.CalendarsFresh
			cache.CalendarsFresh = 0
			t.Cleanup(func() { cache.CalendarsFresh = fresh })
			api.failWith(tc.fail)
			start := time.Now()
			if got := api.complete(t, short(), "calendar", "show", "1", "--month", ""); got != harptosMonths {
				t.Errorf("stale, failing: %q, want the cached months %q", got, harptosMonths)
			}
			if took := time.Since(start); took > 2*time.Second {
				t.Errorf("took %v; the completion's time was 300ms", took)
			}
			api.wantRequests(t, "GET calendars?lastSync")
		})
	}
}

// A month name with a space reaches the shell quoted, by cobra's bash
// script (completions/kanka.bash, what `kanka completion bash` prints): the
// one candidate left is inserted as Deep\ Winter.
func TestMonthNameWithASpaceIsQuotedForBash(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no bash")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	roottest.Isolate(t)
	api := newMonthsAPI(t)
	candidates := api.complete(t, context.Background(), "calendar", "show", "1", "--month", "De")
	if candidates != "Deep Winter\t2, intercalary\n:4\n" {
		t.Fatalf("candidates %q", candidates)
	}
	script, err := filepath.Abs("../../completions/kanka.bash")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "candidates")
	if err := os.WriteFile(out, []byte(candidates), 0o600); err != nil {
		t.Fatal(err)
	}
	// kanka is a function printing what __complete printed above; the
	// bash-completion package's word splitting is stood in for (this
	// system may not have the package), and compopt, which only works
	// under a real Tab, does nothing.
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c", `
source "$1"
candidates=$2
kanka() { cat "$candidates"; }
compopt() { :; }
_get_comp_words_by_ref() { cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}; words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD; }
COMP_WORDS=(kanka calendar show 1 --month De); COMP_CWORD=5
COMP_LINE="kanka calendar show 1 --month De"; COMP_POINT=${#COMP_LINE}; COMP_TYPE=9
__start_kanka kanka De --month
printf '%s\n' "${COMPREPLY[@]}"
`, "bash", script, out)
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, got)
	}
	if want := `Deep\ Winter` + "\n"; string(got) != want {
		t.Errorf("bash inserts %q, want %q", got, want)
	}
}
