package apply

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/output"
)

// PrintPlan writes the plan as text: per calendar its action, each changed
// field old -> new, and the counts of its weather writes, then the writes
// themselves as how.Entries says. Text from the server or the file is
// printed with its control characters shown (output.Sanitize).
func PrintPlan(w io.Writer, plan *Plan, how PlanText) {
	say := func(indent, text string) { writeWrapped(w, how.Width, indent, text) }
	for _, cp := range plan.Calendars {
		say("", fmt.Sprintf("calendar %s: %s", calendarLabel(cp), cp.Action))
		for _, ch := range cp.Changes {
			by := ""
			if flag := plan.flagOf(ch.Field); flag != "" {
				by = " (" + flag + ")"
			}
			say("  ", fmt.Sprintf("%s: %s -> %s%s", ch.Field, output.Sanitize(ch.Old), output.Sanitize(ch.New), by))
		}
		for _, k := range cp.Kept {
			say("  ", keptLine(k))
		}
		if len(cp.NotCompared) > 0 {
			say("  ", notComparedLine(cp.NotCompared, "", "the calendar"))
		}
		if cp.WeatherManaged {
			n := weatherCounts(cp)
			say("  ", "weather: "+n.String())
			if len(cp.WeatherNotCompared) > 0 {
				say("  ", notComparedLine(cp.WeatherNotCompared, "weather ", "an entry"))
			}
			for _, line := range listedWeather(cp, how.Entries) {
				say("    ", line)
			}
		}
		if cp.RemindersManaged {
			say("  ", "reminders: "+reminderCounts(cp).String())
			if len(cp.RemindersNotCompared) > 0 {
				say("  ", notComparedLine(cp.RemindersNotCompared, "reminder ", "a reminder"))
			}
			for _, line := range listedReminders(cp, how.Entries) {
				say("    ", line)
			}
		}
	}
	if note := visibilityNote(plan); note != "" {
		say("", note)
	}
	say("", PlanSummary(plan))
}

// flagOf is the flag that made a change of the field, "" for none: a
// field play moves changes only when the run sets it (--set-date).
func (p *Plan) flagOf(field string) string {
	if f := client.CalendarFields.Lookup(field); f != nil && f.MovedByPlay {
		return p.words.SetDate
	}
	return ""
}

// keptLine says a field play moves is kept: "date: 1492-4-6 kept (the
// file says 1492-4-1; --set-date moves it)", or, when the calendar's was
// not read, that the file's is not sent either.
func keptLine(k Kept) string {
	if k.Calendar == "" {
		s := fmt.Sprintf("%s: not read from the server; the file's %s is not sent", k.Field, k.File)
		if k.Flag != "" {
			s += " (" + k.Flag + " sends it)"
		}
		return output.Sanitize(s)
	}
	s := fmt.Sprintf("%s: %s kept (the file says %s", k.Field, k.Calendar, k.File)
	if k.Flag != "" {
		s += "; " + k.Flag + " moves it"
	}
	return output.Sanitize(s + ")")
}

// notComparedLine says, once for a calendar (or its weather entries),
// which fields the file gives that the server does not return: they
// cannot be compared, so they change nothing on their own. whose names
// the record ("weather "), of says which writes send them.
func notComparedLine(keys []string, whose, of string) string {
	if len(keys) == 1 {
		return fmt.Sprintf("note: %s%s is not compared (the server does not return it); it is sent with any other change of %s", whose, keys[0], of)
	}
	return fmt.Sprintf("note: %s%s are not compared (the server does not return them); they are sent with any other change of %s", whose, joinAnd(keys), of)
}

// joinAnd is "a", "a and b", "a, b and c".
func joinAnd(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func calendarLabel(cp *CalendarPlan) string {
	s := strconv.Quote(output.Sanitize(cp.Name))
	if cp.ID > 0 {
		s += fmt.Sprintf(" (id %d)", cp.ID)
	}
	return s
}

// weatherLine is one weather write: "+ 1492-1-1 snowflake",
// "~ 1492-1-5 (id 25) temperature: "-4C" -> "12C"", "- 1492-1-19 (id 19) sun".
func weatherLine(wp *WeatherPlan) string {
	sign := map[Action]string{Create: "+", Update: "~", Delete: "-"}[wp.Action]
	s := sign + " " + wp.Date.String()
	if wp.ID > 0 {
		s += fmt.Sprintf(" (id %d)", wp.ID)
	}
	if wp.Action == Update {
		parts := make([]string, len(wp.Changes))
		for i, ch := range wp.Changes {
			parts[i] = ch.Field + ": " + ch.Old + " -> " + ch.New
		}
		s += " " + strings.Join(parts, ", ")
	} else {
		s += " " + wp.Weather
	}
	if wp.Result.Status != "" && wp.Result.Status != Done {
		s += " [" + string(wp.Result.Status) + "]"
	}
	return output.Sanitize(s)
}

// reminderLine is one reminder write: `+ 1492-5-1 "Greengrass" (repeat:
// year)`, `~ 1492-5-1 (id 3) "Greengrass" colour: (none) -> "#2e7d32"`,
// `- 1492-6-1 (id 4) "Old fair"`.
func reminderLine(rp *ReminderPlan) string {
	sign := map[Action]string{Create: "+", Update: "~", Delete: "-"}[rp.Action]
	s := sign + " " + rp.Date.String()
	if rp.ID > 0 {
		s += fmt.Sprintf(" (id %d)", rp.ID)
	}
	s += " " + strconv.Quote(client.StoredText(rp.Comment))
	if rp.Action == Update {
		parts := make([]string, len(rp.Changes))
		for i, ch := range rp.Changes {
			parts[i] = ch.Field + ": " + ch.Old + " -> " + ch.New
		}
		s += " " + strings.Join(parts, ", ")
	} else if rp.Repeat != "" {
		s += " (repeat: " + rp.Repeat + ")"
	}
	if rp.Result.Status != "" && rp.Result.Status != Done {
		s += " [" + string(rp.Result.Status) + "]"
	}
	return output.Sanitize(s)
}

// WeatherCounts counts one calendar's weather (or reminders) by action.
type WeatherCounts struct {
	Create    int `json:"create"`
	Update    int `json:"update"`
	Delete    int `json:"delete"`
	Unchanged int `json:"unchanged"`
}

func (n WeatherCounts) String() string {
	return fmt.Sprintf("%d to create, %d to update, %d to delete, %d unchanged", n.Create, n.Update, n.Delete, n.Unchanged)
}

// add adds the counts m to n.
func (n *WeatherCounts) add(m WeatherCounts) {
	n.Create += m.Create
	n.Update += m.Update
	n.Delete += m.Delete
	n.Unchanged += m.Unchanged
}

func weatherCounts(cp *CalendarPlan) WeatherCounts {
	return countActions(cp.Weather, len(cp.WeatherUnchanged), func(wp *WeatherPlan) Action { return wp.Action })
}

// countActions counts a calendar's planned writes of one kind by action.
func countActions[P any](plans []P, unchanged int, action func(P) Action) WeatherCounts {
	n := WeatherCounts{Unchanged: unchanged}
	for _, p := range plans {
		switch action(p) {
		case Create:
			n.Create++
		case Update:
			n.Update++
		case Delete:
			n.Delete++
		}
	}
	return n
}

// PlanSummary is the plan's one line: "Plan: 1 calendar to create, 0 to
// update, 1 unchanged; 30 weather entries to create, 0 to update, 0 to
// delete, 0 unchanged.", and when a calendar's reminders are managed
// "...; 3 reminders to create, 0 to update, 0 to delete, 0 unchanged."
func PlanSummary(plan *Plan) string {
	var create, update, unchanged int
	var weather, reminders WeatherCounts
	managed := false
	for _, cp := range plan.Calendars {
		if cp.RemindersManaged {
			managed = true
			reminders.add(reminderCounts(cp))
		}
		switch cp.Action {
		case Create:
			create++
		case Update:
			update++
		default:
			unchanged++
		}
		weather.add(weatherCounts(cp))
	}
	s := fmt.Sprintf("Plan: %s to create, %d to update, %d unchanged; %s to create, %d to update, %d to delete, %d unchanged",
		plural(create, "calendar"), update, unchanged, plural(weather.Create, "weather entry"), weather.Update, weather.Delete, weather.Unchanged)
	if managed {
		s += fmt.Sprintf("; %s to create, %d to update, %d to delete, %d unchanged",
			plural(reminders.Create, "reminder"), reminders.Update, reminders.Delete, reminders.Unchanged)
	}
	return s + "."
}

func plural(n int, noun string) string {
	if n != 1 {
		noun = strings.TrimSuffix(noun, "y")
		if strings.HasSuffix(noun, "entr") {
			noun += "ie"
		}
		noun += "s"
	}
	return fmt.Sprintf("%d %s", n, noun)
}

// PrintOutcome writes, after a run, one line for each write that did not
// end Done (with why), then the summary counting the writes by what
// became of them (RunError.Summary), each wrapped to width (0: not).
// After an interrupt every write has its line, so that what was done,
// what was in flight and what was not started are each named.
func PrintOutcome(w io.Writer, plan *Plan, width int) {
	plan.eachWrite(func(what string, r Result) {
		if r.Status == Done && !plan.Interrupted {
			return
		}
		why := ""
		var in *InterruptedError
		if r.Err != nil && !errors.As(r.Err, &in) { // the interrupt says itself in the status
			why = ": " + client.Explain(r.Err)
		}
		writeWrapped(w, width, "", output.Sanitize(fmt.Sprintf("%s: %s%s", statusWord(r, plan.Interrupted), what, why)))
	})
	writeWrapped(w, width, "", plan.tally().Summary())
}

// statusWord says what became of a write, in the words of the summary.
func statusWord(r Result, interrupted bool) string {
	switch {
	case r.InFlight():
		return "in flight (may have been applied)"
	case r.Status == Unknown:
		return "may have been applied (the next run finds it)"
	case r.Status == Failed:
		return "failed"
	case r.Status == Done:
		return "done"
	case interrupted:
		return "not started"
	}
	return "not tried"
}
