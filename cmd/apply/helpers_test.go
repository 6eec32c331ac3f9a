package apply

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/sandbox"
)

// modes runs a test against the sandbox in the document's behaviour and in
// the live service's.
var modes = []struct {
	name string
	live bool
}{{"document", false}, {"live", true}}

// campaign is a sandbox whose state lives in a file, so that a faulty
// client and a clean one can look at the same campaign.
type campaign struct {
	t    *testing.T
	live bool
	data string
}

func newCampaign(t *testing.T, live bool) *campaign {
	return &campaign{t: t, live: live, data: filepath.Join(t.TempDir(), "sandbox.json")}
}

// requests records what a client sent: "METHOD path?query", one per
// attempt, and its body after it when bodies is set.
type requests struct {
	mu     sync.Mutex
	sent   []string
	bodies bool
}

func (r *requests) add(x client.Exchange) {
	u, err := url.Parse(x.URL)
	line := x.Method + " " + x.URL
	if err == nil {
		path := strings.TrimPrefix(u.Path, "/api/1.0/campaigns/1/")
		line = x.Method + " " + path
		if u.RawQuery != "" {
			line += "?" + u.RawQuery
		}
	}
	if r.bodies && x.RequestBody != "" {
		line += " " + x.RequestBody
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent = append(r.sent, line)
}

// take returns what was sent since the last take.
func (r *requests) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.sent
	r.sent = nil
	return out
}

func writes(sent []string) []string {
	var out []string
	for _, s := range sent {
		if !strings.HasPrefix(s, "GET ") {
			out = append(out, s)
		}
	}
	return out
}

// client is a client of the campaign; faults (fail and drop rates, a
// seed) and wrap (a transport around the sandbox's) are optional.
func (cp *campaign) client(faults sandbox.Options, wrap func(http.RoundTripper) http.RoundTripper) (*client.Client, *requests) {
	cp.t.Helper()
	opts := faults
	opts.Live, opts.DataPath = cp.live, cp.data
	tr, err := sandbox.InProcess(opts)
	if err != nil {
		cp.t.Fatal(err)
	}
	if wrap != nil {
		tr = wrap(tr)
	}
	rec := &requests{}
	c, err := client.New(client.Config{
		BaseURL: "http://localhost/api/1.0", Token: sandbox.DefaultToken, Campaign: sandbox.DefaultCampaign,
		Transport: tr, OnExchange: rec.add,
		BackoffBase: time.Millisecond, BackoffMax: 2 * time.Millisecond,
	})
	if err != nil {
		cp.t.Fatal(err)
	}
	return c, rec
}

// state is the campaign as a clean client reads it: each calendar's name
// with its weather as "date weather temperature", sorted.
func (cp *campaign) state() map[string][]string {
	cp.t.Helper()
	c, _ := cp.client(sandbox.Options{}, nil)
	ctx := context.Background()
	out := map[string][]string{}
	for cal, err := range c.AllCalendars(ctx, nil) {
		if err != nil {
			cp.t.Fatal(err)
		}
		if _, dup := out[cal.Name]; dup {
			cp.t.Fatalf("two calendars named %q", cal.Name)
		}
		entries := []string{}
		for w, err := range c.AllWeather(ctx, cal.ID, nil) {
			if err != nil {
				cp.t.Fatal(err)
			}
			entries = append(entries, fmt.Sprintf("%s %s %s", w.Date(), w.Code(), cmdutil.Deref(w.Temperature)))
		}
		slices.Sort(entries)
		out[cal.Name] = entries
	}
	return out
}

// run is one `apply`: read, plan, execute.
func run(t *testing.T, c *client.Client, seed Seed, opts PlanOptions) (*Plan, error) {
	t.Helper()
	if err := Check(seed); err != nil {
		t.Fatalf("check: %v", err)
	}
	ctx := context.Background()
	act, err := Read(ctx, c, seed, 4)
	if err != nil {
		return nil, err
	}
	plan, err := MakePlan(seed, act, opts)
	if err != nil {
		return nil, err
	}
	return plan, Execute(ctx, c, plan, ExecOptions{Concurrency: 4})
}

func ptr[T any](v T) *T { return &v }

// requiredOf is the part of in an update of it always sends: the fields
// the service requires on every write (Rebuilt in the table), so that a
// test spells out only the fields it changes.
func requiredOf(in client.WeatherInput) client.WeatherInput {
	var required client.Fields[client.WeatherInput]
	for _, f := range client.WeatherFields {
		if f.Rebuilt {
			required = append(required, f)
		}
	}
	return required.Clone(&in)
}

// harptos is a calendar with leap years: Midwinter (month 2) has a second
// day every 4 years from year 1.
func harptos() client.CalendarInput {
	return client.CalendarInput{
		Name:        "Harptos",
		Type:        ptr("Solar"),
		Date:        &client.Date{Year: 1492, Month: 1, Day: 1},
		Months:      []client.Month{{Name: "Hammer", Length: 30}, {Name: "Midwinter", Length: 1, Type: "intercalary"}, {Name: "Alturiak", Length: 30}},
		Weekdays:    []string{"First", "Second", "Third"},
		Moons:       []client.Moon{{Name: "Selune", Fullmoon: 30.4375}},
		HasLeapYear: ptr(true), LeapYearAmount: ptr(1), LeapYearOffset: ptr(4), LeapYearStart: ptr(1), LeapYearMonth: ptr(2),
	}
}

func greyhawk() client.CalendarInput {
	return client.CalendarInput{
		Name:     "Greyhawk",
		Months:   []client.Month{{Name: "Fireseek", Length: 28}, {Name: "Readying", Length: 28}},
		Weekdays: []string{"Starday", "Sunday", "Moonday"},
	}
}

// weatherDays are n entries on days 1..n of Hammer 1492 (or Fireseek).
func weatherDays(n int, where string) []DesiredWeather {
	out := make([]DesiredWeather, n)
	for i := range out {
		out[i] = DesiredWeather{
			Where: fmt.Sprintf("%s: line %d", where, 10+i),
			Input: client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(1), Day: ptr(i + 1)}, Weather: ptr("snowflake"), Temperature: ptr(fmt.Sprintf("-%dC", i))},
		}
	}
	return out
}

// twoCalendars is the seed of the request-count goals: 2 calendars, 30
// weather entries (20 on Harptos: two pages of 15; 10 on Greyhawk).
func twoCalendars() Seed {
	return Seed{Calendars: []DesiredCalendar{
		{Where: "seed.yaml: line 2", Input: harptos(), Weather: weatherDays(20, "seed.yaml")},
		{Where: "seed.yaml: line 40", Input: greyhawk(), Weather: weatherDays(10, "seed.yaml")},
	}}
}

// wantState is the state twoCalendars makes.
func wantState(harptosDays, greyhawkDays int) map[string][]string {
	days := func(n int) []string {
		out := []string{}
		for i := range n {
			out = append(out, fmt.Sprintf("1492-1-%d snowflake -%dC", i+1, i))
		}
		slices.Sort(out)
		return out
	}
	return map[string][]string{"Harptos": days(harptosDays), "Greyhawk": days(greyhawkDays)}
}

func count(plan *Plan) map[Action]int {
	n := map[Action]int{}
	for _, cp := range plan.Calendars {
		n["calendar "+cp.Action]++
		for _, wp := range cp.Weather {
			n["weather "+wp.Action]++
		}
		n["weather "+Unchanged] += len(cp.WeatherUnchanged)
	}
	return n
}
