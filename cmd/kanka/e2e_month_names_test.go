package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// Month names end to end: the built binary against the sandbox in both
// modes. A month written by name is sent as its number, in exactly the
// body the same command with the number sends, at the same request cost.

// writes records the body of every write (POST, PUT, PATCH) the sandbox
// receives, as "METHOD PATH BODY".
type writes struct {
	mu   sync.Mutex
	seen []string
}

func (wr *writes) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodDelete {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			wr.mu.Lock()
			wr.seen = append(wr.seen, r.Method+" "+strings.TrimPrefix(r.URL.Path, campaignPath)+" "+string(body))
			wr.mu.Unlock()
		}
		next.ServeHTTP(w, r)
	})
}

func (wr *writes) since(mark int) []string {
	wr.mu.Lock()
	defer wr.mu.Unlock()
	return append([]string(nil), wr.seen[mark:]...)
}

func (wr *writes) mark() int {
	wr.mu.Lock()
	defer wr.mu.Unlock()
	return len(wr.seen)
}

// runBoth runs args with a month by name and then by number, and returns
// what each sent: the requests and the write bodies.
func runBoth(t *testing.T, k *kanka, srv *apiServer, wr *writes, byName, byNumber []string, restore ...string) (named, numbered []string, namedReqs, numberedReqs []request) {
	t.Helper()
	m, w := srv.mark(), wr.mark()
	k.ok(t, byName...)
	named, namedReqs = wr.since(w), srv.since(m)
	if len(restore) > 0 {
		// What byName changed goes back first: an update that changes
		// nothing sends nothing.
		k.ok(t, restore...)
	}
	m, w = srv.mark(), wr.mark()
	k.ok(t, byNumber...)
	return named, wr.since(w), namedReqs, srv.since(m)
}

func TestE2EMonthNames(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		wr := &writes{}
		srv := startServer(t, sandbox.Options{Live: live}, wr.wrap)
		k := newKanka(t, srv)
		id := createHarptos(t, k)

		// weather create --date 1492-Ches-3: Ches is month 4 of Harptos.
		// The second is on the day of the first: --allow-duplicate, on
		// both, so that they send the same requests.
		named, numbered, namedReqs, numberedReqs := runBoth(t, k, srv, wr,
			[]string{"weather", "create", "--calendar", id, "--date", "1492-Ches-3", "--weather", "sun", "-o", "id", "--allow-duplicate"},
			[]string{"weather", "create", "--calendar", id, "--date", "1492-4-3", "--weather", "sun", "-o", "id", "--allow-duplicate"})
		// (In live mode the document's path meets a 404 first and the
		// entry is sent again to the live one.)
		if len(named) == 0 || !strings.HasSuffix(named[len(named)-1], ` {"day":3,"month":4,"weather":"sun","year":1492}`) {
			t.Errorf("weather create by name wrote %q", named)
		}
		if !reflect.DeepEqual(named, numbered) {
			t.Errorf("by name %q\nby number %q", named, numbered)
		}
		if !reflect.DeepEqual(paths(namedReqs), paths(numberedReqs)) || len(namedReqs) < 2 {
			t.Errorf("requests by name %v, by number %v", namedReqs, numberedReqs)
		}

		// calendar update --season Spring:Ches:19: the whole record, the
		// seasons replaced, months as numbers.
		named, numbered, namedReqs, numberedReqs = runBoth(t, k, srv, wr,
			[]string{"calendar", "update", id, "--season", "Spring:Ches:19", "--season", "Summer:flamerule:20", "--leap-year-month", "Midsummer", "-o", "id"},
			[]string{"calendar", "update", id, "--season", "Spring:4:19", "--season", "Summer:9:20", "--leap-year-month", "10", "-o", "id"},
			"calendar", "update", id, "--season", "Spring:4:18", "-q")
		if len(named) != 1 || !strings.HasPrefix(named[0], "PUT calendars/"+id+" ") {
			t.Fatalf("calendar update by name wrote %q", named)
		}
		var body map[string]any
		if err := json.Unmarshal([]byte(strings.SplitN(named[0], " ", 3)[2]), &body); err != nil {
			t.Fatal(err)
		}
		want := map[string]any{"season_name": []any{"Spring", "Summer"}, "season_month": []any{4.0, 9.0}, "season_day": []any{19.0, 20.0}, "leap_year_month": 10.0}
		for key, v := range want {
			if !reflect.DeepEqual(body[key], v) {
				t.Errorf("%s: sent %v, want %v", key, body[key], v)
			}
		}
		if months, _ := body["month_name"].([]any); len(months) != 17 {
			t.Errorf("the update sent %d months, want 17", len(months))
		}
		if !reflect.DeepEqual(named, numbered) {
			t.Errorf("by name %q\nby number %q", named, numbered)
		}
		if want := []string{"GET calendars/" + id, "PUT calendars/" + id}; !reflect.DeepEqual(paths(namedReqs), want) || !reflect.DeepEqual(paths(numberedReqs), want) {
			t.Errorf("requests by name %v, by number %v; want %v", namedReqs, numberedReqs, want)
		}

		// An unknown month: exit 2, the flag and the nearest month named,
		// nothing written.
		w, m := wr.mark(), srv.mark()
		r := k.fails(t, 2, "weather", "create", "--calendar", id, "--date", "1492-Chess-3", "--weather", "sun")
		if want := "error: --date: month \"Chess\" does not exist in this calendar; did you mean \"Ches\"?\n"; r.stderr != want {
			t.Errorf("stderr %q, want %q", r.stderr, want)
		}
		if got := wr.since(w); len(got) != 0 {
			t.Errorf("wrote %q", got)
		}
		if got, want := paths(srv.since(m)), []string{"GET calendars/" + id}; !reflect.DeepEqual(got, want) {
			t.Errorf("requests %v, want %v", got, want)
		}
	})
}

// paths are the requests without their statuses.
func paths(rs []request) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Method + " " + strings.TrimPrefix(r.Path, campaignPath)
		if r.Query != "" {
			out[i] += "?" + r.Query
		}
	}
	return out
}
