package calimport

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// The events and notes of each tool become reminders where Kanka has their
// repeat, each described here as "date comment [repeat] [until U]
// [length L] [colour] [visibility]"; the rest are losses naming them.

func reminderLines(rs []client.ReminderInput) []string {
	out := []string{}
	for _, r := range rs {
		s := r.Date().String() + " " + *r.Comment
		if r.Repeat != nil {
			s += " repeat " + *r.Repeat
		}
		if r.Until != nil {
			s += " until " + *r.Until
		}
		if r.Length != nil {
			s += fmt.Sprintf(" length %d", *r.Length)
		}
		if r.Colour != nil {
			s += " " + *r.Colour
		}
		if r.VisibilityID != nil {
			s += " " + client.VisibilityName(*r.VisibilityID)
		}
		out = append(out, s)
	}
	return out
}

func wantReminders(t *testing.T, res Result, want ...string) {
	t.Helper()
	if got := reminderLines(res.Reminders); !slices.Equal(got, want) {
		t.Errorf("reminders:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// fcEventOf is a Fantasy-Calendar event with conditions (a JSON list).
func fcEventOf(name, conditions string, more ...func(e map[string]any)) map[string]any {
	e := map[string]any{"name": name, "description": "", "event_category_id": -1,
		"data":     map[string]any{"has_duration": false, "duration": 1, "conditions": jsonOf(conditions), "date": []any{}, "connected_events": []any{}},
		"settings": map[string]any{"color": "Dark-Solid", "text": "text", "hide": false, "print": false}}
	for _, m := range more {
		m(e)
	}
	return e
}

func jsonOf(s string) any {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		panic(err)
	}
	return v
}

// Every shape of 1.6 that Kanka holds, and each one that it does not,
// named: the calendar has year 0 skipped (so repeats start in year 1), a
// leap day at the end of Second every 4 years, a moon of 24 phases and a
// dated season.
func TestFantasyEventsBecomeReminders(t *testing.T) {
	data := fantasyFile(t, func(s, _ map[string]any) {
		yearData(s)["leap_days"] = []any{map[string]any{"name": "Leap", "timespan": 1, "interval": "4", "offset": 0, "intercalary": false}}
		s["moons"] = []any{map[string]any{"name": "Pale", "cycle": 30, "shift": 0, "granularity": 24},
			map[string]any{"name": "Odd", "cycle": 8, "shift": 0, "custom_phase": true, "custom_cycle": "0,1,2,3,4,5,6,7"}}
		s["seasons"] = map[string]any{"data": []any{map[string]any{"name": "Thaw", "timespan": 1, "day": 5}}, "global_settings": map[string]any{"periodic_seasons": false}}
	})
	events := []any{
		fcEventOf("Founding", `[]`, func(e map[string]any) { e["data"].(map[string]any)["date"] = []any{3, 0, 7} }),
		fcEventOf("Coronation", `[["Date","0",[5,1,2]]]`),
		fcEventOf("Treaty", `[["Year","0",["6"]],["&&"],["Month","0",["0"]],["&&"],["Day","0",["9"]]]`),
		fcEventOf("Harvest", `[["Month","0",["1"]],["&&"],["Day","0",["20"]],["&&"]]`, func(e map[string]any) {
			e["data"].(map[string]any)["has_duration"], e["data"].(map[string]any)["duration"] = true, 3
			e["settings"].(map[string]any)["color"] = "Green"
		}),
		fcEventOf("Leap feast", `[["",[["Month","0",["1"]],["&&"],["Day","0",["31"]]]]]`),
		fcEventOf("Rent", `[["Day","0",["30"]],["&&"],["Year","2",["8"]],["&&"],["Year","3",["12"]]]`),
		fcEventOf("Fair", `[["Month","0",["0"]]]`, func(e map[string]any) { e["settings"].(map[string]any)["hide"] = true }),
		fcEventOf("Pale full", `[["Moons","0",["0","12"]],["&&"],["Date","2",[4,1,1]]]`),
		fcEventOf("Thaw begins", `[["Season","0",["0"]],["&&"],["Season","8",["1"]]]`),
		// Not carried.
		fcEventOf("Easter", `[["Events","0",["0","2"]]]`),
		fcEventOf("Market", `[["Weekday","0",["B"]]]`),
		fcEventOf("Storm", `[["Random","0",["10","3"]]]`),
		fcEventOf("Either", `[["Day","0",["1"]],["||"],["Day","0",["2"]]]`),
		fcEventOf("Not first", `[["!",[["Day","0",["1"]]]]]`),
		fcEventOf("Pale rising", `[["Moons","0",["0","13"]]]`),
		fcEventOf("Odd full", `[["Moons","0",["1","4"]]]`),
		fcEventOf("Every third year", `[["Year","6",["3","0"]]]`),
		fcEventOf("Helper", `[["Day","0",["3"]]]`, func(e map[string]any) { e["settings"].(map[string]any)["hide_full"] = true }),
		fcEventOf("Nowhere", `[["Date","0",[5,1,40]]]`),
	}
	data = withFCEvents(data, events)
	res := convertOK(t, data)
	wantReminders(t, res,
		"3-1-7 Founding all",
		"5-2-2 Coronation all",
		"6-1-9 Treaty all",
		"1-2-20 Harvest repeat year length 3 #2e7d32 all",
		"4-2-31 Leap feast repeat year all",
		"8-1-30 Rent repeat month until 12 all",
		"1-1-1 Fair repeat year length 30 admin",
		"4-2-1 Pale full repeat Pale:full all",
		"1-2-5 Thaw begins repeat year all",
	)
	for _, loss := range []string{
		`event "Easter" is not carried: it falls relative to another event`,
		`event "Market" is not carried: it follows weekdays or weeks`,
		`event "Storm" is not carried: it happens at random`,
		`event "Either" is not carried: its conditions are joined by ||, where Kanka's repeats hold only conditions that all hold (&&)`,
		`event "Not first" is not carried: it has a NOT group of conditions`,
		`event "Pale rising" is not carried: its phase (13 of 24) lies between two of Kanka's eight`,
		`event "Odd full" is not carried: its moon has custom phases`,
		`event "Every third year" is not carried: it repeats every so many years, months or days`,
		`event "Helper" is not carried: it is hidden entirely in Fantasy-Calendar, a helper of other events`,
		`event "Nowhere" is not carried: its date 5-2-40 is not a day of the calendar (day 40 does not exist: Second has 30 days)`,
		"moon events: 1 event on a moon's phase can fall a day off Fantasy-Calendar's, which marks every day of the phase's band (Kanka one day)",
	} {
		if !slices.Contains(res.Losses, loss) {
			t.Errorf("losses lack\n  %s\nin\n  %s", loss, strings.Join(res.Losses, "\n  "))
		}
	}
}

// Simple Calendar's notes: a one-off on its start date lasting to its end
// date, monthly and yearly from their start date, a colour from the first
// category that has one, who sees it from its ownership; weekly is a
// loss, and so is a note without noteData.
func TestSimpleNotesBecomeReminders(t *testing.T) {
	note := func(name string, start, end [3]int, repeats int, categories []any, def int) map[string]any {
		date := func(d [3]int) map[string]any { return map[string]any{"year": d[0], "month": d[1], "day": d[2]} }
		return map[string]any{"name": name, "ownership": map[string]any{"default": def, "u1": 3},
			"flags": map[string]any{"foundryvtt-simple-calendar": map[string]any{"noteData": map[string]any{
				"calendarId": "small", "startDate": date(start), "endDate": date(end), "repeats": repeats, "categories": categories}}}}
	}
	res := convertOK(t, simpleFile(t, func(c, f map[string]any) {
		c["noteCategories"] = []any{map[string]any{"name": "Plain", "color": "none"}, map[string]any{"name": "Holiday", "color": "#148E94"}}
		f["notes"] = map[string]any{"small": []any{
			note("Fair", [3]int{10, 0, 27}, [3]int{10, 1, 1}, 0, []any{"Plain", "Holiday"}, 2),
			note("Rent", [3]int{10, 1, 4}, [3]int{10, 1, 4}, 2, nil, 0),
			note("New year", [3]int{11, 0, 0}, [3]int{11, 0, 0}, 3, nil, 2),
			note("Market", [3]int{10, 0, 2}, [3]int{10, 0, 2}, 1, nil, 2),
			map[string]any{"name": "Loose"},
		}, "other": []any{note("Elsewhere", [3]int{10, 0, 0}, [3]int{10, 0, 0}, 0, nil, 2)}}
	}))
	wantReminders(t, res,
		"10-1-28 Fair length 5 #148e94 all",
		"10-2-5 Rent repeat month admin",
		"11-1-1 New year repeat year all",
	)
	want := []string{
		`note "Market" is not carried: it repeats every week, which a reminder cannot`,
		`note "Loose" is not carried: it has no date Simple Calendar writes (its flags hold no noteData)`,
		"repeating notes: Simple Calendar shows 2 repeating notes in the months or years before their start date too; their reminders start on it",
	}
	if !slices.Equal(res.Losses, want) {
		t.Errorf("losses:\n  %s\nwant:\n  %s", strings.Join(res.Losses, "\n  "), strings.Join(want, "\n  "))
	}
}

// donjon's notes: one-off on their day (a negative year too), their text's
// entities read; an empty one is a note cleared.
func TestDonjonNotesBecomeReminders(t *testing.T) {
	res := wantLosses(t, donjonFile(t, func(f map[string]any) {
		f["notes"] = map[string]any{"5-2-3": "Tom &amp; Jerry", "-3-1-10": " The flood ", "5-1-1": ""}
	}))
	wantReminders(t, res, "-3-1-10 The flood", "5-2-3 Tom & Jerry")
	// celestial events are drawn at random, not in the file.
	wantLosses(t, donjonFile(t, func(f map[string]any) { f["events"] = 1 }),
		"celestial events: donjon draws them on its page at random (an eclipse, a shooting star...); they are not in the file, and not carried")
}

// Calendarium's events: a Date, a Date with a null part (yearly, monthly),
// a Range, a Recurring date with a range of years or of days, a Recurring
// single year; Undated and a range of months are losses.
func TestCalendariumEventsBecomeReminders(t *testing.T) {
	ev := func(name, kind, date string, more ...string) map[string]any {
		e := map[string]any{"id": name, "name": name, "type": kind, "date": jsonOf(date), "category": "fest"}
		if len(more) > 0 {
			e["end"] = jsonOf(more[0])
		}
		return e
	}
	res := convertOK(t, calendariumFile(t, func(cal, _ map[string]any) {
		cal["categories"] = []any{map[string]any{"id": "fest", "name": "Festivals", "color": "#9B2C2C"}}
		cal["events"] = []any{
			ev("Battle", "Date", `{"year": 30, "month": 2, "day": 4}`),
			ev("Feast", "Date", `{"year": null, "month": 1, "day": 1}`),
			ev("Rent", "Date", `{"year": null, "month": null, "day": 10}`),
			ev("Siege", "Range", `{"year": 31, "month": 0, "day": 9}`, `{"year": 31, "month": 2, "day": 2}`),
			ev("Games", "Recurring", `{"year": [20, 25], "month": 2, "day": [3, 5]}`),
			ev("Tithe", "Recurring", `{"year": 33, "month": [null, null], "day": 1}`),
			ev("Leap fair", "Recurring", `{"year": [null, null], "month": 0, "day": 11}`),
			ev("Someday", "Undated", `{"year": null, "month": null, "day": null}`),
			ev("Spring", "Recurring", `{"year": null, "month": [0, 1], "day": 1}`),
		}
	}))
	wantReminders(t, res,
		"30-3-4 Battle #9b2c2c",
		"1-2-1 Feast repeat year #9b2c2c",
		"1-1-10 Rent repeat month #9b2c2c",
		"31-1-9 Siege length 5 #9b2c2c",
		"20-3-3 Games repeat year until 25 length 3 #9b2c2c",
		"33-1-1 Tithe repeat month until 33 #9b2c2c",
		"4-1-11 Leap fair repeat year #9b2c2c",
	)
	for _, loss := range []string{
		`event "Someday" is not carried: it has no date (Calendarium shows it on no day)`,
		`event "Spring" is not carried: it falls in a range of months, which a reminder cannot`,
	} {
		if !slices.Contains(res.Losses, loss) {
			t.Errorf("losses lack %s:\n  %s", loss, strings.Join(res.Losses, "\n  "))
		}
	}
}

// Two events with one first day and name would be one reminder twice,
// which apply refuses: the second is named as not carried.
func TestEventsOfOneDayAndNameAreCarriedOnce(t *testing.T) {
	res := convertOK(t, donjonFile(t, func(f map[string]any) {
		f["notes"] = map[string]any{"5-1-2": "Fair", "5-01-2": "Fair"}
	}))
	wantReminders(t, res, "5-1-2 Fair")
	if want := `note "Fair" is not carried: note "Fair" of the file has its first day and name, which a reminder is known by`; !slices.Contains(res.Losses, want) {
		t.Errorf("losses %q", res.Losses)
	}
}

// withFCEvents is a Fantasy-Calendar file (fantasyFile's) holding events.
func withFCEvents(data []byte, events []any) []byte {
	return []byte(strings.Replace(string(data), `"events":[]`, `"events":`+string(mustJSON(events)), 1))
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// A file of more events than a campaign would hold is refused, naming its
// key, before any is read.
func TestTooManyEventsAreRefused(t *testing.T) {
	notes := map[string]any{}
	for i := range maxEvents + 1 {
		notes[fmt.Sprintf("5-1-%d", i)] = "x"
	}
	wantRefused(t, donjonFile(t, func(f map[string]any) { f["notes"] = notes }), "notes has 10001; kanka imports at most 10000")
	events := make([]any, maxEvents+1)
	for i := range events {
		events[i] = map[string]any{"name": "x"}
	}
	wantRefused(t, calendariumFile(t, func(cal, _ map[string]any) { cal["events"] = events }), "events has 10001; kanka imports at most 10000")
}

// A repeat names its moon, and apply refuses a name two moons have (in
// any case), as it cannot tell which is meant: an event on either moon of
// a shared name is named as not carried (the whole import would otherwise
// be refused); one on a moon of its own name is carried.
func TestAnEventOnAMoonOfASharedNameIsNotCarried(t *testing.T) {
	data := fantasyFile(t, func(s, _ map[string]any) {
		s["moons"] = []any{map[string]any{"name": "Pale", "cycle": 30, "shift": 0, "granularity": 8},
			map[string]any{"name": "PALE", "cycle": 7, "shift": 0, "granularity": 8},
			map[string]any{"name": "Shard", "cycle": 5, "shift": 0, "granularity": 8}}
	})
	events := []any{
		fcEventOf("First full", `[["Moons","0",["0","4"]]]`),
		fcEventOf("Second full", `[["Moons","0",["1","4"]]]`),
		fcEventOf("Shard full", `[["Moons","0",["2","4"]]]`),
	}
	data = withFCEvents(data, events)
	res := convertOK(t, data)
	wantReminders(t, res, "1-1-1 Shard full repeat Shard:full all")
	for _, loss := range []string{
		`event "First full" is not carried: its moon's name "Pale" is another moon's too, and a repeat cannot tell them apart`,
		`event "Second full" is not carried: its moon's name "PALE" is another moon's too, and a repeat cannot tell them apart`,
	} {
		if !slices.Contains(res.Losses, loss) {
			t.Errorf("losses lack\n  %s\nin\n  %s", loss, strings.Join(res.Losses, "\n  "))
		}
	}
}

// The lines said once of the events carried count only those carried: a
// repeating note on a month the calendar lacks, or a moon event on a moon
// of a shared name, is named as not carried and not counted again.
func TestCountedLinesSpeakOnlyOfTheEventsCarried(t *testing.T) {
	note := func(name string, month, repeats int) map[string]any {
		date := map[string]any{"year": 10, "month": month, "day": 0}
		return map[string]any{"name": name, "ownership": map[string]any{"default": 2},
			"flags": map[string]any{"foundryvtt-simple-calendar": map[string]any{"noteData": map[string]any{
				"calendarId": "small", "startDate": date, "endDate": date, "repeats": repeats}}}}
	}
	res := convertOK(t, simpleFile(t, func(_, f map[string]any) {
		f["notes"] = map[string]any{"small": []any{note("Rent", 1, 2), note("Lost rent", 5, 2)}}
	}))
	want := []string{
		`note "Lost rent" is not carried: its month (month 6 of the file) is not one of the calendar's`,
		"repeating notes: Simple Calendar shows 1 repeating note in the months or years before its start date too; its reminder starts on it",
	}
	if !slices.Equal(res.Losses, want) {
		t.Errorf("losses:\n  %s\nwant:\n  %s", strings.Join(res.Losses, "\n  "), strings.Join(want, "\n  "))
	}

	data := fantasyFile(t, func(s, _ map[string]any) {
		s["moons"] = []any{map[string]any{"name": "Pale", "cycle": 30, "shift": 0, "granularity": 8},
			map[string]any{"name": "Pale", "cycle": 7, "shift": 0, "granularity": 8},
			map[string]any{"name": "Shard", "cycle": 5, "shift": 0, "granularity": 8}}
	})
	events := []any{fcEventOf("First full", `[["Moons","0",["0","4"]]]`), fcEventOf("Second full", `[["Moons","0",["1","4"]]]`),
		fcEventOf("Shard full", `[["Moons","0",["2","4"]]]`)}
	res = convertOK(t, withFCEvents(data, events))
	if got := res.Losses[len(res.Losses)-1]; got != "moon events: 1 event on a moon's phase can fall a day off Fantasy-Calendar's, which marks every day of the phase's band (Kanka one day)" {
		t.Errorf("the last loss is %q", got)
	}
}

// A reminder's comment is one line, shown in every terminal that lists the
// calendar's reminders: a name's line breaks and tabs become spaces, and
// a name holding another control character (an ESC sequence would run
// there) is named, escaped, as not carried.
func TestEventNamesWithControlCharacters(t *testing.T) {
	res := wantLosses(t, donjonFile(t, func(f map[string]any) {
		f["notes"] = map[string]any{"5-2-3": "The fair:\n\tcheese\r\nand wine", "5-2-4": "Green\x1b[31mgrass\a"}
	}), `note "Green\x1b[31mgrass\a" is not carried: its name holds a control character ('\x1b')`)
	wantReminders(t, res, "5-2-3 The fair: cheese and wine")
}

// Dark-Solid is the colour Fantasy-Calendar gives an event nobody coloured
// (its editor's and its API's default), so it is no colour: a reminder
// brought in has none rather than a black its owner never chose. An
// event's own colour wins over its category's; the category's counts
// when the event names none of FC's.
func TestFantasyCalendarsDefaultColourIsNone(t *testing.T) {
	data := fantasyFile(t, nil)
	colour := func(c string) func(map[string]any) {
		return func(e map[string]any) {
			e["settings"].(map[string]any)["color"] = c
			e["event_category_id"] = "feasts"
		}
	}
	events := []any{
		fcEventOf("Default", `[["Date","0",[5,1,2]]]`, colour("Dark-Solid")),
		fcEventOf("Default, any case", `[["Date","0",[5,1,3]]]`, colour(" dark-SOLID ")),
		fcEventOf("Teal", `[["Date","0",[5,1,4]]]`, colour("Teal")),
		fcEventOf("Category's", `[["Date","0",[5,1,5]]]`, colour("")),
	}
	categories := []any{map[string]any{"id": "feasts", "name": "Feasts", "category_settings": map[string]any{"hide": false, "player_usable": false},
		"event_settings": map[string]any{"color": "Red", "text": "text", "hide": false, "print": false}}}
	data = withFCEvents(data, events)
	data = []byte(strings.Replace(string(data), `"categories":[]`, `"categories":`+string(mustJSON(categories)), 1))
	res := convertOK(t, data)
	wantReminders(t, res, "5-2-2 Default all", "5-2-3 Default, any case all", "5-2-4 Teal #004d40 all", "5-2-5 Category's #9b2c2c all")
}

// A monthly repeat that starts after a year's first month is, in
// Calendarium, its months to the year's end in one year, then (when it
// lasts longer) every month from the next year, as kanka's export writes
// it: the one comes back a monthly reminder until that year, the two
// together one monthly reminder; two that are not one (another name, a
// range that stops before the year's end) are not joined.
func TestCalendariumMonthlyFromAMonthComesBackWhole(t *testing.T) {
	ev := func(name, date string) map[string]any {
		return map[string]any{"id": name, "name": name, "type": "Recurring", "date": jsonOf(date), "category": nil, "description": "Once a month"}
	}
	res := convertOK(t, calendariumFile(t, func(cal, _ map[string]any) {
		cal["events"] = []any{
			ev("Fair", `{"year": 34, "month": [2, null], "day": [3, 4]}`),
			ev("Market", `{"year": 35, "month": [2, 2], "day": 5}`),
			ev("Market", `{"year": [36, 38], "month": [null, null], "day": 5}`),
			ev("Toll", `{"year": 36, "month": [1, 2], "day": 1}`),
			ev("Toll", `{"year": [37, null], "month": [null, null], "day": 1}`),
			ev("Alone", `{"year": 35, "month": [2, 2], "day": 7}`),
			ev("Other", `{"year": [36, null], "month": [null, null], "day": 7}`),
			ev("Summer", `{"year": 33, "month": [0, 1], "day": 1}`),
			ev("Levy", `{"year": 37, "month": 2, "day": 9}`),
			ev("Levy", `{"year": [38, null], "month": [null, null], "day": 9}`),
		}
	}))
	wantReminders(t, res,
		"34-3-3 Fair repeat month until 34 length 2",
		"35-3-5 Market repeat month until 38",
		"36-2-1 Toll repeat month",
		"35-3-7 Alone repeat month until 35",
		"36-1-7 Other repeat month",
		"37-3-9 Levy repeat month",
	)
	for _, loss := range []string{
		`event "Summer" is not carried: it falls in a range of months, which a reminder cannot`,
		// Of the ten events, three joined to the one before them.
		"event descriptions: 7 descriptions are not carried (a reminder holds a comment of one line: the event's name)",
	} {
		if !slices.Contains(res.Losses, loss) {
			t.Errorf("losses lack %s:\n  %s", loss, strings.Join(res.Losses, "\n  "))
		}
	}
}

// A monthly event on a day only the leap month has, in leap years, starts
// in the first leap year, on that month: each month's days are counted as
// the calendar's leap rule gives them, the leap month's longer in its years.
func TestAMonthlyEventOnALeapMonthsOwnDayStartsInALeapYear(t *testing.T) {
	data := fantasyFile(t, func(s, _ map[string]any) {
		yearData(s)["leap_days"] = []any{map[string]any{"name": "Leap", "timespan": 1, "interval": "4", "offset": 0, "intercalary": false}}
	})
	events := []any{fcEventOf("Leap rent", `[["Day","0",["31"]]]`), fcEventOf("Rent", `[["Day","0",["30"]]]`)}
	res := convertOK(t, withFCEvents(data, events))
	wantReminders(t, res, "4-2-31 Leap rent repeat month all", "1-1-30 Rent repeat month all")
}
