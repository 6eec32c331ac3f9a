package apply

import (
	"context"
	"errors"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/sandbox"
)

// rewrite passes requests on and changes the body of the answers edit
// picks (by method and path).
type rewrite struct {
	next http.RoundTripper
	edit func(req *http.Request, body string) string
}

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := r.next.RoundTrip(req)
	if err != nil || resp.Body == nil {
		return resp, err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	body := r.edit(req, string(b))
	resp.Body, resp.ContentLength = io.NopCloser(strings.NewReader(body)), int64(len(body))
	resp.Header.Del("Content-Length")
	return resp, nil
}

func wrapWith(edit func(req *http.Request, body string) string) func(http.RoundTripper) http.RoundTripper {
	return func(next http.RoundTripper) http.RoundTripper { return rewrite{next, edit} }
}

// plan reads the campaign with c and plans seed against it.
func planOf(t *testing.T, c *client.Client, seed Seed, opts PlanOptions) (*Plan, *Actual, error) {
	t.Helper()
	act, err := Read(context.Background(), c, seed, 4)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := MakePlan(seed, act, opts)
	return plan, act, err
}

// A calendar changed by someone else between apply's read and its first
// write (its type, and its date moved by the advance route, which the
// entity's updated_at does not show) stops the run: Recheck names it and
// what changed, with one request. Unchanged, the check passes.
func TestRecheckFindsWhatChangedSinceTheRead(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			c, rec := cp.client(sandbox.Options{}, nil)
			if _, err := run(t, c, twoCalendars(), PlanOptions{}); err != nil {
				t.Fatal(err)
			}
			seed := twoCalendars()
			seed.Calendars[0].Input.Suffix = ptr("DR")
			plan, act, err := planOf(t, c, seed, PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			rec.take()
			if err := Recheck(context.Background(), c, plan, act); err != nil {
				t.Fatalf("nothing changed: %v", err)
			}
			if sent := rec.take(); len(sent) != 1 || !regexp.MustCompile(`^GET calendars\?lastSync=\d{4}-\d\d-\d\dT\d\d%3A\d\d%3A\d\d\.\d{6}Z$`).MatchString(sent[0]) {
				t.Errorf("the check sent %q, want one list request with lastSync", sent)
			}

			other, _ := cp.client(sandbox.Options{}, nil)
			harptosID := plan.Calendars[0].ID
			current, err := other.GetCalendar(context.Background(), harptosID)
			if err != nil {
				t.Fatal(err)
			}
			in := client.FromCalendar(current)
			in.Type = ptr("Lunar")
			if _, err := other.UpdateCalendar(context.Background(), harptosID, in); err != nil {
				t.Fatal(err)
			}
			err = Recheck(context.Background(), c, plan, act)
			var changed cmdutil.ChangedErrors
			if !errors.As(err, &changed) || len(changed) != 1 || !reflect.DeepEqual(changed[0].Fields, []string{"type"}) ||
				!strings.HasPrefix(err.Error(), `calendar 1 "Harptos" changed on the server since apply read it (last changed by user 1): type. Nothing was sent`) {
				t.Errorf("after a change: %v", err)
			}
		})
	}
}

// A calendar the plan leaves alone but writes weather on, whose days
// changed meanwhile (a month shortened), stops the run: the plan's dates
// were checked against the days it had. A change that moves no day (its
// type) does not.
func TestRecheckFindsTheDaysChangedUnderPlannedWeather(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			cp := newCampaign(t, m.live)
			c, _ := cp.client(sandbox.Options{}, nil)
			if _, err := run(t, c, twoCalendars(), PlanOptions{}); err != nil {
				t.Fatal(err)
			}
			seed := twoCalendars()
			seed.Calendars[1].Weather[4].Input.Temperature = ptr("12C")
			plan, act, err := planOf(t, c, seed, PlanOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if plan.Calendars[1].Action != Unchanged || len(plan.Calendars[1].Weather) != 1 {
				t.Fatalf("plan: %s, %d weather writes", plan.Calendars[1].Action, len(plan.Calendars[1].Weather))
			}
			other, _ := cp.client(sandbox.Options{}, nil)
			id := plan.Calendars[1].ID
			change := func(edit func(in *client.CalendarInput)) {
				current, err := other.GetCalendar(context.Background(), id)
				if err != nil {
					t.Fatal(err)
				}
				in := client.FromCalendar(current)
				edit(&in)
				if _, err := other.UpdateCalendar(context.Background(), id, in); err != nil {
					t.Fatal(err)
				}
			}
			change(func(in *client.CalendarInput) { in.Type = ptr("Lunar") })
			if err := Recheck(context.Background(), c, plan, act); err != nil {
				t.Errorf("after a change of type: %v", err)
			}
			change(func(in *client.CalendarInput) { in.Months[0].Length-- })
			err = Recheck(context.Background(), c, plan, act)
			var changed cmdutil.ChangedErrors
			want := `calendar 2 "Greyhawk" changed on the server since apply read it, and the plan writes its weather on the days it had (last changed by user 1): months. Nothing was sent`
			if !errors.As(err, &changed) || len(changed) != 1 || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("after a month was shortened: %v", err)
			}
		})
	}
}

// A calendar created meanwhile with the name of one the plan creates: the
// create would make a second calendar of that name.
func TestRecheckFindsACalendarCreatedMeanwhile(t *testing.T) {
	cp := newCampaign(t, false)
	c, _ := cp.client(sandbox.Options{}, nil)
	seed := Seed{Calendars: []DesiredCalendar{{Input: greyhawk()}}}
	plan, act, err := planOf(t, c, seed, PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	other, _ := cp.client(sandbox.Options{}, nil)
	g := greyhawk()
	g.Name = "Greyhawk  " // stored trimmed by the live service; the same name
	if _, err := other.CreateCalendar(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	err = Recheck(context.Background(), c, plan, act)
	if err == nil || !strings.Contains(err.Error(), `calendar 1 "Greyhawk  " was created`) {
		t.Errorf("err = %v", err)
	}
}

// The answer to a create that names another calendar, or the id of one
// the campaign holds, is not trusted with the weather: none is posted,
// and the result says why.
func TestCreateAnsweredAsAnotherCalendarHoldsItsWeather(t *testing.T) {
	for _, tc := range []struct {
		name, answer, why string
	}{
		{"an existing id", `"id":1,`, `the server's answer to creating calendar "Greyhawk" has the id of calendar 1, which existed already`},
		{"another name", `"name":"Elsewhere",`, `the server's answer to creating calendar "Greyhawk" describes calendar 2 "Elsewhere"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cp := newCampaign(t, false)
			c, _ := cp.client(sandbox.Options{}, nil)
			if _, err := run(t, c, Seed{Calendars: []DesiredCalendar{{Input: harptos()}}}, PlanOptions{}); err != nil {
				t.Fatal(err)
			}
			lying, rec := cp.client(sandbox.Options{}, wrapWith(func(req *http.Request, body string) string {
				if req.Method != http.MethodPost || !strings.HasSuffix(req.URL.Path, "/calendars") {
					return body
				}
				return regexp.MustCompile(`"`+strings.SplitN(tc.answer, `"`, 3)[1]+`":("[^"]*"|\d+),`).ReplaceAllString(body, tc.answer)
			}))
			seed := Seed{Calendars: []DesiredCalendar{{Input: greyhawk(), Weather: weatherDays(2, "seed.yaml")}}}
			plan, err := run(t, lying, seed, PlanOptions{})
			if r := plan.Calendars[0].Result; err == nil || r.Status != Unknown || r.Err.Error() != tc.why {
				t.Errorf("err %v, calendar result %s %v; want %q", err, r.Status, r.Err, tc.why)
			}
			if got := writes(rec.take()); !reflect.DeepEqual(got, []string{"POST calendars"}) {
				t.Errorf("writes = %q, want the calendar create only", got)
			}
			if got := cp.state()["Harptos"]; len(got) != 0 {
				t.Errorf("weather landed on Harptos: %v", got)
			}
		})
	}
}

// An entry a calendar's weather list holds that says it is of another
// calendar is set apart (Actual.Foreign), so that --prune never deletes it
// and no entry of the seed is matched with it.
func TestForeignEntriesAreNeitherMatchedNorPruned(t *testing.T) {
	cp := newCampaign(t, false)
	c, _ := cp.client(sandbox.Options{}, nil)
	if _, err := run(t, c, twoCalendars(), PlanOptions{}); err != nil {
		t.Fatal(err)
	}
	// Harptos's list also shows Greyhawk's entry of 1492-1-3 (id 23).
	mixed, rec := cp.client(sandbox.Options{}, wrapWith(func(req *http.Request, body string) string {
		if req.Method == http.MethodGet && strings.HasSuffix(req.URL.Path, "/calendars/1/calendar_weathers") && req.URL.Query().Get("page") == "" {
			return strings.Replace(body, `"data":[`, `"data":[{"id":23,"calendar_id":2,"weather":"sun","year":1492,"month":1,"day":21},`, 1)
		}
		return body
	}))
	seed := twoCalendars()
	seed.Calendars[0].Weather = append(seed.Calendars[0].Weather[:20:20], DesiredWeather{Input: client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(1), Day: ptr(21)}, Weather: ptr("cloud")}})
	plan, act, err := planOf(t, mixed, seed, PlanOptions{Prune: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(act.SetApart) != 1 || act.SetApart[0].Listed != 1 || act.SetApart[0].Entry.ID != 23 {
		t.Errorf("foreign = %+v", act.SetApart)
	}
	if err := Execute(context.Background(), mixed, plan, ExecOptions{Concurrency: 4}); err != nil {
		t.Fatal(err)
	}
	for _, w := range writes(rec.take()) {
		if strings.HasSuffix(w, "/23") {
			t.Errorf("the foreign entry was written: %s", w)
		}
	}
	if got := count(plan); got["weather create"] != 1 || got["weather delete"] != 0 {
		t.Errorf("plan = %v, want the 1492-1-21 entry created and nothing pruned", got)
	}
}

// A calendar whose answer lacks fields the service rebuilds from every
// write is not updated: the plan is refused (exit 1) naming it and them,
// unless the seed gives them or Force.
func TestPlanRefusesToWipeWhatWasNotRead(t *testing.T) {
	cp := newCampaign(t, false)
	c, _ := cp.client(sandbox.Options{}, nil)
	if _, err := run(t, c, Seed{Calendars: []DesiredCalendar{{Input: harptos()}}}, PlanOptions{}); err != nil {
		t.Fatal(err)
	}
	trimmed, rec := cp.client(sandbox.Options{OmitKeys: []string{"moons", "seasons"}}, nil)
	change := harptos()
	change.Type = ptr("Lunar")
	seed := Seed{Calendars: []DesiredCalendar{{Input: change}}}
	_, _, err := planOf(t, trimmed, seed, PlanOptions{})
	var unread *cmdutil.UnreadError
	if !errors.As(err, &unread) || !reflect.DeepEqual(unread.Keys, []string{"seasons"}) {
		t.Errorf("err = %v, want the seasons unread (the seed gives the moons)", err)
	}
	plan, err := run(t, trimmed, seed, PlanOptions{Force: true})
	if err != nil || plan.Calendars[0].Action != Update {
		t.Errorf("forced: %v, %+v", err, plan.Calendars[0])
	}
	if got := writes(rec.take()); !reflect.DeepEqual(got, []string{"PUT calendars/1"}) {
		t.Errorf("writes %q", got)
	}
}

// Against an empty campaign the ids a seed gets are the same every run:
// calendars are created in the seed's order, each one's weather in date
// order whatever the seed's order.
func TestCreatesGoInSeedAndDateOrder(t *testing.T) {
	for range 3 {
		cp := newCampaign(t, false)
		c, rec := cp.client(sandbox.Options{}, nil)
		seed := twoCalendars()
		slices := seed.Calendars[0].Weather
		for i, j := 0, len(slices)-1; i < j; i, j = i+1, j-1 {
			slices[i], slices[j] = slices[j], slices[i]
		}
		if _, err := run(t, c, seed, PlanOptions{}); err != nil {
			t.Fatal(err)
		}
		got := writes(rec.take())
		if got[0] != "POST calendars" || got[1] != "POST calendars" || got[2] != "POST calendars/1/calendar_weathers" || got[22] != "POST calendars/2/calendar_weathers" {
			t.Fatalf("writes in order %q", got)
		}
		other, _ := cp.client(sandbox.Options{}, nil)
		for w, err := range other.AllWeather(context.Background(), 1, nil) {
			if err != nil {
				t.Fatal(err)
			}
			if *w.Day != w.ID { // entry n of Hammer 1492 is the n-th created
				t.Errorf("weather %d is on day %d", w.ID, *w.Day)
			}
		}
	}
}
