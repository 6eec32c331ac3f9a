package apply

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/sandbox"
)

// An empty campaign: the plan creates everything, reading only the
// calendar list (there is no weather to read under calendars that do not
// exist yet), and the run makes exactly the seed.
func TestApplyToEmptyCampaignCreatesEverything(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			c, rec := cp.client(sandbox.Options{}, nil)
			plan, err := run(t, c, twoCalendars(), PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			want := map[Action]int{"calendar create": 2, "weather create": 30, "weather unchanged": 0}
			if got := count(plan); !reflect.DeepEqual(got, want) {
				t.Errorf("plan = %v, want %v", got, want)
			}
			sent := rec.take()
			if sent[0] != "GET calendars" || len(sent) != 1+2+30+weatherPathProbe(m.live) {
				t.Errorf("sent %d requests, want the list, 32 writes (and the live path's probe): %q", len(sent), sent)
			}
			t.Logf("apply of 2 calendars and 30 entries to an empty campaign: %d requests", len(sent))
			if got := cp.state(); !reflect.DeepEqual(got, wantState(20, 10)) {
				t.Errorf("state = %v", got)
			}
			for _, p := range plan.Calendars {
				if p.ID == 0 || p.Result.Status != Done {
					t.Errorf("calendar %s: id %d, status %s", p.Name, p.ID, p.Result.Status)
				}
			}
		})
	}
}

// weatherPathProbe is the one extra request a client makes against the
// live service: the document's weather path, answered 404, before the
// live one (then kept for the client's life).
func weatherPathProbe(live bool) int {
	if live {
		return 1
	}
	return 0
}

// Re-applying an applied seed sends no write and reads only the calendar
// list and each listed calendar's weather pages: 2 calendars and 30
// entries cost 4 requests (5 against the live service, whose weather path
// a fresh client finds with one 404).
func TestReapplySendsNoWriteAndReadsOnlyWhatItMust(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			first, _ := cp.client(sandbox.Options{}, nil)
			applied, err := run(t, first, twoCalendars(), PlanOptions{Prune: true})
			if err != nil {
				t.Fatal(err)
			}
			h, g := applied.Calendars[0].ID, applied.Calendars[1].ID
			c, rec := cp.client(sandbox.Options{}, nil)
			plan, err := run(t, c, twoCalendars(), PlanOptions{Prune: true})
			if err != nil {
				t.Fatal(err)
			}
			want := map[Action]int{"calendar unchanged": 2, "weather unchanged": 30}
			if got := count(plan); !reflect.DeepEqual(got, want) {
				t.Errorf("plan = %v, want %v", got, want)
			}
			sent := rec.take()
			// Harptos's weather is read first, alone (two pages of 15),
			// then Greyhawk's.
			wantSent := []string{"GET calendars",
				fmt.Sprintf("GET calendars/%d/calendar_weathers", h), fmt.Sprintf("GET calendars/%d/calendar_weathers?page=2", h),
				fmt.Sprintf("GET calendars/%d/calendar_weathers", g)}
			if m.live {
				wantSent = []string{"GET calendars",
					fmt.Sprintf("GET calendars/%d/calendar_weathers", h), // the 404 that finds the live path
					fmt.Sprintf("GET calendars/%d/calendar_weather", h), fmt.Sprintf("GET calendars/%d/calendar_weather?page=2", h),
					fmt.Sprintf("GET calendars/%d/calendar_weather", g)}
			}
			if !reflect.DeepEqual(sent, wantSent) {
				t.Errorf("sent %q\nwant %q", sent, wantSent)
			}
			if len(sent) > 6 {
				t.Errorf("%d requests, the goal is at most 6", len(sent))
			}
			t.Logf("re-apply of 2 calendars and 30 entries: %d requests, %d writes", len(sent), len(writes(sent)))
		})
	}
}

// sameSet compares two lists of requests in any order: writes run
// concurrently.
func sameSet(got, want []string) bool {
	norm := func(v []string) map[string]int {
		m := map[string]int{}
		for _, s := range v {
			m[s]++
		}
		return m
	}
	return reflect.DeepEqual(norm(got), norm(want))
}

// Changing one entry of an applied seed is one write, put where it is:
// the date and weather the service requires, and the change, no other
// field.
func TestChangingOneEntryIsOneWrite(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			first, _ := cp.client(sandbox.Options{}, nil)
			applied, err := run(t, first, twoCalendars(), PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			seed := twoCalendars()
			seed.Calendars[1].Weather[4].Input.Temperature = ptr("12C")
			c, rec := cp.client(sandbox.Options{}, nil)
			plan, err := run(t, c, seed, PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			path := "calendar_weathers"
			if m.live {
				path = "calendar_weather"
			}
			gw := applied.Calendars[1]
			if got, want := writes(rec.take()), []string{fmt.Sprintf("PUT calendars/%d/%s/%d", gw.ID, path, gw.Weather[4].ID)}; !reflect.DeepEqual(got, want) {
				t.Errorf("writes = %q, want %q", got, want)
			}
			wp := plan.Calendars[1].Weather[0]
			if wp.Action != Update || !reflect.DeepEqual(wp.Changes, []Change{{Field: "temperature", Old: `"-4C"`, New: `"12C"`}}) {
				t.Errorf("plan: %s %v", wp.Action, wp.Changes)
			}
			// What the service requires on every write, as it was read
			// (the entry as first applied), and the one change.
			sent := client.WeatherFields.Payload(ptr(requiredOf(twoCalendars().Calendars[1].Weather[4].Input)))
			sent["temperature"] = "12C"
			if got := client.WeatherFields.Payload(&wp.Send); !reflect.DeepEqual(got, sent) {
				t.Errorf("sends %v, want %v", got, sent)
			}
			want := wantState(20, 10)
			want["Greyhawk"][slices.Index(want["Greyhawk"], "1492-1-5 snowflake -4C")] = "1492-1-5 snowflake 12C"
			if got := cp.state(); !reflect.DeepEqual(got, want) {
				t.Errorf("state = %v", got)
			}
		})
	}
}

// Prune deletes the entries of the listed calendars that the seed does not
// list, and nothing without it; a calendar is never deleted.
func TestPruneDeletesUnlistedEntriesOnly(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			first, _ := cp.client(sandbox.Options{}, nil)
			applied, err := run(t, first, twoCalendars(), PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			seed := twoCalendars()
			seed.Calendars[0].Weather = seed.Calendars[0].Weather[:18] // drops days 19 and 20
			seed.Calendars = seed.Calendars[:1]                        // Greyhawk is not listed
			c, rec := cp.client(sandbox.Options{}, nil)
			if _, err := run(t, c, seed, PlanOptions{}); err != nil {
				t.Fatal(err)
			}
			if w := writes(rec.take()); len(w) != 0 {
				t.Errorf("without prune: writes %q", w)
			}
			plan, err := run(t, c, seed, PlanOptions{Prune: true})
			if err != nil {
				t.Fatal(err)
			}
			path := "calendar_weathers"
			if m.live {
				path = "calendar_weather"
			}
			h := applied.Calendars[0]
			want := []string{fmt.Sprintf("DELETE calendars/%d/%s/%d", h.ID, path, h.Weather[18].ID), fmt.Sprintf("DELETE calendars/%d/%s/%d", h.ID, path, h.Weather[19].ID)}
			if got := writes(rec.take()); !sameSet(got, want) {
				t.Errorf("writes = %q, want %q", got, want)
			}
			if got := count(plan); got["weather delete"] != 2 || got["weather unchanged"] != 18 {
				t.Errorf("plan = %v", got)
			}
			if got := cp.state(); !reflect.DeepEqual(got, wantState(18, 10)) {
				t.Errorf("state = %v", got)
			}
		})
	}
}
