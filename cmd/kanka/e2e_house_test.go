package main

import (
	"strings"
	"testing"
)

// The house: the global -y reaches delete (no local --yes shadows it), and
// a name differing only in case finds its calendar, or suggests the near one.
func TestE2EHouseGlobalYesAndNames(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		k.ok(t, "weather", "create", "--calendar", "1", "--date", "1492-1-1", "--weather", "sun")

		if got := k.ok(t, "calendar", "get", "calendar of harptos", "-o", "id"); got != "1\n" {
			t.Errorf("case-insensitive name: %q, want 1", got)
		}
		mark := srv.mark()
		r := k.run(t, "calendar", "get", "harptos")
		if r.code != 4 || r.stderr != "error: no calendar named \"harptos\"; did you mean \"Calendar of Harptos\" (id 1)?\n" {
			t.Errorf("near name: want exit 4 and the suggestion; %s", r)
		}
		if sent := srv.since(mark); len(sent) != 1 {
			t.Errorf("the suggestion took %d requests, want the one lookup: %v", len(sent), sent)
		}

		r = k.run(t, "-y", "weather", "delete", "--calendar", "1", "1")
		if r.code != 0 || !strings.HasPrefix(r.stderr, "deleted weather 1") {
			t.Errorf("kanka -y weather delete: want exit 0; %s", r)
		}
		r = k.run(t, "calendar", "list", "--limit", "0")
		if r.code != 2 || !strings.Contains(r.stderr, "--limit 0: give a number above 0") {
			t.Errorf("calendar list --limit 0: want exit 2; %s", r)
		}
		r = k.run(t, "weather", "list", "--calendar", "1", "--limit", "0")
		if r.code != 2 || !strings.Contains(r.stderr, "--limit 0: give a number above 0") {
			t.Errorf("weather list --limit 0: want exit 2; %s", r)
		}
	})
}
