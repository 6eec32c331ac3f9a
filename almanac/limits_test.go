package almanac

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// The limits are inclusive: a calendar exactly as large as MaxYearLength,
// a leap rule at the edge of its range, and the first and last days of the
// years -MaxYear..MaxYear are all usable; one step further is refused with
// a message that names the range.

func TestCalendarsExactlyAtTheSizeLimitAreAccepted(t *testing.T) {
	leapOf := func(amount, month int) LeapRule {
		return LeapRule{Enabled: true, Amount: amount, Month: month, Offset: 4, Start: 4}
	}
	cases := []struct {
		name       string
		c          Calendar
		year       int
		yearLength int64
	}{
		{"one month of MaxYearLength days", Calendar{Months: []Month{{Name: "Long", Length: 1_000_000}}}, 1, 1_000_000},
		{"months adding up to MaxYearLength days", Calendar{Months: []Month{{Name: "A", Length: 600_000}, {Name: "B", Length: 400_000}}}, 1, 1_000_000},
		{"a leap year of exactly MaxYearLength days", Calendar{Months: []Month{{Name: "A", Length: 999_999}}, Leap: leapOf(1, 1)}, 4, 1_000_000},
		{"a leap rule taking MaxYearLength days", Calendar{Months: []Month{{Name: "A", Length: 30}}, Leap: leapOf(-1_000_000, 1)}, 4, 1},
		{"a leap rule adding MaxYearLength days to no month", Calendar{Months: []Month{{Name: "A", Length: 30}}, Leap: leapOf(1_000_000, 0)}, 4, 30},
	}
	for _, tc := range cases {
		r, err := New(tc.c)
		if err != nil {
			t.Errorf("%s: refused: %v", tc.name, err)
			continue
		}
		if n, err := r.YearLength(tc.year); err != nil || n != tc.yearLength {
			t.Errorf("%s: year %d has %d days, %v; want %d", tc.name, tc.year, n, err, tc.yearLength)
		}
	}
}

func TestCalendarsJustOverTheSizeLimitAreRefused(t *testing.T) {
	cases := []struct {
		c    Calendar
		want string
	}{
		{Calendar{Months: []Month{{Name: "A", Length: 600_000}, {Name: "B", Length: 400_001}}},
			"a year of the calendar has 1000001 days; at most 1000000 are supported"},
		{Calendar{Months: []Month{{Name: "A", Length: 999_999}}, Leap: LeapRule{Enabled: true, Amount: 2, Month: 1, Offset: 4, Start: 4}},
			"a leap year of the calendar has 1000001 days; at most 1000000 are supported"},
		{Calendar{Months: []Month{{Name: "A", Length: 30}}, Leap: LeapRule{Enabled: true, Amount: 1_000_000, Month: 1, Offset: 4, Start: 4}},
			"a leap year of the calendar has 1000030 days; at most 1000000 are supported"},
		{Calendar{Months: []Month{{Name: "A", Length: 30}}, Leap: LeapRule{Enabled: true, Amount: -1_000_001, Month: 1, Offset: 4, Start: 4}},
			"leap_year_amount -1000001 is out of range: at most 1000000 days either way"},
		{Calendar{Months: []Month{{Name: "A", Length: 30}}, Leap: LeapRule{Enabled: true, Amount: 1, Month: 1, Offset: 4, Start: MaxYear + 1}},
			"leap_year_start 1000000000001 is out of range: years go from -1000000000000 to 1000000000000"},
		{Calendar{Months: []Month{{Name: "A", Length: 30}}, Leap: LeapRule{Enabled: true, Amount: 1, Month: 1, Offset: 4, Start: -MaxYear - 1}},
			"leap_year_start -1000000000001 is out of range: years go from -1000000000000 to 1000000000000"},
	}
	for _, tc := range cases {
		if _, err := New(tc.c); err == nil || err.Error() != tc.want {
			t.Errorf("New = %v, want %s", err, tc.want)
		}
	}
}

// A calendar of a million one-day months is as long as a year may be.
func TestAMillionOneDayMonthsAreAccepted(t *testing.T) {
	months := make([]Month, MaxYearLength+1) // unnamed, of length 0: one day each
	r, err := New(Calendar{Months: months[:MaxYearLength]})
	if err != nil {
		t.Fatalf("New with %d one-day months: %v", MaxYearLength, err)
	}
	if n, _ := r.YearLength(7); r.MonthCount() != MaxYearLength || n != MaxYearLength {
		t.Errorf("%d months, year of %d days; want %d of each", r.MonthCount(), n, MaxYearLength)
	}
	_, err = New(Calendar{Months: months})
	if want := "the calendar has 1000001 months; at most 1000000 are supported"; err == nil || err.Error() != want {
		t.Errorf("New with one month more = %v, want %s", err, want)
	}
}

func TestLeapYearsStartingAtTheFirstOrLastYear(t *testing.T) {
	month := []Month{{Name: "A", Length: 30}}
	first := mustNew(t, Calendar{Months: month, Leap: LeapRule{Enabled: true, Amount: 1, Month: 1, Offset: 4, Start: -MaxYear}})
	for y, want := range map[int]bool{-MaxYear: true, -MaxYear + 1: false, -MaxYear + 4: true, 0: true, 2: false} {
		if got := first.IsLeapYear(y); got != want {
			t.Errorf("leap years from %d: IsLeapYear(%d) = %v, want %v", -MaxYear, y, got, want)
		}
	}
	last := mustNew(t, Calendar{Months: month, Leap: LeapRule{Enabled: true, Amount: 1, Month: 1, Offset: 4, Start: MaxYear}})
	for y, want := range map[int]bool{MaxYear: true, MaxYear - 4: false, 0: false, -MaxYear: false} {
		if got := last.IsLeapYear(y); got != want {
			t.Errorf("leap years from %d: IsLeapYear(%d) = %v, want %v", MaxYear, y, got, want)
		}
	}
	if n, _ := last.MonthLength(MaxYear, 1); n != 31 {
		t.Errorf("month 1 of year %d has %d days, want 31", MaxYear, n)
	}
}

// twoMonths has 60 days a year and no leap years: day 0 is 0-1-1, the
// first day -MaxYear*60, the last (MaxYear+1)*60 - 1.
const (
	firstDay int64 = -MaxYear * 60
	lastDay  int64 = (MaxYear+1)*60 - 1
)

func TestTheFirstAndLastDaysOfTheYearsHaveDates(t *testing.T) {
	r := mustNew(t, twoMonths())
	if f, l := r.OrdinalRange(); f != firstDay || l != lastDay {
		t.Errorf("OrdinalRange = %d, %d; want %d, %d", f, l, firstDay, lastDay)
	}
	for ord, want := range map[int64]Date{firstDay: date(-MaxYear, 1, 1), lastDay: date(MaxYear, 2, 30)} {
		if got, err := r.DateOf(ord); err != nil || got != want {
			t.Errorf("DateOf(%d) = %s, %v; want %s", ord, got, err, want)
		}
	}
	for _, ord := range []int64{firstDay - 1, lastDay + 1} {
		_, err := r.DateOf(ord)
		want := "day " + strconv.FormatInt(ord, 10) + " is out of range: years go from -1000000000000 to 1000000000000"
		if err == nil || err.Error() != want {
			t.Errorf("DateOf(%d) = %v, want %s", ord, err, want)
		}
	}
}

func TestAddingDaysReachesBothEndsOfTheYearsAndNoFurther(t *testing.T) {
	r := mustNew(t, twoMonths())
	first, last := date(-MaxYear, 1, 1), date(MaxYear, 2, 30)
	if got, err := r.AddDays(last, firstDay-lastDay); err != nil || got != first {
		t.Errorf("last day minus the whole range = %s, %v; want %s", got, err, first)
	}
	if got, err := r.AddDays(first, lastDay-firstDay); err != nil || got != last {
		t.Errorf("first day plus the whole range = %s, %v; want %s", got, err, last)
	}
	cases := []struct {
		d    Date
		n    int64
		want string
	}{
		{last, 1, "1000000000000-2-30 plus 1 days falls outside the years -1000000000000 to 1000000000000"},
		{first, -1, "-1000000000000-1-1 plus -1 days falls outside the years -1000000000000 to 1000000000000"},
		{date(5, 1, 1), math.MaxInt64, "5-1-1 plus 9223372036854775807 days falls outside the years -1000000000000 to 1000000000000"},
		{date(-5, 1, 1), math.MinInt64, "-5-1-1 plus -9223372036854775808 days falls outside the years -1000000000000 to 1000000000000"},
	}
	for _, c := range cases {
		if got, err := r.AddDays(c.d, c.n); err == nil || err.Error() != c.want {
			t.Errorf("AddDays(%s, %d) = %s, %v; want %s", c.d, c.n, got, err, c.want)
		}
	}
}

func TestAddingMonthsReachesBothEndsOfTheYearsAndNoFurther(t *testing.T) {
	r := mustNew(t, twoMonths())
	// 2*MaxYear+1 years of 2 months: from the first month to the last is
	// 4*MaxYear+1 months.
	const whole = 4*MaxYear + 1
	cases := []struct {
		d    Date
		n    int64
		want Date
	}{
		{date(-MaxYear, 1, 1), whole, date(MaxYear, 2, 1)},
		{date(MaxYear, 2, 30), -whole, date(-MaxYear, 1, 30)},
		{date(-MaxYear, 2, 5), -1, date(-MaxYear, 1, 5)},
		{date(MaxYear, 1, 5), 1, date(MaxYear, 2, 5)},
	}
	for _, c := range cases {
		if got, err := r.AddMonths(c.d, c.n); err != nil || got != c.want {
			t.Errorf("AddMonths(%s, %d) = %s, %v; want %s", c.d, c.n, got, err, c.want)
		}
	}
	refused := []struct {
		d    Date
		n    int64
		want string
	}{
		{date(MaxYear, 2, 1), 1, "1000000000000-2-1 plus 1 months falls outside the years -1000000000000 to 1000000000000"},
		{date(-MaxYear, 1, 1), -1, "-1000000000000-1-1 plus -1 months falls outside the years -1000000000000 to 1000000000000"},
		{date(0, 1, 1), math.MaxInt64, "0-1-1 plus 9223372036854775807 months falls outside the years -1000000000000 to 1000000000000"},
		{date(0, 1, 1), math.MinInt64, "0-1-1 plus -9223372036854775808 months falls outside the years -1000000000000 to 1000000000000"},
	}
	for _, c := range refused {
		if got, err := r.AddMonths(c.d, c.n); err == nil || err.Error() != c.want {
			t.Errorf("AddMonths(%s, %d) = %s, %v; want %s", c.d, c.n, got, err, c.want)
		}
	}
}

func TestAddingYearsReachesBothEndsOfTheYearsAndNoFurther(t *testing.T) {
	r := mustNew(t, twoMonths())
	cases := []struct {
		d    Date
		n    int64
		want Date
	}{
		{date(-5, 1, 1), MaxYear + 5, date(MaxYear, 1, 1)},
		{date(5, 2, 3), -MaxYear - 5, date(-MaxYear, 2, 3)},
	}
	for _, c := range cases {
		if got, err := r.AddYears(c.d, c.n); err != nil || got != c.want {
			t.Errorf("AddYears(%s, %d) = %s, %v; want %s", c.d, c.n, got, err, c.want)
		}
	}
	refused := []struct {
		d    Date
		n    int64
		want string
	}{
		{date(5, 1, 1), MaxYear - 4, "5-1-1 plus 999999999996 years falls outside the years -1000000000000 to 1000000000000"},
		{date(-5, 1, 1), -MaxYear + 4, "-5-1-1 plus -999999999996 years falls outside the years -1000000000000 to 1000000000000"},
	}
	for _, c := range refused {
		if got, err := r.AddYears(c.d, c.n); err == nil || err.Error() != c.want {
			t.Errorf("AddYears(%s, %d) = %s, %v; want %s", c.d, c.n, got, err, c.want)
		}
	}
	// Without year 0 there are 2*MaxYear years: from the first to the last
	// is one step fewer.
	c := twoMonths()
	c.SkipYearZero = true
	z := mustNew(t, c)
	if got, err := z.AddYears(date(-MaxYear, 1, 1), 2*MaxYear-1); err != nil || got != date(MaxYear, 1, 1) {
		t.Errorf("skip_year_zero: AddYears(-MaxYear-1-1, 2*MaxYear-1) = %s, %v; want %d-1-1", got, err, MaxYear)
	}
}

func TestMonthsAddedInNegativeYearsAndAcrossASkippedYearZero(t *testing.T) {
	plain := mustNew(t, twoMonths())
	c := twoMonths()
	c.SkipYearZero = true
	skip := mustNew(t, c)
	cases := []struct {
		r    *Reckoning
		d    Date
		n    int64
		want Date
	}{
		// -1-1, -2-2, -2-1, -3-2.
		{plain, date(-1, 1, 10), -3, date(-3, 2, 10)},
		{plain, date(-3, 2, 10), 3, date(-1, 1, 10)},
		{plain, date(-1, 2, 30), 1, date(0, 1, 30)},
		{plain, date(0, 1, 30), -1, date(-1, 2, 30)},
		// No year 0: -1-2 is followed by 1-1.
		{skip, date(-1, 2, 30), 1, date(1, 1, 30)},
		{skip, date(1, 1, 15), -1, date(-1, 2, 15)},
		// -3-1, -3-2, -2-1, -2-2, -1-1, -1-2, 1-1, 1-2.
		{skip, date(-3, 1, 10), 7, date(1, 2, 10)},
		{skip, date(2, 1, 10), -5, date(-2, 2, 10)},
	}
	for _, tc := range cases {
		if got, err := tc.r.AddMonths(tc.d, tc.n); err != nil || got != tc.want {
			t.Errorf("skip_year_zero %v: AddMonths(%s, %d) = %s, %v; want %s", tc.r.cal.SkipYearZero, tc.d, tc.n, got, err, tc.want)
		}
	}
}

func TestYearsAtTheEndsOfTheRangeAreRead(t *testing.T) {
	r := mustNew(t, twoMonths())
	for in, want := range map[string]Date{
		"-1000000000000-1-1":   date(-MaxYear, 1, 1),
		"1000000000000-2-30":   date(MaxYear, 2, 30),
		"1 One -1000000000000": date(-MaxYear, 1, 1),
	} {
		if got, err := r.ParseDate(in); err != nil || got != want {
			t.Errorf("ParseDate(%q) = %s, %v; want %s", in, got, err, want)
		}
	}
	for in, want := range map[string]string{
		"1000000000001-1-1":  "year 1000000000001 is out of range: years go from -1000000000000 to 1000000000000",
		"-1000000000001-1-1": "year -1000000000001 is out of range: years go from -1000000000000 to 1000000000000",
	} {
		if _, err := r.ParseDate(in); err == nil || err.Error() != want {
			t.Errorf("ParseDate(%q) = %v, want %s", in, err, want)
		}
	}
}

// Input of up to 1000 characters (maxInput) is read, padding included.
func TestInputOfExactlyTheMaximumLengthIsRead(t *testing.T) {
	r := mustNew(t, twoMonths())
	s := "1492-2-3" + strings.Repeat(" ", 1000-len("1492-2-3"))
	if err := CheckDateShape(s); err != nil {
		t.Errorf("CheckDateShape of a date padded to 1000 characters: %v", err)
	}
	if got, err := r.ParseDate(s); err != nil || got != date(1492, 2, 3) {
		t.Errorf("ParseDate of a date padded to 1000 characters = %s, %v", got, err)
	}
	if err := CheckDateShape(s + " "); err == nil || err.Error() != "a date of 1001 characters is too long" {
		t.Errorf("CheckDateShape of 1001 characters = %v", err)
	}
	m := "Two" + strings.Repeat(" ", 1000-len("Two"))
	if got, err := r.ParseMonth(m); err != nil || got != 2 {
		t.Errorf("ParseMonth of a name padded to 1000 characters = %d, %v; want 2", got, err)
	}
	if _, err := r.ParseMonth(m + " "); err == nil || err.Error() != "a month name that long does not exist" {
		t.Errorf("ParseMonth of 1001 characters = %v", err)
	}
}
