package calendar

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output/monthgrid"
)

// The days a calendar's reminders fall on, by the rules of the service's
// engine (almanac.Reckoning.Days, reminders.md): what the grid marks, the
// agenda lists and advance says the days passed held. Kanka's own
// calendar page draws some of them elsewhere (docs/reminders.md says
// where); kanka follows the engine.

// reminderDay is one day a reminder covers: the day (its number), the
// reminder, and the occurrence the day belongs to.
type reminderDay struct {
	day int64
	rm  *client.Reminder
	occ almanac.Occurrence
}

// maxReminderDays bounds what one command expands: a day and a reminder
// are one, so that a window of centuries or a hostile list of reminders
// of thousands of days cannot hold the memory of a machine.
const maxReminderDays = 100_000

// tooManyDaysError is a window whose reminders cover more than
// maxReminderDays days-and-reminders: a usage error for every command
// (gridReminders wraps it), which asks for fewer days.
type tooManyDaysError struct{ from, to almanac.Date }

func (e *tooManyDaysError) Error() string {
	return fmt.Sprintf("the reminders fall on more than %d days from %s to %s: ask for fewer days", maxReminderDays, e.from, e.to)
}

// calendarReminders are the reminders of rs that are calendarID's (an
// answer that names no calendar is taken as the list's), once each, by id.
func calendarReminders(calendarID int, rs []*client.Reminder) []*client.Reminder {
	out := make([]*client.Reminder, 0, len(rs))
	for _, rm := range rs {
		if rm == nil || rm.ID <= 0 || rm.CalendarID != nil && *rm.CalendarID != calendarID {
			continue
		}
		out = append(out, rm)
	}
	slices.SortStableFunc(out, func(a, b *client.Reminder) int { return cmp.Compare(a.ID, b.ID) })
	return slices.CompactFunc(out, func(a, b *client.Reminder) bool { return a.ID == b.ID })
}

// reminderDays are the days from..to (day numbers) that the reminders of
// rs cover, in order of the day and then of the reminder's id, a reminder
// once a day. rs are calendarReminders. ok is false when they are more
// than limit (nothing is then given).
func reminderDays(r *almanac.Reckoning, rs []*client.Reminder, from, to int64, limit int) (days []reminderDay, ok bool) {
	for _, rm := range rs {
		rec, ok := rm.Recurrence()
		if !ok || r.CheckRecurrence(rec) != nil {
			continue
		}
		for d, occ := range r.Days(rec, from, to) {
			if len(days) == limit {
				return nil, false
			}
			days = append(days, reminderDay{day: d, rm: rm, occ: occ})
		}
	}
	// rs are in id order, and each reminder's days in order: a stable
	// sort by day keeps the ids in order within a day.
	slices.SortStableFunc(days, func(a, b reminderDay) int { return cmp.Compare(a.day, b.day) })
	return days, true
}

// gridReminders are the reminders' days from..to for the grid, at most
// maxReminderDays of them.
func gridReminders(r *almanac.Reckoning, rs []*client.Reminder, from, to int64, owner func(*client.Reminder) monthgrid.Owner) ([]monthgrid.Reminder, error) {
	dates := dateOf{r: r, of: map[int64]almanac.Date{}}
	days, ok := reminderDays(r, rs, from, to, maxReminderDays)
	if !ok {
		return nil, &cmdutil.UsageError{Err: &tooManyDaysError{from: dates.on(from), to: dates.on(to)}}
	}
	out := make([]monthgrid.Reminder, len(days))
	for i, d := range days {
		out[i] = dates.onDay(d, owner)
	}
	return out, nil
}

// dateOf writes day numbers as dates, each once: the days of a window are
// few, its reminders' days many.
type dateOf struct {
	r  *almanac.Reckoning
	of map[int64]almanac.Date
}

func (c dateOf) on(day int64) almanac.Date {
	d, ok := c.of[day]
	if !ok {
		d, _ = c.r.DateOf(day)
		c.of[day] = d
	}
	return d
}

// onDay is d as the grid, the agenda and advance show it.
func (c dateOf) onDay(d reminderDay, owner func(*client.Reminder) monthgrid.Owner) monthgrid.Reminder {
	return monthgrid.Reminder{Date: c.on(d.day), ID: d.rm.ID, Comment: d.rm.Comment, Owner: owner(d.rm),
		Span: monthgrid.Span{Start: c.on(d.occ.Start), End: c.on(d.occ.End), Day: d.day - d.occ.Start + 1, Days: d.occ.End - d.occ.Start + 1}}
}
