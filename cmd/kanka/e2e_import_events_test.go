package main

import (
	"strconv"
	"strings"
	"testing"
)

// The events and notes of every import fixture end to end, in both of the
// sandbox's modes: what became a reminder of the calendar's own entity
// (as the service stores it: id, entity, date, comment, repeat, length,
// colour), what was named as not carried (one warning line each), and a
// second import that reads the reminders and writes nothing.

var importEventFixtures = []struct {
	file string
	// warnings are the event and note lines of stderr, in order (the
	// calendar's own losses are left out).
	warnings []string
	stored   string
}{
	{
		// Written for these tests: a whole month, a month and day, a day
		// from a year, a moon's full phase from a date, a date lasting
		// three days; a weekday rule, an event after another, a random one.
		file: absPath("testdata/harptos-events-fantasy-calendar.json"),
		warnings: []string{
			`event "Market day" is not carried: it follows weekdays or weeks`,
			`event "Feast after the battle" is not carried: it falls relative to another event`,
			`event "Storm" is not carried: it happens at random`,
			"event descriptions: 1 description is not carried (a reminder holds a comment of one line: the event's name)",
			"moon events: 1 event on a moon's phase can fall a day off Fantasy-Calendar's, which marks every day of the phase's band (Kanka one day)",
		},
		stored: "1 1 0-6-1 Greengrass year 1 #2e7d32\n" +
			"2 1 0-10-1 Midsummer night year 1 #4a148c\n" +
			"3 1 1492-1-10 Tenday market month 1 null\n" +
			"4 1 1492-4-1 Selûne is full 1_f 1 #0288d1\n" +
			"5 1 1492-4-10 The coronation null 3 null\n",
	},
	{
		// Its two festivals, yearly from year 0 (the calendar has one).
		file:     absPath("../../internal/calimport/testdata/harptos-fantasy-calendar.json"),
		warnings: []string{"event descriptions: 2 descriptions are not carried (a reminder holds a comment of one line: the event's name)"},
		stored:   "1 1 0-6-1 Greengrass year 1 #2e7d32\n2 1 0-16-1 Feast of the Moon year 1 null\n",
	},
	{
		file:   gregorianFantasyFile,
		stored: "1 1 1-1-1 New Year's Day year 1 null\n2 1 1-6-21 Midsummer year 1 null\n3 1 1-12-31 New Year's Eve year 1 null\n",
	},
	{
		file:   harptosSimpleFile,
		stored: "1 1 1492-6-1 Greengrass null 1 null\n2 1 1492-10-1 Midsummer null 1 null\n3 1 1492-16-1 The Feast of the Moon null 1 null\n",
	},
	{
		// A yearly note, a span of three days, a weekly note (lost).
		file: absPath("../../internal/calimport/testdata/gregorian-simple-calendar.json"),
		warnings: []string{
			`note "Market day" is not carried: it repeats every week, which a reminder cannot`,
			"note texts: 1 text is not carried (a reminder holds a comment of one line: the note's name)",
			"repeating notes: Simple Calendar shows 2 repeating notes in the months or years before their start date too; their reminders start on it",
		},
		stored: "1 1 2024-1-1 New Year's Day year 1 #148e94\n2 1 2024-12-25 Christmas year 1 #148e94\n3 1 2024-2-10 The winter fair null 3 #148e94\n",
	},
	{
		file:   absPath("../../internal/calimport/testdata/crownlands-simple-calendar-v1.json"),
		stored: "1 1 712-3-1 The king's coronation null 1 null\n",
	},
	{
		// The example with notes: one on a day, one cleared (none), one
		// in a negative year, one under a key that is no day (lost).
		file: absPath("testdata/tolrea-notes-donjon.json"),
		warnings: []string{
			`note "Midsummer revels" is not carried: its day "midsummer" is no date (year-month-day)`,
			"celestial events: donjon draws them on its page at random (an eclipse, a shooting star...); they are not in the file, and not carried",
		},
		stored: "1 1 -5-1-1 The founding null 1 null\n2 1 1024-3-7 The fair &amp; market null 1 null\n",
	},
	{
		// Calendarium's Harptos preset: its festivals yearly, its
		// solstices and equinoxes undated (lost).
		file: absPath("../../internal/calimport/testdata/harptos-calendarium.json"),
		warnings: []string{
			`event "Winter Solstice" is not carried: it has no date (Calendarium shows it on no day)`,
			`event "Vernal Equinox" is not carried: it has no date (Calendarium shows it on no day)`,
			`event "Summer Solstice" is not carried: it has no date (Calendarium shows it on no day)`,
			`event "Autumnal Equinox" is not carried: it has no date (Calendarium shows it on no day)`,
			"event descriptions: 6 descriptions are not carried (a reminder holds a comment of one line: the event's name)",
		},
		stored: "1 1 4-10-2 Shieldmeet year 1 #9b2c2c\n2 1 1-16-1 Feast of the Moon year 1 #9b2c2c\n3 1 1-13-1 Highharvesttide year 1 #9b2c2c\n" +
			"4 1 1-6-1 Greengrass year 1 #9b2c2c\n5 1 1-2-1 Midwinter year 1 #9b2c2c\n6 1 1-10-1 Midsummer year 1 #9b2c2c\n",
	},
	{
		// Calendarium's Gregorian preset: its holidays yearly, a one-off
		// day; its moveable feasts, solstices and equinoxes undated (lost).
		file: absPath("../../internal/calimport/testdata/gregorian-calendarium.json"),
		warnings: []string{
			`event "Summer Solstice" is not carried: it has no date (Calendarium shows it on no day)`,
			`event "Winter Solstice" is not carried: it has no date (Calendarium shows it on no day)`,
			`event "Spring Equinox" is not carried: it has no date (Calendarium shows it on no day)`,
			`event "Autumn Equinox" is not carried: it has no date (Calendarium shows it on no day)`,
			`event "Paschal Full Moon" is not carried: it has no date (Calendarium shows it on no day)`,
			`event "Easter" is not carried: it has no date (Calendarium shows it on no day)`,
			`event "Easter Monday" is not carried: it has no date (Calendarium shows it on no day)`,
			`event "Good Friday" is not carried: it has no date (Calendarium shows it on no day)`,
			`event "Pentecost" is not carried: it has no date (Calendarium shows it on no day)`,
			"event descriptions: 14 descriptions are not carried (a reminder holds a comment of one line: the event's name)",
		},
		stored: "1 1 1-12-25 Christmas year 1 #9b2c2c\n2 1 1-1-1 New Year's Day year 1 #0d47a1\n3 1 1-2-14 Valentine's Day year 1 #0d47a1\n" +
			"4 1 1-10-31 Halloween year 1 #0d47a1\n5 1 1582-10-15 Introduction of the Gregorian Calendar null 1 #455a64\n",
	},
}

// eventWarnings are the lines of stderr that speak of events and notes.
func eventWarnings(stderr string) []string {
	var out []string
	for _, line := range strings.Split(stderr, "\n") {
		line, ok := strings.CutPrefix(line, "warning: ")
		if ok && (strings.HasPrefix(line, "event") || strings.HasPrefix(line, "note") || strings.HasPrefix(line, "repeating notes") ||
			strings.HasPrefix(line, "moon events") || strings.HasPrefix(line, "celestial events")) {
			out = append(out, line)
		}
	}
	return out
}

func TestE2EImportCarriesEachFixturesEvents(t *testing.T) {
	t.Parallel()
	for _, f := range importEventFixtures {
		name := f.file[strings.LastIndex(f.file, "/")+1:]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			eachMode(t, func(t *testing.T, live bool) {
				srv := startSandbox(t, live)
				k := newKanka(t, srv)
				n := strings.Count(f.stored, "\n")

				mark := srv.mark()
				r := k.run(t, "calendar", "import", f.file, "--name", "Imported")
				if r.code != 0 || strings.Join(eventWarnings(r.stderr), "\n") != strings.Join(f.warnings, "\n") ||
					!strings.Contains(r.stdout, "\n  reminders: "+strconv.Itoa(n)+" to create, 0 to update, 0 to delete, 0 unchanged\n") {
					t.Fatalf("import: want exit 0, %d reminders to create and the warnings\n  %s\ngot %s", n, strings.Join(f.warnings, "\n  "), r)
				}
				want := []string{"GET calendars", changedCheck, "POST calendars"}
				for range n {
					want = append(want, "POST entities/1/reminders")
				}
				wantRequests(t, srv.since(mark), want...)
				if got := remindersOf(t, k, "1"); got != f.stored {
					t.Errorf("stored:\n%s\nwant:\n%s", got, f.stored)
				}

				mark = srv.mark()
				r = k.run(t, "calendar", "import", f.file, "--name", "Imported")
				if r.code != 0 || !strings.Contains(r.stdout, "\n  reminders: 0 to create, 0 to update, 0 to delete, "+strconv.Itoa(n)+" unchanged\n") ||
					!strings.HasSuffix(r.stdout, "Nothing to change.\n") {
					t.Errorf("second import: want nothing to change; got %s", r)
				}
				wantRequests(t, srv.since(mark), "GET calendars", "GET calendars/1/reminders")
				if got := remindersOf(t, k, "1"); got != f.stored {
					t.Errorf("after the second import:\n%s\nwant:\n%s", got, f.stored)
				}
			})
		})
	}
}

// --strict refuses a file with an event it cannot carry: exit 2, each one
// named, nothing sent; --print writes the reminders it would make, and
// applied after the import it changes nothing.
func TestE2EImportStrictNamesTheEventsLost(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		file := absPath("testdata/harptos-events-fantasy-calendar.json")

		mark := srv.mark()
		r := k.run(t, "calendar", "import", file, "--strict")
		want := "error: " + file + `: --strict refuses an import that loses or approximates anything, nothing was sent:
  event "Market day" is not carried: it follows weekdays or weeks
  event "Feast after the battle" is not carried: it falls relative to another event
  event "Storm" is not carried: it happens at random
  event descriptions: 1 description is not carried (a reminder holds a comment of one line: the event's name)
  moon events: 1 event on a moon's phase can fall a day off Fantasy-Calendar's, which marks every day of the phase's band (Kanka one day)
`
		if r.code != 2 || r.stdout != "" || r.stderr != want {
			t.Errorf("--strict: want exit 2 and\n%s\ngot %s", want, r)
		}
		wantNoRequests(t, srv, mark)

		doc := k.ok(t, "calendar", "import", file, "--print")
		wantNoRequests(t, srv, mark)
		for _, line := range []string{
			"#   event \"Storm\" is not carried: it happens at random\n",
			"    reminders:\n      - {date: 0-6-1, comment: Greengrass, repeat: year, colour: '#2e7d32', visibility: all}\n",
			"      - {date: \"1492-4-1\", comment: Selûne is full, repeat: 'Selûne:full', colour: '#0288d1', visibility: all}\n",
		} {
			if !strings.Contains(doc, line) {
				t.Errorf("--print lacks %q:\n%s", line, doc)
			}
		}

		k.ok(t, "calendar", "import", file)
		printed := writeFile(t, t.TempDir(), "printed.yaml", doc)
		mark = srv.mark()
		r = k.run(t, "apply", "-f", printed, "--prune")
		if r.code != 0 || !strings.Contains(r.stdout, "  reminders: 0 to create, 0 to update, 0 to delete, 5 unchanged\n") || !strings.HasSuffix(r.stdout, "Nothing to change.\n") {
			t.Errorf("applying what --print wrote after the import: want nothing to change; got %s", r)
		}
		wantRequests(t, srv.since(mark), "GET calendars", "GET calendars/1/reminders")
	})
}
