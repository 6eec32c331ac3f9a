package reminder

import (
	"errors"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// A create reads the calendar once (its months, moons and entity), and
// sends the date, the moon's id and phase, under the calendar's entity;
// the service answers 201 with a null length.
func TestCreateSendsTheMoonsIDUnderTheCalendarsEntity(t *testing.T) {
	created := reminderJSON(7, 1492, 1, 3, "Selûne is full", `"length":null`, `"is_recurring":true`, `"recurring_periodicity":"3_f"`, `"recurring_until":1500`)
	env := newTestEnv(t, "json",
		ok("GET calendars/5", "", cmdtest.One(harptos)),
		cmdtest.Created("POST entities/50/reminders",
			`{"calendar_id":5,"year":1492,"month":1,"day":3,"comment":"Selûne is full","recurring_periodicity":"3_f","recurring_until":"1500","visibility_id":5}`,
			cmdtest.One(created)))
	err := env.run("create", "--calendar", "5", "--date", "3 Hammer 1492", "--comment", "Selûne is full", "--repeat", "selûne:Full", "--until", "1500", "--visibility", "members")
	if err != nil {
		t.Fatal(err)
	}
	if !cmdtest.SameJSON(created, env.Out.String()) {
		t.Errorf("stdout %s\nwant the answer as sent: %s", env.Out, created)
	}
	if got := env.ErrOut.String(); got != "created reminder 7 on 1492-1-3\n" {
		t.Errorf("stderr %q", got)
	}
}

// --entity names the entity the reminder belongs to; --type and --length
// are sent as the service's type_id and length.
func TestCreateForAnotherEntity(t *testing.T) {
	env := newTestEnv(t, "id",
		ok("GET calendars/5", "", cmdtest.One(harptos)),
		cmdtest.Created("POST entities/42/reminders", `{"calendar_id":5,"year":1480,"month":1,"day":12,"comment":"Born","length":2,"type_id":2,"colour":"#aa0000"}`,
			cmdtest.One(reminderJSON(8, 1480, 1, 12, "Born", `"remindable_id":42`, `"type_id":2`))))
	if err := env.run("create", "--calendar", "5", "--date", "1480-1-12", "--comment", "Born", "--type", "birth", "--entity", "42", "--length", "2", "--colour", "#aa0000"); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "8\n" {
		t.Errorf("stdout %q", env.Out)
	}
}

// What can be told without the calendar is refused before any request,
// naming the field; what needs it, after one GET of the calendar and
// before the POST. Exit 2 each time.
func TestCreateRefusesBadInputNamingTheField(t *testing.T) {
	long := strings.Repeat("x", 192)
	for _, tc := range []struct {
		args      []string
		calendar  bool // the calendar is read
		wantInErr string
	}{
		{[]string{"--comment", long}, false, "comment: has 192 characters; at most 191 are allowed"},
		{[]string{"--length", "0"}, false, "length: must be at least 1 day"},
		{[]string{"--colour", "#aa00000"}, false, "colour: has 8 characters; at most 7 are allowed"},
		{[]string{"--repeat", "yearly"}, false, `--repeat: "yearly" is not a repeat: give year, month or MOON:PHASE (Selûne:full)`},
		{[]string{"--repeat", "Selûne:gibbous"}, false, `the phase "gibbous" is none of full, new`},
		{[]string{"--type", "wedding"}, false, `--type "wedding": not birth, death, date or founded`},
		{[]string{"--until", "1500"}, false, "recurring_until: a last year needs a repeat: the service keeps none for a reminder that does not repeat"},
		{[]string{"--date", "1492-1-31"}, true, "date: day 31 does not exist"},
		{[]string{"--repeat", "Selune:full"}, true, `calendar 5 has no moon named "Selune"; did you mean "Selûne"?`},
	} {
		env := newTestEnv(t, "json")
		if tc.calendar {
			env.Expect(ok("GET calendars/5", "", cmdtest.One(harptos)))
		}
		args := append([]string{"create", "--calendar", "5", "--date", "1492-1-3", "--comment", "c"}, tc.args...)
		err := env.run(args...)
		if !cmdtest.IsUsage(err) || !strings.Contains(err.Error(), tc.wantInErr) {
			t.Errorf("%v: %v\nwant a usage error with %q", tc.args, err, tc.wantInErr)
		}
	}
}

// A moon the calendar's answer gives no id cannot be named by a repeat:
// said, with the reason, before anything is sent.
func TestCreateRefusesAMoonWithoutID(t *testing.T) {
	noIDs := strings.NewReplacer(`,"id":3`, "", `,"id":4`, "").Replace(harptos)
	env := newTestEnv(t, "json", ok("GET calendars/5", "", cmdtest.One(noIDs)))
	err := env.run("create", "--calendar", "5", "--date", "1492-1-3", "--repeat", "Shard:new")
	if !cmdtest.IsUsage(err) || !strings.Contains(err.Error(), `calendar 5's answer gives moon "Shard" no id`) {
		t.Errorf("got %v", err)
	}
}

// The release line keeps 5 characters of a periodicity: its 422 is said
// in the user's words, exit 5.
func TestCreateSaysWhyTheServiceRefusedALongRepeat(t *testing.T) {
	env := newTestEnv(t, "json",
		ok("GET calendars/5", "", cmdtest.One(harptos)),
		cmdtest.Exchange{Request: "POST entities/50/reminders", Status: 422,
			Body:   `{"calendar_id":5,"year":1492,"month":1,"day":3,"recurring_periodicity":"3_waxing_gibbous"}`,
			Answer: `{"code":422,"error":"The recurring periodicity may not be greater than 5 characters.","fields":{"recurring_periodicity":["The recurring periodicity may not be greater than 5 characters."]}}`})
	err := env.run("create", "--calendar", "5", "--date", "1492-1-3", "--repeat", "Selûne:waxing-gibbous")
	var refused *cmdutil.ConflictError
	if !errors.As(err, &refused) || err.Error() != `the service refused the repeat "3_waxing_gibbous": this service keeps a repeat of at most 5 characters, `+
		"so of the moons' repeats only a full or new moon of a moon whose id has one digit fits (1_f, 1_n); nothing was created or changed" {
		t.Errorf("%v", err)
	}
}

// A file of several reminders is checked whole, then created one by one.
func TestCreateFromAList(t *testing.T) {
	env := newTestEnv(t, "id",
		ok("GET calendars/5", "", cmdtest.One(harptos)),
		cmdtest.Created("POST entities/50/reminders", `{"calendar_id":5,"year":1492,"month":1,"day":1,"comment":"a"}`, cmdtest.One(reminderJSON(1, 1492, 1, 1, "a"))),
		cmdtest.Created("POST entities/50/reminders", `{"calendar_id":5,"year":1492,"month":2,"day":1,"comment":"b","recurring_periodicity":"year"}`,
			cmdtest.One(reminderJSON(2, 1492, 2, 1, "b"))))
	env.In.WriteString("- {date: 1492-1-1, comment: a}\n- {date: 1 Midwinter 1492, comment: b, recurring_periodicity: year}\n")
	if err := env.run("create", "--calendar", "5", "-f", "-"); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "1\n2\n" || env.ErrOut.String() != "created 2 reminders\n" {
		t.Errorf("stdout %q stderr %q", env.Out, env.ErrOut)
	}
}

// An empty list, or one with a bad reminder, sends nothing.
func TestCreateFromABadListSendsNothing(t *testing.T) {
	for text, want := range map[string]string{
		"[]\n": "standard input: the list holds no reminders",
		"- {date: 1492-1-1, comment: a}\n- {date: 1492-1-2, length: 0}\n": "1 reminder is not valid, nothing was sent:\n  standard input: line 2: [2].length: must be at least 1 day",
	} {
		env := newTestEnv(t, "id")
		env.In.WriteString(text)
		if err := env.run("create", "--calendar", "5", "-f", "-"); !cmdtest.IsUsage(err) || err.Error() != want {
			t.Errorf("%q: %v\nwant %s", text, err, want)
		}
	}
}
