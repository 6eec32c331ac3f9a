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
// one; a weather entry by its calendar and date. So a create whose answer
// was lost is found by that key on the next run and never made twice.
package apply

import "github.com/kanka-cli/kanka/client"

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
func (w DesiredWeather) Date() client.Date {
	return client.Date{Year: deref(w.Input.Year), Month: deref(w.Input.Month), Day: deref(w.Input.Day)}
}

// deref is *p, or the zero value when p is nil.
func deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// label names a calendar of the seed in messages: its name, else its id.
func (d DesiredCalendar) label() string {
	if d.Input.Name != "" {
		return d.Input.Name
	}
	return "id " + itoa(d.ID)
}
