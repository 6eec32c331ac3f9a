package apply

import (
	"context"
	"fmt"
	"slices"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// Recheck looks, with one list request (the calendars updated since
// act.AsOf), for what changed in the campaign while the plan was being
// made: a calendar the plan updates whose fields changed (the update would
// put back their old values), a calendar whose weather or reminders the
// plan writes whose days changed (months, leap years: the plan's dates
// were checked against the days it had), or whose moons changed when it
// writes reminders (a repeat names a moon by id), or a calendar created
// with the name of one
// the plan creates (the create would make a second). Each is a
// *cmdutil.ChangedError, all of them in one cmdutil.ChangedErrors; nothing
// has been sent. A calendar listed that is no different (a server without
// the filter lists them all) is no change.
func Recheck(ctx context.Context, c *client.Client, plan *Plan, act *Actual) error {
	changed, err := c.CalendarsChangedSince(ctx, act.AsOf)
	if err != nil {
		return fmt.Errorf("checking that the calendars did not change since they were read: %w", err)
	}
	read := map[int]*client.Calendar{}
	for _, cal := range act.Calendars {
		read[cal.ID] = cal
	}
	since, next := plan.words.since(), plan.words.Next
	var errs cmdutil.ChangedErrors
	for _, now := range changed {
		before := read[now.ID]
		for _, cp := range plan.Calendars {
			switch {
			case cp.Action == Update && cp.ID == now.ID && before != nil:
				if fields := client.CalendarFields.Differing(&before.CalendarInput, &now.CalendarInput); len(fields) > 0 {
					errs = append(errs, &cmdutil.ChangedError{Record: fmt.Sprintf("calendar %d %q", now.ID, now.Name),
						Fields: fields, By: now.UpdatedBy, Since: since, Next: next})
				}
			case cp.Action != Update && cp.ID == now.ID && before != nil && (len(cp.Weather) > 0 || len(cp.Reminders) > 0):
				if fields, what := writtenOn(cp, before, now); len(fields) > 0 {
					errs = append(errs, &cmdutil.ChangedError{Record: fmt.Sprintf("calendar %d %q", now.ID, now.Name),
						Fields: fields, By: now.UpdatedBy, Since: since + ", and the plan writes its " + what, Next: next})
				}
			// A calendar of the name, new or renamed since the read.
			case cp.Action == Create && client.SameStoredText(now.Name, cp.Name):
				errs = append(errs, &cmdutil.ChangedError{Record: fmt.Sprintf("the campaign (calendar %d %q was created or renamed)", now.ID, now.Name),
					By: now.UpdatedBy, Since: since + ", with the name of a calendar the plan creates", Next: next})
			}
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// writtenOn are the fields of the calendar that changed between two
// reads of it (before, now) that the plan's weather and reminders were
// planned with: the fields deciding its days, for either; its moons, which
// a reminder's repeat names by id, for reminders. what says what the plan
// writes on them, for the message.
func writtenOn(cp *CalendarPlan, before, now *client.Calendar) (fields []string, what string) {
	fields = daysDiffering(before, now)
	switch {
	case len(cp.Reminders) == 0:
		return fields, "weather on the days it had"
	case slices.Contains(client.CalendarFields.Differing(&before.CalendarInput, &now.CalendarInput), "moons"):
		fields = append(fields, "moons")
	}
	if len(cp.Weather) == 0 {
		return fields, "reminders on the days and moons it had"
	}
	return fields, "weather and reminders on the days and moons it had"
}

// daysDiffering are the fields deciding a calendar's days (client.Field.
// Days) that differ between two reads of it.
func daysDiffering(before, now *client.Calendar) []string {
	var days []string
	for _, key := range client.CalendarFields.Differing(&before.CalendarInput, &now.CalendarInput) {
		if f := client.CalendarFields.Lookup(key); f != nil && f.Days {
			days = append(days, key)
		}
	}
	return days
}
