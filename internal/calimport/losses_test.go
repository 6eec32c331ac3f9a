package calimport

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// Small files of each format, each with one thing Kanka cannot hold: the
// loss says it, one line, and the calendar holds what it can.

// fantasyFile is a small Fantasy-Calendar export (two months of 30 days,
// a week of 5, the current date 10-1-1), changed by change.
func fantasyFile(t *testing.T, change func(static, dynamic map[string]any)) []byte {
	t.Helper()
	static := map[string]any{
		"year_data": map[string]any{
			"first_day": 1, "overflow": true, "global_week": []any{"A", "B", "C", "D", "E"},
			"timespans": []any{
				map[string]any{"name": "First", "type": "month", "length": 30, "interval": 1, "offset": 0},
				map[string]any{"name": "Second", "type": "month", "length": 30, "interval": 1, "offset": 0},
			},
			"leap_days": []any{},
		},
		"moons":    []any{},
		"seasons":  map[string]any{"data": []any{}, "global_settings": map[string]any{"periodic_seasons": false}},
		"eras":     []any{},
		"settings": map[string]any{"year_zero_exists": false},
		"cycles":   map[string]any{"format": "", "data": []any{}},
	}
	dynamic := map[string]any{"year": 10, "timespan": 0, "day": 1}
	if change != nil {
		change(static, dynamic)
	}
	b, err := json.Marshal(map[string]any{"name": "Small", "static_data": static, "dynamic_data": dynamic, "events": []any{}, "categories": []any{}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func yearData(static map[string]any) map[string]any { return static["year_data"].(map[string]any) }

// simpleFile is a small Simple Calendar export (two months of 30 days, a
// week of 5, the current date 10-1-1), changed by change.
func simpleFile(t *testing.T, change func(cal map[string]any, file map[string]any)) []byte {
	t.Helper()
	month := func(name string) map[string]any {
		return map[string]any{"name": name, "numberOfDays": 30, "numberOfLeapYearDays": 30, "intercalary": false, "intercalaryInclude": false, "startingWeekday": nil}
	}
	cal := map[string]any{
		"id": "small", "name": "Small",
		"currentDate": map[string]any{"year": 10, "month": 0, "day": 0},
		"leapYear":    map[string]any{"rule": "none", "customMod": 0},
		"months":      []any{month("First"), month("Second")},
		"weekdays":    []any{map[string]any{"name": "A"}, map[string]any{"name": "B"}, map[string]any{"name": "C"}, map[string]any{"name": "D"}, map[string]any{"name": "E"}},
		"moons":       []any{},
		"seasons":     []any{},
		"year":        map[string]any{"numericRepresentation": 10, "prefix": "", "postfix": "", "firstWeekday": 0, "yearZero": 0, "yearNames": []any{}, "yearNamingRule": "default", "yearNamesStart": 0},
	}
	file := map[string]any{"exportVersion": 2, "calendars": []any{cal}, "notes": map[string]any{}}
	if change != nil {
		change(cal, file)
	}
	b, err := json.Marshal(file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func moonOf(name string, phases []any, reset string) map[string]any {
	return map[string]any{"name": name, "cycleLength": 8, "firstNewMoon": map[string]any{"yearReset": reset, "yearX": 3, "year": 1, "month": 0, "day": 0},
		"phases": phases, "color": "#ff0000", "cycleDayAdjust": 0.5}
}

func eightPhases() []any {
	var out []any
	for _, icon := range standardPhases {
		out = append(out, map[string]any{"name": icon, "length": 1, "icon": icon})
	}
	return out
}

func TestLosses(t *testing.T) {
	for _, c := range []struct {
		name   string
		data   []byte
		losses []string
	}{
		{"several leap days with one rule, in two months", fantasyFile(t, func(s, _ map[string]any) {
			yearData(s)["leap_days"] = []any{
				map[string]any{"name": "Early", "intercalary": false, "timespan": 0, "interval": "4", "offset": 0},
				map[string]any{"name": "Late", "intercalary": false, "timespan": 1, "interval": "4", "offset": 0},
			}
		}), []string{
			"leap days: Early (end of First) and Late (end of Second) became 2 days at the end of First: Kanka adds a leap year's days to one month",
			"weekdays: they differ from Fantasy-Calendar's on 97 of 797 days checked (3-1-25 to 16-2-7), first on 4-2-1",
		}},
		{"several leap days with their own rules", fantasyFile(t, func(s, _ map[string]any) {
			yearData(s)["leap_days"] = []any{
				map[string]any{"name": "Rare", "intercalary": false, "timespan": 0, "interval": "5", "offset": 0},
				map[string]any{"name": "Often", "intercalary": false, "timespan": 1, "interval": "2", "offset": 0},
			}
		}), []string{
			"leap days: Kanka has one leap rule: Often (2) is kept; Rare (5) is not carried",
			"weekdays: they differ from Fantasy-Calendar's on 499 of 801 days checked (3-1-24 to 16-2-8), first on 3-1-24",
		}},
		{"a leap day in the middle of a month, outside the week", fantasyFile(t, func(s, _ map[string]any) {
			yearData(s)["leap_days"] = []any{map[string]any{"name": "Midyear", "intercalary": true, "timespan": 0, "day": 15, "interval": "4", "offset": 0, "adds_week_day": true}}
		}), []string{
			"Midyear: a leap day that falls after day 15 of First and stands outside the week and adds a weekday became the last day of First, a day of the week",
			"weekdays: they differ from Fantasy-Calendar's on 560 of 801 days checked (3-1-23 to 16-2-9), first on 3-1-23",
		}},
		{"a month only every few years", fantasyFile(t, func(s, _ map[string]any) {
			spans := yearData(s)["timespans"].([]any)
			yearData(s)["timespans"] = append(spans, map[string]any{"name": "Extra", "type": "intercalary", "length": 2, "interval": 4, "offset": 0})
		}), []string{
			"Extra: a month Fantasy-Calendar has only every 4 years became 2 leap days at the end of Second in those years",
			"weekdays: they differ from Fantasy-Calendar's on 555 of 795 days checked (3-1-25 to 16-2-9), first on 3-1-25",
		}},
		{"weeks that start anew every month", fantasyFile(t, func(s, _ map[string]any) {
			yearData(s)["overflow"] = false
			yearData(s)["global_week"] = []any{"A", "B", "C", "D", "E", "F", "G"}
		}), []string{
			"weeks: Fantasy-Calendar starts the week anew on the first day of every month (its weeks do not overflow); Kanka runs the week on, so weekdays differ on 701 of 801 days checked (3-1-21 to 16-2-11), first on 3-2-1",
		}},
		{"a month with its own week", fantasyFile(t, func(s, _ map[string]any) {
			yearData(s)["timespans"].([]any)[1].(map[string]any)["week"] = []any{"X", "Y"}
		}), []string{
			"weeks: Second (2 days) has a week of its own; Kanka has one week for every month",
		}},
		{"custom moon phases", fantasyFile(t, func(s, _ map[string]any) {
			s["moons"] = []any{map[string]any{"name": "Odd", "custom_phase": true, "custom_cycle": "0,1,2,3,4,5,6,7", "color": "#00ff00"}}
		}), []string{
			"moon Odd: its custom phases (a cycle of 8 days) are not carried: Kanka shows 8 even phases over those 8 days",
		}},
		{"eras, cycles and events", fantasyFile(t, func(s, _ map[string]any) {
			s["eras"] = []any{map[string]any{"name": "New Age", "settings": map[string]any{"restart": true}}}
			s["cycles"] = map[string]any{"format": "{{1}}", "data": []any{map[string]any{"length": 12}}}
		}), []string{
			"eras: 1 era (New Age) is not carried; years are counted on through New Age, which restarts the count",
			"cycles: 1 cycle of names is not carried",
		}},
		{"a month only in leap years", simpleFile(t, func(c, _ map[string]any) {
			c["leapYear"] = map[string]any{"rule": "custom", "customMod": 4}
			c["months"] = append(c["months"].([]any), map[string]any{"name": "Leapling", "numberOfDays": 0, "numberOfLeapYearDays": 3, "intercalary": true, "intercalaryInclude": false})
		}), []string{
			"Leapling: a month Simple Calendar has only in leap years became 3 leap days at the end of Second in those years",
			"weekdays: they differ from Simple Calendar's on 552 of 792 days checked (3-1-27 to 16-2-8), first on 3-1-27",
		}},
		{"several months longer in leap years", simpleFile(t, func(c, _ map[string]any) {
			c["leapYear"] = map[string]any{"rule": "custom", "customMod": 2}
			for _, m := range c["months"].([]any) {
				m.(map[string]any)["numberOfLeapYearDays"] = 31
			}
		}), []string{
			"leap days: the leap days of First (end of First) and the leap days of Second (end of Second) became 2 days at the end of First: Kanka adds a leap year's days to one month",
			"weekdays: they differ from Simple Calendar's on 183 of 794 days checked (3-1-27 to 16-2-3), first on 4-2-1",
		}},
		{"weeks that start on a set weekday", simpleFile(t, func(c, _ map[string]any) {
			c["months"].([]any)[1].(map[string]any)["startingWeekday"] = 3
		}), []string{
			"weeks: Simple Calendar starts the week anew on a set weekday in Second (its startingWeekday); Kanka runs the week on, so weekdays differ on 401 of 801 days checked (3-1-21 to 16-2-11), first on 3-2-1",
		}},
		{"custom phases and moons that start again", simpleFile(t, func(c, _ map[string]any) {
			c["leapYear"] = map[string]any{"rule": "custom", "customMod": 4}
			four := []any{
				map[string]any{"name": "Dark", "length": 2, "icon": "new"}, map[string]any{"name": "Rising", "length": 2, "icon": "first-quarter"},
				map[string]any{"name": "Bright", "length": 2, "icon": "full"}, map[string]any{"name": "Falling", "length": 2, "icon": "last-quarter"},
			}
			c["moons"] = []any{moonOf("Quad", four, "none"), moonOf("Reset", eightPhases(), "leap-year"), moonOf("Every", eightPhases(), "x-years")}
		}), []string{
			"moon Quad: its 4 custom phases (Dark, Rising, Bright, Falling) are not carried: Kanka shows 8 even phases",
			"moon Reset: Simple Calendar starts its cycle again every leap year; Kanka's runs on",
			"moon Every: Simple Calendar starts its cycle again every 3 years; Kanka's runs on",
			"moon Every: its full moons differ from Simple Calendar's by more than a day on 32 of 103 checked (3-1-21 to 16-2-11)",
		}},
		{"a moon never full", simpleFile(t, func(c, _ map[string]any) {
			c["moons"] = []any{moonOf("Dim", []any{
				map[string]any{"name": "Dark", "length": 4, "icon": "new"}, map[string]any{"name": "Grey", "length": 4, "icon": "last-quarter"},
			}, "none")}
		}), []string{
			"moon Dim: its 2 custom phases (Dark, Grey) are not carried: Kanka shows 8 even phases",
			"moon Dim: Simple Calendar shows it full on no day near the current date: its offset is 0",
		}},
		{"a prefix, repeating year names, other calendars and notes", simpleFile(t, func(c, f map[string]any) {
			c["year"].(map[string]any)["prefix"] = "Age of"
			c["year"].(map[string]any)["yearNames"] = []any{"Ox", "Hare", "Crane"}
			c["year"].(map[string]any)["yearNamingRule"] = "repeat"
			f["calendars"] = append(f["calendars"].([]any), map[string]any{"id": "b", "name": "Second calendar"}, map[string]any{"id": "c", "name": "Third"})
			f["notes"] = map[string]any{"small": []any{map[string]any{}, map[string]any{}}, "b": []any{map[string]any{}}}
		}), []string{
			`year prefix: "Age of" is not carried: Kanka writes a year with a suffix only`,
			"year names: Simple Calendar repeats its 3 year names; Kanka names single years: those of 10 to 12 are carried",
			"calendars: the file holds 3 calendars; only the first, Small, is imported (not Second calendar, Third)",
			`note "1" is not carried: it has no date Simple Calendar writes (its flags hold no noteData)`,
			`note "2" is not carried: it has no date Simple Calendar writes (its flags hold no noteData)`,
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := Convert(c.data, Auto)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Losses, c.losses) {
				t.Errorf("losses:\n  %s\nwant:\n  %s", strings.Join(res.Losses, "\n  "), strings.Join(c.losses, "\n  "))
			}
		})
	}
}
