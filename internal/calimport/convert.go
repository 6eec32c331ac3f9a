package calimport

import (
	"errors"
	"fmt"

	"github.com/kanka-cli/kanka/client"
)

// Result is a calendar converted from another tool's file.
type Result struct {
	// Format is the format the file was read as.
	Format Format
	// Name is the calendar's name in the file; "" when the file names none
	// (a Simple Calendar predefined calendar, a donjon calendar).
	Name string
	// Calendar is the calendar as `kanka apply` and `calendar create -f`
	// read it, its name Name. It manages the fields the file says
	// something of; the rest (type, entry, tags ...) are nil.
	Calendar client.CalendarInput
	// Losses name, one a line, what the file holds that the calendar does
	// not, or holds only approximately: each event or note not carried by
	// its name.
	Losses []string
	// Reminders are the file's events and notes that a Kanka reminder
	// holds, in the file's order, for the calendar's own entity: a repeat
	// on a moon names it (MOON:PHASE), to be read with the calendar's
	// moons once it is written. nil when the file has none carried.
	Reminders []client.ReminderInput
}

// Convert reads data as format (Auto: as Detect says) and converts it to a
// Kanka calendar: its name, months in order with their lengths and
// intercalary months, weekdays, current date, year names, seasons by their
// start day, moons with their cycle, offset and nearest named colour, leap
// days, year suffix and whether year zero exists. The weekday and each
// moon's phase are computed by the source's own rules on its current date,
// and start_offset and each moon's offset set so that Kanka's rules (the
// almanac) agree there; a spread of dates around it is then checked, and
// what differs is a loss. Invalid JSON is an error with its line and
// column; a file of another shape an error naming what was expected; a
// calendar Kanka cannot hold at all (a year cut short by an era, no
// months) an error saying why.
func Convert(data []byte, format Format) (Result, error) {
	res, _, err := convert(data, format)
	return res, err
}

// convert is Convert, with the draft whose model the tests compare the
// calendar with.
func convert(data []byte, format Format) (Result, *draft, error) {
	if format == "" || format == Auto {
		var err error
		if format, err = Detect(data); err != nil {
			return Result{}, nil, err
		}
	} else if _, err := topKeys(data); err != nil {
		return Result{}, nil, err
	}
	var d *draft
	var err error
	switch format {
	case FantasyCalendar:
		d, err = readFantasy(data)
	case SimpleCalendar:
		d, err = readSimple(data)
	case Donjon:
		d, err = readDonjon(data)
	case Calendarium:
		d, err = readCalendarium(data)
	default:
		_, err = ParseFormat(string(format))
	}
	if err != nil {
		return Result{}, nil, err
	}
	d.format = format
	res, err := d.finish()
	return res, d, err
}

// finish settles the leap rule, anchors the weekdays and moons, computes
// the seasons that need the calendar's days, checks the spread of dates,
// and validates the calendar as Kanka would.
func (d *draft) finish() (Result, error) {
	if len(d.in.Months) == 0 {
		return Result{}, errors.New("the calendar has no months")
	}
	losses := d.resolveLeaps()
	m, day, ok := d.months.kanka(d.current.month, d.current.day)
	if !ok {
		return Result{}, fmt.Errorf("its current date is in a month kanka does not carry (month %d of the file)", d.current.month+1)
	}
	d.in.Date = &client.Date{Year: d.current.year, Month: m, Day: day}
	for _, s := range d.seasons {
		if m, day, ok := d.months.kanka(s.month, s.day); ok {
			d.in.Seasons = append(d.in.Seasons, client.Season{Name: s.name, Month: m, Day: day})
		}
	}
	r, err := d.in.Reckoning()
	if err != nil {
		return Result{}, fmt.Errorf("the calendar cannot be counted: %w", err)
	}
	if err := r.Check(d.date()); err != nil {
		return Result{}, fmt.Errorf("its current date %s: %w", d.date(), err)
	}
	losses = append(losses, d.losses...)
	if d.seasonsOf != nil {
		seasons, loss := d.seasonsOf(r)
		d.in.Seasons = seasons
		if loss != "" {
			losses = append(losses, loss)
		}
	}
	// Every name is known now: one that would not be sent is refused
	// before the days are anchored and checked.
	if where, name, c, ok := controlName(d.in); ok {
		return Result{}, fmt.Errorf("%s %q holds a control character (U+%04X): kanka does not send one to the service", where, shortened(name), c)
	}
	d.anchorWeekday(r)
	losses = append(losses, d.anchorMoons(r)...)
	checked, err := d.check()
	if err != nil {
		return Result{}, err
	}
	losses = append(losses, checked...)
	losses = append(losses, d.dropped...)
	reminders, lost := d.eventsOf(r)
	losses = append(losses, lost...)
	losses = append(losses, d.eventNotes...)
	in := d.in
	probe := in
	if probe.Name == "" {
		probe.Name = "imported" // the command names it, and checks the name
	}
	if err := probe.Validate(); err != nil {
		return Result{}, fmt.Errorf("the converted calendar is not one Kanka accepts:\n%w", err)
	}
	if losses == nil {
		losses = []string{}
	}
	return Result{Format: d.format, Name: in.Name, Calendar: in, Losses: losses, Reminders: reminders}, nil
}
