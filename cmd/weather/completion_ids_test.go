package weather_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
	"github.com/kanka-cli/kanka/internal/cache"
)

// weatherAPI is a fake service for completion: calendar 1, "Calendar of
// Harptos", and its weather in pages of 15, every request kept (method,
// path under the campaign, query); fail, when set, answers instead.
type weatherAPI struct {
	*httptest.Server
	mu       sync.Mutex
	entries  []map[string]any
	requests []string
	fail     http.HandlerFunc
}

func newWeatherAPI(t *testing.T) *weatherAPI {
	api := &weatherAPI{}
	api.Server = httptest.NewServer(http.HandlerFunc(api.serve))
	t.Cleanup(api.Close)
	return api
}

func (api *weatherAPI) add(id, day int, code string) {
	api.mu.Lock()
	defer api.mu.Unlock()
	api.entries = append(api.entries, map[string]any{"id": id, "calendar_id": 1, "year": 1492, "month": 1, "day": day, "weather": code, "visibility_id": 1})
}

func (api *weatherAPI) failWith(h http.HandlerFunc) { api.mu.Lock(); api.fail = h; api.mu.Unlock() }

// take is the requests since the last take.
func (api *weatherAPI) take() []string {
	api.mu.Lock()
	defer api.mu.Unlock()
	got := api.requests
	api.requests = nil
	return got
}

func (api *weatherAPI) serve(w http.ResponseWriter, r *http.Request) {
	api.mu.Lock()
	path := strings.TrimPrefix(r.URL.Path, "/api/1.0/campaigns/3/")
	req := r.Method + " " + path
	if q := r.URL.Query(); len(q) > 0 {
		req += "?" + strings.Join(slices.Sorted(func(yield func(string) bool) {
			for k := range q {
				if !yield(k + "=" + q.Get(k)) {
					return
				}
			}
		}), "&")
	}
	api.requests = append(api.requests, req)
	fail := api.fail
	entries := slices.Clone(api.entries)
	api.mu.Unlock()
	if fail != nil {
		fail(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	switch path {
	case "calendars":
		fmt.Fprint(w, `{"data":[{"id":1,"name":"Calendar of Harptos","months":[{"name":"Hammer","length":30}]}],"meta":{"current_page":1,"last_page":1,"per_page":45,"total":1}}`)
	case "calendars/1/calendar_weathers":
		page := 1
		fmt.Sscan(r.URL.Query().Get("page"), &page)
		const per = 15
		from, to := min((page-1)*per, len(entries)), min(page*per, len(entries))
		data, _ := json.Marshal(entries[from:to])
		fmt.Fprintf(w, `{"data":%s,"meta":{"current_page":%d,"last_page":%d,"per_page":%d,"total":%d}}`, data, page, max(1, (len(entries)+per-1)/per), per, len(entries))
	default:
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"code":404,"error":"Page not found"}`)
	}
}

// complete runs `kanka __complete args...` against api, under ctx.
func (api *weatherAPI) complete(t *testing.T, ctx context.Context, args ...string) roottest.Result {
	t.Helper()
	all := append([]string{"--url", api.URL + "/api/1.0", "--token", "tok", "-c", "3", "__complete"}, args...)
	return roottest.RunStreams(t, ctx, "", nil, all...)
}

// wantCompletion checks a completion's output and the requests it sent.
func wantCompletion(t *testing.T, api *weatherAPI, r roottest.Result, stdout string, requests ...string) {
	t.Helper()
	if r.Code != 0 || r.Stdout != stdout || r.Stderr != "Completion ended with directive: ShellCompDirectiveNoFileComp\n" {
		t.Errorf("exit %d\nstdout %q\nstderr %q\nwant stdout %q and only cobra's note on stderr", r.Code, r.Stdout, r.Stderr, stdout)
	}
	if got := api.take(); !slices.Equal(got, requests) {
		t.Errorf("requests %q, want %q", got, requests)
	}
}

// staleAtOnce makes what completion reads of the cache stale as soon as it
// is written, for the rest of the test.
func staleAtOnce(t *testing.T) {
	fresh, calendars := cache.CompletionFresh, cache.CalendarsFresh
	cache.CompletionFresh, cache.CalendarsFresh = 0, 0
	t.Cleanup(func() { cache.CompletionFresh, cache.CalendarsFresh = fresh, calendars })
}

// Weather ids come with their dates and weather, from the cache: the first
// completion reads the first page (the whole list here, kept), the next
// within a minute sends nothing, a stale one the page of the cached tail.
func TestWeatherIDCompletionIsCacheFirst(t *testing.T) {
	roottest.Isolate(t)
	api := newWeatherAPI(t)
	api.add(41, 3, "snowflake")
	api.add(42, 4, "sun")
	ctx := context.Background()
	const both = "41\t1492-1-3 snowflake\n42\t1492-1-4 sun\n:4\n"

	r := api.complete(t, ctx, "weather", "get", "--calendar", "1", "")
	wantCompletion(t, api, r, both, "GET calendars/1/calendar_weathers")
	r = api.complete(t, ctx, "weather", "delete", "--calendar", "1", "4")
	wantCompletion(t, api, r, both)
	r = api.complete(t, ctx, "weather", "update", "--calendar", "1", "41")
	wantCompletion(t, api, r, "41\t1492-1-3 snowflake\n:4\n")

	// A calendar by name: the cached calendars name it, with no request
	// once they are known.
	r = api.complete(t, ctx, "weather", "get", "--calendar", "")
	wantCompletion(t, api, r, "1\tCalendar of Harptos\n:4\n", "GET calendars")
	r = api.complete(t, ctx, "weather", "get", "--calendar", "Calendar of Harptos", "")
	wantCompletion(t, api, r, both)

	staleAtOnce(t)
	api.add(43, 5, "bolt")
	r = api.complete(t, ctx, "weather", "get", "--calendar", "Calendar of Harptos", "")
	wantCompletion(t, api, r, both[:len(both)-3]+"43\t1492-1-5 bolt\n:4\n", "GET calendars/1/calendar_weathers")
}

// A stale cache and a failing or hanging service: the cached entries, and
// nothing but candidates on stdout; a hanging one is given up when the
// completion's time is out (a short one here, injected through the
// context).
func TestWeatherIDCompletionWhenTheServiceFails(t *testing.T) {
	for _, tc := range []struct {
		name string
		fail http.HandlerFunc
	}{
		{"500", func(w http.ResponseWriter, _ *http.Request) {
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, `{"code":500,"error":"Unhandled API error"}`)
		}},
		{"429", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Retry-After", "60")
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, `{"code":429,"error":"Too Many Attempts."}`)
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
			api := newWeatherAPI(t)
			api.add(41, 3, "snowflake")
			ctx := context.Background()
			api.complete(t, ctx, "weather", "get", "--calendar", "1", "")
			api.take()
			staleAtOnce(t)
			api.failWith(tc.fail)

			ctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
			defer cancel()
			start := time.Now()
			r := api.complete(t, ctx, "weather", "get", "--calendar", "1", "")
			if took := time.Since(start); took > 2*time.Second {
				t.Errorf("took %v; the completion's time was 300ms", took)
			}
			wantCompletion(t, api, r, "41\t1492-1-3 snowflake\n:4\n", "GET calendars/1/calendar_weathers")

			// With no copy (another calendar), nothing.
			ctx, cancel = context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			r = api.complete(t, ctx, "weather", "get", "--calendar", "2", "")
			wantCompletion(t, api, r, ":4\n", "GET calendars/2/calendar_weathers")
		})
	}
}
