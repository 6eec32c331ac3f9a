package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// Lists over several pages: small page sizes make a walk cheap to set up.

func TestE2EListsWalkPages(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live, CalendarPageSize: 2, WeatherPageSize: 2}, nil)
		k := newKanka(t, srv)
		createHarptos(t, k)
		for _, name := range []string{"B", "C", "D", "E"} {
			k.ok(t, "calendar", "create", "--name", name, "--month", "M1:2", "--month", "M2:2",
				"--weekday", "x", "--weekday", "y", "-o", "id")
		}

		mark := srv.mark()
		if got := k.ok(t, "calendar", "list", "-o", "id"); got != "1\n2\n3\n4\n5\n" {
			t.Errorf("calendar list over 3 pages = %q", got)
		}
		// The first page tells how many there are; the others may come in any order.
		if sent := srv.since(mark); len(sent) != 3 || canonical(sent[0].String()) != "GET "+campaignPath+"calendars" {
			t.Errorf("walking 3 pages sent %v", sent)
		}

		mark = srv.mark()
		if got := k.ok(t, "calendar", "list", "--limit", "3", "-o", "id"); got != "1\n2\n3\n" {
			t.Errorf("--limit 3 = %q", got)
		}
		wantRequests(t, srv.since(mark), "GET calendars", "GET calendars?page=2")

		mark = srv.mark()
		if got := k.ok(t, "calendar", "list", "--page", "2", "-o", "id"); got != "3\n4\n" {
			t.Errorf("--page 2 = %q", got)
		}
		wantRequests(t, srv.since(mark), "GET calendars?page=2")

		out := k.ok(t, "calendar", "list", "-o", "ndjson", "--jq", ".name")
		if out != "Calendar of Harptos\nB\nC\nD\nE\n" {
			t.Errorf("-o ndjson --jq .name over pages = %q", out)
		}

		for day := 1; day <= 5; day++ {
			k.ok(t, "weather", "create", "--calendar", "1", "--date", fmt.Sprintf("1492-1-%d", day), "--weather", "sun")
		}
		if got := k.ok(t, "weather", "list", "--calendar", "1", "--jq", ".[].day"); got != "1\n2\n3\n4\n5\n" {
			t.Errorf("weather list over 3 pages, days %q", got)
		}
		mark = srv.mark()
		if got := k.ok(t, "weather", "list", "--calendar", "1", "--limit", "2", "-o", "id"); got != "1\n2\n" {
			t.Errorf("weather list --limit 2 = %q", got)
		}
		var pages int
		for _, r := range srv.since(mark) {
			if r.Status == 200 {
				pages++
				if strings.Contains(r.Query, "page=") {
					t.Errorf("weather list --limit 2 asked for %v, a page it does not need", r)
				}
			}
		}
		if pages != 1 {
			t.Errorf("weather list --limit 2 fetched %d pages, want 1", pages)
		}
	})
}
