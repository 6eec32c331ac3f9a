package apply

import (
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// Months written by name in a calendar that the file gives no months are
// the months of the calendar on the server: they are resolved after Read,
// before any write.

// HasUnresolved reports whether a month name of the seed is still waiting
// for the server's months.
func (s Seed) HasUnresolved() bool {
	for _, cal := range s.Calendars {
		if len(cal.Input.WrittenNames()) > 0 || hasNamedDates(cal.Weather, cal.Reminders) {
			return true
		}
	}
	return false
}

// Resolved is the seed without what still waits for the server's months
// (the entries and reminders with a month name), for Check before the
// read; the rest is checked again once ResolveWithServer named them.
func (s Seed) Resolved() Seed {
	out := Seed{Calendars: make([]DesiredCalendar, len(s.Calendars))}
	for i, cal := range s.Calendars {
		if cal.Weather != nil {
			ws := []DesiredWeather{}
			for _, w := range cal.Weather {
				if w.Input.Written == nil {
					ws = append(ws, w)
				}
			}
			cal.Weather = ws
		}
		if cal.Reminders != nil {
			rs := []DesiredReminder{}
			for _, r := range cal.Reminders {
				if r.Input.Written == nil {
					rs = append(rs, r)
				}
			}
			cal.Reminders = rs
		}
		out.Calendars[i] = cal
	}
	return out
}

// ResolveWithServer turns the month names left in seed into numbers with
// the months of the calendar each belongs to as act holds it (the file gave
// it none). A name that is no month, or a calendar to be created without
// months, is a *cmdutil.UsageError: nothing was sent.
func ResolveWithServer(seed *Seed, act *Actual) error {
	var problems []string
	for i := range seed.Calendars {
		cal := &seed.Calendars[i]
		if len(cal.Input.WrittenNames()) == 0 && !hasNamedDates(cal.Weather, cal.Reminders) {
			continue
		}
		cur, err := find(act.Calendars, *cal)
		if err != nil {
			continue // ambiguous or missing: MakePlan says so
		}
		// The names are read with the calendar as it will be: the
		// server's, with what the file gives over it.
		names := cal.Input
		if cur != nil {
			names = client.FromCalendar(cur)
			client.CalendarFields.Merge(&names, &cal.Input)
		}
		if len(cal.Input.WrittenNames()) > 0 {
			// ResolveMonths reads in's own months and years: lend it
			// those the file leaves to the server, then take them back,
			// so that they stay unmanaged.
			months, years, suffix := cal.Input.Months, cal.Input.Years, cal.Input.Suffix
			cal.Input.Months, cal.Input.Years, cal.Input.Suffix = names.Months, names.Years, names.Suffix
			err := cal.Input.ResolveMonths()
			cal.Input.Months, cal.Input.Years, cal.Input.Suffix = months, years, suffix
			if err != nil {
				problems = append(problems, err.Error())
			}
		}
		r, err := names.NamesReckoning()
		if err != nil {
			r = nil // each name then says the calendar has no months
		}
		for j := range cal.Weather {
			if err := cal.Weather[j].Input.ResolveDate(r); err != nil {
				problems = append(problems, err.Error())
			}
		}
		for j := range cal.Reminders {
			if err := cal.Reminders[j].Input.ResolveDate(r); err != nil {
				problems = append(problems, err.Error())
			}
		}
	}
	if len(problems) > 0 {
		return cmdutil.UsageErrorf("%s; nothing was sent", strings.Join(problems, "\n"))
	}
	return nil
}
