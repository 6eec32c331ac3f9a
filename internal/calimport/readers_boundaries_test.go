package calimport

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// Edges of the readers a user would notice: names counted from the wrong
// base, a length or cycle of the smallest size, a weekday or a moon off by
// a day, a leap year in the wrong year.

// donjonFile is a small donjon export (months of 10 and 12 days, a week of
// 7 that the 22-day year does not divide, one moon), changed by change.
func donjonFile(t testing.TB, change func(f map[string]any)) []byte {
	t.Helper()
	f := map[string]any{
		"year_len": 22, "events": 0, "n_months": 2, "months": []any{"Early", "Late"},
		"month_len": map[string]any{"Early": 10, "Late": 12},
		"week_len":  7, "weekdays": []any{"Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"},
		"n_moons": 1, "moons": []any{"Pale"}, "lunar_cyc": map[string]any{"Pale": 9}, "lunar_shf": map[string]any{"Pale": 2},
		"year": 5, "first_day": 3, "notes": map[string]any{},
	}
	if change != nil {
		change(f)
	}
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func convertOK(t *testing.T, data []byte) Result {
	t.Helper()
	res, err := Convert(data, Auto)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestDonjonUnnamedMonthsWeekdaysAndMoonsCountFromOne(t *testing.T) {
	res := convertOK(t, donjonFile(t, func(f map[string]any) {
		f["n_months"], f["year_len"] = 3, 27
		f["month_len"] = []any{10, 12, 5}
		f["months"] = []any{"Early", "Late"}
		f["week_len"] = 8
		f["n_moons"] = 2
		f["lunar_cyc"] = []any{9, 20}
		f["lunar_shf"] = []any{2, 4}
	}))
	var months []string
	for _, m := range res.Calendar.Months {
		months = append(months, m.Name)
	}
	var moons []string
	for _, m := range res.Calendar.Moons {
		moons = append(moons, m.Name)
	}
	if want := []string{"Early", "Late", "Month 3"}; !slices.Equal(months, want) {
		t.Errorf("months %v, want %v", months, want)
	}
	if want := []string{"Su", "Mo", "Tu", "We", "Th", "Fr", "Sa", "Weekday 8"}; !slices.Equal(res.Calendar.Weekdays, want) {
		t.Errorf("weekdays %v, want %v", res.Calendar.Weekdays, want)
	}
	if want := []string{"Pale", "Moon 2"}; !slices.Equal(moons, want) {
		t.Errorf("moons %v, want %v", moons, want)
	}
}

func TestDonjonDayLongMonthIsKept(t *testing.T) {
	res := convertOK(t, donjonFile(t, func(f map[string]any) {
		f["month_len"] = map[string]any{"Early": 1, "Late": 21}
	}))
	if got := res.Calendar.Months[0].Length; got != 1 {
		t.Errorf("Early has %d days, want 1", got)
	}
}

func TestDonjonMoonWithoutCycleIsRefused(t *testing.T) {
	_, err := Convert(donjonFile(t, func(f map[string]any) {
		f["lunar_cyc"] = map[string]any{"Pale": 0}
	}), Auto)
	want := "moon 1 (Pale): lunar_cyc gives it no cycle above 0"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want one saying %q", err, want)
	}
}

// A count key far above its list (a hostile or broken file) is refused
// before any name is made: a week_len of three billion once built three
// billion weekday names and ran out of memory.
func TestDonjonCountsBeyondTheServiceAreRefused(t *testing.T) {
	for key, want := range map[string]string{
		"week_len": "week_len is 3000000000; a calendar holds at most 25000",
		"n_moons":  "n_moons is 3000000000; a calendar holds at most 10000",
		"n_months": "n_months is 3000000000; a calendar holds at most 10000",
	} {
		_, err := Convert(donjonFile(t, func(f map[string]any) { f[key] = 3e9 }), Auto)
		if err == nil || err.Error() != want {
			t.Errorf("%s: error %v, want %q", key, err, want)
		}
	}
	// At the limit the count is read, and the file fails (or not) on its
	// other merits: 10,000 months have no month_len.
	_, err := Convert(donjonFile(t, func(f map[string]any) { f["n_months"] = 10_000 }), Auto)
	if want := "month 3 (Month 3): month_len gives it no length"; err == nil || err.Error() != want {
		t.Errorf("n_months 10000: error %v, want %q", err, want)
	}
}

// The week and the moon are anchored on donjon's own count: first_day is
// the weekday of day 1 of the file's year, so Kanka's start offset must give
// the same weekday every day, which the converter checks (no loss).
func TestDonjonWeekAndMoonAnchors(t *testing.T) {
	res := convertOK(t, donjonFile(t, nil))
	if got := *res.Calendar.StartOffset; got != 5 {
		t.Errorf("start_offset %d, want 5", got)
	}
	if got := res.Calendar.Moons[0].Offset; got != 112 {
		t.Errorf("moon offset %v, want 112", got)
	}
	if len(res.Losses) != 0 {
		t.Errorf("losses %q, want none", res.Losses)
	}
}

// A week of two days is still a week: its weekdays are anchored too.
func TestDonjonTwoDayWeekIsAnchored(t *testing.T) {
	res := convertOK(t, donjonFile(t, func(f map[string]any) { f["week_len"], f["weekdays"] = 2, []any{"Odd", "Even"} }))
	if got := *res.Calendar.StartOffset; got != 1 {
		t.Errorf("start_offset %d, want 1", got)
	}
}

func TestFantasyLeapDayOnMissingTimespanIsRefused(t *testing.T) {
	_, err := Convert(fantasyFile(t, func(s, _ map[string]any) {
		yearData(s)["leap_days"] = []any{map[string]any{"name": "Nowhere", "intercalary": false, "timespan": 2, "interval": "4", "offset": 0}}
	}), Auto)
	want := "leap day 1 (Nowhere): timespan 2 does not exist"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want one saying %q", err, want)
	}
}

// A leap day after the last day of its month is where Kanka puts it: the
// loss names only that it stands outside the week.
func TestFantasyLeapDayAfterLastDayIsNotCalledMidMonth(t *testing.T) {
	res := convertOK(t, fantasyFile(t, func(s, _ map[string]any) {
		yearData(s)["leap_days"] = []any{map[string]any{"name": "Lastday", "intercalary": true, "timespan": 0, "day": 30, "interval": "4", "offset": 0}}
	}))
	want := "Lastday: a leap day that stands outside the week became the last day of First, a day of the week"
	if len(res.Losses) == 0 || res.Losses[0] != want {
		t.Errorf("losses %q, want first %q", res.Losses, want)
	}
}

// An offset compound rule: leap years 1, 5, 9, ... but not 101. Kanka's
// one rule starts at year 1, and the first year they differ is 101.
func TestFantasyOffsetCompoundLeapRule(t *testing.T) {
	res := convertOK(t, fantasyFile(t, func(s, _ map[string]any) {
		yearData(s)["leap_days"] = []any{map[string]any{"name": "Leap", "intercalary": false, "timespan": 1, "interval": "400,!100,4", "offset": 1}}
	}))
	c := res.Calendar
	if *c.LeapYearOffset != 4 || *c.LeapYearStart != 1 || *c.LeapYearMonth != 2 || *c.LeapYearAmount != 1 {
		t.Errorf("leap every %d from %d, %d days in month %d; want every 4 from 1, 1 day in month 2",
			*c.LeapYearOffset, *c.LeapYearStart, *c.LeapYearAmount, *c.LeapYearMonth)
	}
	want := []string{"leap years: Fantasy-Calendar's rule 400,!100,4 (offset 1) (97 leap years in 400) became one every 4 years from year 1; the first year where they differ is 101"}
	if !slices.Equal(res.Losses, want) {
		t.Errorf("losses %q, want %q", res.Losses, want)
	}
}

// Periodic seasons with no season in them: no seasons, and no failure.
func TestFantasyPeriodicSeasonsWithoutSeasons(t *testing.T) {
	res := convertOK(t, fantasyFile(t, func(s, _ map[string]any) {
		s["seasons"] = map[string]any{"data": []any{}, "global_settings": map[string]any{"periodic_seasons": true}}
	}))
	if len(res.Calendar.Seasons) != 0 || len(res.Losses) != 0 {
		t.Errorf("seasons %v, losses %q; want none", res.Calendar.Seasons, res.Losses)
	}
}
