package client_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	yaml "go.yaml.in/yaml/v3"
)

// created is the live service's answer to a create: 201, its length null,
// recurring_until echoed as sent, is_recurring recomputed.
const createdReminder = `{"data":{"id":7,"remindable_id":50,"remindable_type":"App\\Models\\Entity","calendar_id":5,"date":"-1-12-9","day":9,"month":12,"year":-1,` +
	`"length":null,"comment":"Feast","is_recurring":true,"recurring_until":2,"recurring_periodicity":"1_f","colour":"red","type_id":4,"visibility_id":5,` +
	`"created_at":"2026-08-20T10:00:00.000000Z","created_by":1,"updated_at":"2026-08-20T10:00:00.000000Z","updated_by":null}}`

// Each call goes to the service's reminder routes: under an entity, and
// the calendar's list; a reminder tells the observer what it is.
func TestReminderCalls(t *testing.T) {
	api := newMockAPI(t)
	api.on("POST", "entities/50/reminders", reply(201, createdReminder))
	api.on("PATCH", "entities/50/reminders/7", reply(200, strings.Replace(createdReminder, `"length":null`, `"length":1`, 1)))
	api.on("GET", "entities/50/reminders/7", reply(404, `{"code":404,"error":"No query results for model [App\\Models\\Reminder] 7"}`))
	api.on("DELETE", "entities/50/reminders/8", reply(204, ""))
	api.on("GET", "calendars/5/reminders", reply(200, `{"data":[`+createdReminder[8:len(createdReminder)-1]+`],"meta":{"current_page":1,"last_page":1,"per_page":15,"total":1}}`))
	told := &reminderNotes{}
	c, _ := api.client(func(cfg *client.Config) { cfg.Observer = told })
	ctx := context.Background()
	in := client.ReminderInput{CalendarID: ptr(5), Comment: ptr("Feast"), Repeat: ptr("1_f"), Until: ptr("2")}
	in.SetDate(client.Date{Year: -1, Month: 12, Day: 9})
	r, err := c.Reminders(50).Create(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if r.ID != 7 || r.Length != nil || !r.IsRecurring || *r.Until != "2" || r.Date() != (client.Date{Year: -1, Month: 12, Day: 9}) || r.OfPost() || r.RemindableID != 50 {
		t.Errorf("created %+v", r)
	}
	if _, err := c.Reminders(50).Patch(ctx, 7, client.ReminderInput{Comment: ptr("Fête")}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Reminders(50).Get(ctx, 7); !client.IsNotFound(err) {
		t.Errorf("get: %v", err)
	}
	if err := c.Reminders(50).Delete(ctx, 8); err != nil {
		t.Fatal(err)
	}
	var listed []int
	for r, err := range c.CalendarReminders(5).All(ctx, nil, nil) {
		if err != nil {
			t.Fatal(err)
		}
		listed = append(listed, r.ID)
	}
	if len(listed) != 1 {
		t.Errorf("listed %v", listed)
	}
	want := []string{
		`POST /api/1.0/campaigns/7/entities/50/reminders {"calendar_id":5,"comment":"Feast","day":9,"month":12,"recurring_periodicity":"1_f","recurring_until":"2","year":-1}`,
		`PATCH /api/1.0/campaigns/7/entities/50/reminders/7 {"comment":"Fête"}`,
		"GET /api/1.0/campaigns/7/entities/50/reminders/7 ", "DELETE /api/1.0/campaigns/7/entities/50/reminders/8 ",
		"GET /api/1.0/campaigns/7/calendars/5/reminders ",
	}
	for i, r := range api.requests() {
		if got := r.Method + " " + r.Path + " " + r.Body; i >= len(want) || got != want[i] {
			t.Errorf("request %d: %s", i+1, got)
		}
	}
	if got := strings.Join(told.told, "; "); got != "seen 7; seen 7; gone 7; gone 8" {
		t.Errorf("the observer was told %s", got)
	}
}

type reminderNotes struct{ notes }

func (n *reminderNotes) ReminderSeen(r *client.Reminder, _ bool) { n.add("seen " + strconv.Itoa(r.ID)) }
func (n *reminderNotes) ReminderGone(id int)                     { n.add("gone " + strconv.Itoa(id)) }

// A repeat is year, month, the service's {moonId}_{phase}, or a moon by
// name and a phase, which the calendar's moons turn into the moon's id.
func TestReminderRepeats(t *testing.T) {
	cal := &client.Calendar{ID: 5}
	cal.Moons = []client.Moon{{Name: "Selûne", Fullmoon: 30.4375, ID: ptr(3)}, {Name: "Shard", Fullmoon: 10}}
	for repeat, want := range map[string]string{
		"year": "year", "month": "month", "3_waxing_gibbous": "3_waxing_gibbous", "selûne:Full": "3_f", "Selûne:first_quarter": "3_first_quarter",
		"Selune:new":    `calendar 5 has no moon named "Selune"; did you mean "Selûne"?`,
		"Shard:new":     `calendar 5's answer gives moon "Shard" no id, which a repeat names it by: this server does not number its moons`,
		"yearly":        `"yearly" is not a repeat: give year, month or MOON:PHASE (Selûne:full)`,
		"Selûne:half":   `the phase "half" is none of full, new, first-quarter, last-quarter, waxing-crescent, waxing-gibbous, waning-crescent, waning-gibbous`,
		"3_full":        `"3_full" is not a repeat: give year, month or MOON:PHASE (Selûne:full)`,
		"Selûne:full:x": `the phase "full:x" is none of full, new, first-quarter, last-quarter, waxing-crescent, waxing-gibbous, waning-crescent, waning-gibbous`,
	} {
		in := client.ReminderInput{Repeat: ptr(repeat)}
		got := ""
		if err := in.ResolveRepeat(cal); err != nil {
			got = err.Error()
		} else {
			got = *in.Repeat
		}
		if got != want {
			t.Errorf("%q: %s\nwant %s", repeat, got, want)
		}
	}
}

// Validate names each field the service would refuse, and the date the
// calendar does not have.
func TestReminderValidate(t *testing.T) {
	in := client.ReminderInput{Length: ptr(0), Comment: ptr(strings.Repeat("é", 192)), Colour: ptr("#1234567"), TypeID: ptr(1), VisibilityID: ptr(6), Repeat: ptr("yearly")}
	want := "length: must be at least 1 day\ncomment: has 192 characters; at most 191 are allowed\n" +
		"recurring_periodicity: \"yearly\" is not a repeat: give year, month or MOON:PHASE (Selûne:full)\n" +
		"colour: has 8 characters; at most 7 are allowed\ntype_id: must be 2 to 5 (birth, death, date, founded)\n" +
		"visibility: must be 1 to 5 (all, admin, admin-self, self, members)\n" +
		"date: is required (--date Y-M-D, or date: Y-M-D or year, month and day in a file)"
	if err := in.Validate(nil); err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

// The file `get -o yaml` prints reads back as the same reminder, and so
// does the server's own JSON (its date and its parts both).
func TestReminderFileRoundTrips(t *testing.T) {
	var r client.Reminder
	if err := r.UnmarshalJSON([]byte(createdReminder[8 : len(createdReminder)-1])); err != nil {
		t.Fatal(err)
	}
	text, err := yaml.Marshal(client.ReminderFile(&r))
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{string(text), createdReminder[8 : len(createdReminder)-1]} {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
			t.Fatal(err)
		}
		back, err := client.DecodeReminder(&doc)
		if err != nil {
			t.Fatalf("%s\n%v", src, err)
		}
		if d := client.ReminderFields().Differing(&back, &r.ReminderInput); len(d) != 0 {
			t.Errorf("%s\nreads back differing in %v", src, d)
		}
	}
}
