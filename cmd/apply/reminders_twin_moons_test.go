package apply

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/sandbox"
)

// Two moons of a calendar may share a name (Twin's two Lunas). A seed's
// repeat on a moon is written with the id its plan showed: a MOON:PHASE
// by a name two moons share is refused before anything is sent, and the
// id the plan read is the id sent, whatever the calendar's write answers.

// twin is a calendar of two moons named Luna.
func twin() client.CalendarInput {
	return client.CalendarInput{
		Name:     "Twin",
		Date:     &client.Date{Year: 1, Month: 1, Day: 1},
		Months:   []client.Month{{Name: "First", Length: 30}, {Name: "Second", Length: 30}},
		Weekdays: []string{"One", "Two"},
		Moons:    []client.Moon{{Name: "Luna", Fullmoon: 10}, {Name: "Luna", Fullmoon: 7, Offset: 3}},
	}
}

func TestApplyRefusesAMoonRepeatByANameTwoMoonsShare(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			c, rec := cp.bodyClient()
			if _, err := run(t, c, Seed{Calendars: []DesiredCalendar{{Where: "seed.yaml: line 2", Input: twin()}}}, PlanOptions{}); err != nil {
				t.Fatal(err)
			}
			ids := cp.calendarNamed("Twin").Moons
			rec.take()
			r := reminderAt("seed.yaml: line 9", 1, 1, 1, "Second luna full")
			r.Input.Repeat = ptr("Luna:new")
			// A seed that gives the calendar its moons: refused offline.
			cal := DesiredCalendar{Where: "seed.yaml: line 2", Input: twin(), Reminders: []DesiredReminder{r}}
			cal.Input.Moons[0].Fullmoon = 12
			err := Check(Seed{Calendars: []DesiredCalendar{cal}})
			if want := `seed.yaml: line 9: calendar "Twin": reminder 1-1-1 "Second luna full": repeat: the calendar has 2 moons named "Luna": give the one meant by its id and the phase, {id}_{phase}`; err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("check: err = %v\nwant it to hold %s", err, want)
			}
			// One that keeps the calendar's moons: refused by the plan,
			// which knows their ids.
			cal.Input.Moons = nil
			cal.Input.Date = &client.Date{Year: 1, Month: 2, Day: 1} // the update the plan sends too
			_, err = run(t, c, Seed{Calendars: []DesiredCalendar{cal}}, PlanOptions{})
			want := fmt.Sprintf(`seed.yaml: line 9: calendar "Twin": reminder 1-1-1 "Second luna full": repeat: calendar %d has 2 moons named "Luna" (ids %d, %d): give the one meant by its id and the phase, {id}_{phase}, such as %d_n`,
				cp.calendarNamed("Twin").ID, *ids[0].ID, *ids[1].ID, *ids[1].ID)
			var usage *cmdutil.UsageError
			if !errors.As(err, &usage) || !strings.Contains(err.Error(), want) {
				t.Errorf("err = %v\nwant a usage error holding %s", err, want)
			}
			if got := writes(rec.take()); len(got) != 0 {
				t.Errorf("wrote %q", got)
			}
		})
	}
}

// renumbering answers a calendar's update with each of its moons' ids
// raised by 10, as a server that numbered them anew would.
type renumbering struct{ next http.RoundTripper }

func (rt renumbering) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := rt.next.RoundTrip(req)
	if err != nil || (req.Method != http.MethodPut && req.Method != http.MethodPatch) || !strings.Contains(req.URL.Path, "/calendars/") {
		return resp, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	var answer map[string]any
	if json.Unmarshal(body, &answer) == nil {
		if data, ok := answer["data"].(map[string]any); ok {
			moons, _ := data["moons"].([]any)
			for _, m := range moons {
				if m, ok := m.(map[string]any); ok {
					if id, ok := m["id"].(float64); ok {
						m["id"] = id + 10
					}
				}
			}
			body, _ = json.Marshal(answer)
		}
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	resp.ContentLength = int64(len(body))
	resp.Header.Del("Content-Length")
	return resp, nil
}

func TestApplySendsTheMoonIDItsPlanShowed(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			plain, _ := cp.bodyClient()
			if _, err := run(t, plain, Seed{Calendars: []DesiredCalendar{{Where: "seed.yaml: line 2", Input: harptos()}}}, PlanOptions{}); err != nil {
				t.Fatal(err)
			}
			h := cp.calendarNamed("Harptos")
			moonID := *h.Moons[0].ID
			c, rec := cp.client(sandbox.Options{}, func(tr http.RoundTripper) http.RoundTripper { return renumbering{tr} })
			rec.bodies = true
			cal := festivals()
			cal.Input.Moons[0].Fullmoon = 30  // an update of the calendar first
			cal.Reminders = cal.Reminders[2:] // Selune:full
			plan, err := run(t, c, Seed{Calendars: []DesiredCalendar{cal}}, PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := plan.Calendars[0].Reminders[0].Send.Repeat; got == nil || *got != fmt.Sprintf("%d_f", moonID) {
				t.Fatalf("the plan shows the repeat %v, want %d_f", got, moonID)
			}
			want := fmt.Sprintf(`POST entities/%d/reminders {"calendar_id":%d,"comment":"Selune is full","day":1,"month":1,"recurring_periodicity":"%d_f","year":1492}`, h.EntityID, h.ID, moonID)
			sent := writes(rec.take())
			if len(sent) != 2 || sent[1] != want {
				t.Errorf("sent\n%s\nwant the calendar's update, then\n%s", strings.Join(sent, "\n"), want)
			}
		})
	}
}
