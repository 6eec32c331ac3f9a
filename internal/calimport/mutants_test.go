package calimport

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// Edges the mutation tests (scripts/mutation) found no test noticing: a
// bound taken one too far or too near, a list read from the wrong end, a
// message naming the wrong item. Each test says what a user would see.

// wantLosses converts data and compares its losses with want.
func wantLosses(t *testing.T, data []byte, want ...string) Result {
	t.Helper()
	res := convertOK(t, data)
	if want == nil {
		want = []string{}
	}
	if !slices.Equal(res.Losses, want) {
		t.Errorf("losses:\n  %s\nwant:\n  %s", strings.Join(res.Losses, "\n  "), strings.Join(want, "\n  "))
	}
	return res
}

// A control character as the first character of a name is found too, and
// the message counts seasons and moons from 1.
func TestNamesStartingWithAControlCharacterAreRefused(t *testing.T) {
	wantRefused(t, donjonFile(t, func(f map[string]any) { f["moons"] = []any{"\x1bPale"}; f["lunar_cyc"] = []any{9} }),
		`moon 1's name "\x1bPale" holds a control character (U+001B): kanka does not send one to the service`)
	wantRefused(t, simpleFile(t, func(c, _ map[string]any) {
		c["seasons"] = []any{map[string]any{"name": "Spring", "startingMonth": 0, "startingDay": 0},
			map[string]any{"name": "Fall\a", "startingMonth": 1, "startingDay": 0}}
	}), `season 2's name "Fall\a" holds a control character (U+0007): kanka does not send one to the service`)
}

// The almanac's first and last years are years a calendar may be at.
func TestCurrentYearsAtTheAlmanacBoundsAreCarried(t *testing.T) {
	for _, year := range []int{1_000_000_000_000, -1_000_000_000_000} {
		res := convertOK(t, donjonFile(t, func(f map[string]any) { f["year"] = year }))
		if got := res.Calendar.Date.Year; got != year {
			t.Errorf("year %d became %d", year, got)
		}
	}
}

// A year past what an int holds, either way, is said as the nearest int.
func TestYearsBeyondAnIntAreSaidAtItsBounds(t *testing.T) {
	const between = "; a calendar counts years from -1000000000000 to 1000000000000"
	wantRefused(t, donjonFile(t, func(f map[string]any) { f["year"] = 9223372036854775808.0 }), "year is 9223372036854775807"+between)
	wantRefused(t, donjonFile(t, func(f map[string]any) { f["year"] = -1e300 }), "year is -9223372036854775808"+between)
}

// Lists exactly at their bound are read: a hundred moons, 128 leap days.
func TestListsAtTheirBoundAreRead(t *testing.T) {
	cycles := make([]any, maxMoons)
	for i := range cycles {
		cycles[i] = 9
	}
	res := convertOK(t, donjonFile(t, func(f map[string]any) {
		f["n_moons"], f["moons"], f["lunar_cyc"], f["lunar_shf"] = maxMoons, []any{}, cycles, []any{}
	}))
	if len(res.Calendar.Moons) != maxMoons {
		t.Errorf("%d moons, want %d", len(res.Calendar.Moons), maxMoons)
	}
	res = convertOK(t, fantasyFile(t, func(s, _ map[string]any) {
		var leaps []any
		for range maxLeapDays {
			leaps = append(leaps, map[string]any{"name": "L", "timespan": 0, "interval": "4"})
		}
		yearData(s)["leap_days"] = leaps
	}))
	if c := res.Calendar; !*c.HasLeapYear || *c.LeapYearAmount != 128 {
		t.Errorf("leap year %v of %d days, want 128 days", *c.HasLeapYear, *c.LeapYearAmount)
	}
}

// A Simple Calendar month 128 days shorter in leap years is within what
// Kanka adds (or takes) in a leap year.
func TestSimpleMonthShorterBy128DaysInLeapYears(t *testing.T) {
	res := wantLosses(t, simpleFile(t, func(c, _ map[string]any) {
		c["leapYear"] = map[string]any{"rule": "custom", "customMod": 4}
		m := c["months"].([]any)[0].(map[string]any)
		m["numberOfDays"], m["numberOfLeapYearDays"] = 200, 72
	}))
	if c := res.Calendar; !*c.HasLeapYear || *c.LeapYearAmount != -128 || *c.LeapYearOffset != 4 {
		t.Errorf("leap year %v of %d days every %d years, want -128 days every 4", *c.HasLeapYear, *c.LeapYearAmount, *c.LeapYearOffset)
	}
}

// Simple Calendar reads a custom rule of every 0 years as no leap years;
// one of every million years is counted, and is beyond Kanka's 255.
func TestSimpleCustomLeapRulesAtTheirBounds(t *testing.T) {
	leapEvery := func(mod float64) []byte {
		return simpleFile(t, func(c, _ map[string]any) {
			c["leapYear"] = map[string]any{"rule": "custom", "customMod": mod}
			c["months"].([]any)[0].(map[string]any)["numberOfLeapYearDays"] = 31
		})
	}
	if res := wantLosses(t, leapEvery(0)); *res.Calendar.HasLeapYear {
		t.Error("a rule of every 0 years made leap years")
	}
	wantLosses(t, leapEvery(1e6), "leap years: Simple Calendar's leap years come every 1000000 years, more than Kanka's 255: they are not carried")
}

func TestSimpleMoonCyclesAndPhasesAtZero(t *testing.T) {
	moon := moonOf("Pale", eightPhases(), "none")
	moon["cycleLength"] = 0
	wantRefused(t, simpleFile(t, func(c, _ map[string]any) { c["moons"] = []any{moon} }),
		"moon 1 (Pale): its cycle length is 0, not a number of days above 0")
	// A phase of no length is drawn as none, not refused.
	phases := eightPhases()
	phases[1].(map[string]any)["length"] = 0
	res := convertOK(t, simpleFile(t, func(c, _ map[string]any) { c["moons"] = []any{moonOf("Pale", phases, "none")} }))
	if got := res.Calendar.Moons[0].Offset; got != 599 {
		t.Errorf("offset %d, want 599", got)
	}
}

// A first new moon in a month the calendar does not have is counted from
// its last month, as Simple Calendar does.
func TestSimpleFirstNewMoonBeyondTheMonths(t *testing.T) {
	moon := moonOf("Pale", eightPhases(), "none")
	moon["firstNewMoon"].(map[string]any)["month"] = 99
	res := wantLosses(t, simpleFile(t, func(c, _ map[string]any) { c["moons"] = []any{moon} }))
	if got := res.Calendar.Moons[0].Offset; got != 598 {
		t.Errorf("offset %d, want 598", got)
	}
}

// A value of another JSON type that encoding/json names by its type, not
// by its text, is said by its key.
func TestListGivenAsTextIsSaidByItsKey(t *testing.T) {
	wantRefused(t, donjonFile(t, func(f map[string]any) { f["months"] = "Early, Late" }), "months: expected a list, got string")
}

// A donjon note that is not a text, or whose key is no day, is named as
// not carried; an empty text is a note cleared, none.
func TestDonjonNotesThatAreNoneAreNamed(t *testing.T) {
	for loss, notes := range map[string]map[string]any{
		`note "a" is not carried: its day "1" is no date (year-month-day)`: {"1": "a", "1024-1-2": ""},
		`note "2" is not carried: its note is not a text`:                  {"2": []any{"b", "c"}},
	} {
		res := wantLosses(t, donjonFile(t, func(f map[string]any) { f["notes"] = notes }), loss)
		if res.Reminders != nil {
			t.Errorf("%v: reminders %+v", notes, res.Reminders)
		}
	}
}

// Kanka's one leap rule, for Fantasy-Calendar's intervals: exact when the
// leap years are evenly spaced, else the nearest with the first year the
// two differ.
func TestFantasyLeapRulesBecomeKankasRule(t *testing.T) {
	const approx = "leap years: Fantasy-Calendar's rule "
	for _, c := range []struct {
		name         string
		year         int
		leap         map[string]any
		every, start int
		losses       []string
	}{
		{"evenly spaced from an offset", 10, leapOn("4", 1, false), 4, 1, nil},
		{"two intervals that make one", 10, leapOn("4,2", 0, false), 2, 2, nil},
		{"the longest Kanka holds", 10, leapOn("255", 0, false), 255, 255, nil},
		{"a cycle of one year", 10, leapOn("1", 1, true), 1, 1, nil},
		{"intervals in rising order", 10, leapOn("4,!100,400", 0, false), 4, 4,
			[]string{approx + "4,!100,400 (97 leap years in 400) became one every 4 years from year 4; the first year where they differ is 100"}},
		{"a first difference 10000 years on", 4, leapOn("!10004,4", 0, false), 4, 4,
			[]string{approx + "!10004,4 (2500 leap years in 10004) became one every 4 years from year 4; the first year where they differ is 10004"}},
		{"the current year is the rule's first", 1, leapOn("400,!100,4", 1, false), 4, 1,
			[]string{approx + "400,!100,4 (offset 1) (97 leap years in 400) became one every 4 years from year 1; the first year where they differ is 101",
				"weekdays: they differ from Fantasy-Calendar's on 220 of 801 days checked (-7-1-21 to 7-2-9), first on -7-1-21"}},
		// Anchored on the last leap year (10), not the next (13).
		{"anchored on the last leap year", 11, leapOn("1,2", 4, true), 2, 2,
			[]string{approx + "years 1,2 of every 4 (2 leap years in 4) became one every 2 years from year 2; the first year where they differ is 12",
				"weekdays: they differ from Fantasy-Calendar's on 218 of 797 days checked (4-1-25 to 17-2-8), first on 5-1-1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := wantLosses(t, fantasyFile(t, func(s, d map[string]any) {
				yearData(s)["leap_days"] = []any{c.leap}
				d["year"] = c.year
			}), c.losses...)
			if k := res.Calendar; *k.LeapYearOffset != c.every || *k.LeapYearStart != c.start {
				t.Errorf("leap every %d from %d, want every %d from %d", *k.LeapYearOffset, *k.LeapYearStart, c.every, c.start)
			}
		})
	}
}

func leapOn(interval string, offset int, cyclic bool) map[string]any {
	return map[string]any{"name": "Leap", "timespan": 1, "interval": interval, "offset": offset, "cyclic_interval": cyclic}
}

// Two leap days that add as many days over the years: the first is kept,
// whichever leaps in the current year.
func TestFantasyLeapDaysOfEqualWeightKeepTheFirst(t *testing.T) {
	first, second := leapOn("4", 3, false), leapOn("4", 2, false)
	first["name"], second["name"] = "Early", "Late"
	res := convertOK(t, fantasyFile(t, func(s, _ map[string]any) { yearData(s)["leap_days"] = []any{first, second} }))
	want := "leap days: Kanka has one leap rule: Early (4 (offset 3)) is kept; Late (4 (offset 2)) is not carried"
	if len(res.Losses) == 0 || res.Losses[0] != want {
		t.Errorf("losses %q, want first %q", res.Losses, want)
	}
	if got := *res.Calendar.LeapYearStart; got != 3 {
		t.Errorf("leap years from %d, want 3", got)
	}
}

func TestSimpleCustomLeapRuleFromAStartingYear(t *testing.T) {
	res := wantLosses(t, simpleFile(t, func(c, _ map[string]any) {
		c["leapYear"] = map[string]any{"rule": "custom", "customMod": 4, "startingYear": 1}
		c["months"].([]any)[0].(map[string]any)["numberOfLeapYearDays"] = 31
	}))
	if k := res.Calendar; *k.LeapYearOffset != 4 || *k.LeapYearStart != 1 || *k.StartOffset != 1 {
		t.Errorf("leap every %d from %d, start_offset %d; want every 4 from 1, start_offset 1", *k.LeapYearOffset, *k.LeapYearStart, *k.StartOffset)
	}
}

// Repeated year names start at yearNamesStart: year 10 is the third name
// of a round that starts at year 5.
func TestSimpleRepeatedYearNamesCountFromTheirStart(t *testing.T) {
	res := convertOK(t, simpleFile(t, func(c, _ map[string]any) {
		y := c["year"].(map[string]any)
		y["yearNames"], y["yearNamingRule"], y["yearNamesStart"] = []any{"Ox", "Hare", "Crane"}, "repeat", 5
	}))
	if got, want := res.Calendar.Years, map[int]string{10: "Crane", 11: "Ox", 12: "Hare"}; !maps.Equal(got, want) {
		t.Errorf("years %v, want %v", got, want)
	}
}

// Fantasy-Calendar's floor and ceil roundings of a moon's phase: each is
// full on some days, and the converted moon agrees.
func TestFantasyMoonRoundings(t *testing.T) {
	res := wantLosses(t, fantasyFile(t, func(s, _ map[string]any) {
		s["moons"] = []any{map[string]any{"name": "F", "cycle": 10, "cycle_rounding": "floor"}, map[string]any{"name": "C", "cycle": 10, "cycle_rounding": "ceil"}}
	}))
	if f, c := res.Calendar.Moons[0].Offset, res.Calendar.Moons[1].Offset; f != 536 || c != 544 {
		t.Errorf("offsets %d and %d, want 536 and 544", f, c)
	}
}

// A moon before year 1, in a calendar with year 0: its phases are counted
// back from the epoch.
func TestFantasyMoonBeforeTheEpoch(t *testing.T) {
	res := wantLosses(t, fantasyFile(t, func(s, d map[string]any) {
		s["moons"] = []any{map[string]any{"name": "M", "cycle": 10.5, "shift": 3}}
		s["settings"] = map[string]any{"year_zero_exists": true}
		d["year"] = -3
	}))
	if got := res.Calendar.Moons[0].Offset; got != -170 {
		t.Errorf("offset %d, want -170", got)
	}
}

// The days checked: four years either side of the current date (a year of
// 201 days: 804), to the last day, here the first of a month.
func TestDaysCheckedAreFourYearsEitherSide(t *testing.T) {
	wantLosses(t, fantasyFile(t, func(s, _ map[string]any) {
		yearData(s)["overflow"] = false
		yearData(s)["timespans"].([]any)[0].(map[string]any)["length"] = 100
		yearData(s)["timespans"].([]any)[1].(map[string]any)["length"] = 101
	}), "weeks: Fantasy-Calendar starts the week anew on the first day of every month (its weeks do not overflow); Kanka runs the week on, so weekdays differ on 1408 of 1609 days checked (6-1-1 to 14-1-1), first on 6-1-1")
}

// A week of two days is anchored and checked like any other.
func TestTwoDayWeeks(t *testing.T) {
	twoDays := func(s map[string]any) { yearData(s)["global_week"] = []any{"Odd", "Even"} }
	res := wantLosses(t, fantasyFile(t, func(s, _ map[string]any) { twoDays(s); yearData(s)["first_day"] = 2 }))
	if got := *res.Calendar.StartOffset; got != 1 {
		t.Errorf("Fantasy-Calendar: start_offset %d, want 1", got)
	}
	wantLosses(t, fantasyFile(t, func(s, _ map[string]any) {
		twoDays(s)
		yearData(s)["overflow"] = false
		yearData(s)["timespans"].([]any)[0].(map[string]any)["length"] = 31
	}), "weeks: Fantasy-Calendar starts the week anew on the first day of every month (its weeks do not overflow); Kanka runs the week on, so weekdays differ on 374 of 801 days checked (3-1-28 to 16-2-4), first on 3-1-28")
	res = wantLosses(t, simpleFile(t, func(c, _ map[string]any) {
		c["weekdays"] = []any{map[string]any{"name": "Odd"}, map[string]any{"name": "Even"}}
		c["year"].(map[string]any)["firstWeekday"] = 1
	}))
	if got := *res.Calendar.StartOffset; got != 1 {
		t.Errorf("Simple Calendar: start_offset %d, want 1", got)
	}
}

// A moon whose full moons are all more than 60 days from the current
// date is still anchored: twelve of its cycles either side are searched.
func TestDonjonLongMoonIsAnchoredFarFromTheCurrentDate(t *testing.T) {
	res := wantLosses(t, donjonFile(t, func(f map[string]any) {
		f["lunar_cyc"], f["lunar_shf"] = map[string]any{"Pale": 200}, map[string]any{"Pale": 113}
	}))
	if got := res.Calendar.Moons[0].Offset; got != 34 {
		t.Errorf("offset %d, want 34", got)
	}
}

// The current date in a month that exists only in leap years: the days of
// the month it is folded into, after that month's own leap day.
func TestCurrentDateInAFoldedMonth(t *testing.T) {
	leapMonth := func(ownLeapDay bool) []byte {
		return simpleFile(t, func(c, _ map[string]any) {
			c["leapYear"] = map[string]any{"rule": "custom", "customMod": 2}
			months := c["months"].([]any)
			if ownLeapDay {
				months[1].(map[string]any)["numberOfLeapYearDays"] = 31
			}
			c["months"] = append(months, map[string]any{"name": "Extra", "numberOfDays": 0, "numberOfLeapYearDays": 3})
			c["currentDate"] = map[string]any{"year": 10, "month": 2, "day": 1}
		})
	}
	const fold = "Extra: a month Simple Calendar has only in leap years became 3 leap days at the end of Second in those years"
	res := wantLosses(t, leapMonth(false), fold)
	if got := res.Calendar.Date.String(); got != "10-2-32" {
		t.Errorf("date %s, want 10-2-32", got)
	}
	res = wantLosses(t, leapMonth(true),
		"leap days: the leap days of Second (end of Second) and Extra (end of Second) became 4 days at the end of Second: Kanka adds a leap year's days to one month", fold)
	if got := res.Calendar.Date.String(); got != "10-2-33" {
		t.Errorf("date %s, want 10-2-33", got)
	}
	// Fantasy-Calendar's month of every 4 years from year 1 (offset 1).
	res = wantLosses(t, fantasyFile(t, func(s, d map[string]any) {
		yearData(s)["timespans"] = append(yearData(s)["timespans"].([]any),
			map[string]any{"name": "Rare", "type": "month", "length": 3, "interval": 4, "offset": 1})
		d["year"], d["timespan"], d["day"] = 9, 2, 2
	}), "Rare: a month Fantasy-Calendar has only every 4 years became 3 leap days at the end of Second in those years")
	if k := res.Calendar; k.Date.String() != "9-2-32" || *k.LeapYearStart != 1 || *k.LeapYearOffset != 4 {
		t.Errorf("date %s, leap every %d from %d; want 9-2-32, every 4 from 1", k.Date, *k.LeapYearOffset, *k.LeapYearStart)
	}
}

func TestCurrentDateInAMonthTheFileLacksIsRefused(t *testing.T) {
	wantRefused(t, simpleFile(t, func(c, _ map[string]any) { c["currentDate"] = map[string]any{"year": 10, "month": 2, "day": 0} }),
		"its current date is in a month kanka does not carry (month 3 of the file)")
}

// The days of a folded month have their own weekdays: all 801 days are
// checked, those of the folded month too.
func TestFoldedMonthDaysAreChecked(t *testing.T) {
	wantLosses(t, simpleFile(t, func(c, _ map[string]any) {
		c["leapYear"] = map[string]any{"rule": "custom", "customMod": 2}
		c["months"] = append(c["months"].([]any), map[string]any{"name": "Extra", "numberOfDays": 0, "numberOfLeapYearDays": 3})
		c["months"].([]any)[0].(map[string]any)["startingWeekday"] = 2
	}), "Extra: a month Simple Calendar has only in leap years became 3 leap days at the end of Second in those years",
		"weeks: Simple Calendar starts the week anew on a set weekday in First (its startingWeekday); Kanka runs the week on, so weekdays differ on 741 of 801 days checked (3-1-30 to 16-2-2), first on 3-1-30")
}

// Periodic seasons of 20 days' transition and 5 days' duration, a cycle of
// 50 days that the offset starts on day 1 of the current year: A starts
// there, B 25 days on.
func TestFantasyPeriodicSeasonStartingOnTheFirstDayOfTheYear(t *testing.T) {
	season := func(name string) map[string]any {
		return map[string]any{"name": name, "transition_length": 20, "duration": 5}
	}
	res := wantLosses(t, fantasyFile(t, func(s, _ map[string]any) {
		s["seasons"] = map[string]any{"data": []any{season("A"), season("B")}, "global_settings": map[string]any{"periodic_seasons": true, "season_offset": 40}}
	}), "seasons: Fantasy-Calendar's periodic seasons (a cycle of 50 days) became the days they start on in 10")
	var got []string
	for _, s := range res.Calendar.Seasons {
		got = append(got, fmt.Sprintf("%s %d-%d", s.Name, s.Month, s.Day))
	}
	if want := []string{"A 1-1", "B 1-26"}; !slices.Equal(got, want) {
		t.Errorf("seasons %q, want %q", got, want)
	}
}

// Where the calendar has no year 0, a rule's years are counted without it:
// a leap year every 4 from the source's -1 is Kanka's every 4 from 4 (-1
// and 4 are four years apart), and the years before Kanka's start, where
// Kanka has no leap year, are said to differ. Year 0 was once counted as
// a leap year there, and the rule became one every 2 years.
func TestLeapRulesAcrossAMissingYearZero(t *testing.T) {
	const approx = "leap years: Fantasy-Calendar's rule "
	for _, c := range []struct {
		name     string
		yearZero bool
		start    int
		losses   []string
	}{
		{"no year 0", false, 4, []string{approx + "4 (1 leap year in 4) became one every 4 years from year 4; the first year where they differ is -1"}},
		{"a year 0", true, 4, []string{approx + "4 (1 leap year in 4) became one every 4 years from year 4; the first year where they differ is 0"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := Convert(fantasyFile(t, func(s, d map[string]any) {
				yearData(s)["leap_days"] = []any{leapOn("4", 0, false)}
				s["settings"] = map[string]any{"year_zero_exists": c.yearZero}
				d["year"] = -3
			}), Auto)
			if err != nil {
				t.Fatal(err)
			}
			if k := res.Calendar; *k.LeapYearOffset != 4 || *k.LeapYearStart != c.start {
				t.Errorf("leap every %d from %d, want every 4 from %d", *k.LeapYearOffset, *k.LeapYearStart, c.start)
			}
			var leapLosses []string
			for _, l := range res.Losses {
				if strings.HasPrefix(l, "leap years:") {
					leapLosses = append(leapLosses, l)
				}
			}
			if !slices.Equal(leapLosses, c.losses) {
				t.Errorf("leap losses:\n  %s\nwant:\n  %s", strings.Join(leapLosses, "\n  "), strings.Join(c.losses, "\n  "))
			}
		})
	}
}

// A month that comes and goes has no days in the years it is not there,
// whichever year was counted before (the model counts one year at a time
// and reuses its sums).
func TestARareMonthHasNoDaysInTheYearsItIsNotThere(t *testing.T) {
	d, err := readFantasy(fantasyFile(t, func(s, _ map[string]any) {
		spans := yearData(s)["timespans"].([]any)
		yearData(s)["timespans"] = append(spans, map[string]any{"name": "Rare", "type": "month", "length": 5, "interval": 4, "offset": 0})
	}))
	if err != nil {
		t.Fatal(err)
	}
	m := d.src.(*fcModel)
	if _, _, ok := m.epoch(12, 2, 3); !ok {
		t.Error("day 3 of Rare in year 12: want a day")
	}
	if _, _, ok := m.epoch(13, 2, 3); ok {
		t.Error("day 3 of Rare in year 13, asked after year 12: want none")
	}
}

// Two leap days that add as many days, weighed over the years there are:
// without a year 0, from the current year -1, the first is kept and
// carried exactly (year 0 once counted as a leap year of the second, which
// was then kept as a leap year every 2 years).
func TestLeapDaysWeighedWithoutAYearZero(t *testing.T) {
	first, second := leapOn("4", 2, false), leapOn("4", 0, false)
	first["name"], second["name"] = "Early", "Late"
	res := convertOK(t, fantasyFile(t, func(s, d map[string]any) {
		yearData(s)["leap_days"] = []any{first, second}
		d["year"] = -1
	}))
	if k := res.Calendar; *k.LeapYearOffset != 4 || *k.LeapYearStart != 2 {
		t.Errorf("leap every %d from %d, want every 4 from 2", *k.LeapYearOffset, *k.LeapYearStart)
	}
	want := "leap days: Kanka has one leap rule: Early (4 (offset 2)) is kept; Late (4) is not carried"
	var leaps []string
	for _, l := range res.Losses {
		if strings.HasPrefix(l, "leap") {
			leaps = append(leaps, l)
		}
	}
	if len(leaps) != 1 || leaps[0] != want {
		t.Errorf("leap losses %q, want only %q", leaps, want)
	}
}
