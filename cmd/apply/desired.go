// Package apply is the engine of `kanka apply`: a seed (the calendars and
// weather a file wants) is checked, compared with what the campaign holds,
// turned into a plan of writes, and the plan is carried out.
//
// The path of a run:
//
//	Check(seed)                    the file alone, before any request
//	Read(ctx, c, seed)             the calendar list pages, and the weather
//	                               pages of each listed calendar that exists
//	MakePlan(seed, actual)         pure: what to create, update, delete
//	Execute(ctx, c, plan, opts)    the writes, in dependency order
//	PrintText / PrintJSON          the plan and the outcome
//
// Fields a file leaves out are not managed: a nil pointer, a nil slice or a
// nil map of client.CalendarInput neither counts as a difference nor
// changes. A calendar is found by its name, or by `id: N` when the file pins
// one; a weather entry by its calendar and date; a reminder by its
// calendar, date and comment (or id: N). So a create whose answer was lost
// is found by that key on the next run and never made twice.
package apply

import (
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// Seed is the desired state a file (or several) describes.
type Seed struct {
	Calendars []DesiredCalendar
}

// DesiredCalendar is one calendar of a seed.
type DesiredCalendar struct {
	// Where says where the calendar was written, for messages:
	// "cal.yaml: line 3". It may be empty.
	Where string
	// ID pins an existing calendar by id; 0 finds it by Input.Name.
	ID int
	// Input is the calendar's managed fields; nil ones are not managed.
	// With ID set the name may be empty: then it is not managed either.
	Input client.CalendarInput
	// Start is what a created calendar starts with beside Input, never
	// sent to one that exists: a preset's date and description, which play
	// and the game master move on.
	Start client.CalendarInput
	// Weather is nil when the file manages none of the calendar's weather:
	// it is then neither read nor pruned. A non-nil empty list manages it
	// as "no entries" (with prune, every entry is deleted).
	Weather []DesiredWeather
	// Reminders are the reminders of the calendar's own entity, as
	// Weather is its weather: nil when the seed manages none (they are
	// then neither read nor pruned; a seed written before reminders never
	// deletes those made in the web interface); a non-nil empty list
	// manages them as "none".
	Reminders []DesiredReminder
}

// DesiredReminder is one reminder of a seed, on its calendar's own
// entity. It has no name: it is the calendar's reminder of its date and
// comment (as the service stores them), or the one ID pins.
type DesiredReminder struct {
	// Where is as DesiredCalendar.Where: "cal.yaml: line 12".
	Where string
	// ID pins one of the calendar's own reminders by id; 0 finds it by
	// its date and comment.
	ID int
	// Input is the reminder; its date is always given, the other fields
	// nil when not managed. Its repeat may name a moon (MOON:PHASE),
	// read with the calendar's moons when the plan is made, or once the
	// calendar is written when the moon has no id yet.
	Input client.ReminderInput
}

// Date is the reminder's date, a part of its key.
func (r DesiredReminder) Date() client.Date { return r.Input.Date() }

// Key is what the reminder is known by among its calendar's: its date and
// its comment as the service stores it.
func (r DesiredReminder) Key() ReminderKey { return keyOf(&r.Input) }

// ReminderKey is what a reminder without an id is known by: its date and
// its comment, as the service stores it (client.StoredPurifiedText).
type ReminderKey struct {
	Date    client.Date
	Comment string
}

// keyOf is the key of a reminder, of the seed or read from the server.
func keyOf(in *client.ReminderInput) ReminderKey {
	return ReminderKey{Date: in.Date(), Comment: client.StoredPurifiedText(cmdutil.Deref(in.Comment))}
}

// DesiredWeather is one weather entry of a seed, keyed by its date (Input's
// Year, Month and Day) within its calendar.
type DesiredWeather struct {
	// Where is as DesiredCalendar.Where: "cal.yaml: line 9".
	Where string
	// Input is the entry. Weather and the date are always managed; a nil
	// text or a zero VisibilityID is not.
	Input client.WeatherInput
}

// Date is the entry's key within its calendar.
func (w DesiredWeather) Date() client.Date { return w.Input.Date() }

// label names a calendar of the seed in messages: its name, else its id.
func (d DesiredCalendar) label() string {
	if d.Input.Name != "" {
		return d.Input.Name
	}
	return "id " + itoa(d.ID)
}
