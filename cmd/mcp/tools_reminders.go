package mcp

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// The reminders' tools: list a calendar's reminders, add one, change one
// and delete one (kanka reminder list, create, update and delete). With
// no terminal to confirm on, delete_reminder asks for confirm: true, and
// without it shows what would go.

// listRemindersInput names a calendar.
type listRemindersInput struct {
	Calendar Ref `json:"calendar" jsonschema:"The calendar: its id (a number, as list_calendars gives it) or its exact name."`
}

var listReminders = tool[listRemindersInput]{
	name:  "list_reminders",
	title: "List the reminders",
	description: "Every reminder of a calendar (of its own entity, of other entities and of posts), in date order: each " +
		"one's id (which update_reminder and delete_reminder take), date (its first day when it repeats), comment, " +
		"repeat (recurring_periodicity: year, month, or a moon's id and phase such as 1_f for a full moon), " +
		"recurring_until, length in days, colour, type_id (2 birth, 3 death, 4 date, 5 founded), visibility_id (1 all, " +
		"2 admin, 3 admin-self, 4 self, 5 members) and the entity it belongs to (remindable_id). Reads only.",
	effect: reads,
	output: []property{{"reminders", "array", "the reminders in date order, every key the server sent"}},
	command: func(in listRemindersInput) (invocation, error) {
		name, err := named("calendar", in.Calendar)
		if err != nil {
			return invocation{}, err
		}
		return command("reminder", "list", flag("calendar", name)), nil
	},
	shape: func(_ listRemindersInput, v any) (map[string]any, string) {
		rms := records(v)
		byDate(rms)
		lines := []string{plural(len(rms), "reminder", "reminders") + ":"}
		for _, rm := range rms {
			lines = append(lines, fmt.Sprintf("%s: %s", text(rm["id"]), reminderSummary(rm)))
		}
		return map[string]any{"reminders": list(rms)}, strings.Join(lines, "\n")
	},
}

// addReminderInput is a reminder to create.
type addReminderInput struct {
	Calendar   Ref    `json:"calendar" jsonschema:"The calendar: its id (a number, as list_calendars gives it) or its exact name."`
	Date       string `json:"date" jsonschema:"The day the reminder falls on (its first, when it repeats): year-month-day with months counted from 1, intercalary months included (1492-4-3); a month by name, alias or a prefix only one month has (1492-Ches-3, or \"3 Ches 1492\"); or counted in days from the calendar's current date: today, tomorrow, yesterday, +3, -1."`
	Comment    string `json:"comment,omitempty" jsonschema:"What it says, up to 191 characters."`
	Repeat     string `json:"repeat,omitempty" jsonschema:"How it repeats (default: it does not): year (the same day every year), month (the same day of every month), or MOON:PHASE, every day a moon of the calendar has that phase (Selûne:full); the phases are full, new, first-quarter, last-quarter, waxing-crescent, waxing-gibbous, waning-crescent and waning-gibbous."`
	Until      *int   `json:"until,omitempty" jsonschema:"The last year it repeats in."`
	Length     *int   `json:"length,omitempty" jsonschema:"The days it lasts, 1 or more (default 1)."`
	Colour     string `json:"colour,omitempty" jsonschema:"Its colour on the calendar, up to 7 characters (#aa0000, red)."`
	Visibility string `json:"visibility,omitempty" jsonschema:"Who sees it: all, admin, admin-self, self or members (default all)."`
	Type       string `json:"type,omitempty" jsonschema:"What it marks: birth, death, date or founded (default none)."`
	Entity     *int   `json:"entity,omitempty" jsonschema:"The id of the entity it belongs to, such as a character for a birth (default: the calendar's own entity)."`
}

var addReminder = tool[addReminderInput]{
	name:  "add_reminder",
	title: "Add a reminder",
	description: "Create a reminder on a calendar: a day, a span of days (length), or a repeat every year, every month " +
		"or on a moon's phase, until a year. The calendar is read once to check the date and the moon; a day it does not " +
		"have, a moon it does not have or a field too long is refused with nothing written. Each call creates one more " +
		"reminder: call list_reminders first to change one that exists (update_reminder).",
	effect: writes,
	output: []property{{"reminder", "object", "the reminder as the server stored it, with its id"}},
	command: func(in addReminderInput) (invocation, error) {
		name, err := named("calendar", in.Calendar)
		if err != nil {
			return invocation{}, err
		}
		var args flags = []string{"reminder", "create", flag("calendar", name)}
		args.text("date", in.Date)
		args.text("comment", in.Comment)
		args.text("repeat", in.Repeat)
		args.number("until", in.Until)
		args.number("length", in.Length)
		args.text("colour", in.Colour)
		args.text("visibility", in.Visibility)
		args.text("type", in.Type)
		args.number("entity", in.Entity)
		return command(args...), nil
	},
	shape: func(_ addReminderInput, v any) (map[string]any, string) {
		rm, _ := v.(map[string]any)
		return map[string]any{"reminder": rm}, reminderOf(rm)
	},
}

// updateReminderInput is a reminder's changes.
type updateReminderInput struct {
	ID         int     `json:"id" jsonschema:"The reminder's id, as list_reminders gives it."`
	Calendar   Ref     `json:"calendar,omitempty" jsonschema:"The calendar whose reminders hold it, by id or exact name: give it (or entity) unless this server has listed or written the reminder before; its list is then read to find it."`
	Entity     *int    `json:"entity,omitempty" jsonschema:"The id of the entity the reminder belongs to, instead of calendar: the reminder is read there directly."`
	Date       string  `json:"date,omitempty" jsonschema:"A new day (its first, when it repeats): year-month-day with months counted from 1, intercalary months included (1492-4-3); a month by name, alias or a prefix only one month has (1492-Ches-3, or \"3 Ches 1492\"); or counted in days from the calendar's current date: today, tomorrow, yesterday, +3, -1."`
	Comment    *string `json:"comment,omitempty" jsonschema:"A new comment, up to 191 characters."`
	Repeat     *string `json:"repeat,omitempty" jsonschema:"A new repeat: year, month or MOON:PHASE (Selûne:full), as add_reminder takes it."`
	Until      *int    `json:"until,omitempty" jsonschema:"A new last year it repeats in."`
	Length     *int    `json:"length,omitempty" jsonschema:"A new length in days, 1 or more."`
	Colour     *string `json:"colour,omitempty" jsonschema:"A new colour, up to 7 characters (#aa0000, red)."`
	Visibility string  `json:"visibility,omitempty" jsonschema:"Who sees it: all, admin, admin-self, self or members."`
	Type       string  `json:"type,omitempty" jsonschema:"What it marks: birth, death, date or founded."`
}

var updateReminder = tool[updateReminderInput]{
	name:  "update_reminder",
	title: "Change a reminder",
	description: "Change the fields given of a reminder: it is read, and its date and the fields that differ are sent " +
		"(the others are kept; when nothing differs nothing is sent). A new date or repeat is checked with the " +
		"reminder's calendar first; what is refused is written nowhere. The same call twice changes nothing the second time.",
	effect:     writes,
	idempotent: true,
	output:     []property{{"reminder", "object", "the reminder as the server stored it"}},
	command: func(in updateReminderInput) (invocation, error) {
		var args flags = append([]string{"reminder", "update"}, reminderPlace(in.Calendar, in.Entity)...)
		args.text("date", in.Date)
		args.optional("comment", in.Comment)
		args.optional("repeat", in.Repeat)
		args.number("until", in.Until)
		args.number("length", in.Length)
		args.optional("colour", in.Colour)
		args.text("visibility", in.Visibility)
		args.text("type", in.Type)
		return command(append(args, "--", strconv.Itoa(in.ID))...), nil
	},
	shape: func(_ updateReminderInput, v any) (map[string]any, string) {
		rm, _ := v.(map[string]any)
		return map[string]any{"reminder": rm}, reminderOf(rm)
	},
}

// deleteReminderInput names a reminder to delete.
type deleteReminderInput struct {
	ID       int  `json:"id" jsonschema:"The reminder's id, as list_reminders gives it."`
	Calendar Ref  `json:"calendar,omitempty" jsonschema:"The calendar whose reminders hold it, by id or exact name: give it (or entity) unless this server has listed or written the reminder before; its list is then read to find it."`
	Entity   *int `json:"entity,omitempty" jsonschema:"The id of the entity the reminder belongs to, instead of calendar."`
	Confirm  bool `json:"confirm,omitempty" jsonschema:"Must be true to delete: without it nothing is deleted and the reminder that would be is returned, so that the user can see what would go."`
}

var deleteReminder = tool[deleteReminderInput]{
	name:  "delete_reminder",
	title: "Delete a reminder",
	description: "Delete one reminder, by its id. It needs confirm: true: without it the reminder is only read and " +
		"returned, with nothing deleted, so that the user can say whether it should go. Nothing else is touched; " +
		"deleting it again deletes nothing more (the reminder is not found).",
	effect: deletes,
	// A reminder's id is never given again: a second call finds nothing.
	idempotent: true,
	output: []property{
		{"id", "integer", "the reminder's id"},
		{"deleted", "boolean", "true when it was deleted; false when confirm was not given (then confirm_required and the reminder that would go)"},
	},
	command: func(in deleteReminderInput) (invocation, error) {
		where := reminderPlace(in.Calendar, in.Entity)
		id := strconv.Itoa(in.ID)
		if !in.Confirm {
			return command(append(append([]string{"reminder", "get"}, where...), "--", id)...), nil
		}
		// reminder delete prints nothing on stdout (it takes no -o json)
		// and says what it deleted, which the result says instead.
		args := append([]string{"reminder", "delete", "--output=table", "--quiet", "--yes"}, where...)
		return invocation{args: append(args, "--", id), printsNothing: true}, nil
	},
	shape: func(in deleteReminderInput, v any) (map[string]any, string) {
		if !in.Confirm {
			rm, _ := v.(map[string]any)
			return map[string]any{"id": in.ID, "deleted": false, "confirm_required": true, "reminder": rm},
				"Nothing was deleted: delete_reminder needs confirm: true. It would delete " + reminderOf(rm)
		}
		return map[string]any{"id": in.ID, "deleted": true}, fmt.Sprintf("deleted reminder %d", in.ID)
	},
}

// reminderPlace are the flags that say where a reminder is found: its
// calendar's list, or its entity; none when the local cache knows it.
func reminderPlace(calendar Ref, entity *int) []string {
	var args flags
	if strings.TrimSpace(string(calendar)) != "" {
		args.text("calendar", string(calendar))
	}
	args.number("entity", entity)
	return args
}

// reminderOf names a reminder in a summary: reminder 1 of calendar 1:
// 1492-4-3 "Market day", repeats every year.
func reminderOf(rm map[string]any) string {
	return fmt.Sprintf("reminder %s of calendar %s: %s", text(rm["id"]), text(rm["calendar_id"]), reminderSummary(rm))
}

// reminderSummary is a reminder in words: its date, comment, repeat and
// length.
func reminderSummary(rm map[string]any) string {
	words := entryDate(rm)
	if c, ok := rm["comment"].(string); ok {
		words += " " + strconv.Quote(c)
	} else {
		words += " (no comment)"
	}
	if p, _ := rm["recurring_periodicity"].(string); p != "" {
		words += ", repeats " + repeatWords(p)
		if until := rm["recurring_until"]; until != nil && until != "" {
			words += " until " + text(until)
		}
	}
	if n := number(rm["length"]); n > 1 {
		words += fmt.Sprintf(", lasts %d days", n)
	}
	return words
}

// repeatWords are the service's repeat in words: every year, at moon 1
// full; one kanka does not know as it is.
func repeatWords(p string) string {
	per, err := almanac.ParsePeriodicity(p)
	switch {
	case err != nil:
		return p
	case per.Repeat == almanac.RepeatMoon:
		return fmt.Sprintf("at moon %d %s", per.MoonID, per.Phase)
	}
	return "every " + per.String()
}
