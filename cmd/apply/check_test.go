package apply

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/sandbox"
)

// Check refuses, from the seed alone, two calendars with one name, two
// entries on one date and a day the calendar does not have (its leap day
// outside a leap year), each problem with where it was written; the error
// is a usage error (exit 2).
func TestCheckRefusesTheSeedWithEveryProblemAndItsPlace(t *testing.T) {
	seed := twoCalendars()
	seed.Calendars = append(seed.Calendars, DesiredCalendar{Where: "b.yaml: line 1", Input: greyhawk()})
	h := &seed.Calendars[0]
	h.Weather[3].Input.Day = ptr(3) // a second 1492-1-3
	h.Weather = append(h.Weather,
		DesiredWeather{Where: "seed.yaml: line 31", Input: client.WeatherInput{Dated: client.Dated{Year: ptr(1491), Month: ptr(2), Day: ptr(2)}, Weather: ptr("sun")}},
		DesiredWeather{Where: "seed.yaml: line 32", Input: client.WeatherInput{Dated: client.Dated{Year: ptr(1493), Month: ptr(2), Day: ptr(2)}, Weather: ptr("sun")}},
		DesiredWeather{Where: "seed.yaml: line 33", Input: client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(1), Day: ptr(31)}, Weather: ptr("sun")}},
	)
	err := Check(seed)
	var usage *cmdutil.UsageError
	var invalid *cmdutil.Problems
	if !errors.As(err, &usage) || !errors.As(err, &invalid) {
		t.Fatalf("err = %v", err)
	}
	want := `the input is not valid, nothing was sent:
  seed.yaml: line 13: calendar "Harptos": weather 1492-1-3: two entries on one date (at seed.yaml: line 12)
  seed.yaml: line 31: calendar "Harptos": weather 1491-2-2: day 2 of Midwinter exists only in leap years
  seed.yaml: line 33: calendar "Harptos": weather 1492-1-31: day 31 does not exist: Hammer has 30 days
  b.yaml: line 1: calendar "Greyhawk" is already in the input (at seed.yaml: line 40)`
	if err.Error() != want {
		t.Errorf("message:\n%s\nwant:\n%s", err, want)
	}
}

// A seed that leaves the months out has its dates checked after the read,
// against the calendar as the server has it, still before any write.
func TestDatesOfAnExistingCalendarAreCheckedBeforeAnyWrite(t *testing.T) {
	cp := newCampaign(t, true)
	c, rec := cp.client(sandbox.Options{}, nil)
	if _, err := run(t, c, Seed{Calendars: []DesiredCalendar{{Input: greyhawk()}}}, PlanOptions{}); err != nil {
		t.Fatal(err)
	}
	rec.take()
	seed := Seed{Calendars: []DesiredCalendar{{Where: "w.yaml: line 1", Input: client.CalendarInput{Name: "Greyhawk"},
		Weather: []DesiredWeather{
			{Where: "w.yaml: line 3", Input: client.WeatherInput{Dated: client.Dated{Year: ptr(1), Month: ptr(1), Day: ptr(1)}, Weather: ptr("sun")}},
			{Where: "w.yaml: line 4", Input: client.WeatherInput{Dated: client.Dated{Year: ptr(1), Month: ptr(2), Day: ptr(29)}, Weather: ptr("sun")}},
		}}}}
	if err := Check(seed); err != nil {
		t.Fatalf("check: %v", err)
	}
	act, err := Read(context.Background(), c, seed, 4)
	if err != nil {
		t.Fatal(err)
	}
	_, err = MakePlan(seed, act, PlanOptions{})
	want := "the input is not valid, nothing was sent:\n  w.yaml: line 4: calendar \"Greyhawk\": weather 1-2-29: day 29 does not exist: Readying has 28 days"
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
	if w := writes(rec.take()); len(w) != 0 {
		t.Errorf("writes: %q", w)
	}
}

// A name that two calendars of the campaign share cannot be applied by
// name (exit 2, pin one with id); a pinned id that does not exist is not
// found (exit 4). Nothing is written.
func TestAmbiguousNameAndMissingIDAreRefusedBeforeAnyWrite(t *testing.T) {
	cp := newCampaign(t, false)
	c, _ := cp.client(sandbox.Options{}, nil)
	ctx := context.Background()
	for range 2 {
		if _, err := c.CreateCalendar(ctx, greyhawk()); err != nil {
			t.Fatal(err)
		}
	}
	act, err := Read(ctx, c, Seed{}, 4)
	if err != nil {
		t.Fatal(err)
	}
	_, err = MakePlan(Seed{Calendars: []DesiredCalendar{{Where: "a.yaml: line 2", Input: greyhawk()}}}, act, PlanOptions{})
	var usage *cmdutil.UsageError
	if !errors.As(err, &usage) || !strings.Contains(err.Error(), `a.yaml: line 2: calendar "Greyhawk": 2 calendars have this name (ids 1, 2): pin one with id: N`) {
		t.Errorf("ambiguous: %v", err)
	}
	_, err = MakePlan(Seed{Calendars: []DesiredCalendar{{Where: "a.yaml: line 2", ID: 9}}}, act, PlanOptions{})
	var notFound *cmdutil.NotFoundError
	if !errors.As(err, &notFound) || err.Error() != "calendar id 9 (at a.yaml: line 2) does not exist; nothing was sent" {
		t.Errorf("missing id: %v", err)
	}
	plan, err := MakePlan(Seed{Calendars: []DesiredCalendar{{ID: 2, Input: client.CalendarInput{Type: ptr("Lunar")}}}}, act, PlanOptions{})
	if err != nil || plan.Calendars[0].Action != Update || plan.Calendars[0].Name != "Greyhawk" {
		t.Errorf("pinned: %v %+v", err, plan)
	}
}

// An update sends the whole record, as `calendar update` does: against the
// live service, whose writes rebuild every list, a seed that changes only
// the type keeps the months, weekdays, moons and leap rule it leaves out.
func TestUpdateSendsTheWholeRecordAndLosesNothing(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			c, rec := cp.client(sandbox.Options{}, nil)
			ctx := context.Background()
			created, err := c.CreateCalendar(ctx, harptos())
			if err != nil {
				t.Fatal(err)
			}
			rec.take()
			seed := Seed{Calendars: []DesiredCalendar{{Input: client.CalendarInput{Name: "Harptos", Type: ptr("Lunisolar")}}}}
			plan, err := run(t, c, seed, PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			cal := plan.Calendars[0]
			if want := []Change{{Field: "type", Old: `"Solar"`, New: `"Lunisolar"`}}; cal.Action != Update || !equalChanges(cal.Changes, want) {
				t.Errorf("plan: %s %v", cal.Action, cal.Changes)
			}
			if got := rec.take(); len(got) != 2 || got[1] != "PUT calendars/1" {
				t.Errorf("sent %q", got)
			}
			after, err := c.GetCalendar(ctx, created.ID)
			if err != nil {
				t.Fatal(err)
			}
			want := client.FromCalendar(created)
			want.Type = ptr("Lunisolar")
			if got := client.FromCalendar(after); len(client.CalendarFields.Changes(&want, &got)) != 0 {
				t.Errorf("the update lost: %v", client.CalendarFields.Changes(&want, &got))
			}
			if len(after.Months) != 3 || len(after.Moons) != 1 || !*after.HasLeapYear || after.DateText() != "1492-1-1" {
				t.Errorf("after the update: months %d, moons %d, leap %v, date %s", len(after.Months), len(after.Moons), *after.HasLeapYear, after.DateText())
			}
			if *after.Moons[0].ID != *created.Moons[0].ID {
				t.Errorf("the moon was made again: id %d, was %d", *after.Moons[0].ID, *created.Moons[0].ID)
			}
		})
	}
}

func equalChanges(a, b []Change) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
