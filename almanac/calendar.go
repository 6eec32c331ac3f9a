package almanac

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync/atomic"
)

// Limits that keep every day number inside an int64 and every call bounded.
const (
	// MaxYear bounds the years: a date's year lies in -MaxYear..MaxYear
	// (less on a platform whose int has 32 bits).
	MaxYear = 1_000_000_000_000
	// MaxYearLength bounds the days of one year (leap days included), so
	// that MaxYear years of it stay far from the int64 limit.
	MaxYearLength = 1_000_000
)

// yearLimit is MaxYear, or what an int holds.
const yearLimit int64 = min(MaxYear, math.MaxInt)

// Calendar is the part of a calendar the arithmetic needs.
type Calendar struct {
	Months   []Month
	Weekdays []string
	// Years names some years: number -> name.
	Years   map[int]string
	Seasons []Season
	Moons   []Moon
	Leap    LeapRule
	// SkipYearZero: year 0 does not exist; the year after -1 is 1.
	SkipYearZero bool
	// StartOffset shifts the weekday of every standard month (0..99 on the service).
	StartOffset int
	Suffix      string
	// Today is the calendar's current date: what "today", "tomorrow",
	// "yesterday", "+3" and "-1" count from (ReadDate). nil when it has
	// none.
	Today *Date
}

// Month is one month of the list; a length below 1 counts as 1.
type Month struct {
	Name        string
	Alias       string
	Length      int
	Intercalary bool
}

// Season starts on Day of Month (both from 1) every year it exists.
type Season struct {
	Name       string
	Month, Day int
}

// Moon has a phase cycle of Fullmoon days, a decimal written as the service
// sends it ("30.4375"); a float64 converts with strconv.FormatFloat(f, 'f', -1, 64).
// Offset shifts its phases by whole days. ID is the service's id of the moon,
// which a reminder's moon repeat names ("3_f"); below 1 it has none.
type Moon struct {
	Name     string
	Fullmoon string
	Offset   int
	ID       int
}

// LeapRule adds Amount days at the end of month Month (1-based) in leap years.
type LeapRule struct {
	Enabled bool
	Amount  int
	Month   int
	Offset  int
	Start   int
}

// Date is a day of the calendar; Month counts every month of the list.
type Date struct {
	Year, Month, Day int
}

// String writes "Y-M-D", the form the service uses.
func (d Date) String() string { return string(d.AppendText(make([]byte, 0, 16))) }

// AppendText appends "Y-M-D" to b: what MarshalText and String give,
// without their allocations (the agenda writes thousands of dates).
func (d Date) AppendText(b []byte) []byte {
	b = strconv.AppendInt(b, int64(d.Year), 10)
	b = append(b, '-')
	b = strconv.AppendInt(b, int64(d.Month), 10)
	b = append(b, '-')
	return strconv.AppendInt(b, int64(d.Day), 10)
}

// Compare orders dates as the calendar runs: by year, then month (in the
// list's order), then day; -1, 0 or +1.
func (d Date) Compare(e Date) int {
	return cmp.Or(cmp.Compare(d.Year, e.Year), cmp.Compare(d.Month, e.Month), cmp.Compare(d.Day, e.Day))
}

// MarshalText makes a date one "Y-M-D" string in JSON.
func (d Date) MarshalText() ([]byte, error) { return d.AppendText(make([]byte, 0, 16)), nil }

// UnmarshalText reads "Y-M-D" (see ParseNumeric).
func (d *Date) UnmarshalText(b []byte) error {
	parsed, err := ParseNumeric(string(b))
	if err != nil {
		return err
	}
	*d = parsed
	return nil
}

// Reckoning is a checked calendar with what every call needs precomputed.
// It is read-only (but for what it makes once on first use, stored
// atomically) and safe for concurrent use.
type Reckoning struct {
	cal    Calendar
	months []Month // lengths clamped to at least 1
	// days before each month, and the year's length, in common and leap years
	before     [2][]int64
	yearLen    [2]int64
	stdBefore  [2][]int64 // standard-month days before each month
	stdYearLen [2]int64
	leap       leapRule
	// which months have a day, in common and leap years: made when a
	// monthly repeat first asks (see monthsLongEnough)
	longMonths atomic.Pointer[[2]monthMaxima]
	moons      []moon
	// the first and last day numbers, counted once: every occurrence and
	// date asks for them
	first, last int64
}

// ErrFewWeekdays is returned by weekday arithmetic on a calendar with fewer than 2 weekdays.
var ErrFewWeekdays = errors.New("the calendar needs at least 2 weekdays for weekdays")

// New checks c and prepares its arithmetic. It refuses a calendar without
// months, a year longer than MaxYearLength days, and a leap start outside
// the years. Moons whose period is not a positive decimal simply have no phases.
func New(c Calendar) (*Reckoning, error) {
	if len(c.Months) == 0 {
		return nil, errors.New("the calendar has no months")
	}
	if len(c.Months) > MaxYearLength {
		return nil, fmt.Errorf("the calendar has %d months; at most %d are supported", len(c.Months), MaxYearLength)
	}
	r := &Reckoning{cal: c, months: make([]Month, len(c.Months))}
	var common int64
	for i, m := range c.Months {
		m.Length = max(m.Length, 1)
		if m.Length > MaxYearLength {
			return nil, fmt.Errorf("month %d (%s) has %d days; a year may have at most %d", i+1, m.Name, m.Length, MaxYearLength)
		}
		common += int64(m.Length)
		r.months[i] = m
	}
	if common > MaxYearLength {
		return nil, fmt.Errorf("a year of the calendar has %d days; at most %d are supported", common, MaxYearLength)
	}
	leap, err := newLeapRule(c.Leap, c.SkipYearZero, len(c.Months))
	if err != nil {
		return nil, err
	}
	r.leap = leap
	for kind := range 2 {
		r.before[kind] = make([]int64, len(r.months))
		r.stdBefore[kind] = make([]int64, len(r.months))
		var all, std int64
		for i := range r.months {
			r.before[kind][i], r.stdBefore[kind][i] = all, std
			n := int64(r.monthLen(i+1, kind == 1))
			all += n
			if !r.months[i].Intercalary {
				std += n
			}
		}
		if all > MaxYearLength {
			return nil, fmt.Errorf("a leap year of the calendar has %d days; at most %d are supported", all, MaxYearLength)
		}
		r.yearLen[kind], r.stdYearLen[kind] = all, std
	}
	for _, m := range c.Moons {
		r.moons = append(r.moons, newMoon(m))
	}
	lo, hi := r.astroRange()
	r.first, r.last = r.yearStart(lo), r.yearStart(hi+1)-1
	return r, nil
}

// Calendar returns the calendar r was made from.
func (r *Reckoning) Calendar() Calendar { return r.cal }

// MonthCount is the number of months, intercalary ones included.
func (r *Reckoning) MonthCount() int { return len(r.months) }

// Month returns month m (1-based); ok is false when there is none.
func (r *Reckoning) Month(m int) (Month, bool) {
	if m < 1 || m > len(r.months) {
		return Month{}, false
	}
	return r.months[m-1], true
}

// monthLen is the length of month m (1-based, in range) in a leap or common year.
func (r *Reckoning) monthLen(m int, leap bool) int {
	n := r.months[m-1].Length
	if leap && m == r.leap.month {
		n = max(n+r.leap.amount, 1)
	}
	return n
}

// MonthLength is the number of days of month m in year y.
func (r *Reckoning) MonthLength(y, m int) (int, error) {
	if err := r.checkYear(y); err != nil {
		return 0, err
	}
	if err := r.checkMonth(m); err != nil {
		return 0, err
	}
	return r.monthLen(m, r.IsLeapYear(y)), nil
}

// YearLength is the number of days of year y, leap days included.
func (r *Reckoning) YearLength(y int) (int64, error) {
	if err := r.checkYear(y); err != nil {
		return 0, err
	}
	return r.yearLen[kindOf(r.IsLeapYear(y))], nil
}

// kindOf indexes the common (0) and leap (1) tables.
func kindOf(leap bool) int {
	if leap {
		return 1
	}
	return 0
}
