package calexport_test

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/calexport"
	"github.com/kanka-cli/kanka/internal/presets"
)

// A calendar is what the server answered: possibly hostile. Whatever its
// numbers, Export neither panics nor counts past its budgets, and writes
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
				res, err := calexport.Export(&client.Calendar{CalendarInput: in}, nil, f)
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

// Reminders are what the server answered too: whatever their dates,
// lengths, ends and text, Export neither panics nor counts past its
// budget (compareBudget; how long that takes is BenchmarkHostileReminders'),
// no loss holds a control character, and a note's name is a file's name
// in its folder.
func TestHostileRemindersAreWrittenOrSaidAtOnce(t *testing.T) {
	harptos := func() client.CalendarInput {
		p, err := presets.Get("harptos")
		if err != nil {
			t.Fatal(err)
		}
		return withMoonIDs(p.Input)
	}
	rec := func(y, m, d, length int, repeat, until string) almanac.Recurrence {
		return almanac.Recurrence{Date: almanac.Date{Year: y, Month: m, Day: d}, Length: length, IsRecurring: repeat != "", Periodicity: repeat, Until: until}
	}
	manyMonths := harptos()
	manyMonths.Months = make([]client.Month, 10_000/hostileScale)
	for i := range manyMonths.Months {
		manyMonths.Months[i] = client.Month{Name: "M", Length: 1 + i%31}
	}
	one := 1
	manyMonths.LeapYearMonth, manyMonths.Seasons = &one, nil
	manyMonths.Date = &client.Date{Year: 1492, Month: len(manyMonths.Months) / 2, Day: 1}
	var monthly []calexport.Reminder
	for i := range 300 / hostileScale {
		monthly = append(monthly, calexport.Reminder{ID: i + 1, Recurrence: rec(1300+i, 2+i, 20+i%12, 1+i%40, "month", ""), Visibility: 1})
	}
	var yearly []calexport.Reminder
	for i := range 5000 / hostileScale {
		yearly = append(yearly, calexport.Reminder{ID: i + 1, Recurrence: rec(1400+i%90, 1+i%17, 1, 1+i%3, "year", ""), Visibility: 1 + i%5, Colour: "#" + fmt.Sprintf("%06x", i)})
	}
	for name, c := range map[string]struct {
		cal       client.CalendarInput
		reminders []calexport.Reminder
	}{
		"a length of a billion days": {harptos(), []calexport.Reminder{{ID: 1, Recurrence: rec(1492, 1, 1, 1_000_000_000, "month", "")}}},
		"ends far out and far back": {harptos(), []calexport.Reminder{
			{ID: 1, Recurrence: rec(1492, 1, 1, 1, "year", "1e300")}, {ID: 2, Recurrence: rec(1492, 1, 1, 1, "month", "-99999999999999")},
			{ID: 3, Recurrence: rec(1492, 1, 1, 1, "1_f", "99999999999999999999"), Comment: "x"}}},
		"dates far out": {harptos(), []calexport.Reminder{
			{ID: 1, Recurrence: rec(400_000_000_000, 1, 1, 1, "year", "")}, {ID: 2, Recurrence: rec(-400_000_000_000, 1, 1, 3, "", "")},
			{ID: 3, Recurrence: rec(math.MaxInt32, 1, 1, 1, "month", "")}, {ID: 4, Recurrence: rec(1492, 0, 0, 1, "", "")}}},
		"a moon id beyond any": {harptos(), []calexport.Reminder{{ID: 1, Recurrence: rec(1492, 1, 1, 1, "99999999999999999999_f", "")}}},
		"control bytes everywhere": {harptos(), []calexport.Reminder{{ID: 1, Recurrence: rec(1492, 1, 1, 1, "year", ""),
			Comment: "\x1b]0;x\a<b>bold</b>\u202e\x00/../..\\evil", Colour: "\x1b[31m", Owner: "\x1b[2J../\u2028"}}},
		"ten thousand months, monthly reminders": {manyMonths, monthly},
		"five thousand yearly reminders":         {harptos(), yearly},
	} {
		t.Run(name, func(t *testing.T) {
			for _, f := range []calexport.Format{calexport.FantasyCalendar, calexport.SimpleCalendar, calexport.Calendarium, "notes"} {
				var res calexport.Result
				var err error
				if f == "notes" {
					res, err = calexport.ExportNotes(&client.Calendar{CalendarInput: c.cal}, c.reminders)
				} else {
					res, err = calexport.Export(&client.Calendar{CalendarInput: c.cal}, c.reminders, f)
				}
				if err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				if !json.Valid(res.Data) {
					t.Errorf("%s: not JSON", f)
				}
				for _, l := range res.Losses {
					if strings.ContainsAny(l.Text, "\x1b\a\x00\u202e\u2028") {
						t.Errorf("%s: a loss holds a control character: %q", f, l.Text)
					}
				}
				for _, n := range res.Notes {
					if n.Name != filepath.Base(n.Name) || strings.ContainsAny(n.Name, "/\\\x1b\x00\u202e") || strings.HasPrefix(n.Name, ".") {
						t.Errorf("a note's name %q is no plain file name", n.Name)
					}
					if strings.ContainsAny(string(n.Data), "\x1b\a\x00\u202e") {
						t.Errorf("note %s holds a control character:\n%q", n.Name, n.Data)
					}
				}
			}
		})
	}
}

// BenchmarkHostileReminders is the export of 5,000 yearly reminders (the
// most the hostile test gives one calendar) to each tool's file:
//
//	go test ./internal/calexport -run '^$' -bench HostileReminders -benchmem
func BenchmarkHostileReminders(b *testing.B) {
	p, err := presets.Get("harptos")
	if err != nil {
		b.Fatal(err)
	}
	cal := &client.Calendar{CalendarInput: withMoonIDs(p.Input)}
	var yearly []calexport.Reminder
	for i := range 5000 {
		yearly = append(yearly, calexport.Reminder{ID: i + 1, Visibility: 1 + i%5, Colour: "#" + fmt.Sprintf("%06x", i),
			Recurrence: almanac.Recurrence{Date: almanac.Date{Year: 1400 + i%90, Month: 1 + i%17, Day: 1}, Length: 1 + i%3, IsRecurring: true, Periodicity: "year"}})
	}
	benchmarkExports(b, cal, yearly)
}

// benchmarkExports is the export of reminders on cal to each tool's file.
func benchmarkExports(b *testing.B, cal *client.Calendar, reminders []calexport.Reminder) {
	for _, f := range calexport.Formats {
		b.Run(string(f), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := calexport.Export(cal, reminders, f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkHostileMonthlyReminders is the export of 300 monthly reminders
// on a calendar of 10,000 months (the hostile test's largest monthly case)
// to each tool's file:
//
//	go test ./internal/calexport -run '^$' -bench HostileMonthlyReminders -benchmem
func BenchmarkHostileMonthlyReminders(b *testing.B) {
	p, err := presets.Get("harptos")
	if err != nil {
		b.Fatal(err)
	}
	in := withMoonIDs(p.Input)
	in.Months = make([]client.Month, 10_000)
	for i := range in.Months {
		in.Months[i] = client.Month{Name: "M", Length: 1 + i%31}
	}
	one := 1
	in.LeapYearMonth, in.Seasons = &one, nil
	in.Date = &client.Date{Year: 1492, Month: len(in.Months) / 2, Day: 1}
	cal := &client.Calendar{CalendarInput: in}
	var monthly []calexport.Reminder
	for i := range 300 {
		monthly = append(monthly, calexport.Reminder{ID: i + 1, Visibility: 1,
			Recurrence: almanac.Recurrence{Date: almanac.Date{Year: 1300 + i, Month: 2 + i, Day: 20 + i%12}, Length: 1 + i%40, IsRecurring: true, Periodicity: "month"}})
	}
	benchmarkExports(b, cal, monthly)
}

// A format's name is read in any case, as ParseFormat reads it: the file
// is written, not an empty result.
func TestExportReadsAFormatInAnyCase(t *testing.T) {
	p, err := presets.Get("harptos")
	if err != nil {
		t.Fatal(err)
	}
	res, err := calexport.Export(&client.Calendar{CalendarInput: withMoonIDs(p.Input)}, nil, "Calendarium")
	if err != nil || len(res.Data) == 0 || res.Format != calexport.Calendarium {
		t.Errorf("Export(..., \"Calendarium\"): %d bytes, format %q, error %v", len(res.Data), res.Format, err)
	}
}
