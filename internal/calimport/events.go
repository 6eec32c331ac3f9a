package calimport

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
)

// A tool's events and notes become reminders of the calendar's own entity
// (docs/formats.md: 1.6, 2.4, 3.3, 4.5). Each reader turns what it can
// read into srcEvents, in the tool's months; once the calendar's days are
// settled (finish), each becomes a reminder on Kanka's months, or a loss
// naming it and why. A repeat that the tool starts nowhere starts on the
// first day of year 1 (year 0 when the calendar has one), or on the first
// day after it that the reminder falls on: an own date that does not
// exist would give a reminder that falls on no day at all.

// maxEvents bounds the events (or notes) of a file: each is a reminder,
// one request, and a line of the plan.
const maxEvents = 10000

// eventRepeat is how an event repeats, as a Kanka reminder can.
type eventRepeat int

const (
	once eventRepeat = iota
	yearly
	monthly
	moonly
)

// srcEvent is an event or a note of the tool's file, read.
type srcEvent struct {
	// noun ("event", "note") and name say it in a loss: event "Easter".
	noun, name string
	repeat     eventRepeat
	// date is the day (once), or the month and day (yearly), or the day
	// (monthly) it falls on, in the tool's months; its year counts only
	// for once.
	date srcDate
	// end is the last day of a span from date (Simple Calendar's end
	// date, Calendarium's range), nil for none.
	end *srcDate
	// length is the days each occurrence lasts when the tool says so
	// (Fantasy-Calendar's duration); 0 for one day or as end says.
	length int
	// wholeMonth covers every day of date's month (Fantasy-Calendar's
	// Month condition alone): its length is the month's.
	wholeMonth bool
	// from is the first day a repeat may start on, nil for the default
	// start; fromYear its year alone.
	from     *srcDate
	fromYear *int
	until    *int
	// moon (an index into the draft's moons) and phase, for moonly.
	moon  int
	phase almanac.Phase
	// colour is a hex colour ("#2e7d32"), "" for none; visibility 1 all
	// or 2 admin, 0 for none said.
	colour     string
	visibility int
	// lost says why the reader found it cannot be carried, "" when it may.
	lost string
}

// eventsOf makes the reminders of the draft's events, with the losses of
// those not carried, in the file's order; r is the converted calendar's
// arithmetic.
func (d *draft) eventsOf(r *almanac.Reckoning) (out []client.ReminderInput, losses []string) {
	start := 0
	if d.in.SkipYearZero != nil && *d.in.SkipYearZero {
		start = 1
	}
	seen := map[string]string{}
	md := monthDaysOf(r)
	var carried []srcEvent
	for _, e := range d.events {
		in, why := client.ReminderInput{}, e.lost
		if why == "" {
			e.name = oneLine(e.name)
			if i := strings.IndexFunc(e.name, unicode.IsControl); i >= 0 {
				why = fmt.Sprintf("its name holds a control character (%q)", []rune(e.name[i:])[0])
			}
		}
		if why == "" {
			in, why = d.reminderOf(r, md, e, start)
		}
		if why != "" {
			losses = append(losses, fmt.Sprintf("%s %q is not carried: %s", e.noun, shortened(e.name), why))
			continue
		}
		key := in.Date().String() + " " + client.StoredPurifiedText(*in.Comment)
		if first, ok := seen[key]; ok {
			losses = append(losses, fmt.Sprintf("%s %q is not carried: %s %q of the file has its first day and name, which a reminder is known by", e.noun, shortened(e.name), e.noun, first))
			continue
		}
		seen[key] = e.name
		if n := utf8.RuneCountInString(strings.TrimSpace(e.name)); n > maxComment {
			losses = append(losses, fmt.Sprintf("%s %q: its name of %d characters is cut to %d, as a reminder's comment", e.noun, shortened(e.name), n, maxComment))
		}
		out = append(out, in)
		carried = append(carried, e)
	}
	if d.carriedNotes != nil {
		d.eventNotes = append(d.eventNotes, d.carriedNotes(carried)...)
	}
	return out, losses
}

// textsNotCarried says once that n of the file's texts (an event's
// description, a note's text) are not carried: a reminder's comment is one
// line, the name of the event (noun).
func (d *draft) textsNotCarried(noun, text string, n int) {
	if n > 0 {
		d.eventNotes = append(d.eventNotes, fmt.Sprintf("%s %ss: %s %s not carried (a reminder holds a comment of one line: the %s's name)",
			noun, text, plural(n, text), isAre(n), noun))
	}
}

// oneLine is name on one line, as a reminder's comment is shown: its line
// breaks and tabs become spaces, one for each run.
func oneLine(name string) string {
	if !strings.ContainsAny(name, "\n\r\t\v\f") {
		return name
	}
	return strings.Join(strings.FieldsFunc(name, func(r rune) bool { return strings.ContainsRune("\n\r\t\v\f", r) }), " ")
}

// maxComment is the length of a reminder's comment.
const maxComment = 191

// reminderOf is event e as a reminder on the calendar of r, or why it
// cannot be one; a repeat the file starts nowhere starts in year start.
func (d *draft) reminderOf(r *almanac.Reckoning, md monthDays, e srcEvent, start int) (client.ReminderInput, string) {
	var in client.ReminderInput
	m, day, ok := d.months.kanka(e.date.month, e.date.day)
	if !ok && !(e.repeat == moonly && e.from == nil) {
		return in, fmt.Sprintf("its month (month %d of the file) is not one of the calendar's", e.date.month+1)
	}
	var own client.Date
	switch e.repeat {
	case once:
		own = client.Date{Year: e.date.year, Month: m, Day: day}
		if err := r.Check(own); err != nil {
			return in, fmt.Sprintf("its date %s is not a day of the calendar (%v)", own, err)
		}
	case yearly, monthly:
		from, err := d.startOf(e, start)
		if err != "" {
			return in, err
		}
		var found bool
		if e.repeat == yearly {
			in.Repeat = ptr("year")
			own, found = firstYearly(r, from, m, day)
		} else {
			in.Repeat = ptr("month")
			own, found = firstMonthly(r, md, from, day)
		}
		if !found {
			return in, fmt.Sprintf("the calendar has no day %d of %s from %s on", day, monthWords(d, m, e.repeat), from)
		}
	case moonly:
		from, err := d.startOf(e, start)
		if err != "" {
			return in, err
		}
		if r.Check(from) != nil {
			return in, fmt.Sprintf("its first day %s is not a day of the calendar", from)
		}
		own = from
		name := d.in.Moons[e.moon].Name
		if strings.Contains(name, ":") {
			return in, fmt.Sprintf("its moon's name %q holds a colon, which a repeat cannot name", name)
		}
		// apply refuses a repeat by a name two moons have (in any case).
		if len(client.MoonsNamed(d.in.Moons, name)) > 1 {
			return in, fmt.Sprintf("its moon's name %q is another moon's too, and a repeat cannot tell them apart", name)
		}
		in.Repeat = ptr(name + ":" + e.phase.String())
	}
	in.SetDate(own)
	// The service keeps a last year only for a reminder that repeats.
	if e.until != nil && in.Repeat != nil {
		if *e.until < own.Year {
			return in, fmt.Sprintf("it ends in %d, before it starts (%s)", *e.until, own)
		}
		in.Until = ptr(strconv.Itoa(*e.until))
	}
	length, why := d.lengthOf(r, e, own)
	if why != "" {
		return in, why
	}
	if length > 1 {
		in.Length = &length
	}
	comment := strings.TrimSpace(e.name)
	if utf8.RuneCountInString(comment) > maxComment {
		comment = string([]rune(comment)[:maxComment])
	}
	in.Comment = &comment
	if e.colour != "" {
		in.Colour = ptr(e.colour)
	}
	if e.visibility > 0 {
		in.VisibilityID = ptr(e.visibility)
	}
	return in, ""
}

// startOf is the first day e may start on: its bound, in Kanka's months,
// or the first day of its first year (start when the file says none).
func (d *draft) startOf(e srcEvent, start int) (client.Date, string) {
	switch {
	case e.from != nil:
		m, day, ok := d.months.kanka(e.from.month, e.from.day)
		if !ok {
			return client.Date{}, fmt.Sprintf("its first day is in month %d of the file, which is not one of the calendar's", e.from.month+1)
		}
		return client.Date{Year: e.from.year, Month: m, Day: day}, ""
	case e.fromYear != nil:
		return client.Date{Year: *e.fromYear, Month: 1, Day: 1}, ""
	}
	return client.Date{Year: start, Month: 1, Day: 1}, ""
}

// lengthOf is the days each occurrence of e lasts, starting on own: the
// tool's duration, or the days from its date to its end, or its month's.
func (d *draft) lengthOf(r *almanac.Reckoning, e srcEvent, own client.Date) (int, string) {
	switch {
	case e.wholeMonth:
		leap, common := monthLengths(r, own.Month)
		if leap != common {
			return 0, fmt.Sprintf("it covers %s, whose days differ in leap years", d.monthName(own.Month))
		}
		return common, ""
	case e.end != nil:
		m, day, ok := d.months.kanka(e.end.month, e.end.day)
		if !ok {
			return 0, fmt.Sprintf("its end is in month %d of the file, which is not one of the calendar's", e.end.month+1)
		}
		first, err1 := r.Ordinal(client.Date{Year: e.date.year, Month: own.Month, Day: own.Day})
		last, err2 := r.Ordinal(client.Date{Year: e.end.year, Month: m, Day: day})
		switch {
		case err1 != nil:
			return 0, fmt.Sprintf("its date is not a day of the calendar (%v)", err1)
		case err2 != nil:
			return 0, fmt.Sprintf("its end is not a day of the calendar (%v)", err2)
		case last < first:
			return 0, fmt.Sprintf("it ends (%d-%d-%d) before it starts", e.end.year, m, day)
		case last-first >= maxSpan:
			return 0, fmt.Sprintf("it lasts %d days; kanka carries spans of up to %d", last-first+1, maxSpan)
		}
		return int(last-first) + 1, ""
	case e.length > maxSpan:
		return 0, fmt.Sprintf("it lasts %d days; kanka carries spans of up to %d", e.length, maxSpan)
	}
	return max(e.length, 1), ""
}

// maxSpan bounds the days of one occurrence: a year of the longest
// calendar the service holds.
const maxSpan = almanac.MaxYearLength

// monthLengths are month m's days in a leap year and in a common one.
func monthLengths(r *almanac.Reckoning, m int) (leap, common int) {
	mo, _ := r.Month(m)
	common = mo.Length
	leap = common
	cal := r.Calendar()
	if cal.Leap.Enabled && cal.Leap.Month == m {
		leap = max(common+cal.Leap.Amount, 1)
	}
	return leap, common
}

// monthWords names the months a repeat's day is looked for in.
func monthWords(d *draft, m int, repeat eventRepeat) string {
	if repeat == monthly {
		return "any month"
	}
	return d.monthName(m)
}

// firstYearly is the first day (m, day) from from on: in from's year when
// it is not past, else the next years'; in a leap year when only those
// have it. ok is false when no year has it.
func firstYearly(r *almanac.Reckoning, from client.Date, m, day int) (client.Date, bool) {
	for _, y := range candidateYears(r, from.Year) {
		d := client.Date{Year: y, Month: m, Day: day}
		if r.Check(d) == nil && !before(r, d, from) {
			return d, true
		}
	}
	return client.Date{}, false
}

// firstMonthly is the first day numbered day of a month, from from on.
// It compares the months' lengths (monthDays) rather than checking each
// date: a hostile file's thousands of monthly events over a calendar of
// thousands of months must not take minutes.
func firstMonthly(r *almanac.Reckoning, md monthDays, from client.Date, day int) (client.Date, bool) {
	if day < 1 || day > md.longest {
		return client.Date{}, false
	}
	for _, y := range candidateYears(r, from.Year) {
		if r.Check(client.Date{Year: y, Month: 1, Day: 1}) != nil {
			continue // a year 0 the calendar skips
		}
		leap := r.IsLeapYear(y)
		for m := 1; m <= len(md.common); m++ {
			d := client.Date{Year: y, Month: m, Day: day}
			if day <= md.length(m, leap) && !before(r, d, from) {
				return d, true
			}
		}
	}
	return client.Date{}, false
}

// monthDays are the calendar's month lengths, read once for every event.
type monthDays struct {
	common []int // month m's days in a common year at m-1
	// leapMonth has leapLength days in leap years (0 for none).
	leapMonth, leapLength int
	longest               int // the most days a month has in any year
}

func monthDaysOf(r *almanac.Reckoning) monthDays {
	md := monthDays{common: make([]int, r.MonthCount())}
	if leap := r.Calendar().Leap; leap.Enabled {
		md.leapMonth = leap.Month
	}
	for m := range md.common {
		leap, common := monthLengths(r, m+1)
		md.common[m] = common
		if m+1 == md.leapMonth {
			md.leapLength = leap
		}
		md.longest = max(md.longest, leap, common)
	}
	return md
}

// length is month m's days in a leap or a common year (monthLengths).
func (md monthDays) length(m int, leap bool) int {
	if leap && m == md.leapMonth {
		return md.leapLength
	}
	return md.common[m-1]
}

// candidateYears are the years from y on in which a day may first be:
// y and the next three (a year 0 skipped, a year of another kind), and the
// first leap years from y on.
func candidateYears(r *almanac.Reckoning, y int) []int {
	years := []int{y, y + 1, y + 2, y + 3}
	leap := r.Calendar().Leap
	if leap.Enabled && leap.Offset > 0 {
		first := leap.Start
		if y > first {
			first += (y - first + leap.Offset - 1) / leap.Offset * leap.Offset
		}
		years = append(years, first, first+leap.Offset)
	}
	return years
}

// before reports whether day a is before day b; a day that cannot be
// counted is not.
func before(r *almanac.Reckoning, a, b client.Date) bool {
	x, err1 := r.Ordinal(a)
	y, err2 := r.Ordinal(b)
	return err1 == nil && err2 == nil && x < y
}

// hexColour is a colour as a reminder keeps it, "#rrggbb" in lower case,
// "" when s is none.
func hexColour(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) != 7 || s[0] != '#' || strings.Trim(s[1:], "0123456789abcdef") != "" {
		return ""
	}
	return s
}

func ptr[T any](v T) *T { return &v }
