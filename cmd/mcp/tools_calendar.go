package mcp

import (
	"fmt"
	"strings"
)

// The calendar's tools: list, get, show a month (calendar list, get,
// show) and advance the date (calendar advance).

// noInput is the input of a tool that takes none.
type noInput struct{}

var listCalendars = tool[noInput]{
	name:  "list_calendars",
	title: "List the calendars",
	description: "The calendars of the campaign: each one's id, name and current date " +
		"(year-month-day, months counted from 1, intercalary months included; null when it has none). " +
		"get_calendar and show_month name the months. Reads only.",
	effect: reads,
	output: []property{{"calendars", "array", "the calendars, each {id, name, date}"}},
	command: func(noInput) (invocation, error) {
		return command("calendar", "list"), nil
	},
	shape: func(_ noInput, v any) (map[string]any, string) {
		cals := records(v)
		out := make([]map[string]any, len(cals))
		lines := []string{plural(len(cals), "calendar", "calendars") + ":"}
		for i, c := range cals {
			out[i] = pick(c, "id", "name", "date")
			lines = append(lines, fmt.Sprintf("%s, date %s", calendarWords(c), text(c["date"])))
		}
		return map[string]any{"calendars": list(out)}, strings.Join(lines, "\n")
	},
}

// calendarInput names a calendar.
type calendarInput struct {
	Calendar Ref `json:"calendar" jsonschema:"The calendar: its id (a number, as list_calendars gives it) or its exact name."`
}

var getCalendar = tool[calendarInput]{
	name:  "get_calendar",
	title: "Get a calendar",
	description: "One calendar as the server stores it: its months (in order, intercalary ones marked, with their " +
		"lengths), weekdays, moons (full-moon cycle and offset), seasons (the month and day each starts), named years, " +
		"leap-year rule and current date (year-month-day, months counted from 1). Reads only.",
	effect: reads,
	output: []property{{"calendar", "object", "the calendar, every key the server sent"}},
	command: func(in calendarInput) (invocation, error) {
		name, err := named("calendar", in.Calendar)
		if err != nil {
			return invocation{}, err
		}
		return command("calendar", "get", "--", name), nil
	},
	shape: func(_ calendarInput, v any) (map[string]any, string) {
		c, _ := v.(map[string]any)
		summary := fmt.Sprintf("calendar %s: date %s; %s, %s, %s, %s, %s", calendarWords(c), text(c["date"]),
			plural(count(c["months"]), "month", "months"), plural(count(c["weekdays"]), "weekday", "weekdays"),
			plural(count(c["moons"]), "moon", "moons"), plural(count(c["seasons"]), "season", "seasons"),
			plural(count(c["years"]), "named year", "named years"))
		return map[string]any{"calendar": c}, summary
	},
}

// showMonthInput names a calendar and a day of the month to show.
type showMonthInput struct {
	Calendar Ref    `json:"calendar" jsonschema:"The calendar: its id (a number, as list_calendars gives it) or its exact name."`
	Date     string `json:"date,omitempty" jsonschema:"A day of the month to show (default: the calendar's current date): year-month-day with months counted from 1, intercalary months included (1492-4-3); a month by name, alias or a prefix only one month has (1492-Ches-3, or \"3 Ches 1492\"); or counted in days from the calendar's current date: today, tomorrow, yesterday, +3, -1."`
}

var showMonth = tool[showMonthInput]{
	name:  "show_month",
	title: "Show a month",
	description: "A month of a calendar, day by day, as the service's calendar page computes it: each day's date, " +
		"weekday (null in an intercalary month), moon phases, season (and whether it starts that day), the weather " +
		"entries recorded on it and the reminders falling on it; the year's name and the calendar's current date (today). Reads only.",
	effect: reads,
	output: []property{
		{"calendar", "object", "the calendar's id and name"},
		{"year", "integer", "the year"},
		{"month", "integer", "the month's number, counted from 1, intercalary months included"},
		{"month_name", "string", "the month's name"},
		{"today", "string", "the calendar's current date"},
		{"days", "array", "the days: date, weekday, moons, season, weather"},
	},
	command: func(in showMonthInput) (invocation, error) {
		name, err := named("calendar", in.Calendar)
		if err != nil {
			return invocation{}, err
		}
		var args flags = []string{"calendar", "show"}
		args.text("date", in.Date)
		return command(append(args, "--", name)...), nil
	},
	shape: func(_ showMonthInput, v any) (map[string]any, string) {
		m, _ := v.(map[string]any)
		cal, _ := m["calendar"].(map[string]any)
		days := records(m["days"])
		withWeather := 0
		for _, d := range days {
			if count(d["weather"]) > 0 {
				withWeather++
			}
		}
		year := text(m["year"])
		if name, _ := m["year_name"].(string); name != "" {
			year += " (" + name + ")"
		}
		summary := fmt.Sprintf("%s %s of calendar %s: %s, weather recorded on %s; today is %s",
			text(m["month_name"]), year, calendarWords(cal), plural(len(days), "day", "days"),
			plural(withWeather, "day", "days"), text(m["today"]))
		return m, summary
	},
}

// advanceInput says how far to move a calendar's date.
type advanceInput struct {
	Calendar  Ref    `json:"calendar" jsonschema:"The calendar: its id (a number, as list_calendars gives it) or its exact name."`
	Days      *int   `json:"days,omitempty" jsonschema:"Move forward by this many days (default 1 when nothing else is given). Leap days and intercalary months count as days."`
	Months    *int   `json:"months,omitempty" jsonschema:"Move forward by this many months (intercalary months count), keeping the day of the month, clamped to the month reached."`
	Years     *int   `json:"years,omitempty" jsonschema:"Move forward by this many years, keeping the month and day."`
	To        string `json:"to,omitempty" jsonschema:"Move forward to this date, not before the current one: year-month-day with months counted from 1, intercalary months included (1492-4-3); a month by name, alias or a prefix only one month has (1492-Ches-3, or \"3 Ches 1492\"); or +N days from the current date."`
	KeepWeeks *bool  `json:"keep_weeks,omitempty" jsonschema:"Required for a move of more than one day (days above 1, months, years or to). On Kanka's service a longer move is one full update of the calendar, which clears named weeks set in its web interface (the service never returns them, so they cannot be sent back): false accepts that; true moves one day at a time with the service's own route instead, keeping them, one request a day (about 2 seconds each at 30 requests a minute). A server without named weeks moves in one update either way."`
}

var advanceDate = tool[advanceInput]{
	name:  "advance_date",
	title: "Advance a calendar's date",
	description: "Move a calendar's current date forward by days, months or years, or to a later date, with the " +
		"calendar's own rules (leap days and intercalary months count). Only the date changes: the calendar is read and " +
		"sent back whole, so its months, weekdays, moons, seasons and years are kept; a calendar whose answer lacks " +
		"any of them is refused, nothing sent. The result says what the days passed held: their reminders and weather. Moving the date is the game's time passing: do it when the user asks.",
	effect: writes,
	output: []property{{"calendar", "object", "the calendar after the move: {id, name, date}"},
		{"days_passed", "array", "what the days passed held (after the old date up to the new): {date, reminders, weather} a day that held any"}},
	command: func(in advanceInput) (invocation, error) {
		name, err := named("calendar", in.Calendar)
		if err != nil {
			return invocation{}, err
		}
		given := 0
		for _, set := range []bool{in.Days != nil, in.Months != nil, in.Years != nil, in.To != ""} {
			if set {
				given++
			}
		}
		if given > 1 {
			return invocation{}, refusef("advance_date: give one of days, months, years or to, not %d of them", given)
		}
		oneDay := given == 0 || (in.Days != nil && *in.Days == 1)
		if !oneDay && in.KeepWeeks == nil {
			return invocation{}, refusef("advance_date: a move of more than one day needs keep_weeks: " +
				"false moves in one update, which on Kanka's service clears named weeks set in its web interface; " +
				"true keeps them, moving one day at a time (one request a day, about 2 seconds each)")
		}
		var args flags = []string{"calendar", "advance"}
		args.number("days", in.Days)
		args.number("months", in.Months)
		args.number("years", in.Years)
		args.text("to", in.To)
		args.on("keep-weeks", in.KeepWeeks != nil && *in.KeepWeeks)
		return command(append(args, "--", name)...), nil
	},
	shape: func(_ advanceInput, v any) (map[string]any, string) {
		c, _ := v.(map[string]any)
		days, held := daysPassed(c)
		return map[string]any{"calendar": pick(c, "id", "name", "date"), "days_passed": days},
			fmt.Sprintf("calendar %s is now on %s", calendarWords(c), text(c["date"])) + held
	},
}
