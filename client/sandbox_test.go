package client_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sync"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/sandbox"
)

// These tests run the client against the project's sandbox, in the
// document's behaviour and the live service's, over real HTTP.

func sandboxClient(t *testing.T, opts sandbox.Options, edit ...func(*client.Config)) (*client.Client, *fakeClock) {
	t.Helper()
	clock := newFakeClock()
	opts.Now = clock.Now
	srv, err := sandbox.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	cfg := client.Config{BaseURL: ts.URL + "/api/1.0", Token: sandbox.DefaultToken, Campaign: sandbox.DefaultCampaign, Clock: clock}
	for _, e := range edit {
		e(&cfg)
	}
	c, err := client.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c, clock
}

func harptosInput() client.CalendarInput {
	return client.CalendarInput{
		Name:     "Harptos",
		Type:     ptr("Solar"),
		Entry:    ptr("<p>Faerûn</p>"),
		Date:     &client.Date{Year: 1492, Month: 3, Day: 12},
		Months:   []client.Month{{Name: "Hammer", Length: 30, Type: "standard", Alias: "Deepwinter"}, {Name: "Midwinter", Length: 1, Type: "intercalary"}, {Name: "Alturiak", Length: 30, Type: "standard"}},
		Weekdays: []string{"First", "Second", "Third"},
		Years:    map[int]string{1492: "Year of Three Ships Sailing", -3: "Year of Dust"},
		Seasons:  []client.Season{{Name: "Winter", Month: 1, Day: 1}, {Name: "Spring", Month: 3, Day: 19}},
		Moons:    []client.Moon{{Name: "Selûne", Fullmoon: 30.4375, Offset: 2, Colour: "white"}},
		Suffix:   ptr("DR"), Format: ptr("d M, y"), SkipYearZero: ptr(false), StartOffset: ptr(1),
		HasLeapYear: ptr(true), LeapYearAmount: ptr(1), LeapYearOffset: ptr(4), LeapYearStart: ptr(1), LeapYearMonth: ptr(2),
		Tags: []int{}, IsPrivate: ptr(true),
	}
}

// comparable drops what the server assigns (moon ids), so an input can be
// compared with what was read back.
func comparable(in client.CalendarInput) client.CalendarInput {
	in.Moons = append([]client.Moon(nil), in.Moons...)
	for i := range in.Moons {
		in.Moons[i].ID = nil
	}
	return in
}

// samePayload compares two inputs by what they would send.
func samePayload(t *testing.T, what string, got, want client.CalendarInput) {
	t.Helper()
	g, err1 := got.MarshalJSON()
	w, err2 := want.MarshalJSON()
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	sameJSON(t, what, string(g), string(w))
}

// readsBackAsWritten fails the test unless every field written reads back
// as it was written: the record read, with what was written put over it,
// is the record read. A field the server gives of its own (a default of
// a field the test did not write) is no loss, so a field added to the
// table does not break the test.
func readsBackAsWritten(t *testing.T, read, written client.CalendarInput) {
	t.Helper()
	samePayload(t, "read back", read, client.CalendarFields.Over(&read, &written))
}

// A calendar's whole life: create, read, update what was read (nothing
// lost, even where the live service rebuilds every array), weather over
// several pages, delete.
func TestSandboxLifecycle(t *testing.T) {
	for _, live := range []bool{false, true} {
		t.Run(fmt.Sprintf("live=%v", live), func(t *testing.T) {
			c, _ := sandboxClient(t, sandbox.Options{Live: live})
			ctx := context.Background()
			in := harptosInput()
			created, err := c.CreateCalendar(ctx, in)
			if err != nil {
				t.Fatalf("create: %v", err)
			}
			got, err := c.GetCalendar(ctx, created.ID)
			if err != nil {
				t.Fatalf("get: %v", err)
			}
			want := comparable(in)
			read := comparable(client.FromCalendar(got))
			if !live {
				// Live extras the document's calendar does not have: not
				// read, so not known, so not sent back.
				want.Format, want.SkipYearZero = nil, nil
				if read.Format != nil || read.SkipYearZero != nil {
					t.Errorf("the document's calendar read format %v and skip_year_zero %v", read.Format, read.SkipYearZero)
				}
			}
			readsBackAsWritten(t, read, want)

			update := client.FromCalendar(got)
			update.Name = "Harptos (revised)"
			if _, err := c.UpdateCalendar(ctx, got.ID, update); err != nil {
				t.Fatalf("update: %v", err)
			}
			after, err := c.GetCalendar(ctx, got.ID)
			if err != nil {
				t.Fatal(err)
			}
			samePayload(t, "after the update", client.FromCalendar(after), update)

			for day := 1; day <= 20; day++ {
				w := client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(1), Day: ptr(day)}, Weather: ptr("sun"), Temperature: ptr(fmt.Sprint(day))}
				if _, err := c.CreateWeather(ctx, got.ID, w); err != nil {
					t.Fatalf("weather %d: %v", day, err)
				}
			}
			var days []int
			var first *client.Weather
			for w, err := range c.AllWeather(ctx, got.ID, nil) {
				if err != nil {
					t.Fatal(err)
				}
				days = append(days, *w.Day)
				if first == nil {
					first = w
				}
			}
			if !reflect.DeepEqual(days, pageRange(1, 20)) {
				t.Errorf("weather days %v", days)
			}
			patch := client.FromWeather(first)
			patch.Weather = ptr("cloud-rain")
			if w, err := c.PatchWeather(ctx, got.ID, first.ID, patch); err != nil || *w.Weather != "cloud-rain" || *w.Temperature != "1" {
				t.Errorf("patch: %+v, %v", w, err)
			}
			if err := c.DeleteWeather(ctx, got.ID, first.ID); err != nil {
				t.Fatal(err)
			}
			if err := c.HeadWeather(ctx, got.ID, first.ID); !client.IsNotFound(err) {
				t.Errorf("head of a deleted entry: %v", err)
			}
			if err := c.DeleteCalendar(ctx, got.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := c.GetCalendar(ctx, got.ID); !client.IsNotFound(err) {
				t.Errorf("get of a deleted calendar: %v", err)
			}
		})
	}
}

// Refusals of the sandbox arrive as the typed error with its fields.
func TestSandboxErrors(t *testing.T) {
	for _, live := range []bool{false, true} {
		c, _ := sandboxClient(t, sandbox.Options{Live: live})
		ctx := context.Background()
		_, err := c.CreateCalendar(ctx, client.CalendarInput{Name: "Bad", Months: []client.Month{{Name: "One", Length: 3}}, Weekdays: []string{"A"}})
		var e *client.Error
		if !client.IsValidation(err) || !errors.As(err, &e) || len(e.Fields) == 0 {
			t.Errorf("live=%v: invalid create: %#v", live, err)
		}
		bad, _ := sandboxClient(t, sandbox.Options{Live: live}, func(cfg *client.Config) { cfg.Token = "wrong" })
		if _, err := bad.ListCalendars(ctx, nil); !client.IsAuth(err) {
			t.Errorf("live=%v: wrong token: %v", live, err)
		}
	}
}

// A bulk job against a budget of 3 requests a minute never meets a 429: the
// client waits for each window instead.
func TestSandboxRateLimit(t *testing.T) {
	for _, live := range []bool{false, true} {
		var mu sync.Mutex
		statuses := map[int]int{}
		c, clock := sandboxClient(t, sandbox.Options{Live: live, RateLimit: 3}, func(cfg *client.Config) {
			cfg.OnExchange = func(x client.Exchange) {
				mu.Lock()
				statuses[x.Status]++
				mu.Unlock()
			}
		})
		ctx := deadline(t)
		in := harptosInput()
		for i := range 10 {
			in.Name = fmt.Sprintf("Calendar %d", i)
			if _, err := c.CreateCalendar(ctx, in); err != nil {
				t.Fatal(err)
			}
		}
		if statuses[http.StatusTooManyRequests] != 0 {
			t.Errorf("live=%v: met %d 429s", live, statuses[http.StatusTooManyRequests])
		}
		if clock.elapsed() < 3*60e9 {
			t.Errorf("live=%v: 10 requests at 3 a minute took %v", live, clock.elapsed())
		}
	}
}

// A write the sandbox applies and then answers by dropping the connection
// is reported as maybe applied, and not sent twice.
func TestSandboxDroppedCreate(t *testing.T) {
	c, _ := sandboxClient(t, sandbox.Options{DropRate: 1, Seed: 1})
	ctx := context.Background()
	_, err := c.CreateCalendar(ctx, harptosInput())
	checkNotApplied(t, err)
	p, err := c.ListCalendars(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Items) != 1 {
		t.Errorf("%d calendars exist, want the one create applied once", len(p.Items))
	}
}
