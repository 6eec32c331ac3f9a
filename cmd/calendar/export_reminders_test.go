package calendar

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// emptyReminderPage is a calendar's empty list of reminders.
const emptyReminderPage = `{"data":[],"links":{"first":"x","last":"x","prev":null,"next":null},"meta":{"current_page":1,"from":null,"last_page":1,"per_page":15,"to":null,"total":0}}`

// A reminder of calendar 12 (Harptos, entity 340): of an entity or a post,
// its date, and the rest of its fields as JSON.
func reminderOf(id int, of string, ownerID int, date [3]int, rest string) string {
	kind := `App\\Models\\Entity`
	if of == "post" {
		kind = `App\\Models\\Post`
	}
	b, _ := json.Marshal(map[string]any{"id": id, "remindable_id": ownerID, "calendar_id": 12, "year": date[0], "month": date[1], "day": date[2]})
	return strings.Replace(string(b), "{", `{"remindable_type":"`+kind+`",`+rest+",", 1)
}

// harptosReminders: the calendar's own (a yearly feast, a monthly market
// of two days, Selûne's full moon), Elminster's (entity 50: a birth and a
// name day) and a post's letter, on two pages.
var harptosReminders = []string{
	page(1, 2, 3,
		reminderOf(21, "entity", 340, [3]int{1491, 4, 5}, `"comment":"Ches <b>feast</b>","is_recurring":true,"recurring_periodicity":"year","colour":"#9b2c2c","visibility_id":1`),
		reminderOf(22, "entity", 340, [3]int{1492, 3, 20}, `"comment":"Market","length":2,"is_recurring":true,"recurring_periodicity":"month","visibility_id":5`),
		reminderOf(23, "entity", 340, [3]int{1492, 1, 1}, `"comment":"Selûne is full","is_recurring":true,"recurring_periodicity":"9_f"`)),
	page(2, 2, 3,
		reminderOf(24, "entity", 50, [3]int{1350, 3, 12}, `"comment":"Born","type_id":2`),
		reminderOf(25, "post", 7, [3]int{1492, 4, 1}, `"comment":"Letter","visibility_id":4`),
		reminderOf(26, "entity", 50, [3]int{1400, 1, 1}, `"comment":"Name day","is_recurring":true,"recurring_periodicity":"year","colour":"#123456"`)),
}

// fcEventNames are the names of a Fantasy-Calendar file's events, in order.
func fcEventNames(t *testing.T, out string) []string {
	t.Helper()
	var file struct {
		Events []struct {
			Name string `json:"name"`
		} `json:"events"`
	}
	if err := json.Unmarshal([]byte(out), &file); err != nil {
		t.Fatalf("stdout is no JSON: %v\n%s", err, out)
	}
	var names []string
	for _, e := range file.Events {
		names = append(names, e.Name)
	}
	return names
}

// The calendar's own reminders become the file's events, read from every
// page of its list; another entity's and a post's are left out, and
// counted. What the tool cannot hold of them is one warning line each.
func TestExportCarriesTheCalendarsOwnReminders(t *testing.T) {
	env := newTestEnv(t, "table", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))},
		exchange{"GET", "calendars/12/reminders", "", 200, harptosReminders[0]},
		exchange{"GET", "calendars/12/reminders?page=2", "", 200, harptosReminders[1]})
	if err := env.run("export", "12", "--format", "fantasy-calendar"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars/12", "GET calendars/12/reminders", "GET calendars/12/reminders?page=2")
	if got, want := fcEventNames(t, env.Out.String()), []string{"Ches feast", "Selûne is full", "Market"}; !slices.Equal(got, want) {
		t.Errorf("events %q, want %q", got, want)
	}
	want := "note: 3 reminders of other entities or posts are not written; --all-reminders adds them\n" +
		"warning: month aliases: Fantasy-Calendar has no second name for a month: 1 alias is not written\n" +
		"warning: year names: Fantasy-Calendar has no year names: 2 names (1491 to 1492) are not written\n" +
		"warning: year suffix: Fantasy-Calendar has none: \"DR\" is not written\n" +
		"warning: reminder 23 \"Selûne is full\" (Selûne full from 1492-1-1): Fantasy-Calendar shows a moon's phase on the days nearest its instant (a band of about 1.27 days), Kanka on the day the instant falls in; the first day that differs, counting from the current date, is 1492-1-4\n" +
		"warning: visibility: Fantasy-Calendar either shows an event to all or hides it from its players: reminder 22 seen by some only (members) is written hidden from players\n"
	if got := env.ErrOut.String(); got != want {
		t.Errorf("stderr:\n%s\nwant\n%s", got, want)
	}
}

// --all-reminders: every entity's and post's too, each event named by
// whose it is (an entity read once for all its reminders).
func TestExportAllReminders(t *testing.T) {
	env := newTestEnv(t, "table", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))},
		exchange{"GET", "calendars/12/reminders", "", 200, harptosReminders[0]},
		exchange{"GET", "calendars/12/reminders?page=2", "", 200, harptosReminders[1]},
		exchange{"GET", "entities/50", "", 200, data(`{"id":50,"name":"Elminster","type":"character"}`)})
	if err := env.run("export", "12", "--format", "fantasy-calendar", "--all-reminders"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars/12", "GET calendars/12/reminders", "GET calendars/12/reminders?page=2", "GET entities/50")
	want := []string{"Elminster: Born", "Elminster: Name day", "Ches feast", "Selûne is full", "Market", "post 7: Letter"}
	if got := fcEventNames(t, env.Out.String()); !slices.Equal(got, want) {
		t.Errorf("events %q, want %q", got, want)
	}
	for _, line := range []string{
		"warning: colour #123456: Fantasy-Calendar has 15 event colours: reminder 26 written Teal, the nearest\n",
		"warning: visibility: Fantasy-Calendar either shows an event to all or hides it from its players: reminders 22 and 25 seen by some only (self and members) are written hidden from players\n",
		"warning: type: Fantasy-Calendar has no kinds of event: reminder 24 (birth) is written as any other\n",
	} {
		if !strings.Contains(env.ErrOut.String(), line) {
			t.Errorf("stderr lacks %q:\n%s", line, env.ErrOut)
		}
	}
}

// --notes DIR: the reminders are Calendarium's notes, new files of the
// folder (made), and the calendar object holds no event of them.
func TestExportNotes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "vault", "Harptos")
	env := newTestEnv(t, "table", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))},
		exchange{"GET", "calendars/12/reminders", "", 200, harptosReminders[0]},
		exchange{"GET", "calendars/12/reminders?page=2", "", 200, harptosReminders[1]})
	if err := env.run("export", "12", "--format", "calendarium", "--notes", dir); err != nil {
		t.Fatal(err)
	}
	var file struct {
		Events     []any `json:"events"`
		Categories []struct{ ID, Name, Color string }
	}
	if err := json.Unmarshal(env.Out.Bytes(), &file); err != nil || len(file.Events) != 0 || len(file.Categories) != 1 || file.Categories[0].Color != "#9b2c2c" {
		t.Errorf("the calendar: %+v %v", file, err)
	}
	feast, err := os.ReadFile(filepath.Join(dir, "Ches feast (21).md"))
	want := "---\nfc-calendar: \"Harptos\"\nfc-date: \"[1491-*]-04-05\"\nfc-category: \"#9b2c2c\"\nfc-display-name: \"Ches feast\"\n---\nChes <b>feast</b>\n"
	if err != nil || string(feast) != want {
		t.Errorf("the feast's note: %v\n%s\nwant\n%s", err, feast, want)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"Ches feast (21).md", "Market (22).md"}; !slices.Equal(names, want) {
		t.Errorf("notes %q, want %q", names, want)
	}
	if !strings.HasSuffix(env.ErrOut.String(), "wrote 2 notes to "+dir+"\n") {
		t.Errorf("stderr:\n%s", env.ErrOut)
	}
}

// A note that exists is a person's: nothing is written over it, nor any
// other note, nor the calendar (exit 2).
func TestExportNotesWritesNoNoteOverAnother(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "Market (22).md")
	if err := os.WriteFile(mine, []byte("my own words\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := newTestEnv(t, "table", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))},
		exchange{"GET", "calendars/12/reminders", "", 200, harptosReminders[0]},
		exchange{"GET", "calendars/12/reminders?page=2", "", 200, harptosReminders[1]})
	wantUsage(t, env.run("export", "12", "--format", "calendarium", "--notes", dir),
		"--notes: "+mine+" exists: kanka writes new notes only (move it, or give another folder); nothing was written")
	entries, _ := os.ReadDir(dir)
	if b, _ := os.ReadFile(mine); len(entries) != 1 || string(b) != "my own words\n" || env.Out.Len() != 0 {
		t.Errorf("%d files, mine %q, stdout %q", len(entries), b, env.Out)
	}
}

// What the reminders' flags cannot be is refused before anything is sent.
func TestExportReminderFlagRefusals(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"12", "--all-reminders"}, "--all-reminders is for a tool's --format (fantasy-calendar, simple-calendar, calendarium): the YAML document holds, with --with-reminders, the calendar's own reminders alone"},
		{[]string{"12", "--format", "calendarium", "--with-reminders"}, "--with-reminders is for the YAML document: --format calendarium writes the calendar's own reminders always (--all-reminders adds the others')"},
		{[]string{"12", "--notes", "vault"}, "--notes is for --format calendarium"},
		{[]string{"12", "--format", "simple-calendar", "--notes", "vault"}, "--notes is for --format calendarium: Simple Calendar keeps its notes in its own file"},
		{[]string{"12", "--format", "calendarium", "--notes", file}, "--notes " + file + ": not a folder"},
	} {
		env := newTestEnv(t, "table")
		wantUsage(t, env.run(append([]string{"export"}, c.args...)...), c.want)
		env.WantSent()
	}
}

// --strict refuses a file that loses a reminder's days.
func TestExportStrictRefusesAReminderLoss(t *testing.T) {
	counted := strings.Replace(small(7, "Small"), `"moons":[]`, `"moons":[],"has_leap_year":false,"entity_id":70`, 1)
	yearly := page(1, 1, 15, strings.ReplaceAll(reminderOf(1, "entity", 70, [3]int{2, 1, 1}, `"comment":"New year","is_recurring":true,"recurring_periodicity":"year"`), `"calendar_id":12`, `"calendar_id":7`))
	env := newTestEnv(t, "table", exchange{"GET", "calendars/7", "", 200, data(counted)},
		exchange{"GET", "calendars/7/reminders", "", 200, yearly})
	err := env.run("export", "7", "--format", "simple-calendar", "--strict")
	wantUsage(t, err, `calendar "Small": --strict refuses a Simple Calendar file that loses anything, nothing was written:`+"\n"+
		`  reminder 1 "New year" (every year from 2-1-1): Simple Calendar shows a yearly note in every year, with no first or last, from the same month and day to the same month and day; the first day that differs, counting from the current date, is 1-1-1`)
	if env.Out.Len() != 0 || env.ErrOut.Len() != 0 {
		t.Errorf("stdout %q, stderr %q", env.Out, env.ErrOut)
	}
}
