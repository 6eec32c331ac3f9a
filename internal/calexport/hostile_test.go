package calexport_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/calexport"
	"github.com/kanka-cli/kanka/internal/presets"
)

// A calendar is what the server answered: possibly hostile. Whatever its
// numbers, Export neither panics nor counts without bound, and writes
// JSON or an error.
func TestHostileCalendarsAreWrittenOrRefusedAtOnce(t *testing.T) {
	base := func() client.CalendarInput {
		p, err := presets.Get("harptos")
		if err != nil {
			t.Fatal(err)
		}
		return p.Input
	}
	many := func(n int) []client.Month {
		months := make([]client.Month, n)
		for i := range months {
			months[i] = client.Month{Name: "M", Length: 1}
		}
		return months
	}
	for name, change := range map[string]func(in *client.CalendarInput){
		"a moon of a billionth of a day": func(in *client.CalendarInput) { in.Moons[0].Fullmoon = 1e-9 },
		"a moon of half a day":           func(in *client.CalendarInput) { in.Moons[0].Fullmoon = 0.5 },
		"a moon of no number":            func(in *client.CalendarInput) { in.Moons[0].Fullmoon = math.NaN() },
		"a moon of ten billion days":     func(in *client.CalendarInput) { in.Moons[0].Fullmoon = 1e10 },
		"a moon of many decimals":        func(in *client.CalendarInput) { in.Moons[0].Fullmoon = 1.0000000001 },
		"an offset beyond the days":      func(in *client.CalendarInput) { in.Moons[0].Offset = math.MaxInt64 },
		"a leap start a billion years on": func(in *client.CalendarInput) {
			start := 1_000_000_000
			in.LeapYearStart = &start
		},
		"a leap year every year, of 1000 days": func(in *client.CalendarInput) {
			every, amount := 1, 1000
			in.LeapYearOffset, in.LeapYearAmount = &every, &amount
		},
		"a leap amount emptying its month": func(in *client.CalendarInput) {
			amount := -1000
			in.LeapYearAmount = &amount
		},
		"a current year far out": func(in *client.CalendarInput) { in.Date = &client.Date{Year: 400_000_000_000, Month: 1, Day: 1} },
		"a current year far back": func(in *client.CalendarInput) {
			in.Date = &client.Date{Year: -400_000_000_000, Month: 1, Day: 1}
		},
		"ten thousand months of a day": func(in *client.CalendarInput) {
			in.Months = many(10_000)
			m := 1
			in.LeapYearMonth = &m
			in.Seasons = nil
			in.Date = &client.Date{Year: 1492, Month: 5000, Day: 1}
		},
		"a hundred moons of a day": func(in *client.CalendarInput) {
			in.Moons = nil
			for range 100 {
				in.Moons = append(in.Moons, client.Moon{Name: "M", Fullmoon: 1.0001, Offset: 7})
			}
		},
		"a start offset of 99":      func(in *client.CalendarInput) { off := 99; in.StartOffset = &off },
		"a leap month that is none": func(in *client.CalendarInput) { m := 400; in.LeapYearMonth = &m },
		"a name of control bytes":   func(in *client.CalendarInput) { in.Name = "\x1b]0;x\a\u202e" },
		"year names over a million years": func(in *client.CalendarInput) {
			in.Years = client.Years{-1_000_000: "a", 1_000_000: "b"}
		},
	} {
		t.Run(name, func(t *testing.T) {
			in := base()
			change(&in)
			for _, f := range calexport.Formats {
				start := time.Now()
				res, err := calexport.Export(&client.Calendar{CalendarInput: in}, nil, f)
				if took := time.Since(start); took > 20*time.Second {
					t.Errorf("%s: Export took %s", f, took)
				}
				if err != nil {
					continue
				}
				if !json.Valid(res.Data) {
					t.Errorf("%s: not JSON", f)
				}
				for _, l := range res.Losses {
					if strings.ContainsAny(l.Text, "\x1b\a") {
						t.Errorf("%s: a loss holds a control character: %q", f, l.Text)
					}
				}
			}
		})
	}
}

// An empty calendar, or one without a current date or weekdays, is an
// error saying why.
func TestCalendarsTheToolsCannotOpenAreRefused(t *testing.T) {
	p, err := presets.Get("harptos")
	if err != nil {
		t.Fatal(err)
	}
	for want, change := range map[string]func(in *client.CalendarInput){
		"the calendar has no current date: the tools need one":       func(in *client.CalendarInput) { in.Date = nil },
		"the calendar has no weekdays: the tools need at least one":  func(in *client.CalendarInput) { in.Weekdays = nil },
		"the calendar cannot be counted: the calendar has no months": func(in *client.CalendarInput) { in.Months = nil },
		"its current date 1492-40-1: month 40 does not exist: the calendar has 17 months": func(in *client.CalendarInput) {
			in.Date = &client.Date{Year: 1492, Month: 40, Day: 1}
		},
	} {
		in := p.Input
		change(&in)
		for _, f := range calexport.Formats {
			if _, err := calexport.Export(&client.Calendar{CalendarInput: in}, nil, f); err == nil || err.Error() != want {
				t.Errorf("%s: error %v, want %s", f, err, want)
			}
		}
	}
	if _, err := calexport.Export(&client.Calendar{CalendarInput: p.Input}, nil, "ical"); err == nil ||
		err.Error() != `unknown format "ical": give fantasy-calendar, simple-calendar or calendarium` {
		t.Errorf("an unknown format: %v", err)
	}
}
