package main

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Hostile lists and answers: a server that lies about the size of a list,
// whose pages never end or repeat, whose answer never ends, that is down
// behind an HTML page, or that redirects to itself. Every run ends within
// its bound, with exit 1 (never Go's 2 of a panic), one line on stderr that
// names what the server did, the requests that were needed and no more, and
// never the token.

// hostileBound is how long a hostile run may take before it counts as
// hung: the retries of a 5xx wait about 3.5 s at most, and the heaviest
// run, an 8 MiB list read by a race-detector binary (4 s alone), passed
// 20 s on a loaded two-core machine. What a run costs is measured by the
// benchmarks, not here.
const hostileBound = time.Minute

// hostilePage writes a page of calendars with the ids given, the meta as
// written (any claim) and links.next (none when "").
func hostilePage(ids []int, meta, next string) string {
	items := make([]string, len(ids))
	for i, id := range ids {
		items[i] = fmt.Sprintf(`{"id":%d,"name":"Calendar %d"}`, id, id)
	}
	nextJSON := "null"
	if next != "" {
		nextJSON = strconv.Quote(next)
	}
	return fmt.Sprintf(`{"data":[%s],"links":{"next":%s},"meta":{%s}}`, strings.Join(items, ","), nextJSON, meta)
}

// requestedPage is the page a request asks for.
func requestedPage(r *http.Request) int {
	if n, err := strconv.Atoi(r.URL.Query().Get("page")); err == nil {
		return n
	}
	return 1
}

// nextLink is the links.next a server gives after page n.
func nextLink(r *http.Request, n int) string {
	return fmt.Sprintf("http://%s%s?page=%d", r.Host, r.URL.Path, n+1)
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(body))
}

// pageRequests are n requests of the calendar list: page 1, then ?page=2...
func pageRequests(from, to int) []string {
	var out []string
	for n := from; n <= to; n++ {
		if n == 1 {
			out = append(out, "GET calendars")
		} else {
			out = append(out, "GET calendars?page="+strconv.Itoa(n))
		}
	}
	return out
}

// A last page that cannot be true ends the list after page 1, before
// anything is printed: today 2^62 and 2^63-1 panic (exit 2), 10^12 runs out
// of memory and 10^9 sends requests without end.
func TestE2EHostilePagesLastPageLies(t *testing.T) {
	t.Parallel()
	overCap := func(n string) string {
		return "error: the server claims the list has " + n + " pages (meta.last_page), more than the 10000 pages a list may have; stopped\n"
	}
	for _, tc := range []struct {
		name, meta, want string
	}{
		{"2^62", `"last_page":4611686018427387904,"per_page":3,"total":3`, overCap("4611686018427387904")},
		{"2^63-1", fmt.Sprintf(`"last_page":%d,"per_page":3,"total":%d`, math.MaxInt64, math.MaxInt64), overCap("9223372036854775807")},
		{"10^12", `"last_page":1000000000000,"per_page":3`, overCap("1000000000000")},
		{"10^9 with a total to match", `"last_page":1000000000,"per_page":3,"total":3000000000`, overCap("1000000000")},
		{"more pages than the total fills", `"last_page":50,"per_page":3,"total":7`,
			"error: the server claims the list has 50 pages (meta.last_page), but 7 items (meta.total) at 3 a page fill 3; stopped\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
				n := requestedPage(r)
				writeJSON(w, 200, hostilePage([]int{3*n - 2, 3*n - 1, 3 * n}, tc.meta, nextLink(r, n)))
			})
			k := newHostileKanka(t, srv)
			r := k.runWithin(t, hostileBound, "", "calendar", "list", "-o", "id")
			wantRun(t, r, 1, "", tc.want)
			wantRequests(t, srv.since(0), "GET calendars")
		})
	}
}

// Without a last page, links.next that never ends stops at 10,000 pages,
// with an error.
func TestE2EHostilePagesNextNeverEnds(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
		n := requestedPage(r)
		writeJSON(w, 200, hostilePage([]int{n}, `"per_page":1`, nextLink(r, n)))
	})
	k := newHostileKanka(t, srv)
	r := k.runWithin(t, 3*hostileBound, "", "calendar", "list", "-o", "json", "--jq", "length")
	wantRun(t, r, 1, "", "error: the server's list did not end after 10000 pages (page 10000 still has a links.next); stopped\n")
	if sent := srv.since(0); len(sent) != 10000 || sent[9999].Query != "page=10000" {
		t.Errorf("%d requests, want 10000", len(sent))
	}
}

// A server that answers every page with the same items is stopped at the
// first repeat.
func TestE2EHostilePagesSamePageAgain(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, hostilePage([]int{1, 2, 3}, `"per_page":3`, nextLink(r, requestedPage(r))))
	})
	k := newHostileKanka(t, srv)
	r := k.runWithin(t, hostileBound, "", "calendar", "list", "-o", "id")
	wantRun(t, r, 1, "1\n2\n3\n", "error: the server answered page 2 with the items of an earlier page again; stopped\n")
	wantRequests(t, srv.since(0), pageRequests(1, 2)...)
}

// The walk by links.next: an empty page ends the list; an error on a page
// ends it with exit 1, after the items of the pages before; a --limit that
// ends on a page boundary asks for no further page.
func TestE2EHostilePagesByNext(t *testing.T) {
	t.Parallel()
	// Three a page, for ever, except what fail says of a page.
	serve := func(fail func(n int) (int, string)) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			n := requestedPage(r)
			if status, body := fail(n); status != 0 {
				writeJSON(w, status, body)
				return
			}
			writeJSON(w, 200, hostilePage([]int{3*n - 2, 3*n - 1, 3 * n}, `"per_page":3`, nextLink(r, n)))
		}
	}
	t.Run("empty page", func(t *testing.T) {
		t.Parallel()
		srv := startHostile(t, serve(func(n int) (int, string) {
			if n >= 3 {
				return 200, `{"data":[],"links":{"next":"http://example.invalid/?page=4"},"meta":{"per_page":3}}`
			}
			return 0, ""
		}))
		r := newHostileKanka(t, srv).runWithin(t, hostileBound, "", "calendar", "list", "-o", "id")
		wantRun(t, r, 0, "1\n2\n3\n4\n5\n6\n", "")
		wantRequests(t, srv.since(0), pageRequests(1, 3)...)
	})
	t.Run("error on page 3", func(t *testing.T) {
		t.Parallel()
		srv := startHostile(t, serve(func(n int) (int, string) {
			if n == 3 {
				return 500, `{"code":500,"error":"Unhandled API error"}`
			}
			return 0, ""
		}))
		r := newHostileKanka(t, srv).runWithin(t, hostileBound, "", "calendar", "list", "-o", "id")
		wantRun(t, r, 1, "1\n2\n3\n4\n5\n6\n",
			"error: page 3: listing the calendars of campaign 1: 500 Unhandled API error\n")
		// Page 3 is tried 4 times (3 retries), no page after it.
		wantRequests(t, srv.since(0), "GET calendars", "GET calendars?page=2",
			"GET calendars?page=3", "GET calendars?page=3", "GET calendars?page=3", "GET calendars?page=3")
	})
	t.Run("limit on a page boundary", func(t *testing.T) {
		t.Parallel()
		srv := startHostile(t, serve(func(int) (int, string) { return 0, "" }))
		k := newHostileKanka(t, srv)
		r := k.runWithin(t, hostileBound, "", "calendar", "list", "--limit", "6", "-o", "id")
		wantRun(t, r, 0, "1\n2\n3\n4\n5\n6\n", "")
		wantRequests(t, srv.since(0), pageRequests(1, 2)...)
	})
}

// A null in a list is an error, not a crash of the printer.
func TestE2EHostilePagesNullItem(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, `{"data":[null],"meta":{"last_page":1}}`)
	})
	r := newHostileKanka(t, srv).runWithin(t, hostileBound, "", "calendar", "list", "-o", "id")
	wantRun(t, r, 1, "", "error: reading page 1: item 1 is null\n")
	wantRequests(t, srv.since(0), "GET calendars")
}

// An answer of 40 MiB (a valid-looking list that goes on) is read up to
// 32 MiB, then refused, once: not held whole, not retried.
func TestE2EHostilePagesHugeAnswer(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		chunk := []byte(strings.Repeat(`{"id":1,"name":"x"},`, 1<<12)) // 80 KiB
		if _, err := w.Write([]byte(`{"data":[`)); err != nil {
			return
		}
		for sent := 0; sent < 40<<20; sent += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return // the client stopped reading
			}
		}
		_, _ = w.Write([]byte(`{"id":1}]}`))
	})
	r := newHostileKanka(t, srv).runWithin(t, hostileBound, "", "calendar", "list", "-o", "id")
	wantRun(t, r, 1, "", "error: the server's answer to GET "+srv.Root+"/campaigns/1/calendars is larger than 32 MiB; stopped reading\n")
	wantRequests(t, srv.since(0), "GET calendars")
}

// A 503 answered with an HTML page says the service is unavailable, not
// that the URL may be wrong; --debug shows the page's title.
func TestE2EHostilePagesServiceUnavailable(t *testing.T) {
	t.Parallel()
	down := func(t *testing.T) (*apiServer, string) {
		srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=UTF-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte("<!DOCTYPE html>\n<html><head><title>Kanka is down for maintenance</title></head><body>Back soon</body></html>"))
		})
		return srv, "error: listing the calendars of campaign 1: 503 Service Unavailable: the service is unavailable; try again later\n"
	}
	t.Run("plain", func(t *testing.T) {
		t.Parallel()
		srv, want := down(t)
		r := newHostileKanka(t, srv).runWithin(t, hostileBound, "", "calendar", "list")
		wantRun(t, r, 1, "", want)
		// Retried 3 times, as every 5xx of a GET.
		wantRequests(t, srv.since(0), "GET calendars", "GET calendars", "GET calendars", "GET calendars")
	})
	t.Run("debug", func(t *testing.T) {
		t.Parallel()
		srv, want := down(t)
		r := newHostileKanka(t, srv).runWithin(t, hostileBound, "", "calendar", "list", "--debug")
		title := "< page title: \"Kanka is down for maintenance\"\n"
		if r.code != 1 || strings.Count(r.stderr, title) != 4 || !strings.HasSuffix(withoutDebugLines(r.stderr), "\n"+want) {
			t.Errorf("want exit 1, the title 4 times and the error last; got %s", r)
		}
		wantNoSecret(t, r)
		wantRequests(t, srv.since(0), "GET calendars", "GET calendars", "GET calendars", "GET calendars")
	})
}

// A server that redirects to itself is followed 10 times, then the command
// ends with exit 1.
func TestE2EHostilePagesRedirectLoop(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
		if n := requestedPage(r); n < 100 { // a client without a cap would end here, and fail
			http.Redirect(w, r, fmt.Sprintf("%s?page=%d", r.URL.Path, n+1), http.StatusFound)
			return
		}
		writeJSON(w, 200, hostilePage([]int{1}, `"last_page":1`, ""))
	})
	r := newHostileKanka(t, srv).runWithin(t, hostileBound, "", "calendar", "list", "-o", "id")
	wantRun(t, r, 1, "", "error: stopped after 10 redirects\n")
	wantRequests(t, srv.since(0), pageRequests(1, 10)...)
}
