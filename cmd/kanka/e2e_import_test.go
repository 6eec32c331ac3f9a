package main

import (
	"strings"
	"testing"
)

// `kanka calendar import` end to end, in both of the sandbox's modes: the
// files are the repository's examples, written from each tool's public
// description of its format.

var (
	harptosSimpleFile    = absPath("../../examples/harptos-simple-calendar.json")
	donjonFile           = absPath("../../examples/donjon-calendar.json")
	gregorianFantasyFile = absPath("../../examples/gregorian-fantasy-calendar.json")
)

// harptosSimpleWarnings are what importing the Simple Calendar Harptos
// loses, one warning a line.
const harptosSimpleWarnings = "warning: Shieldmeet: a month Simple Calendar has only in leap years became 1 leap day at the end of Midsummer in those years\n"

// An import creates the calendar (the list, the check before the write,
// the create) and its three notes as reminders of its entity; the same
// import again reads the list and the reminders and writes nothing;
// the calendar is the file's, down to its weekdays and full moon.
func TestE2EImportTwiceWritesNothingTheSecondTime(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)

		mark := srv.mark()
		r := k.run(t, "calendar", "import", harptosSimpleFile)
		want := `calendar "Calendar of Harptos": create
  reminders: 3 to create, 0 to update, 0 to delete, 0 unchanged
Plan: 1 calendar to create, 0 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged; 3 reminders to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 4 of 4 writes done, 0 failed, 0 may have been applied, 0 not tried.
`
		if r.code != 0 || r.stdout != want || r.stderr != harptosSimpleWarnings+"created calendar 1 \"Calendar of Harptos\"\n" {
			t.Fatalf("first import: want exit 0,\n%s\nand the warnings; got %s", want, r)
		}
		wantRequests(t, srv.since(mark), "GET calendars", changedCheck, "POST calendars",
			"POST entities/1/reminders", "POST entities/1/reminders", "POST entities/1/reminders")

		mark = srv.mark()
		r = k.run(t, "calendar", "import", harptosSimpleFile)
		want = `calendar "Calendar of Harptos" (id 1): unchanged
  reminders: 0 to create, 0 to update, 0 to delete, 3 unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged; 0 reminders to create, 0 to update, 0 to delete, 3 unchanged.
Nothing to change.
`
		if r.code != 0 || r.stdout != want || r.stderr != harptosSimpleWarnings {
			t.Errorf("second import: want exit 0 and\n%s\ngot %s", want, r)
		}
		wantRequests(t, srv.since(mark), "GET calendars", "GET calendars/1/reminders")

		// Ches 1492 as the file has it: Ches 1 and 11 the first day of a
		// tenday, Selûne full on the 16th, spring from the 19th, the
		// year's name.
		show := k.ok(t, "calendar", "show", "1", "--month", "Ches", "-o", "json")
		for _, part := range []string{`"year_name": "Year of Three Ships Sailing"`, `"date": "1492-4-1",
      "weekday": "First-day"`, `"date": "1492-4-11",
      "weekday": "First-day"`} {
			if !strings.Contains(show, part) {
				t.Errorf("calendar show -o json lacks %s:\n%s", part, show)
			}
		}
		grid := k.ok(t, "calendar", "show", "1")
		for _, part := range []string{"Ches 1492 DR, Year of Three Ships Sailing", " [1]", "16 O", "O    full moon: Selûne", "season starts: Spring on 19 Ches"} {
			if !strings.Contains(grid, part) {
				t.Errorf("calendar show lacks %q:\n%s", part, grid)
			}
		}
	})
}

// --dry-run reads the list and prints the plan; --print sends no request
// at all, and what it prints, applied, is what the import makes: applying
// it after the import changes nothing.
func TestE2EImportDryRunAndPrint(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)

		mark := srv.mark()
		r := k.run(t, "calendar", "import", donjonFile, "--name", "Tolrea", "--dry-run")
		want := `calendar "Tolrea": create
Plan: 1 calendar to create, 0 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
`
		if r.code != 0 || r.stdout != want || r.stderr != "" {
			t.Errorf("--dry-run: want exit 0 and\n%s\ngot %s", want, r)
		}
		wantRequests(t, srv.since(mark), "GET calendars")

		mark = srv.mark()
		doc := k.ok(t, "calendar", "import", donjonFile, "--name", "Tolrea", "--print")
		wantNoRequests(t, srv, mark)
		if !strings.HasPrefix(doc, "# Imported from "+donjonFile+" (a donjon file) by kanka calendar import.\ncalendars:\n  - name: Tolrea\n    date: \"1024-1-1\"\n") ||
			!strings.Contains(doc, "\n    start_offset: 2\n    has_leap_year: false\n") {
			t.Errorf("--print wrote:\n%s", doc)
		}
		printed := writeFile(t, t.TempDir(), "tolrea.yaml", doc)

		k.ok(t, "calendar", "import", donjonFile, "--name", "Tolrea")
		mark = srv.mark()
		r = k.run(t, "apply", "-f", printed)
		if r.code != 0 || !strings.HasSuffix(r.stdout, "Nothing to change.\n") {
			t.Errorf("applying what --print wrote after the import: want nothing to change; got %s", r)
		}
		wantRequests(t, srv.since(mark), "GET calendars")
	})
}

// --strict refuses a file that loses anything (exit 2, the list, nothing
// sent) and lets one through that loses nothing; a file kanka cannot read
// is exit 2 with nothing sent.
func TestE2EImportStrictAndBadFiles(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)

		mark := srv.mark()
		r := k.run(t, "calendar", "import", gregorianFantasyFile, "--strict")
		want := "error: " + gregorianFantasyFile + `: --strict refuses an import that loses or approximates anything, nothing was sent:
  leap years: Fantasy-Calendar's rule 400,!100,4 (97 leap years in 400) became one every 4 years from year 4; the first year where they differ is 2100
  seasons: Fantasy-Calendar's periodic seasons (a cycle of 365.2425 days) became the days they start on in 2020
  eras: 2 eras (Before Christ, Anno Domini) are not carried
`
		if r.code != 2 || r.stdout != "" || r.stderr != want {
			t.Errorf("--strict: want exit 2 and\n%s\ngot %s", want, r)
		}
		wantNoRequests(t, srv, mark)

		r = k.run(t, "calendar", "import", donjonFile, "--name", "Tolrea", "--strict")
		if r.code != 0 || !strings.Contains(r.stdout, `calendar "Tolrea": create`) || !strings.HasPrefix(r.stderr, "created calendar ") || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("--strict with nothing lost: want exit 0 and a create; got %s", r)
		}

		dir := t.TempDir()
		broken := writeFile(t, dir, "broken.json", "{\n  \"name\": \"Broken\",\n  \"static_data\": {\"year_data\": }\n}\n")
		other := writeFile(t, dir, "other.json", `{"calendars": "none"}`)
		for _, c := range []struct{ file, stderr string }{
			{broken, "error: " + broken + ": line 3, column 32: not valid JSON: invalid character '}' looking for beginning of value\n"},
			{other, "error: " + other + ": not a calendar kanka can import: expected a Fantasy-Calendar export"},
			{dir + "/missing.json", "error: open " + dir + "/missing.json: no such file or directory\n"},
		} {
			mark = srv.mark()
			r = k.run(t, "calendar", "import", c.file)
			if r.code != 2 || r.stdout != "" || !strings.HasPrefix(r.stderr, c.stderr) {
				t.Errorf("%s: want exit 2 and stderr starting\n%s\ngot %s", c.file, c.stderr, r)
			}
			wantNoRequests(t, srv, mark)
		}
	})
}
