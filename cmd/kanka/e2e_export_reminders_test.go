package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// `kanka calendar export --format TOOL` carries the calendar's reminders,
// end to end in both of the sandbox's modes: reminders made with `kanka
// reminder create` (a yearly festival, a monthly market with an end, a
// moon's full phase, a fair of five days, and a birthday of Elminster, an
// entity of the state file), exported to each tool, with and without
// --all-reminders, and to Calendarium's notes with --notes.

// reminderWarnings are what exporting them says of the reminders, by
// format, after the calendar's own warnings (exportWarnings): with
// --all-reminders, Elminster's yearly birthday is said too.
var reminderWarnings = map[string][]string{
	"fantasy-calendar": {
		`warning: reminder 3 "Selûne is full" (Selûne full from 1492-1-1): Fantasy-Calendar shows a moon's phase on the days nearest its instant (a band of about 1.27 days), Kanka on the day the instant falls in; the first day that differs, counting from the current date, is 1492-4-2`,
		`warning: type: Fantasy-Calendar has no kinds of event: reminder 5 (birth) is written as any other`,
	},
	"simple-calendar": {
		`warning: reminder 5 "Born" (every year from 1350-4-12): Simple Calendar shows a yearly note in every year, with no first or last, from the same month and day to the same month and day; the first day that differs, counting from the current date, is 1349-4-12`,
		`warning: reminder 1 "Midsummer feast" (every year from 1491-10-1): Simple Calendar shows a yearly note in every year, with no first or last, from the same month and day to the same month and day; the first day that differs, counting from the current date, is 1490-10-1`,
		`warning: reminder 3 "Selûne is full" (Selûne full from 1492-1-1): not written: Simple Calendar's notes have no moon repeat`,
		`warning: reminder 2 "Market day" (every month from 1492-4-5 until 1494): Simple Calendar shows a monthly note in every month, with no first or last, from the same day to the same day; the first day that differs, counting from the current date, is 1492-3-5`,
		`warning: type: Simple Calendar has no kinds of note: reminder 5 (birth) is written as any other`,
	},
	"calendarium": {
		`warning: reminder 3 "Selûne is full" (Selûne full from 1492-1-1): not written: Calendarium has no moon repeat`,
		`warning: visibility: Calendarium shows every event to whoever opens it: reminder 4 seen by some only (admin) is written as any other`,
		`warning: type: Calendarium has no kinds of event: reminder 5 (birth) is written as any other`,
	},
	"calendarium --notes": {
		`warning: reminder 3 "Selûne is full" (Selûne full from 1492-1-1): not written: Calendarium has no moon repeat`,
		`warning: reminder 2 "Market day" (every month from 1492-4-5 until 1494): a note's date repeats a monthly event in every month of its years (its own year's months before its own too), the days within each month; the first day that differs, counting from the current date, is 1492-3-5`,
		`warning: visibility: Calendarium shows every event to whoever opens it: reminder 4 seen by some only (admin) is written as any other`,
		`warning: type: Calendarium has no kinds of event: reminder 5 (birth) is written as any other`,
	},
}

// wantWarnings fails unless stderr is the calendar's warnings, then the
// reminders' (of the calendar's own, or all), then the lines after.
func wantWarnings(t *testing.T, what, stderr, calendar string, reminders []string, all bool, after ...string) {
	t.Helper()
	var lines []string
	for _, l := range reminders {
		if all || !strings.Contains(l, `reminder 5 `) {
			lines = append(lines, l)
		}
	}
	want := calendar + strings.Join(append(lines, after...), "\n")
	if len(lines)+len(after) > 0 {
		want += "\n"
	}
	if stderr != want {
		t.Errorf("%s: stderr\n%s\nwant\n%s", what, stderr, want)
	}
}

// eventNames are the names of the events or notes of a tool's file.
func eventNames(t *testing.T, format, file string) []string {
	t.Helper()
	var v struct {
		Events []struct {
			Name string `json:"name"`
		} `json:"events"`
		Notes map[string][]struct {
			Name string `json:"name"`
		} `json:"notes"`
	}
	if err := json.Unmarshal([]byte(file), &v); err != nil {
		t.Fatalf("%s: no JSON: %v", format, err)
	}
	var names []string
	for _, e := range v.Events {
		names = append(names, e.Name)
	}
	for _, n := range v.Notes["kanka-1"] {
		names = append(names, n.Name)
	}
	return names
}

// createHarptosReminders makes Harptos (calendar 1) and the reminders the
// warnings above speak of: four of its own and Elminster's birthday.
func createHarptosReminders(t *testing.T, k *kanka, name string) {
	t.Helper()
	createHarptos(t, k)
	for _, args := range [][]string{
		{"--date", "1 Midsummer 1491", "--comment", "Midsummer feast", "--repeat", "year", "--colour", "#2e7d32"},
		{"--date", "1492-Ches-5", "--comment", "Market day", "--repeat", "month", "--until", "1494"},
		{"--date", "1492-Hammer-1", "--comment", "Selûne is full", "--repeat", "Selûne:full"},
		{"--date", "1492-Ches-28", "--length", "5", "--comment", "The fair", "--visibility", "admin"},
		{"--date", "1350-Ches-12", "--comment", "Born", "--repeat", "year", "--type", "birth", "--entity", "50"},
	} {
		k.ok(t, append([]string{"reminder", "create", "--calendar", name}, args...)...)
	}
}

func TestE2EExportRemindersToEachTool(t *testing.T) {
	t.Parallel()
	const name = "Calendar of Harptos"
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live, DataPath: writeStateWithElminster(t)}, nil)
		k := newKanka(t, srv)
		createHarptosReminders(t, k, name)
		own := map[string][]string{
			"fantasy-calendar": {"Midsummer feast", "Selûne is full", "Market day", "The fair"},
			"simple-calendar":  {"Midsummer feast", "Market day", "The fair"},
			"calendarium":      {"Midsummer feast", "Market day", "Market day", "The fair"},
		}
		for _, format := range []string{"fantasy-calendar", "simple-calendar", "calendarium"} {
			for _, all := range []bool{false, true} {
				args := []string{"calendar", "export", name, "--format", format}
				wantSent := []string{"GET calendars?name=Calendar+of+Harptos", "GET calendars/1/reminders"}
				wantNames := own[format]
				if all {
					args = append(args, "--all-reminders")
					wantSent = append(wantSent, "GET entities/50")
					wantNames = append([]string{"Elminster: Born"}, wantNames...)
				}
				mark := srv.mark()
				r := k.run(t, args...)
				if r.code != 0 {
					t.Fatalf("%v: %s", args, r)
				}
				wantRequests(t, srv.since(mark), wantSent...)
				before := exportWarnings[format]
				if !all {
					before = "note: 1 reminder of another entity or post is not written; --all-reminders adds it\n" + before
				}
				wantWarnings(t, strings.Join(args[4:], " "), r.stderr, before, reminderWarnings[format], all)
				if got := eventNames(t, format, r.stdout); !slices.Equal(got, wantNames) {
					t.Errorf("%v: events %q, want %q", args, got, wantNames)
				}
			}
		}

		// --notes: a note a reminder, new files of the folder; the
		// calendar's events left empty.
		dir := filepath.Join(t.TempDir(), "vault")
		r := k.run(t, "calendar", "export", name, "--format", "calendarium", "--all-reminders", "--notes", dir)
		if r.code != 0 {
			t.Fatalf("--notes: %s", r)
		}
		wantWarnings(t, "--notes", r.stderr, exportWarnings["calendarium"], reminderWarnings["calendarium --notes"], true, "wrote 4 notes to "+dir)
		if got := eventNames(t, "calendarium", r.stdout); len(got) != 0 {
			t.Errorf("--notes: the calendar's events %q, want none", got)
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var notes []string
		for _, e := range entries {
			notes = append(notes, e.Name())
		}
		if want := []string{"Elminster Born (5).md", "Market day (2).md", "Midsummer feast (1).md", "The fair (4).md"}; !slices.Equal(notes, want) {
			t.Errorf("notes %q, want %q", notes, want)
		}
		for file, want := range map[string]string{
			"Elminster Born (5).md":  "---\nfc-calendar: \"Calendar of Harptos\"\nfc-date: \"[1350-*]-04-12\"\nfc-display-name: \"Elminster: Born\"\n---\nBorn\n",
			"Midsummer feast (1).md": "---\nfc-calendar: \"Calendar of Harptos\"\nfc-date: \"[1491-*]-10-01\"\nfc-category: \"#2e7d32\"\nfc-display-name: \"Midsummer feast\"\n---\nMidsummer feast\n",
			"Market day (2).md":      "---\nfc-calendar: \"Calendar of Harptos\"\nfc-date: \"[1492-1494]-*-05\"\nfc-display-name: \"Market day\"\n---\nMarket day\n",
			"The fair (4).md":        "---\nfc-calendar: \"Calendar of Harptos\"\nfc-date: \"1492-04-28\"\nfc-end: \"1492-05-02\"\nfc-display-name: \"The fair\"\n---\nThe fair\n",
		} {
			if got, err := os.ReadFile(filepath.Join(dir, file)); err != nil || string(got) != want {
				t.Errorf("%s: %v\n%s\nwant\n%s", file, err, got, want)
			}
		}
		// Again: the notes are there, nothing is written over them.
		r = k.run(t, "calendar", "export", name, "--format", "calendarium", "--notes", dir)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "exists: kanka writes new notes only") {
			t.Errorf("--notes again: %s", r)
		}
	})
}

// --strict refuses a file that loses anything, the calendar's losses and
// every reminder's named: exit 2, nothing on stdout, no note written (the
// folder not even made).
func TestE2EExportRemindersStrict(t *testing.T) {
	t.Parallel()
	const name = "Calendar of Harptos"
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live, DataPath: writeStateWithElminster(t)}, nil)
		k := newKanka(t, srv)
		createHarptosReminders(t, k, name)
		for _, c := range []struct {
			format, warnings string
			notes            bool
		}{
			{"fantasy-calendar", "fantasy-calendar", false},
			{"simple-calendar", "simple-calendar", false},
			{"calendarium", "calendarium --notes", true},
		} {
			args := []string{"calendar", "export", name, "--format", c.format, "--all-reminders", "--strict"}
			dir := filepath.Join(t.TempDir(), "vault")
			if c.notes {
				args = append(args, "--notes", dir)
			}
			r := k.run(t, args...)
			lines := strings.Split(strings.TrimSuffix(exportWarnings[c.format], "\n"), "\n")
			lines = append(lines, reminderWarnings[c.warnings]...)
			for i, l := range lines {
				lines[i] = strings.TrimPrefix(l, "warning: ")
			}
			want := fmt.Sprintf("error: calendar %q: --strict refuses a %s file that loses anything, nothing was written:\n  %s\n",
				name, toolNames[c.format], strings.Join(lines, "\n  "))
			if r.code != 2 || r.stdout != "" || r.stderr != want {
				t.Errorf("%v: want exit 2, no stdout and\n%s\ngot %s", args[4:], want, r)
			}
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Errorf("%v: the notes' folder: %v, want none", args[4:], err)
			}
		}
	})
}

// toolNames are the tools as messages name them.
var toolNames = map[string]string{"fantasy-calendar": "Fantasy-Calendar", "simple-calendar": "Simple Calendar", "calendarium": "Calendarium"}
