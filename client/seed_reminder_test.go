package client_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/output"
)

// A seed calendar's reminders: each with its line, an optional id, the
// keys of reminder create's flags (repeat, until, type by name), its month
// read with the calendar's own months; null is a list of none, and no key
// leaves them unmanaged.
func TestDecodeSeedReminders(t *testing.T) {
	cals, err := client.DecodeSeed(node(t, `calendars:
  - name: Harptos
    months: [{name: Hammer, length: 30}, {name: Midwinter, length: 1}]
    reminders:
      - {date: 1492-Midwinter-1, comment: Midwinter, repeat: year, until: 1500}
      - id: 7
        date: 1492-1-3
        comment: The fair
        length: 3
        colour: "#aa0000"
        visibility: members
        type: founded
      - {date: 1492-1-1, comment: Selûne is full, repeat: "Selûne:full"}
  - name: Greyhawk
    reminders: null
  - name: Eberron
`))
	if err != nil {
		t.Fatal(err)
	}
	rs := cals[0].Reminders
	if len(rs) != 3 {
		t.Fatalf("%d reminders", len(rs))
	}
	feast, fair, moon := rs[0], rs[1], rs[2]
	if feast.Line != 5 || feast.ID != 0 || feast.Input.Date() != (client.Date{Year: 1492, Month: 2, Day: 1}) ||
		*feast.Input.Repeat != "year" || *feast.Input.Until != "1500" || *feast.Input.Comment != "Midwinter" {
		t.Errorf("feast: %+v", feast)
	}
	if fair.Line != 6 || fair.ID != 7 || *fair.Input.Length != 3 || *fair.Input.Colour != "#aa0000" || *fair.Input.VisibilityID != 5 || *fair.Input.TypeID != 5 {
		t.Errorf("fair: %+v", fair)
	}
	if *moon.Input.Repeat != "Selûne:full" {
		t.Errorf("moon: %q", *moon.Input.Repeat)
	}
	if cals[1].Reminders == nil || len(cals[1].Reminders) != 0 || cals[2].Reminders != nil {
		t.Errorf("null is none (%#v); no key is unmanaged (%#v)", cals[1].Reminders, cals[2].Reminders)
	}
	// On the wire, the service's keys.
	fair.Input.CalendarID = new(int)
	*fair.Input.CalendarID = 1
	b, _ := json.Marshal(fair.Input)
	if want := `{"calendar_id":1,"colour":"#aa0000","comment":"The fair","day":3,"length":3,"month":1,"type_id":5,"visibility_id":5,"year":1492}`; string(b) != want {
		t.Errorf("payload %s\nwant    %s", b, want)
	}
}

// Every problem of a seed's reminder is said at its line, in the seed's
// keys: no date, a repeat or a type that is none, an until that is no
// year or has no repeat, a comment too long, an id that is none, an
// unknown key.
func TestDecodeSeedReminderProblems(t *testing.T) {
	long := strings.Repeat("a", 192)
	_, err := client.DecodeSeed(node(t, `calendars:
  - name: Harptos
    reminders:
      - {comment: no date}
      - {date: 1492-1-1, repeat: yearly}
      - {date: 1492-1-1, until: soon, type: wedding}
      - {date: 1492-1-1, comment: `+long+`}
      - {id: x, date: 1492-1-1}
      - {date: 1492-1-1, recurring_periodicity: year}
      - {date: 1492-1-1, comment: until alone, until: 1500}
`))
	want := "line 4: calendars[1].reminders[1].date: is required (--date Y-M-D, or date: Y-M-D or year, month and day in a file)\n" +
		"line 5: calendars[1].reminders[2].repeat: \"yearly\" is not a repeat: give year, month or MOON:PHASE (Selûne:full)\n" +
		"line 6: calendars[1].reminders[3].type: \"wedding\" is not a reminder type: use birth, death, date or founded\n" +
		"line 6: calendars[1].reminders[3].until: \"soon\" is not a year: the last year an occurrence starts in\n" +
		"line 7: calendars[1].reminders[4].comment: has 192 characters; at most 191 are allowed\n" +
		"line 8: calendars[1].reminders[5].id: \"x\" is not a reminder id (a whole number above 0)\n" +
		"line 9: calendars[1].reminders[6]: unknown key \"recurring_periodicity\"\n" +
		"line 10: calendars[1].reminders[7].until: a last year needs a repeat: the service keeps none for a reminder that does not repeat"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

// A reminder as a seed writes it (calendar export): its date first, then
// the seed's keys, a type by name; it reads back as it was.
func TestSeedReminderFileReadsBack(t *testing.T) {
	in := client.ReminderInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(3), Day: ptr(3)}, Comment: ptr("The fair"),
		Length: ptr(3), Repeat: ptr("Selûne:full"), Until: ptr("1500"), TypeID: ptr(4), VisibilityID: ptr(1)}
	text, err := output.EncodeYAML(client.SeedReminderFile(&in))
	if err != nil {
		t.Fatal(err)
	}
	want := "date: \"1492-3-3\"\nlength: 3\ncomment: The fair\nrepeat: Selûne:full\nuntil: \"1500\"\ntype: date\nvisibility: all\n"
	if string(text) != want {
		t.Errorf("wrote\n%s\nwant\n%s", text, want)
	}
	cals, err := client.DecodeSeed(node(t, "calendars:\n  - name: A\n    reminders:\n      - "+strings.ReplaceAll(strings.TrimSpace(string(text)), "\n", "\n        ")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := cals[0].Reminders[0].Input; !client.SeedReminderFields().Same(&got, &in) {
		t.Errorf("read back %+v", got)
	}
}
