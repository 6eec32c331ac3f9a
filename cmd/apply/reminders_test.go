package apply

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/sandbox"
)

// The reminders of a seed's calendar, on its own entity: created after the
// calendar (with its entity and its moons' ids from the create's answer),
// found again by their date and comment or by id, changed where they
// differ, pruned only where the seed manages them and only of the
// calendar's own entity.

// bodyClient is a client of the campaign that records each request's body
// too.
func (cp *campaign) bodyClient() (*client.Client, *requests) {
	cp.t.Helper()
	c, rec := cp.client(sandbox.Options{}, nil)
	rec.bodies = true
	return c, rec
}

// calendarNamed reads the campaign's calendar of name.
func (cp *campaign) calendarNamed(name string) *client.Calendar {
	cp.t.Helper()
	c, _ := cp.client(sandbox.Options{}, nil)
	for cal, err := range c.AllCalendars(context.Background(), nil) {
		if err != nil {
			cp.t.Fatal(err)
		}
		if cal.Name == name {
			return cal
		}
	}
	cp.t.Fatalf("no calendar %q", name)
	return nil
}

// reminders are calendar id's reminders as "id entity date comment
// repeat", by id.
func (cp *campaign) reminders(id int) []string {
	cp.t.Helper()
	c, _ := cp.client(sandbox.Options{}, nil)
	var out []string
	for r, err := range c.CalendarReminders(id).All(context.Background(), nil, nil) {
		if err != nil {
			cp.t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%d %d %s %q %s", r.ID, r.RemindableID, r.Date(), cmdutil.Deref(r.Comment), cmdutil.Deref(r.Repeat)))
	}
	return out
}

func reminderAt(where string, y, m, d int, comment string) DesiredReminder {
	return DesiredReminder{Where: where, Input: client.ReminderInput{Dated: client.Dated{Year: ptr(y), Month: ptr(m), Day: ptr(d)}, Comment: ptr(comment)}}
}

// festivals is Harptos with three reminders: a yearly festival, a fair of
// three days, and every full moon of Selune (by name).
func festivals() DesiredCalendar {
	midwinter := reminderAt("seed.yaml: line 20", 1492, 2, 1, "Midwinter feast")
	midwinter.Input.Repeat = ptr("year")
	fair := reminderAt("seed.yaml: line 21", 1492, 3, 3, "The fair")
	fair.Input.Length = ptr(3)
	fair.Input.Colour = ptr("#aa0000")
	moon := reminderAt("seed.yaml: line 22", 1492, 1, 1, "Selune is full")
	moon.Input.Repeat = ptr("Selune:full")
	return DesiredCalendar{Where: "seed.yaml: line 2", Input: harptos(), Reminders: []DesiredReminder{midwinter, fair, moon}}
}

// A calendar created with its reminders: the calendar first, then each
// reminder on its entity, in the seed's order, its moon repeat with the
// id the create's answer gave Selune (here the second calendar's moon,
// numbered 2 by the document's counter and 1 by the live service's
// per-calendar count); applying the seed again reads the reminders once
// and writes nothing.
func TestApplyCreatesACalendarsRemindersOnItsEntityThenFindsThemAgain(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			other := greyhawk()
			other.Moons = []client.Moon{{Name: "Luna", Fullmoon: 28}}
			seed := Seed{Calendars: []DesiredCalendar{{Where: "seed.yaml: line 1", Input: other}, festivals()}}
			c, rec := cp.bodyClient()
			plan, err := run(t, c, seed, PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			h := cp.calendarNamed("Harptos")
			moonID := *h.Moons[0].ID
			if want := map[bool]int{false: 2, true: 1}[m.live]; moonID != want {
				t.Fatalf("Selune's id is %d, want %d: the test means a moon whose id the create gives", moonID, want)
			}
			sent := rec.take()
			e := h.EntityID
			want := []string{
				fmt.Sprintf(`POST entities/%d/reminders {"calendar_id":%d,"comment":"Midwinter feast","day":1,"month":2,"recurring_periodicity":"year","year":1492}`, e, h.ID),
				fmt.Sprintf(`POST entities/%d/reminders {"calendar_id":%d,"colour":"#aa0000","comment":"The fair","day":3,"length":3,"month":3,"year":1492}`, e, h.ID),
				fmt.Sprintf(`POST entities/%d/reminders {"calendar_id":%d,"comment":"Selune is full","day":1,"month":1,"recurring_periodicity":"%d_f","year":1492}`, e, h.ID, moonID),
			}
			if got := sent[len(sent)-3:]; !reflect.DeepEqual(got, want) {
				t.Errorf("the reminders' writes:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if sent[0] != "GET calendars" || len(sent) != 1+2+3 {
				t.Errorf("sent %q: want the list, 2 calendar creates, 3 reminders (none read: the calendar is new)", sent)
			}
			if n := reminderCounts(plan.Calendars[1]); n != (WeatherCounts{Create: 3}) {
				t.Errorf("the plan's counts: %+v", n)
			}
			for _, rp := range plan.Calendars[1].Reminders {
				if rp.Result.Status != Done || rp.ID == 0 {
					t.Errorf("%s: %s, id %d", reminderLabel(rp.Date, rp.Comment), rp.Result.Status, rp.ID)
				}
			}

			again, err := run(t, c, Seed{Calendars: []DesiredCalendar{{Input: other}, festivals()}}, PlanOptions{Prune: true})
			if err != nil {
				t.Fatal(err)
			}
			sent = rec.take()
			if want := []string{"GET calendars", fmt.Sprintf("GET calendars/%d/reminders", h.ID)}; !reflect.DeepEqual(sent, want) {
				t.Errorf("the second run sent %q, want %q", sent, want)
			}
			if n := reminderCounts(again.Calendars[1]); n != (WeatherCounts{Unchanged: 3}) {
				t.Errorf("the second plan's counts: %+v", n)
			}
		})
	}
}

// A changed field is one PATCH under the calendar's entity: the date the
// service requires and the change. An edited comment without an id is a
// new reminder: created, and the old one kept; --prune deletes it, and
// spares another entity's reminder on the calendar.
func TestApplyChangesARemindersFieldAndPrunesOnlyTheCalendarsOwn(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			c, rec := cp.bodyClient()
			seed := Seed{Calendars: []DesiredCalendar{festivals(), {Input: greyhawk()}}}
			if _, err := run(t, c, seed, PlanOptions{}); err != nil {
				t.Fatal(err)
			}
			h, g := cp.calendarNamed("Harptos"), cp.calendarNamed("Greyhawk")
			// Greyhawk's entity keeps a birthday on Harptos: not Harptos's own.
			birthday, err := c.Reminders(g.EntityID).Create(context.Background(), client.ReminderInput{CalendarID: &h.ID,
				Dated: client.Dated{Year: ptr(1470), Month: ptr(1), Day: ptr(5)}, Comment: ptr("Born"), TypeID: ptr(2)})
			if err != nil {
				t.Fatal(err)
			}
			before := cp.reminders(h.ID)
			rec.take()

			seed = Seed{Calendars: []DesiredCalendar{festivals(), {Input: greyhawk()}}}
			fair := &seed.Calendars[0].Reminders[1]
			fair.Input.Colour = ptr("#00aa00")
			feast := &seed.Calendars[0].Reminders[0]
			feast.Input.Comment = ptr("The Midwinter feast")
			plan, err := run(t, c, seed, PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			fairID := plan.Calendars[0].Reminders[1].ID
			sent := rec.take()
			wantWrites := []string{
				fmt.Sprintf(`PATCH entities/%d/reminders/%d {"colour":"#00aa00","day":3,"month":3,"year":1492}`, h.EntityID, fairID),
				fmt.Sprintf(`POST entities/%d/reminders {"calendar_id":%d,"comment":"The Midwinter feast","day":1,"month":2,"recurring_periodicity":"year","year":1492}`, h.EntityID, h.ID),
			}
			if got := writes(sent); !sameSet(got, wantWrites) {
				t.Errorf("writes:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantWrites, "\n"))
			}
			if got := plan.Calendars[0].Reminders[1].Changes; !reflect.DeepEqual(got, []Change{{Field: "colour", Old: `"#aa0000"`, New: `"#00aa00"`}}) {
				t.Errorf("the fair's changes: %v", got)
			}
			after := cp.reminders(h.ID)
			if len(after) != len(before)+1 {
				t.Errorf("without --prune the old feast stays: before %q\nafter %q", before, after)
			}

			// Pruned: the old feast only; the birthday and Greyhawk (whose
			// entry names no reminders) untouched.
			plan, err = run(t, c, seed, PlanOptions{Prune: true})
			if err != nil {
				t.Fatal(err)
			}
			oldFeast := strings.Fields(before[0])[0]
			sent = rec.take()
			if got, want := writes(sent), []string{fmt.Sprintf("DELETE entities/%d/reminders/%s", h.EntityID, oldFeast)}; !reflect.DeepEqual(got, want) {
				t.Errorf("--prune wrote %q, want %q", got, want)
			}
			if slices.ContainsFunc(sent, func(s string) bool { return strings.Contains(s, fmt.Sprintf("calendars/%d/reminders", g.ID)) }) {
				t.Errorf("Greyhawk's reminders were read, though its entry has no reminders key: %q", sent)
			}
			left := cp.reminders(h.ID)
			if !slices.Contains(left, fmt.Sprintf("%d %d 1470-1-5 %q ", birthday.ID, g.EntityID, "Born")) || len(left) != 4 {
				t.Errorf("after --prune: %q, want the birthday and the three festivals", left)
			}
			if n := reminderCounts(plan.Calendars[0]); n != (WeatherCounts{Delete: 1, Unchanged: 3}) {
				t.Errorf("the pruning plan's counts: %+v", n)
			}
		})
	}
}

// A calendar whose entry has no reminders key keeps every reminder, even
// with --prune: a seed written before reminders never deletes the
// festivals made in the web interface, and its reminders are not read.
func TestApplyPruneLeavesTheRemindersOfACalendarWithoutTheKey(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			c, rec := cp.bodyClient()
			if _, err := run(t, c, Seed{Calendars: []DesiredCalendar{festivals()}}, PlanOptions{}); err != nil {
				t.Fatal(err)
			}
			rec.take()
			plan, err := run(t, c, Seed{Calendars: []DesiredCalendar{{Input: harptos()}}}, PlanOptions{Prune: true})
			if err != nil {
				t.Fatal(err)
			}
			if sent := rec.take(); !reflect.DeepEqual(sent, []string{"GET calendars"}) {
				t.Errorf("sent %q, want the list alone", sent)
			}
			if plan.Calendars[0].RemindersManaged || len(cp.reminders(plan.Calendars[0].ID)) != 3 {
				t.Errorf("the reminders were managed: %+v", plan.Calendars[0])
			}
			if s := PlanSummary(plan); strings.Contains(s, "reminder") {
				t.Errorf("the summary speaks of reminders the seed does not manage: %s", s)
			}
		})
	}
}

// An empty reminders key manages them as none: --prune deletes every one
// of the calendar's own, and only those.
func TestApplyEmptyRemindersWithPruneDeletesTheCalendarsOwn(t *testing.T) {
	cp := newCampaign(t, true)
	c, rec := cp.bodyClient()
	if _, err := run(t, c, Seed{Calendars: []DesiredCalendar{festivals()}}, PlanOptions{}); err != nil {
		t.Fatal(err)
	}
	h := cp.calendarNamed("Harptos")
	rec.take()
	if _, err := run(t, c, Seed{Calendars: []DesiredCalendar{{Input: harptos(), Reminders: []DesiredReminder{}}}}, PlanOptions{Prune: true}); err != nil {
		t.Fatal(err)
	}
	if got := writes(rec.take()); len(got) != 3 || !strings.HasPrefix(got[0], fmt.Sprintf("DELETE entities/%d/reminders/", h.EntityID)) {
		t.Errorf("wrote %q, want the three reminders deleted", got)
	}
	if left := cp.reminders(h.ID); len(left) != 0 {
		t.Errorf("left %q", left)
	}
}

// A reminder pinned by id is that reminder whatever its date and comment:
// a new comment is sent to it; an id that is not one of the calendar's own
// reminders is refused before anything is sent (exit 4), as is an id on a
// calendar the seed creates.
func TestApplyPinnedReminderIsChangedInPlace(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			c, rec := cp.bodyClient()
			first, err := run(t, c, Seed{Calendars: []DesiredCalendar{festivals(), {Input: greyhawk()}}}, PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			h, g := cp.calendarNamed("Harptos"), cp.calendarNamed("Greyhawk")
			fairID := first.Calendars[0].Reminders[1].ID
			rec.take()

			seed := Seed{Calendars: []DesiredCalendar{festivals()}}
			fair := &seed.Calendars[0].Reminders[1]
			fair.ID, fair.Input.Comment, fair.Input.Day = fairID, ptr("The great fair"), ptr(4)
			plan, err := run(t, c, seed, PlanOptions{Prune: true})
			if err != nil {
				t.Fatal(err)
			}
			want := []string{fmt.Sprintf(`PATCH entities/%d/reminders/%d {"comment":"The great fair","day":4,"month":3,"year":1492}`, h.EntityID, fairID)}
			if got := writes(rec.take()); !reflect.DeepEqual(got, want) {
				t.Errorf("wrote %q\nwant %q", got, want)
			}
			if n := reminderCounts(plan.Calendars[0]); n != (WeatherCounts{Update: 1, Unchanged: 2}) {
				t.Errorf("counts %+v", n)
			}

			// Greyhawk's entity's reminder is not Harptos's to pin.
			other, err := c.Reminders(g.EntityID).Create(context.Background(), client.ReminderInput{CalendarID: &h.ID,
				Dated: client.Dated{Year: ptr(1470), Month: ptr(1), Day: ptr(5)}, Comment: ptr("Born")})
			if err != nil {
				t.Fatal(err)
			}
			rec.take()
			seed = Seed{Calendars: []DesiredCalendar{festivals(), {Input: client.CalendarInput{Name: "Mystara"}, Reminders: []DesiredReminder{{Where: "seed.yaml: line 40", ID: fairID, Input: fair.Input}}}}}
			seed.Calendars[0].Reminders[0].ID = other.ID
			seed.Calendars[0].Reminders[0].Where = "seed.yaml: line 20"
			_, err = run(t, c, seed, PlanOptions{})
			var nf *cmdutil.NotFoundError
			if !errors.As(err, &nf) || !strings.Contains(err.Error(), fmt.Sprintf("reminder id %d (at seed.yaml: line 20) is not a reminder of calendar %d \"Harptos\"'s own entity", other.ID, h.ID)) ||
				!strings.Contains(err.Error(), fmt.Sprintf(`reminder id %d (at seed.yaml: line 40): calendar "Mystara" does not exist yet`, fairID)) {
				t.Errorf("err = %v, want a NotFoundError naming both ids", err)
			}
			if got := writes(rec.take()); len(got) != 0 {
				t.Errorf("wrote %q", got)
			}
		})
	}
}

// Two reminders of one date and comment, a moon the calendar does not
// have, and a date it does not have are refused before anything is sent.
func TestApplyRefusesRemindersNoCalendarCanHold(t *testing.T) {
	h := festivals()
	twice := h.Reminders[1]
	twice.Where = "seed.yaml: line 23"
	twice.Input.Comment = ptr(" The fair ") // stored trimmed: the same
	h.Reminders = append(h.Reminders, twice)
	err := Check(Seed{Calendars: []DesiredCalendar{h}})
	if err == nil || !strings.Contains(err.Error(), `seed.yaml: line 23: calendar "Harptos": reminder 1492-3-3 "The fair": two reminders of one date and comment (at seed.yaml: line 21)`) {
		t.Errorf("err = %v", err)
	}

	h = festivals()
	h.Reminders[1].Input.Day = ptr(31)
	err = Check(Seed{Calendars: []DesiredCalendar{h}})
	if want := `seed.yaml: line 21: calendar "Harptos": reminder 1492-3-31 "The fair": day 31 does not exist: Alturiak has 30 days`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v\nwant it to hold %s", err, want)
	}

	cp := newCampaign(t, false)
	c, rec := cp.bodyClient()
	h = festivals()
	h.Reminders[2].Input.Repeat = ptr("Selnue:full")
	_, err = run(t, c, Seed{Calendars: []DesiredCalendar{h}}, PlanOptions{})
	var usage *cmdutil.UsageError
	if want := `seed.yaml: line 22: calendar "Harptos": reminder 1492-1-1 "Selune is full": repeat: the calendar has no moon named "Selnue"; did you mean "Selune"?`; !errors.As(err, &usage) || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v\nwant a usage error holding %s", err, want)
	}
	if got := writes(rec.take()); len(got) != 0 {
		t.Errorf("wrote %q", got)
	}
}

// The comment is compared as the service stores it: trimmed, and read with
// the entities its HTML purifier writes (Tom & Jerry is kept as Tom &amp;
// Jerry), so that a re-apply finds the reminder and writes nothing.
func TestApplyFindsAReminderByItsCommentAsStored(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			c, rec := cp.bodyClient()
			seed := func() Seed {
				h := festivals()
				h.Reminders = []DesiredReminder{reminderAt("seed.yaml: line 20", 1492, 1, 10, "  Tom & Jerry <3  ")}
				return Seed{Calendars: []DesiredCalendar{h}}
			}
			if _, err := run(t, c, seed(), PlanOptions{}); err != nil {
				t.Fatal(err)
			}
			h := cp.calendarNamed("Harptos")
			if got := cp.reminders(h.ID); len(got) != 1 || !strings.HasSuffix(got[0], ` 1492-1-10 "Tom &amp; Jerry &lt;3" `) {
				t.Fatalf("the service keeps %q, want the comment purified", got)
			}
			rec.take()
			plan, err := run(t, c, seed(), PlanOptions{Prune: true})
			if err != nil {
				t.Fatal(err)
			}
			if got := writes(rec.take()); len(got) != 0 {
				t.Errorf("the second run wrote %q", got)
			}
			if n := reminderCounts(plan.Calendars[0]); n != (WeatherCounts{Unchanged: 1}) {
				t.Errorf("counts %+v", n)
			}
		})
	}
}

// The plan lists a calendar's reminder writes as its weather's: the
// counts, then on a terminal (or with -v) each create, change and delete;
// the summary counts them only when a calendar's reminders are managed;
// -o json carries each with its status.
func TestPrintPlanListsReminderWrites(t *testing.T) {
	cp := newCampaign(t, false)
	c, _ := cp.client(sandbox.Options{}, nil)
	if _, err := run(t, c, Seed{Calendars: []DesiredCalendar{festivals()}}, PlanOptions{}); err != nil {
		t.Fatal(err)
	}
	seed := Seed{Calendars: []DesiredCalendar{festivals()}}
	h := &seed.Calendars[0]
	h.Reminders[1].Input.Colour = ptr("#00aa00")
	h.Reminders[0].Input.Comment = ptr("The Midwinter feast")
	act, err := Read(t.Context(), c, seed, 4)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := MakePlan(seed, act, PlanOptions{Prune: true})
	if err != nil {
		t.Fatal(err)
	}
	rs := plan.Calendars[0].Reminders
	var b bytes.Buffer
	PrintPlan(&b, plan, PlanText{Entries: TerminalEntries})
	want := `calendar "Harptos" (id 1): unchanged
  reminders: 1 to create, 1 to update, 1 to delete, 1 unchanged
    + 1492-2-1 "The Midwinter feast" (repeat: year)
    ~ 1492-3-3 (id ` + itoa(rs[1].ID) + `) "The fair" colour: "#aa0000" -> "#00aa00"
    - 1492-2-1 (id ` + itoa(rs[2].ID) + `) "Midwinter feast" (repeat: year)
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged; 1 reminder to create, 1 to update, 1 to delete, 1 unchanged.
`
	if b.String() != want {
		t.Errorf("plan:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	if err := PrintJSON(&b, plan, true); err != nil {
		t.Fatal(err)
	}
	var report struct {
		Calendars []struct {
			Reminders struct {
				Create, Update, Delete, Unchanged int
				Actions                           []struct {
					Where, Date, Comment, Repeat, Action, Status string
					ID                                           int
					Changes                                      []Change
				}
			}
		}
		Summary string
	}
	if err := json.Unmarshal(b.Bytes(), &report); err != nil {
		t.Fatal(err)
	}
	r := report.Calendars[0].Reminders
	if r.Create != 1 || r.Update != 1 || r.Delete != 1 || r.Unchanged != 1 || len(r.Actions) != 3 {
		t.Fatalf("-o json: %+v", r)
	}
	if a := r.Actions[0]; a.Where != "seed.yaml: line 20" || a.Date != "1492-2-1" || a.Comment != "The Midwinter feast" || a.Repeat != "year" || a.Action != "create" || a.Status != "planned" {
		t.Errorf("the create: %+v", a)
	}
	if a := r.Actions[1]; a.ID != rs[1].ID || a.Action != "update" || len(a.Changes) != 1 || a.Changes[0].Field != "colour" {
		t.Errorf("the update: %+v", a)
	}
	if a := r.Actions[2]; a.ID != rs[2].ID || a.Action != "delete" || a.Comment != "Midwinter feast" {
		t.Errorf("the delete: %+v", a)
	}
	if !strings.HasSuffix(report.Summary, "; 1 reminder to create, 1 to update, 1 to delete, 1 unchanged.") {
		t.Errorf("summary %q", report.Summary)
	}
}

// A calendar the plan leaves alone but writes reminders on, whose moons
// changed meanwhile, stops the run: a repeat names a moon by its id.
func TestRecheckFindsTheMoonsChangedUnderPlannedReminders(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			c, _ := cp.client(sandbox.Options{}, nil)
			if _, err := run(t, c, Seed{Calendars: []DesiredCalendar{festivals()}}, PlanOptions{}); err != nil {
				t.Fatal(err)
			}
			seed := Seed{Calendars: []DesiredCalendar{festivals()}}
			seed.Calendars[0].Reminders[1].Input.Colour = ptr("#00aa00")
			plan, act, err := planOf(t, c, seed, PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			other, _ := cp.client(sandbox.Options{}, nil)
			id := plan.Calendars[0].ID
			current, err := other.GetCalendar(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			in := client.FromCalendar(current)
			in.Moons = append(in.Moons, client.Moon{Name: "Tears", Fullmoon: 12})
			if _, err := other.UpdateCalendar(context.Background(), id, in); err != nil {
				t.Fatal(err)
			}
			err = Recheck(context.Background(), c, plan, act)
			var changed cmdutil.ChangedErrors
			want := `calendar 1 "Harptos" changed on the server since apply read it, and the plan writes its reminders on the days and moons it had (last changed by user 1): moons. Nothing was sent`
			if !errors.As(err, &changed) || len(changed) != 1 || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("err = %v\nwant %s", err, want)
			}
		})
	}
}

// A calendar whose create failed holds its reminders: they are skipped,
// named in the outcome, and nothing is posted under an entity not known.
func TestFailedCalendarCreateHoldsItsReminders(t *testing.T) {
	cp := newCampaign(t, false)
	c, rec := cp.client(sandbox.Options{}, func(next http.RoundTripper) http.RoundTripper {
		return refuseCalendarCreate{next}
	})
	plan, err := run(t, c, Seed{Calendars: []DesiredCalendar{festivals()}}, PlanOptions{})
	var runErr *RunError
	if !errors.As(err, &runErr) || runErr.Failed != 1 || runErr.Skipped != 3 {
		t.Fatalf("err = %v", err)
	}
	for _, s := range rec.take() {
		if strings.Contains(s, "reminders") {
			t.Errorf("sent %s", s)
		}
	}
	var b bytes.Buffer
	PrintOutcome(&b, plan, 0)
	if line := `not tried: create reminder 1492-2-1 "Midwinter feast" of calendar "Harptos": calendar "Harptos" was not created`; !strings.Contains(b.String(), line) {
		t.Errorf("outcome lacks %q:\n%s", line, b.String())
	}
}

// refuseCalendarCreate answers a calendar's create with a 422, as a
// service that refuses it; every other request goes on.
type refuseCalendarCreate struct{ next http.RoundTripper }

func (r refuseCalendarCreate) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method != http.MethodPost || !strings.HasSuffix(req.URL.Path, "/calendars") {
		return r.next.RoundTrip(req)
	}
	body := `{"message":"The given data was invalid.","errors":{"name":["The name field is required."]}}`
	return &http.Response{StatusCode: http.StatusUnprocessableEntity, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(body)), Request: req}, nil
}

// A post's reminder on the calendar whose post has the calendar entity's
// number is no reminder of the calendar's own entity: --prune leaves it,
// and it is not matched to the file's reminders either.
func TestApplyPruneSparesAPostsReminderOfTheSameNumber(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			c, _ := cp.bodyClient()
			if _, err := run(t, c, Seed{Calendars: []DesiredCalendar{festivals()}}, PlanOptions{}); err != nil {
				t.Fatal(err)
			}
			h := cp.calendarNamed("Harptos")
			// The sandbox makes a post's reminder in its state file only.
			b, err := os.ReadFile(cp.data)
			if err != nil {
				t.Fatal(err)
			}
			var state map[string]any
			if err := json.Unmarshal(b, &state); err != nil {
				t.Fatal(err)
			}
			reminders := state["reminders"].([]any)
			post := map[string]any{}
			for k, v := range reminders[0].(map[string]any) {
				post[k] = v
			}
			post["id"], post["remindable_type"], post["remindable_id"], post["comment"] = 99, `App\Models\Post`, h.EntityID, "A post's note"
			state["reminders"] = append(reminders, post)
			if b, err = json.Marshal(state); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(cp.data, b, 0o600); err != nil {
				t.Fatal(err)
			}

			c, rec := cp.bodyClient()
			plan, err := run(t, c, Seed{Calendars: []DesiredCalendar{festivals()}}, PlanOptions{Prune: true})
			if err != nil {
				t.Fatal(err)
			}
			if got := writes(rec.take()); len(got) != 0 {
				t.Errorf("--prune wrote %q: the post's reminder is not the calendar's own", got)
			}
			if n := reminderCounts(plan.Calendars[0]); n != (WeatherCounts{Unchanged: 3}) {
				t.Errorf("counts %+v", n)
			}
			if left := cp.reminders(h.ID); len(left) != 4 || !strings.HasPrefix(left[3], fmt.Sprintf("99 %d ", h.EntityID)) {
				t.Errorf("left %q, want the three festivals and the post's reminder", left)
			}
		})
	}
}
