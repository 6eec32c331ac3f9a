package main

import (
	"net/url"
	"os"
	"strings"
	"testing"
)

// The presets of well-known settings, end to end: listed and printed with
// no server at all, created with flags over them, applied from a seed
// twice (the second run writes nothing), and an unknown one refused.

// presetFile is the file of a preset, as the binary embeds it.
func presetFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(absPath("../../internal/presets/" + name + ".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Without a server, a token or a configuration file.
func TestE2EPresetsNeedNoServer(t *testing.T) {
	t.Parallel()
	k := newKanka(t, nil)
	want := `NAME       SETTING                   MONTHS  DAYS  WEEKDAYS  MOONS  YEAR
eberron    Eberron                   12      336   7         12     998
exandria   Exandria (Critical Role)  11      328   7         2      836
golarion   Golarion (Pathfinder)     12      365   7         1      4725
gregorian  Earth                     12      365   7         1      2026
greyhawk   Greyhawk                  16      364   7         2      591
harptos    Forgotten Realms          17      365   10        1      1492
`
	if got := k.ok(t, "calendar", "presets"); got != want {
		t.Errorf("calendar presets:\n%s\nwant:\n%s", got, want)
	}
	if got := k.ok(t, "calendar", "presets", "harptos", "-o", "yaml"); got != presetFile(t, "harptos") {
		t.Errorf("calendar presets harptos -o yaml is not the preset's file:\n%s", got)
	}
	if got := k.ok(t, "calendar", "presets", "-o", "json", "--jq", `.[] | select(.moons > 1) | "\(.name) \(.moons)"`); got != "eberron 12\nexandria 2\ngreyhawk 2\n" {
		t.Errorf("presets with several moons: %q", got)
	}
	r := k.fails(t, 2, "calendar", "presets", "gregorain")
	if want := "error: unknown preset \"gregorain\"; did you mean \"gregorian\"? (one of eberron, exandria, golarion, gregorian, greyhawk, harptos)\n"; r.stderr != want || r.stdout != "" {
		t.Errorf("unknown preset: %s", r)
	}
}

func TestE2ECalendarCreateFromPreset(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)

		mark := srv.mark()
		k.ok(t, "calendar", "presets")
		k.ok(t, "calendar", "presets", "eberron", "-o", "yaml")
		wantNoRequests(t, srv, mark)

		// The preset with flags over it: another name, another date (by
		// month name, read with the preset's months), private.
		mark = srv.mark()
		created := decodeObject(t, k.ok(t, "calendar", "create", "--preset", "harptos", "--name", "Harptos (1372)", "--date", "1372-Hammer-1", "--private", "-o", "json"))
		wantRequests(t, srv.since(mark), "GET calendars?"+url.Values{"name": {"Harptos (1372)!"}}.Encode(), "POST calendars")
		months, _ := created["months"].([]any)
		moons, _ := created["moons"].([]any)
		if created["name"] != "Harptos (1372)" || created["date"] != "1372-1-1" || created["is_private"] != true || created["type"] != "Forgotten Realms" || len(months) != 17 || len(moons) != 1 {
			t.Errorf("created %v", created)
		}
		// The calendar as made shows the preset's canon: Selûne full on
		// Hammer 1, 1372, a First-day (in ASCII: the tests have no UTF-8
		// locale).
		show := k.ok(t, "calendar", "show", "Harptos (1372)", "--no-weather")
		if !strings.Contains(show, "Hammer (Deepwinter) 1372 DR\n Fir ") || !strings.Contains(show, "\n [1]O   2 ") || !strings.Contains(show, "O    full moon: Selûne\n") {
			t.Errorf("calendar show:\n%s", show)
		}

		// The preset alone: its own name.
		if got := k.ok(t, "calendar", "create", "--preset", "gregorian", "-o", "id"); got != "2\n" {
			t.Errorf("create --preset gregorian printed %q", got)
		}
		if got := k.ok(t, "calendar", "get", "Gregorian calendar", "-o", "json", "--jq", `"\(.date) \(.start_offset) \(.moons[0].offset)"`); got != "2026-1-1 5 287\n" {
			t.Errorf("the gregorian preset as stored: %q", got)
		}

		// Refused before any request: an unknown preset, and -f beside one.
		mark = srv.mark()
		r := k.fails(t, 2, "calendar", "create", "--preset", "harptso", "--name", "X")
		if want := "error: unknown preset \"harptso\"; did you mean \"harptos\"? (one of eberron, exandria, golarion, gregorian, greyhawk, harptos)\n"; !strings.HasPrefix(r.stderr, want) {
			t.Errorf("unknown preset: want stderr starting\n%s\ngot %s", want, r)
		}
		r = k.fails(t, 2, "calendar", "create", "--preset", "harptos", "-f", harptosFile)
		if want := "error: --preset and -f cannot be used together: a preset is a file already (calendar presets harptos -o yaml writes it, to edit)\n"; !strings.HasPrefix(r.stderr, want) {
			t.Errorf("--preset with -f: want stderr starting\n%s\ngot %s", want, r)
		}
		wantNoRequests(t, srv, mark)
	})
}

// A seed of presets: the file's keys over them. Applied twice, the second
// run finds every calendar as the first made it and writes nothing.
func TestE2EApplyPresetsTwiceWritesOnce(t *testing.T) {
	t.Parallel()
	seedText := `calendars:
  - preset: harptos
    name: Waterdeep
    date: 1492-Ches-3
    weather:
      - {date: 1492-Ches-3, weather: sun}
  - preset: greyhawk
  - preset: eberron
  - preset: golarion
  - preset: gregorian
  - preset: exandria
`
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		seed := writeFile(t, t.TempDir(), "seed.yaml", seedText)

		r := k.run(t, "apply", "-f", seed)
		if r.code != 0 || !strings.HasSuffix(r.stdout, "Applied: 7 of 7 writes done, 0 failed, 0 may have been applied, 0 not tried.\n") ||
			r.stderr != "created calendar 1 \"Waterdeep\"\ncreated calendar 2 \"Greyhawk Calendar\"\ncreated calendar 3 \"Galifar Calendar\"\n"+
				"created calendar 4 \"Absalom Reckoning\"\ncreated calendar 5 \"Gregorian calendar\"\ncreated calendar 6 \"Exandrian Calendar\"\n" {
			t.Fatalf("first apply: %s", r)
		}
		if got := k.ok(t, "calendar", "list", "--jq", `.[] | "\(.id) \(.name) \(.date)"`); got != "1 Waterdeep 1492-4-3\n2 Greyhawk Calendar 591-1-1\n3 Galifar Calendar 998-1-1\n4 Absalom Reckoning 4725-1-1\n5 Gregorian calendar 2026-1-1\n6 Exandrian Calendar 836-1-1\n" {
			t.Errorf("the calendars made:\n%s", got)
		}

		mark := srv.mark()
		r = k.run(t, "apply", "-f", seed)
		want := `calendar "Waterdeep" (id 1): unchanged
  weather: 0 to create, 0 to update, 0 to delete, 1 unchanged
calendar "Greyhawk Calendar" (id 2): unchanged
calendar "Galifar Calendar" (id 3): unchanged
calendar "Absalom Reckoning" (id 4): unchanged
calendar "Gregorian calendar" (id 5): unchanged
calendar "Exandrian Calendar" (id 6): unchanged
Plan: 0 calendars to create, 0 to update, 6 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 1 unchanged.
Nothing to change.
`
		if r.code != 0 || r.stdout != want || r.stderr != "" {
			t.Errorf("re-apply: want exit 0 and\n%s\ngot %s", want, r)
		}
		if w := writesOf(srv.since(mark)); len(w) != 0 {
			t.Errorf("re-apply wrote %v", w)
		}

		// An unknown preset is exit 2 at its line, and nothing is sent.
		bad := writeFile(t, t.TempDir(), "bad.yaml", "calendars:\n  - name: Elsewhere\n    preset: greyhwak\n")
		mark = srv.mark()
		r = k.fails(t, 2, "apply", "-f", bad)
		if want := "error: " + bad + ": line 3: calendars[1].preset: unknown preset \"greyhwak\"; did you mean \"greyhawk\"? (one of eberron, exandria, golarion, gregorian, greyhawk, harptos)\n"; r.stderr != want || r.stdout != "" {
			t.Errorf("unknown preset: want\n%s\ngot %s", want, r)
		}
		wantNoRequests(t, srv, mark)
	})
}
