package calimport

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/output"
	yaml "go.yaml.in/yaml/v3"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden compares got with testdata/name, rewriting it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("the calendar differs from %s:\n%s\nwant\n%s", path, got, want)
	}
}

// readTestdata reads a file of testdata.
func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// calendarYAML is the calendar in the file form (File) that `calendar
// create -f` and `kanka apply` read.
func calendarYAML(t *testing.T, in client.CalendarInput) string {
	t.Helper()
	return seedYAML(t, in, nil)
}

// seedYAML is the calendar with its reminders as a calendar of a seed
// (SeedFile), which `kanka apply` reads: File's form when reminders is nil.
func seedYAML(t *testing.T, in client.CalendarInput, reminders []client.ReminderInput) string {
	t.Helper()
	node, err := SeedFile(in, reminders)
	if err != nil {
		t.Fatal(err)
	}
	b, err := output.EncodeYAML(node)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// importFiles are the test files, each written from its format's public
// description (or taken from the tool's own source), with the format they
// are, the name they give, and what is lost converting them, in order.
var importFiles = []struct {
	file   string
	format Format
	name   string
	losses []string
}{
	{"harptos-fantasy-calendar.json", FantasyCalendar, "Calendar of Harptos", []string{
		"event descriptions: 2 descriptions are not carried (a reminder holds a comment of one line: the event's name)",
	}},
	{"harptos-simple-calendar.json", SimpleCalendar, "Calendar of Harptos", []string{
		"Shieldmeet: a month Simple Calendar has only in leap years became 1 leap day at the end of Midsummer in those years",
	}},
	{"gregorian-fantasy-calendar.json", FantasyCalendar, "Gregorian Calendar", []string{
		"leap years: Fantasy-Calendar's rule 400,!100,4 (97 leap years in 400) became one every 4 years from year 4; the first year where they differ is 2100",
		"seasons: Fantasy-Calendar's periodic seasons (a cycle of 365.2425 days) became the days they start on in 2020",
		"eras: 2 eras (Before Christ, Anno Domini) are not carried",
	}},
	{"gregorian-simple-calendar.json", SimpleCalendar, "", []string{
		"leap years: Simple Calendar's rule Gregorian (400,!100,4) (97 leap years in 400) became one every 4 years from year 4; the first year where they differ is 2100",
		"note \"Market day\" is not carried: it repeats every week, which a reminder cannot",
		"note texts: 1 text is not carried (a reminder holds a comment of one line: the note's name)",
		"repeating notes: Simple Calendar shows 2 repeating notes in the months or years before their start date too; their reminders start on it",
	}},
	{"crownlands-simple-calendar-v1.json", SimpleCalendar, "", []string{}},
	{"donjon-two-moons.json", Donjon, "", []string{}},
	// Calendarium's own presets (src/utils/presets.ts at v2.0.0), as its
	// export writes them; the Gregorian one given a current date.
	{"harptos-calendarium.json", Calendarium, "Calendar of Harptos", []string{
		"moon Selúne: its full moons differ from Calendarium's by more than a day on 89 of 95 checked (1487-1-2 to 1494-17-30)",
		"event \"Winter Solstice\" is not carried: it has no date (Calendarium shows it on no day)",
		"event \"Vernal Equinox\" is not carried: it has no date (Calendarium shows it on no day)",
		"event \"Summer Solstice\" is not carried: it has no date (Calendarium shows it on no day)",
		"event \"Autumnal Equinox\" is not carried: it has no date (Calendarium shows it on no day)",
		"event descriptions: 6 descriptions are not carried (a reminder holds a comment of one line: the event's name)",
	}},
	{"gregorian-calendarium.json", Calendarium, "Gregorian Calendar", []string{
		"leap years: Calendarium's rule 4,!100,400 (97 leap years in 400) became one every 4 years from year 4; the first year where they differ is 2100",
		"seasons: Calendarium's 4 periodic seasons, which follow each other by their lengths, are not carried",
		"eras: 2 eras (Before Christ, Anno Domini) are not carried",
		"event \"Summer Solstice\" is not carried: it has no date (Calendarium shows it on no day)",
		"event \"Winter Solstice\" is not carried: it has no date (Calendarium shows it on no day)",
		"event \"Spring Equinox\" is not carried: it has no date (Calendarium shows it on no day)",
		"event \"Autumn Equinox\" is not carried: it has no date (Calendarium shows it on no day)",
		"event \"Paschal Full Moon\" is not carried: it has no date (Calendarium shows it on no day)",
		"event \"Easter\" is not carried: it has no date (Calendarium shows it on no day)",
		"event \"Easter Monday\" is not carried: it has no date (Calendarium shows it on no day)",
		"event \"Good Friday\" is not carried: it has no date (Calendarium shows it on no day)",
		"event \"Pentecost\" is not carried: it has no date (Calendarium shows it on no day)",
		"event descriptions: 14 descriptions are not carried (a reminder holds a comment of one line: the event's name)",
	}},
}

// TestConvertFiles converts each test file, detecting its format, and
// compares the calendar with its golden file (go test -update rewrites
// them) and the losses exactly.
func TestConvertFiles(t *testing.T) {
	for _, f := range importFiles {
		t.Run(f.file, func(t *testing.T) {
			data := readTestdata(t, f.file)
			format, err := Detect(data)
			if err != nil || format != f.format {
				t.Fatalf("Detect: %q, %v; want %q", format, err, f.format)
			}
			res, err := Convert(data, Auto)
			if err != nil {
				t.Fatal(err)
			}
			if res.Format != f.format || res.Name != f.name || res.Calendar.Name != f.name {
				t.Errorf("format %q, name %q (calendar %q); want %q, %q", res.Format, res.Name, res.Calendar.Name, f.format, f.name)
			}
			if !slices.Equal(res.Losses, f.losses) {
				t.Errorf("losses:\n  %s\nwant:\n  %s", strings.Join(res.Losses, "\n  "), strings.Join(f.losses, "\n  "))
			}
			golden(t, strings.TrimSuffix(f.file, ".json")+".golden.yaml", seedYAML(t, res.Calendar, res.Reminders))
			// The same with the format named: --format gives what auto found.
			named, err := Convert(data, f.format)
			if err != nil || calendarYAML(t, named.Calendar) != calendarYAML(t, res.Calendar) {
				t.Errorf("with --format %s: %v, or another calendar", f.format, err)
			}
		})
	}
}

// TestConvertedCalendarReadsBack: the converted calendar, written in the
// file form, reads back (as apply and create -f read it) as the same.
func TestConvertedCalendarReadsBack(t *testing.T) {
	for _, f := range importFiles {
		res, err := Convert(readTestdata(t, f.file), Auto)
		if err != nil {
			t.Fatal(err)
		}
		text := calendarYAML(t, res.Calendar)
		var back client.CalendarInput
		if err := yaml.Unmarshal([]byte(text), &back); err != nil {
			t.Fatalf("%s: %v", f.file, err)
		}
		if changes := client.CalendarFields.Changes(&res.Calendar, &back); len(changes) > 0 {
			t.Errorf("%s: read back differs: %v", f.file, changes)
		}
	}
}
