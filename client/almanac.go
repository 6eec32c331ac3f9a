package client

import (
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// The client counts days with package almanac only: these conversions give
// it a calendar as read from the server (Calendar) or as about to be sent
// (CalendarInput), so that there is one leap-year rule, one month length
// and one message for a date that does not exist.

// Reckoning prepares c's arithmetic. It fails for a calendar without months
// (the live service's wipe leaves one) or one too long to count
// (almanac.MaxYearLength).
func (c *Calendar) Reckoning() (*almanac.Reckoning, error) { return c.CalendarInput.Reckoning() }

// AlmanacCalendar is the calendar in would make (or, for a record, the
// calendar as read), for its arithmetic and for checking its dates before
// it is sent; its current date is the almanac's Today. A field not given counts as the service stores it when
// created without it: no leap years, year 0 existing, offset 0. A calendar
// with leap years but no leap start, interval or month gets 1 for each:
// the service's sanitizer writes month 1 for a leap month not given (and
// the almanac counts an interval or start below 1 as 1).
func (in CalendarInput) AlmanacCalendar() almanac.Calendar {
	leap := almanac.LeapRule{
		Enabled: deref(in.HasLeapYear, false),
		Amount:  deref(in.LeapYearAmount, 0),
		Month:   deref(in.LeapYearMonth, 1),
		Offset:  deref(in.LeapYearOffset, 1),
		Start:   deref(in.LeapYearStart, 1),
	}
	cal := almanacCalendar(almanacFields{
		months: in.Months, weekdays: in.Weekdays, years: in.Years, seasons: in.Seasons, moons: in.Moons,
		suffix: deref(in.Suffix, ""), skipYearZero: deref(in.SkipYearZero, false), startOffset: deref(in.StartOffset, 0),
		leap: leap,
	})
	if in.Date != nil {
		// What "today" and "+3" count from, in every date a flag gives.
		today := *in.Date
		cal.Today = &today
	}
	return cal
}

// UncountedDays are the keys the count of in's days needs that in does not
// give (a record whose answer left them out, or sent null): its months,
// whether it has leap years, and with leap years their amount, interval,
// start and month. The service is of two minds about a null leap month: a
// write stores month 1 for it, but a record holding null (older records
// do) gets no leap day anywhere. Counting without them would count other
// days than the service does.
func (in CalendarInput) UncountedDays() []string {
	var keys []string
	if in.Months == nil {
		keys = append(keys, "months")
	}
	if in.HasLeapYear == nil {
		return append(keys, "has_leap_year")
	}
	if *in.HasLeapYear {
		for _, f := range []struct {
			key string
			v   *int
		}{{"leap_year_amount", in.LeapYearAmount}, {"leap_year_month", in.LeapYearMonth}, {"leap_year_offset", in.LeapYearOffset}, {"leap_year_start", in.LeapYearStart}} {
			if f.v == nil {
				keys = append(keys, f.key)
			}
		}
	}
	return keys
}

// Reckoning prepares the arithmetic of the calendar in would make.
func (in CalendarInput) Reckoning() (*almanac.Reckoning, error) {
	return almanac.New(in.AlmanacCalendar())
}

func deref[T any](p *T, otherwise T) T {
	if p == nil {
		return otherwise
	}
	return *p
}

// almanacFields are what the almanac counts with.
type almanacFields struct {
	months       []Month
	weekdays     []string
	years        map[int]string
	seasons      []Season
	moons        []Moon
	suffix       string
	skipYearZero bool
	startOffset  int
	leap         almanac.LeapRule
}

func almanacCalendar(f almanacFields) almanac.Calendar {
	c := almanac.Calendar{
		Weekdays:     append([]string(nil), f.weekdays...),
		Years:        make(map[int]string, len(f.years)),
		Leap:         f.leap,
		SkipYearZero: f.skipYearZero,
		StartOffset:  f.startOffset,
		Suffix:       f.suffix,
	}
	for _, m := range f.months {
		c.Months = append(c.Months, almanac.Month{Name: m.Name, Alias: m.Alias, Length: m.Length,
			Intercalary: strings.EqualFold(strings.TrimSpace(m.Type), "intercalary")})
	}
	for n, name := range f.years {
		c.Years[n] = name
	}
	for _, s := range f.seasons {
		c.Seasons = append(c.Seasons, almanac.Season{Name: s.Name, Month: s.Month, Day: s.Day})
	}
	for _, m := range f.moons {
		// The shortest decimal that reads back as the same float64 is the
		// one the server sent ("30.4375"), so the almanac's exact
		// arithmetic starts from the server's number.
		// A moon repeat names the moon by its id (none: 0).
		c.Moons = append(c.Moons, almanac.Moon{Name: m.Name, Fullmoon: strconv.FormatFloat(m.Fullmoon, 'f', -1, 64), Offset: m.Offset, ID: deref(m.ID, 0)})
	}
	return c
}
