package calimport

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// calendariumFile is a small Calendarium calendar (two months of 10 days,
// a festival day between, 5 weekdays, a leap day in the first month every
// 4 years), changed by change before it is written.
func calendariumFile(t *testing.T, change func(cal, static map[string]any)) []byte {
	t.Helper()
	static := map[string]any{
		"firstWeekDay": 2, "overflow": true, "offset": 0, "eras": []any{},
		"weekdays": []any{map[string]any{"type": "day", "name": "A"}, map[string]any{"type": "day", "name": "B"},
			map[string]any{"type": "day", "name": "C"}, map[string]any{"type": "day", "name": "D"}, map[string]any{"type": "day", "name": "E"}},
		"months": []any{
			map[string]any{"type": "month", "name": "One", "length": 10, "interval": 1, "offset": 0},
			map[string]any{"type": "intercalary", "name": "Feast", "length": 1, "interval": 1, "offset": 0},
			map[string]any{"type": "month", "name": "Two", "length": 10, "interval": 1, "offset": 0},
		},
		"leapDays": []any{map[string]any{"type": "leapday", "name": "Leap", "interval": []any{map[string]any{"interval": 4}}, "timespan": 0, "intercalary": false, "offset": 0}},
		"moons":    []any{},
	}
	cal := map[string]any{"id": "x", "name": "Small", "static": static, "current": map[string]any{"year": 40, "month": 2, "day": 3},
		"events": []any{}, "categories": []any{}, "seasonal": map[string]any{"type": "Dated", "seasons": []any{}}}
	if change != nil {
		change(cal, static)
	}
	b, err := json.Marshal(cal)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestCalendariumIsReadAsItsImporterReadsIt(t *testing.T) {
	data := calendariumFile(t, func(cal, static map[string]any) {
		static["months"].([]any)[2].(map[string]any)["subtitle"] = "The Second"
		static["moons"] = []any{map[string]any{"name": "Moon", "cycle": 9.5, "offset": 1.25, "faceColor": "#ff0000"}}
		cal["seasonal"] = map[string]any{"type": "Dated", "seasons": []any{map[string]any{"name": "Wet", "type": "Dated", "month": 2, "day": 4}}}
		static["useCustomYears"] = true
		static["years"] = []any{map[string]any{"name": "Zero"}, map[string]any{"name": "First"}, map[string]any{"name": ""}}
		cal["events"] = []any{map[string]any{"name": "Fair"}}
	})
	if f, err := Detect(data); err != nil || f != Calendarium {
		t.Fatalf("Detect: %q, %v", f, err)
	}
	res, d, err := convert(data, Auto)
	if err != nil {
		t.Fatal(err)
	}
	in := res.Calendar
	// No year 0; months from 0, days from 1; the festival day outside the
	// week; a subtitle the month's alias; the leap day at the end of its
	// month; years[n] names year n.
	if in.SkipYearZero == nil || !*in.SkipYearZero || in.Date.String() != "40-3-3" || in.Months[1].Type != "intercalary" ||
		in.Months[2].Alias != "The Second" || in.Months[0].Alias != "" ||
		*in.LeapYearMonth != 1 || *in.LeapYearOffset != 4 || *in.LeapYearStart != 4 || *in.LeapYearAmount != 1 ||
		len(in.Years) != 1 || in.Years[1] != "First" || in.Seasons[0].Month != 3 || in.Seasons[0].Day != 4 || in.Moons[0].Colour != "red" {
		t.Errorf("converted: %+v", in)
	}
	// Calendarium's moon stands still on the festival day (its count
	// leaves it out): Kanka's cannot, and the import says so.
	want := "moon Moon: its full moons differ from Calendarium's by more than a day on 28 of 41 checked (21-3-7 to 59-2-1)\n" +
		`event "Fair" is not carried: it has no date (Calendarium shows it on no day)`
	if got := strings.Join(res.Losses, "\n"); got != want {
		t.Errorf("losses:\n%s\nwant\n%s", got, want)
	}
	r, err := in.Reckoning()
	if err != nil {
		t.Fatal(err)
	}
	// The weekday: year 1 starts on firstWeekDay (C); the moon: its own
	// offset, full where Calendarium shows it full near the current date.
	if w, _, _ := r.Weekday(almanac.Date{Year: 1, Month: 1, Day: 1}); w != 2 {
		t.Errorf("1-1-1 falls on weekday %d, want 2 (C)", w)
	}
	for o := int64(0); o < 200; o++ {
		at, _ := r.Ordinal(*in.Date)
		day, _ := r.DateOf(at - 100 + o)
		if want, ok := d.src.weekday(day); ok {
			if got, _, _ := r.Weekday(day); got != want {
				t.Errorf("%s: weekday %d, Calendarium's %d", day, got, want)
			}
		}
	}
}

// Calendarium's count quirks, from its source: the leap days before a year
// are counted with the offset added (leapDaysBeforeYear), where
// testLeapDay takes it off; the years before 1 are mirrored on it.
func TestCalendariumCountsAsItsSourceDoes(t *testing.T) {
	leap := cmLeap{offset: 1, period: 4, conditions: []cmLeapCondition{{every: 4}}}
	m := &cmModel{months: []cmMonthModel{{length: 10}}, leaps: []cmLeap{leap}, week: 7}
	m.prepare()
	// Leap years 1, 5, 9 by testLeapDay; before year 6 the count is
	// floor((5 + 1)/4) = 1, not the 2 (years 1 and 5) they are; before
	// year 7 still 1.
	if !leap.occurs(1) || !leap.occurs(5) || leap.occurs(4) {
		t.Error("testLeapDay: the leap years are those of (year - offset) % 4 == 0")
	}
	for _, c := range []struct {
		year int
		want int64
	}{{1, 0}, {2, 10 + 0}, {6, 50 + 1}, {7, 60 + 1}, {-1, 10 + 0}, {-3, 30 + 1}} {
		if got := m.daysFromYearOne(c.year); got != c.want {
			t.Errorf("daysFromYearOne(%d) = %d, want %d", c.year, got, c.want)
		}
	}
	gregorian := cmLeap{period: 400, conditions: []cmLeapCondition{{every: 4}, {every: 100, exclusive: true}, {every: 400}}}
	for y, want := range map[int]bool{1600: true, 1700: false, 1900: false, 2000: true, 2004: true, 2001: false} {
		if gregorian.occurs(y) != want {
			t.Errorf("the Gregorian conditions: %d leap %v, want %v", y, !want, want)
		}
	}
	// 1 to 1999 hold 499 - 19 + 4 = 484 leap years by the Gregorian rule.
	if got := gregorian.before(1999); got != 484 {
		t.Errorf("leap days before 2000: %d, want 484", got)
	}
}

func TestCalendariumFilesRefused(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(cal, static map[string]any)
		want   string
	}{
		{"no current year", func(cal, _ map[string]any) { cal["current"] = map[string]any{"year": nil, "month": 0, "day": 1} },
			"its current date is not set (current.year, current.month and current.day)"},
		{"year 0", func(cal, _ map[string]any) { cal["current"] = map[string]any{"year": 0, "month": 0, "day": 1} },
			"its current year is 0, which Calendarium does not have"},
		{"a month every other year", func(_, static map[string]any) {
			static["months"].([]any)[2].(map[string]any)["interval"] = 2
		}, "month 3 (Two) exists only every 2 years: kanka reads Calendarium months that come every year"},
		{"a month of no days", func(_, static map[string]any) {
			static["months"].([]any)[0].(map[string]any)["length"] = 0
		}, "month 1 (One): its length is 0, not a number of days"},
		{"a leap day in no month", func(_, static map[string]any) {
			static["leapDays"].([]any)[0].(map[string]any)["timespan"] = 7
		}, "leap day 1 (Leap): month 7 does not exist"},
		{"a leap day without a condition", func(_, static map[string]any) {
			static["leapDays"].([]any)[0].(map[string]any)["interval"] = []any{}
		}, "leap day 1 (Leap): it has no condition with an interval: Calendarium never adds it"},
		{"a cycle too long to count", func(_, static map[string]any) {
			static["leapDays"].([]any)[0].(map[string]any)["interval"] = []any{map[string]any{"interval": 2}, map[string]any{"interval": 4611686018427387905.0}}
		}, "leap day 1 (Leap): its conditions repeat only every 1000000 years or more: too long to count"},
		{"conditions by the thousand", func(_, static map[string]any) {
			var conds []any
			for range 1000 {
				conds = append(conds, map[string]any{"interval": 2})
			}
			static["leapDays"].([]any)[0].(map[string]any)["interval"] = conds
		}, "static.leapDays[0].interval has 1000; kanka reads at most 16 conditions a leap day"},
		{"a moon without a cycle", func(_, static map[string]any) {
			static["moons"] = []any{map[string]any{"name": "M", "cycle": 0, "offset": 0}}
		}, "moon 1 (M): its cycle is 0, not a number of days above 0"},
		{"an era that cuts its year short", func(_, static map[string]any) {
			static["eras"] = []any{map[string]any{"name": "End", "endsYear": true, "isStartingEra": false}}
		}, "era End ends its year early: Kanka cannot hold a year cut short"},
		{"a current year beyond counting", func(cal, _ map[string]any) {
			cal["current"] = map[string]any{"year": 1e15, "month": 0, "day": 1}
		}, "current.year is 1000000000000000; a calendar counts years from -1000000000000 to 1000000000000"},
		{"no static", func(cal, _ map[string]any) { cal["static"] = nil },
			"not a Calendarium calendar: expected {name, static: {months, weekdays, ...}, current: {year, month, day}, ...}"},
	} {
		t.Run(c.name, func(t *testing.T) {
			wantRefused(t, calendariumFile(t, c.change), c.want)
		})
	}
}

// A leap day Calendarium keeps out of the week in a month of the week, or
// places mid-month, becomes the month's last day, of the week: said.
func TestCalendariumOddLeapDaysAreSaid(t *testing.T) {
	res, err := Convert(calendariumFile(t, func(_, static map[string]any) {
		ld := static["leapDays"].([]any)[0].(map[string]any)
		ld["intercalary"], ld["after"] = true, 4
	}), Calendarium)
	if err != nil {
		t.Fatal(err)
	}
	want := "Leap: a leap day that falls after day 4 of One and stands outside the week became the last day of One, a day of the week"
	if len(res.Losses) == 0 || res.Losses[0] != want {
		t.Errorf("losses %q\nwant first %q", res.Losses, want)
	}
}
