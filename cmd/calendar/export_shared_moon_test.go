package calendar

import (
	"strings"
	"testing"
)

// A moon repeat on a moon whose name another moon of the calendar has
// (case aside) cannot be written by the name: it would land on the first
// of the name elsewhere. The export writes it by the moon's id, the
// service's form, and says why on one line; a moon of its own name is
// still written by its name.
func TestExportWritesARepeatOnASharedMoonNameByItsID(t *testing.T) {
	record := strings.Replace(readTestdata(t, "record.json"),
		`"moons":[{"name":"Selûne","fullmoon":"30.4375","offset":0,"colour":"white","id":9}]`,
		`"moons":[{"name":"Luna","fullmoon":"10","offset":0,"colour":"white","id":1},{"name":" luna","fullmoon":"7","offset":3,"colour":"white","id":2},{"name":"Shard","fullmoon":"3","offset":0,"colour":"white","id":4}]`, 1)
	entity := `App\\Models\\Entity`
	env := newTestEnv(t, "table",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"GET", "calendars/12/reminders", "", 200, exportedWeatherPage(
			exportedReminder(3, 340, entity, "1-1-1", "Second luna full", "2_f", 1),
			exportedReminder(4, 340, entity, "1-1-2", "Shard is new", "4_n", 1),
		)},
	)
	if err := env.run("export", "12", "--with-reminders"); err != nil {
		t.Fatal(err)
	}
	want := `    reminders:
      - {date: 1-1-1, comment: Second luna full, repeat: 2_f, visibility: all}
      - {date: 1-1-2, comment: Shard is new, repeat: 'Shard:new', visibility: all}
`
	if out := env.Out.String(); !strings.HasSuffix(out, want) {
		t.Errorf("the document ends\n%s\nwant\n%s", out[max(0, len(out)-600):], want)
	}
	wantErr := `warning: calendar "Harptos": reminder 3 repeats on moon 2, one of 2 moons named "luna": the export writes the moon's id (2_f), not the name; the id is this campaign's, and another campaign numbers its moons anew` + "\n"
	if got := env.ErrOut.String(); got != wantErr {
		t.Errorf("stderr\n%s\nwant\n%s", got, wantErr)
	}
}

// A moon whose name holds a colon cannot be named by a repeat (MOON:PHASE
// reads up to the colon): its repeat is written by the moon's id, and the
// warning says so, not that the calendar has no such moon.
func TestExportWritesARepeatOnAMoonWithAColonByItsID(t *testing.T) {
	record := strings.Replace(readTestdata(t, "record.json"),
		`"moons":[{"name":"Selûne","fullmoon":"30.4375","offset":0,"colour":"white","id":9}]`,
		`"moons":[{"name":"Moon: the pale","fullmoon":"10","offset":0,"colour":"white","id":1}]`, 1)
	entity := `App\\Models\\Entity`
	env := newTestEnv(t, "table",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"GET", "calendars/12/reminders", "", 200, exportedWeatherPage(
			exportedReminder(3, 340, entity, "1-1-1", "Pale full", "1_f", 1),
		)},
	)
	if err := env.run("export", "12", "--with-reminders"); err != nil {
		t.Fatal(err)
	}
	if out := env.Out.String(); !strings.HasSuffix(out, "      - {date: 1-1-1, comment: Pale full, repeat: 1_f, visibility: all}\n") {
		t.Errorf("the document ends\n%s", out[max(0, len(out)-300):])
	}
	wantErr := `warning: calendar "Harptos": reminder 3 repeats on moon 1, "Moon: the pale", whose name holds a colon, which a repeat by name cannot carry: the export writes the moon's id (1_f); the id is this campaign's, and another campaign numbers its moons anew` + "\n"
	if got := env.ErrOut.String(); got != wantErr {
		t.Errorf("stderr\n%s\nwant\n%s", got, wantErr)
	}
}
