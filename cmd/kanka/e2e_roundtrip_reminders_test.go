package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Reminders out to each tool and back, end to end in both of the sandbox's
// modes: on the Harptos seed, reminders of every kind made with `kanka
// reminder create`, exported with --format, the file imported into a new
// calendar. A reminder the export names in no warning comes back the same
// (date, comment, repeat, length, until, colour, visibility); one it names
// comes back as the warning says, or not at all. Importing the file again
// writes nothing.

// roundTripReminders are the reminders made, by the id the sandbox gives
// them (in this order, from 1).
var roundTripReminders = [][]string{
	{"--date", "1492-Tarsakh-3", "--comment", "Council of the lords"},
	{"--date", "1 Midsummer 1491", "--comment", "Midsummer feast", "--repeat", "year"},
	{"--date", "1492-Ches-5", "--comment", "Market day", "--repeat", "month"},
	{"--date", "1492-Hammer-1", "--comment", "Selûne is full", "--repeat", "Selûne:full"},
	{"--date", "1492-Ches-28", "--comment", "The fair", "--length", "3"},
	{"--date", "1492-Ches-10", "--comment", "Tithe day", "--repeat", "month", "--until", "1494"},
	{"--date", "1492-Mirtul-2", "--comment", "Green tidings", "--colour", "#2e7d32"},
	{"--date", "1492-Mirtul-4", "--comment", "The secret meeting", "--visibility", "admin"},
	{"--date", "1492-Mirtul-6", "--comment", "Black day", "--colour", "#000000"},
}

// roundTripWarned are, by format, the reminders the export names in a
// warning, and what comes back of each: "" for nothing, else its line
// (roundTripLine) as imported.
var roundTripWarned = map[string]map[string]string{
	"fantasy-calendar": {
		// FC marks a band of days about the instant: the event is the same.
		"4": "1492-1-1|Selûne is full|Selûne:full|1|-|-|1",
		// Black is FC's default colour, which reads back as none.
		"9": "1492-7-6|Black day|-|1|-|-|1",
	},
	"simple-calendar": {
		// Notes repeat in every year or month, with no first or last.
		"2": "1491-10-1|Midsummer feast|year|1|-|-|1",
		"3": "1492-4-5|Market day|month|1|-|-|1",
		"4": "",
		"6": "1492-4-10|Tithe day|month|1|-|-|1",
	},
	"calendarium": {
		"4": "",
		// Every event is seen by all.
		"8": "1492-7-4|The secret meeting|-|1|-|-|1",
	},
}

type roundTripReminder struct {
	ID         int             `json:"id"`
	Date       string          `json:"date"`
	Comment    string          `json:"comment"`
	Repeat     *string         `json:"recurring_periodicity"`
	Length     int             `json:"length"`
	Until      json.RawMessage `json:"recurring_until"`
	Colour     *string         `json:"colour"`
	Visibility int             `json:"visibility_id"`
}

var moonRepeat = regexp.MustCompile(`^(\d+)_(.+)$`)

// roundTripLine is a reminder as the round trip compares it, its moon
// repeat by the moon's name (each calendar numbers its own moons).
func roundTripLine(r roundTripReminder, moons map[string]string) string {
	repeat, until, colour := "-", "-", "-"
	if r.Repeat != nil {
		repeat = *r.Repeat
		if m := moonRepeat.FindStringSubmatch(repeat); m != nil {
			repeat = moons[m[1]] + ":" + map[string]string{"f": "full", "n": "new"}[m[2]]
		}
	}
	if u := strings.Trim(string(r.Until), `"`); u != "" && u != "null" {
		until = u
	}
	if r.Colour != nil {
		colour = *r.Colour
	}
	return strings.Join([]string{r.Date, r.Comment, repeat, strconv.Itoa(r.Length), until, colour,
		strconv.Itoa(r.Visibility)}, "|")
}

// roundTripState is a calendar's reminders as lines, by their id.
func roundTripState(t *testing.T, k *kanka, calendar string) map[string]string {
	t.Helper()
	var cal struct {
		Data struct {
			ID    int `json:"id"`
			Moons []struct {
				ID   json.Number `json:"id"`
				Name string      `json:"name"`
			} `json:"moons"`
		} `json:"data"`
	}
	id := strings.TrimSpace(k.ok(t, "calendar", "get", calendar, "-o", "id"))
	if err := json.Unmarshal([]byte(k.ok(t, "api", "calendars/"+id)), &cal); err != nil {
		t.Fatal(err)
	}
	moons := map[string]string{}
	for _, m := range cal.Data.Moons {
		moons[m.ID.String()] = m.Name
	}
	var rs []roundTripReminder
	if err := json.Unmarshal([]byte(k.ok(t, "reminder", "list", "--calendar", calendar, "-o", "json")), &rs); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, r := range rs {
		out[strconv.Itoa(r.ID)] = roundTripLine(r, moons)
	}
	return out
}

// warnedReminders are the reminders a warning names: "reminder 4",
// "reminders 3, 5 and 9".
var warnedReminders = regexp.MustCompile(`\breminders? (\d+(?:(?:, | and )\d+)*)\b`)

func TestE2ERemindersRoundTripThroughEachTool(t *testing.T) {
	t.Parallel()
	const name = "Calendar of Harptos"
	for _, format := range []string{"fantasy-calendar", "simple-calendar", "calendarium"} {
		t.Run(format, func(t *testing.T) {
			t.Parallel()
			eachMode(t, func(t *testing.T, live bool) {
				srv := startSandbox(t, live)
				k := newKanka(t, srv)
				k.ok(t, "apply", "-f", harptosSeedFile)
				for _, args := range roundTripReminders {
					k.ok(t, append([]string{"reminder", "create", "--calendar", name}, args...)...)
				}
				before := roundTripState(t, k, name)
				if len(before) != len(roundTripReminders) {
					t.Fatalf("made %d reminders, want %d: %v", len(before), len(roundTripReminders), before)
				}

				r := k.run(t, "calendar", "export", name, "--format", format)
				if r.code != 0 {
					t.Fatalf("export: %s", r)
				}
				warned := map[string]bool{}
				for _, line := range strings.Split(r.stderr, "\n") {
					if strings.HasPrefix(line, "warning: ") {
						for _, m := range warnedReminders.FindAllStringSubmatch(line, -1) {
							for _, id := range strings.FieldsFunc(m[1], func(r rune) bool { return r < '0' || r > '9' }) {
								warned[id] = true
							}
						}
					}
				}
				var wantWarned []string
				for id := range roundTripWarned[format] {
					wantWarned = append(wantWarned, id)
				}
				var gotWarned []string
				for id := range warned {
					gotWarned = append(gotWarned, id)
				}
				slices.Sort(wantWarned)
				slices.Sort(gotWarned)
				if !slices.Equal(gotWarned, wantWarned) {
					t.Errorf("export names reminders %v, want %v:\n%s", gotWarned, wantWarned, r.stderr)
				}
				file := filepath.Join(t.TempDir(), format+".json")
				if err := os.WriteFile(file, []byte(r.stdout), 0o600); err != nil {
					t.Fatal(err)
				}

				back := "Back from " + format
				if r := k.run(t, "calendar", "import", file, "--name", back); r.code != 0 {
					t.Fatalf("import: %s", r)
				}
				var want []string
				for id, line := range before {
					if w, named := roundTripWarned[format][id]; named {
						line = w
					}
					if line != "" {
						want = append(want, line)
					}
				}
				var got []string
				for _, line := range roundTripState(t, k, back) {
					got = append(got, line)
				}
				slices.Sort(want)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Errorf("came back:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
				}

				// Again: the reminders are there, nothing is written.
				mark := srv.mark()
				r = k.run(t, "calendar", "import", file, "--name", back)
				if r.code != 0 || !strings.Contains(r.stdout, "\n  reminders: 0 to create, 0 to update, 0 to delete, "+
					strconv.Itoa(len(want))+" unchanged\n") {
					t.Errorf("import again: want every reminder unchanged; %s", r)
				}
				for _, req := range srv.since(mark) {
					if req.Method != "GET" {
						t.Errorf("import again sent %s", req)
					}
				}
			})
		})
	}
}
