package apply

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/sandbox"
)

// The plan as text: per calendar its action and changed fields, weather
// counts, the entries when verbose, a summary line; server text with its
// control characters shown.
func TestPrintPlanShowsChangesCountsAndEntries(t *testing.T) {
	cp := newCampaign(t, false)
	c, _ := cp.client(sandbox.Options{}, nil)
	if _, err := run(t, c, twoCalendars(), PlanOptions{}); err != nil {
		t.Fatal(err)
	}
	seed := twoCalendars()
	seed.Calendars[0].Weather = seed.Calendars[0].Weather[:19]
	seed.Calendars[0].Input.Type = ptr("Lunar\x1b[2J")
	seed.Calendars[1].Weather[4].Input.Temperature = ptr("12C")
	seed.Calendars[1].Weather = append(seed.Calendars[1].Weather, DesiredWeather{Input: client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(2), Day: ptr(1)}, Weather: ptr("sun")}})
	seed.Calendars = append(seed.Calendars, DesiredCalendar{Input: client.CalendarInput{Name: "Eberron", Months: greyhawk().Months, Weekdays: greyhawk().Weekdays}})
	act, err := Read(t.Context(), c, seed, 4)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := MakePlan(seed, act, PlanOptions{Prune: true})
	if err != nil {
		t.Fatal(err)
	}
	h, g := plan.Calendars[0], plan.Calendars[1]
	var b bytes.Buffer
	PrintPlan(&b, plan, PlanText{})
	want := `calendar "Harptos" (id ` + itoa(h.ID) + `): update
  type: "Solar" -> "Lunar\x1b[2J"
  weather: 0 to create, 0 to update, 1 to delete, 19 unchanged
calendar "Greyhawk" (id ` + itoa(g.ID) + `): unchanged
  weather: 1 to create, 1 to update, 0 to delete, 9 unchanged
calendar "Eberron": create
Plan: 1 calendar to create, 1 to update, 1 unchanged; 1 weather entry to create, 1 to update, 1 to delete, 28 unchanged.
`
	if b.String() != want {
		t.Errorf("plan:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	PrintPlan(&b, plan, PlanText{Entries: EveryEntry})
	for _, line := range []string{
		"    - 1492-1-20 (id " + itoa(h.Weather[0].ID) + ") snowflake\n",
		"    ~ 1492-1-5 (id " + itoa(g.Weather[0].ID) + `) temperature: "-4C" -> "12C"` + "\n",
		"    + 1492-2-1 sun\n",
	} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("verbose plan lacks %q:\n%s", line, b.String())
		}
	}
}

// -o json: the plan and the outcome of each write, with its status and id;
// a failure carries its message.
func TestPrintJSONCarriesStatusesAndIDs(t *testing.T) {
	cp := newCampaign(t, false)
	c, _ := cp.client(sandbox.Options{}, func(next http.RoundTripper) http.RoundTripper {
		return refuse{next: next, match: func(method, path, body string) bool {
			return method == http.MethodPost && strings.Contains(body, `"day":2,`)
		}}
	})
	seed := Seed{Calendars: []DesiredCalendar{{Where: "s.yaml: line 2", Input: greyhawk(), Weather: weatherDays(2, "s.yaml")}}}
	plan, err := run(t, c, seed, PlanOptions{})
	if err == nil {
		t.Fatal("no error")
	}
	var b bytes.Buffer
	if err := PrintJSON(&b, plan, false); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Calendars []struct {
			Name, Action, Status string
			ID                   int
			Weather              struct {
				Create  int
				Actions []struct {
					Date, Action, Status, Error string
					ID                          int
				}
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	cal := got.Calendars[0]
	if cal.Name != "Greyhawk" || cal.Action != "create" || cal.Status != "done" || cal.ID != 1 || cal.Weather.Create != 2 {
		t.Errorf("calendar: %+v", cal)
	}
	a := cal.Weather.Actions
	if len(a) != 2 || a[0].Status != "done" || a[0].ID == 0 || a[1].Status != "failed" || a[1].ID != 0 ||
		!strings.Contains(a[1].Error, "The weather is refused.") {
		t.Errorf("weather: %+v\n%s", a, b.String())
	}
	b.Reset()
	PrintOutcome(&b, plan, 0)
	if !strings.HasSuffix(b.String(), "Applied: 2 of 3 writes done, 1 failed, 0 may have been applied, 0 not tried.\n") ||
		!strings.HasPrefix(b.String(), `failed: create weather 1492-1-2 of calendar "Greyhawk" (id 1): `) {
		t.Errorf("outcome:\n%s", b.String())
	}
}

// The plan printed after a run (PrintPlan, verbose) marks each entry that
// did not end done with what became of it; a done one has no mark, and a
// created one its new id.
func TestPrintPlanAfterARunMarksTheEntriesNotDone(t *testing.T) {
	cp := newCampaign(t, false)
	c, _ := cp.client(sandbox.Options{}, func(next http.RoundTripper) http.RoundTripper {
		return refuse{next: next, match: func(method, _, body string) bool {
			return method == http.MethodPost && strings.Contains(body, `"day":2,`)
		}}
	})
	plan, err := run(t, c, Seed{Calendars: []DesiredCalendar{{Input: greyhawk(), Weather: weatherDays(2, "s.yaml")}}}, PlanOptions{})
	if err == nil {
		t.Fatal("no error")
	}
	var b bytes.Buffer
	PrintPlan(&b, plan, PlanText{Entries: EveryEntry})
	want := `calendar "Greyhawk" (id 1): create
  weather: 2 to create, 0 to update, 0 to delete, 0 unchanged
    + 1492-1-1 (id 1) snowflake
    + 1492-1-2 snowflake [failed]
Plan: 1 calendar to create, 0 to update, 0 unchanged; 2 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
`
	if b.String() != want {
		t.Errorf("plan:\n%s\nwant:\n%s", b.String(), want)
	}
}
