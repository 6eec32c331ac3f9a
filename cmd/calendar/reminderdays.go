package calendar

import (
	"cmp"
	"container/heap"
	"fmt"
	"iter"
	"slices"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
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
// maxReminderDays days-and-reminders.
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

// reminderDays yields each day from..to (day numbers) that a reminder of
// rs covers, in order of the day and then of the reminder's id, a
// reminder once a day. rs are calendarReminders. Each reminder's days are
// drawn as needed, so that a caller that stops early pays for what it
// took.
func reminderDays(r *almanac.Reckoning, rs []*client.Reminder, from, to int64) iter.Seq[reminderDay] {
	return func(yield func(reminderDay) bool) {
		var q dayQueue
		defer func() {
			for _, c := range q {
				c.stop()
			}
		}()
		for _, rm := range rs {
			rec, ok := rm.Recurrence()
			if !ok || r.CheckRecurrence(rec) != nil {
				continue
			}
			next, stop := iter.Pull2(r.Days(rec, from, to))
			c := &dayCursor{rm: rm, next: next, stop: stop}
			if c.advance() {
				q = append(q, c)
			} else {
				stop()
			}
		}
		heap.Init(&q)
		for len(q) > 0 {
			c := q[0]
			if !yield(reminderDay{day: c.day, rm: c.rm, occ: c.occ}) {
				return
			}
			if c.advance() {
				heap.Fix(&q, 0)
			} else {
				c.stop()
				heap.Pop(&q)
			}
		}
	}
}

// dayCursor is a reminder's next day.
type dayCursor struct {
	rm   *client.Reminder
	day  int64
	occ  almanac.Occurrence
	next func() (int64, almanac.Occurrence, bool)
	stop func()
}

func (c *dayCursor) advance() bool {
	var ok bool
	c.day, c.occ, ok = c.next()
	return ok
}

// dayQueue orders the cursors by day, then by reminder id.
type dayQueue []*dayCursor

func (q dayQueue) Len() int { return len(q) }
func (q dayQueue) Less(i, j int) bool {
	return q[i].day < q[j].day || q[i].day == q[j].day && q[i].rm.ID < q[j].rm.ID
}
func (q dayQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *dayQueue) Push(x any)   { *q = append(*q, x.(*dayCursor)) }
func (q *dayQueue) Pop() any {
	old := *q
	c := old[len(old)-1]
	*q = old[:len(old)-1]
	return c
}

// gridReminders are the reminders' days from..to for the grid, at most
// maxReminderDays of them.
func gridReminders(r *almanac.Reckoning, rs []*client.Reminder, from, to int64, owner func(*client.Reminder) monthgrid.Owner) ([]monthgrid.Reminder, error) {
	var out []monthgrid.Reminder
	for d := range reminderDays(r, rs, from, to) {
		if len(out) == maxReminderDays {
			a, _ := r.DateOf(from)
			b, _ := r.DateOf(to)
			return nil, &tooManyDaysError{from: a, to: b}
		}
		out = append(out, onDay(r, d, owner))
	}
	return out, nil
}

// onDay is d as the grid, the agenda and advance show it.
func onDay(r *almanac.Reckoning, d reminderDay, owner func(*client.Reminder) monthgrid.Owner) monthgrid.Reminder {
	date, _ := r.DateOf(d.day)
	start, _ := r.DateOf(d.occ.Start)
	end, _ := r.DateOf(d.occ.End)
	return monthgrid.Reminder{Date: date, ID: d.rm.ID, Comment: d.rm.Comment, Owner: owner(d.rm),
		Span: monthgrid.Span{Start: start, End: end, Day: d.day - d.occ.Start + 1, Days: d.occ.End - d.occ.Start + 1}}
}
