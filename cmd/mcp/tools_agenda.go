package mcp

import (
	"fmt"
	"strings"
)

// The agenda tool (calendar agenda), and what advance_date says of the
// days passed (calendar advance's days_passed).

// agendaInput names a calendar and a window of its days.
type agendaInput struct {
	Calendar Ref    `json:"calendar" jsonschema:"The calendar: its id (a number, as list_calendars gives it) or its exact name."`
	From     string `json:"from,omitempty" jsonschema:"The first day (default: the calendar's current date): year-month-day with months counted from 1, intercalary months included (1492-4-3); a month by name, alias or a prefix only one month has (1492-Ches-3, or \"3 Ches 1492\"); or counted in days from the calendar's current date: today, tomorrow, yesterday, +3, -1."`
	To       string `json:"to,omitempty" jsonschema:"The last day, included; written as from is. Give to or days, not both."`
	Days     *int   `json:"days,omitempty" jsonschema:"The number of days from the first (default 30 when to is not given)."`
}

var agenda = tool[agendaInput]{
	name:  "agenda",
	title: "List the days reminders fall on",
	description: "The days a calendar's reminders fall on, from and to two days (default: the 30 days from the " +
		"calendar's current date), in date order and then by reminder id: one entry a day and reminder (a reminder of " +
		"three days gives three, a repeat every year, month or moon phase one a day it falls on, as Kanka's engine " +
		"counts them), each with the date (year-month-day), weekday, reminder_id, comment, owner (whose it is), span " +
		"(its start, end, and which of its days this is), the day's moon phases and season. Reads only.",
	effect:     reads,
	idempotent: true,
	output:     []property{{"agenda", "array", "the entries, by date and then reminder id"}},
	command: func(in agendaInput) (invocation, error) {
		name, err := named("calendar", in.Calendar)
		if err != nil {
			return invocation{}, err
		}
		if in.To != "" && in.Days != nil {
			return invocation{}, refusef("agenda: give to or days, not both")
		}
		var args flags = []string{"calendar", "agenda"}
		args.text("from", in.From)
		args.text("to", in.To)
		args.number("days", in.Days)
		return command(append(args, "--", name)...), nil
	},
	shape: func(_ agendaInput, v any) (map[string]any, string) {
		entries := records(v)
		if len(entries) == 0 {
			return map[string]any{"agenda": list(entries)}, "no reminder falls on these days"
		}
		lines := []string{plural(len(entries), "reminder day", "reminder days") + ":"}
		for _, e := range entries {
			lines = append(lines, fmt.Sprintf("%s: %s (reminder %s)", text(e["date"]), reminderWords(e), text(e["reminder_id"])))
		}
		return map[string]any{"agenda": list(entries)}, strings.Join(lines, "\n")
	},
}

// reminderWords is a reminder on one of its days: its comment, and which
// day of its span it is.
func reminderWords(e map[string]any) string {
	s := text(e["comment"])
	if span, _ := e["span"].(map[string]any); number(span["days"]) > 1 {
		s += fmt.Sprintf(" (day %d of %d)", number(span["day"]), number(span["days"]))
	}
	return s
}

// maxPassedLines bounds the days a summary names.
const maxPassedLines = 10

// daysPassed is advance's days_passed (a list, also when it could not be
// read: its warning is then in the words) and the lines that say it.
func daysPassed(c map[string]any) ([]any, string) {
	days := records(c["days_passed"])
	if len(days) == 0 {
		return list(days), ""
	}
	lines := []string{"; the days passed held:"}
	for i, d := range days {
		if i == maxPassedLines {
			lines = append(lines, fmt.Sprintf("and %s more (days_passed lists them all)", plural(len(days)-i, "day", "days")))
			break
		}
		var items []string
		for _, rm := range records(d["reminders"]) {
			items = append(items, reminderWords(rm))
		}
		for _, w := range records(d["weather"]) {
			items = append(items, "weather: "+weatherWords(w))
		}
		lines = append(lines, text(d["date"])+": "+strings.Join(items, "; "))
	}
	return list(days), strings.Join(lines, "\n")
}
