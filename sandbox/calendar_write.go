package sandbox

import (
	"math"
	"strings"
	"time"

	"github.com/kanka-cli/kanka/almanac"
)

// calendarWrite is a validated calendar write. A nil field was not sent;
// a nullable field says whether it was sent, and with what (a live write
// may send null).
type calendarWrite struct {
	name                                  *string
	entry, typ, image                     nullable[string]
	currentYear, currentMonth, currentDay *int
	isPrivate                             *bool
	fields                                map[string]nullable[any] // of calendarFields
	tags                                  *[]int
	months                                *[]month
	weekdays                              *[]string
	years                                 *[]year
	seasons                               *[]season
	moons                                 *[]moon // a moon's ID is 0 when it is new
	weeks                                 *[]namedWeek
}

func ptr[T any](v T, ok bool) *T {
	if !ok {
		return nil
	}
	return &v
}

// deref is *p, or the zero value for nil.
func deref[T any](p *T) T {
	var v T
	if p != nil {
		v = *p
	}
	return v
}

// readCalendarWrite reads and checks a calendar write against existing (nil
// on create), adding every problem to in.p.
func (s *Server) readCalendarWrite(in *input, existing *calendar) *calendarWrite {
	creating := existing == nil
	w := &calendarWrite{fields: map[string]nullable[any]{}}
	// The name is required on create; live, a name sent as null (or as
	// white space, which the middleware makes null) fails it on update too.
	if (creating && !in.has("name")) || (!creating && s.live && in.sentNull("name")) {
		in.p.add("name", msgRequired("name"))
	}
	if name, ok := in.str("name", 191); ok {
		if strings.TrimSpace(name) == "" {
			in.p.add("name", msgRequired("name"))
		}
		w.name = &name
	}
	w.entry = in.optStr("entry", 0)
	w.typ = in.optStr("type", 191)
	w.image = in.optStr("image_url", 0)
	w.currentYear = ptr(in.integer("current_year"))
	w.currentMonth = ptr(in.integer("current_month"))
	w.currentDay = ptr(in.integer("current_day"))
	w.isPrivate = ptr(in.boolean("is_private"))
	// A calendar's text or number may be set to null, not a switch.
	r := reading{in: in, creating: creating, live: s.live}
	for _, f := range calendarFields {
		w.fields[f.key] = f.read(r, f.kind != flagField, f.checkedWhen == nil || f.checkedWhen(w, existing))
	}
	hasLeap := hasLeapYears(w, existing)
	if items, ok := in.array("tags"); ok {
		tags := in.ints("tags", items, 1)
		w.tags = &tags
	}

	w.months = s.readMonths(in, creating)
	if creating || in.sentAny("weekday") {
		w.weekdays = readWeekdays(in)
	}
	w.years = readYears(in)
	w.moons = s.readMoons(in)
	if s.live {
		w.weeks = readWeeks(in)
	}

	// Seasons and the leap month are checked against the months the
	// calendar will have after this write.
	var months []month
	switch {
	case w.months != nil:
		months = *w.months
	case !creating && !s.live: // document mode keeps the months
		months = existing.Months
	}
	// Like the offset and the start, the leap month is only checked when the
	// calendar has leap years: a calendar without them reads back
	// leap_year_month 0, and must be accepted back as it was read.
	if m, ok := w.after("leap_year_month", nil).(int); ok && hasLeap && (m < 1 || m > len(months)) {
		in.p.add("leap_year_month", msgBetween("leap_year_month", 1, len(months)))
	}
	// A season may start on a leap day (Shieldmeet): its day is checked
	// against the longest the month is in any year under the leap rule
	// this write leaves.
	w.seasons = readSeasons(in, longestMonths(months, leapAfter(existing, w, hasLeap, len(months))))
	return w
}

// leapAfter is the leap rule's amount and month once w is applied to
// existing (nil on create), the month as normaliseLeapYear will store it.
func leapAfter(existing *calendar, w *calendarWrite, hasLeap bool, months int) almanac.LeapRule {
	a, _ := w.after("leap_year_amount", existing).(int)
	m, _ := w.after("leap_year_month", existing).(int)
	if hasLeap && months > 0 {
		m = min(max(m, 1), months)
	}
	return almanac.LeapRule{Enabled: hasLeap, Amount: a, Month: m}
}

// after is the value of field key once w is applied to existing (nil on
// create).
func (w *calendarWrite) after(key string, existing *calendar) any {
	if v := w.fields[key]; v.sent {
		return deref(v.v)
	}
	if existing != nil {
		return existing.Fields[key]
	}
	return nil
}

// applyCalendarWrite puts a validated write into c. Document mode keeps
// what the write leaves out; live mode, like the service, rebuilds months,
// weekdays, years, seasons, moons, named weeks and the date from the
// write, so an update that leaves them out wipes them. Both of c's update
// times move (see calendar), each at least a microsecond past the last.
// A new moon whose counter is spent stops it halfway: the caller answers
// the refusal and keeps the state it had (see change).
func (s *Server) applyCalendarWrite(st *state, c *calendar, w *calendarWrite, creating bool, now time.Time) *idsSpentError {
	set(&c.Name, w.name)
	w.entry.applyTo(&c.Entry)
	w.typ.applyTo(&c.Type)
	w.image.applyTo(&c.Image)
	set(&c.IsPrivate, w.isPrivate)
	if c.Fields == nil {
		c.Fields = fields{}
	}
	for _, f := range calendarFields {
		if v := w.fields[f.key]; v.sent {
			c.Fields[f.key] = deref(v.v)
		} else if creating && f.onCreate != nil {
			c.Fields[f.key] = f.onCreate // the column's default
		}
	}
	set(&c.Tags, w.tags)

	rebuild := creating || s.live
	if w.months != nil || rebuild {
		c.Months = orEmpty(w.months)
	}
	if w.weekdays != nil || rebuild {
		c.Weekdays = orEmpty(w.weekdays)
	}
	if w.years != nil || rebuild {
		c.Years = orEmpty(w.years)
	}
	if w.seasons != nil || rebuild {
		c.Seasons = orEmpty(w.seasons)
	}
	if w.moons != nil || rebuild {
		moons, err := assignMoonIDs(st, c.Moons, orEmpty(w.moons), s.live)
		if err != nil {
			return err
		}
		c.Moons = moons
	}
	if w.weeks != nil || creating {
		c.NamedWeeks = orEmpty(w.weeks)
	}
	for _, d := range []struct {
		field *int
		sent  *int
	}{{&c.CurrentYear, w.currentYear}, {&c.CurrentMonth, w.currentMonth}, {&c.CurrentDay, w.currentDay}} {
		switch {
		case d.sent != nil:
			*d.field = *d.sent
		case rebuild:
			*d.field = 1
		}
	}
	// The leap rule first: the current date may be a leap day.
	normaliseLeapYear(c)
	clampDate(c, s.live)
	c.CalendarUpdatedAt = later(c.syncTime(), now, time.Microsecond)
	c.UpdatedAt = later(c.UpdatedAt, now, time.Microsecond)
	return nil
}

// later is the time a record written at now records: now, or one step
// (the precision its answers show) past prev when the clock has not moved
// past prev at that precision, so that every write shows as a new time,
// two writes within one step too.
func later(prev, now time.Time, step time.Duration) time.Time {
	if now.Truncate(step).After(prev.Truncate(step)) {
		return now
	}
	return prev.Truncate(step).Add(step)
}

// normaliseLeapYear keeps the leap fields of a calendar with leap years
// inside the ranges a write is checked against (offset and start at least
// 1, the month among the months), so that a calendar read back and sent
// again, as a safe update does, is always accepted.
func normaliseLeapYear(c *calendar) {
	if !c.Fields.flag("has_leap_year") {
		return
	}
	c.Fields["leap_year_offset"] = max(deref(c.Fields.whole("leap_year_offset")), 1)
	c.Fields["leap_year_start"] = max(deref(c.Fields.whole("leap_year_start")), 1)
	if len(c.Months) > 0 {
		c.Fields["leap_year_month"] = min(max(deref(c.Fields.whole("leap_year_month")), 1), len(c.Months))
	}
}

func set[T any](field *T, v *T) {
	if v != nil {
		*field = *v
	}
}

func orEmpty[T any](v *[]T) []T {
	if v == nil {
		return []T{}
	}
	return *v
}

// assignMoonIDs gives the moons of a write their ids. Live, as the
// service's sanitizer does, an id sent is kept, and the other moons are
// numbered from the highest id sent, plus one (so a moon removed from the
// top gives its id to the next new moon). In the document's mode, which has
// no moon ids, a moon sent with the id of one of the calendar's moons keeps
// it, and every other moon gets an id never handed out before.
func assignMoonIDs(st *state, old, moons []moon, live bool) ([]moon, *idsSpentError) {
	if live {
		highest := 0
		for _, m := range moons {
			highest = max(highest, m.ID)
		}
		for i := range moons {
			if moons[i].ID != 0 {
				continue
			}
			if highest == math.MaxInt { // the next would wrap
				return nil, &idsSpentError{kind: "moon"}
			}
			highest++
			moons[i].ID = highest
		}
		return moons, nil
	}
	known := map[int]bool{}
	for _, m := range old {
		known[m.ID] = true
	}
	for i := range moons {
		if !known[moons[i].ID] {
			id, err := nextID(&st.LastIDs.Moon, "moon")
			if err != nil {
				return nil, err
			}
			moons[i].ID = id
		}
		delete(known, moons[i].ID) // an id sent twice names one moon only
	}
	return moons, nil
}

// clampDate keeps the current date inside the calendar: the month within
// the months (0 when there are none), the day within that month. The
// document's service counts the month's length in that year, leap days
// included (Shieldmeet stays the date); the live service clamps to the
// month's base length, as its sanitizer reads month_length[] alone, so a
// write never sets a leap day there (its advance route can reach one). A
// year the calendar does not have (0 with skip_year_zero) is kept, its day
// within the month's length.
func clampDate(c *calendar, live bool) {
	if len(c.Months) == 0 {
		c.CurrentMonth, c.CurrentDay = 0, max(c.CurrentDay, 1)
		return
	}
	c.CurrentMonth = min(max(c.CurrentMonth, 1), len(c.Months))
	length, ok := c.monthLength(c.CurrentYear, c.CurrentMonth)
	if !ok || live {
		length = max(c.Months[c.CurrentMonth-1].Length, 1)
	}
	c.CurrentDay = min(max(c.CurrentDay, 1), length)
}
