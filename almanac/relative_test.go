package almanac

import (
	"strings"
	"testing"
)

// harptosOn is the Calendar of Harptos with today on d.
func harptosOn(t *testing.T, d Date) *Reckoning {
	t.Helper()
	c := harptos()
	c.Today = &d
	return mustNew(t, c)
}

// The words and +N/-N count from the calendar's current date with its own
// days: a month's end, an intercalary month, a leap day and the turn of a
// year fall where the calendar puts them.
func TestReadDateCountsFromToday(t *testing.T) {
	for _, tc := range []struct {
		today Date
		in    string
		want  Date
	}{
		{date(1492, 4, 6), "today", date(1492, 4, 6)},
		{date(1492, 4, 6), " TODAY ", date(1492, 4, 6)},
		{date(1492, 4, 6), "Tomorrow", date(1492, 4, 7)},
		{date(1492, 4, 6), "yesterday", date(1492, 4, 5)},
		{date(1492, 4, 6), "+3", date(1492, 4, 9)},
		{date(1492, 4, 6), "-1", date(1492, 4, 5)},
		{date(1492, 4, 6), "+0", date(1492, 4, 6)},
		{date(1492, 4, 6), "-0", date(1492, 4, 6)},
		{date(1492, 4, 6), "+003", date(1492, 4, 9)},
		// The last day of a month: +3 is in the next one.
		{date(1492, 4, 30), "+3", date(1492, 5, 3)},
		// Hammer's end, then the festival Midwinter (one day), then Alturiak.
		{date(1492, 1, 30), "+1", date(1492, 2, 1)},
		{date(1492, 1, 30), "+2", date(1492, 3, 1)},
		// 1492 is a leap year: Midsummer has Shieldmeet, its day 2.
		{date(1492, 9, 30), "+2", date(1492, 10, 2)},
		{date(1492, 9, 30), "+3", date(1492, 11, 1)},
		{date(1491, 9, 30), "+2", date(1491, 11, 1)},
		// Across the year's end, forward and back.
		{date(1492, 17, 30), "tomorrow", date(1493, 1, 1)},
		{date(1493, 1, 1), "yesterday", date(1492, 17, 30)},
		// A year on is 366 days across Shieldmeet, 365 back from 1492-4-6.
		{date(1492, 4, 6), "+365", date(1493, 4, 5)},
		{date(1492, 4, 6), "+366", date(1493, 4, 6)},
		{date(1492, 4, 6), "-365", date(1491, 4, 6)},
	} {
		got, err := harptosOn(t, tc.today).ParseDate(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("today %s, ParseDate(%q) = %s, %v; want %s", tc.today, tc.in, got, err, tc.want)
		}
	}
}

// Year zero is skipped where the calendar has none.
func TestRelativeDatesSkipAMissingYearZero(t *testing.T) {
	c := twoMonths()
	c.SkipYearZero = true
	today := date(-1, 2, 30)
	c.Today = &today
	r := mustNew(t, c)
	if got, err := r.ParseDate("tomorrow"); err != nil || got != date(1, 1, 1) {
		t.Errorf("tomorrow after -1-2-30 without year zero = %s, %v; want 1-1-1", got, err)
	}
	c.SkipYearZero = false
	r = mustNew(t, c)
	if got, err := r.ParseDate("tomorrow"); err != nil || got != date(0, 1, 1) {
		t.Errorf("tomorrow after -1-2-30 with year zero = %s, %v; want 0-1-1", got, err)
	}
}

func TestRelativeDateErrors(t *testing.T) {
	r := harptosOn(t, date(1492, 4, 6))
	for in, want := range map[string]string{
		"+x":                            `"+x" is not a date: +N is N days after today, N a whole number (+3)`,
		"-x":                            `"-x" is not a date: -N is N days before today, N a whole number (-3)`,
		"+":                             `"+" is not a date: +N is N days after today, N a whole number (+3)`,
		"+3.5":                          `"+3.5" is not a date: +N is N days after today, N a whole number (+3)`,
		"today+3":                       `"today+3" is not a date: write +3 for 3 days after today`,
		"tomorrow + 2":                  `"tomorrow + 2" is not a date: write +3 for 3 days after today`,
		"yesterday-1":                   `"yesterday-1" is not a date: write -2 for 2 days before today`,
		"today-1":                       `"today-1" is not a date: write -1 for 1 day before today`,
		"tomorrow-1":                    `"tomorrow-1" is not a date: write today`,
		"today 3":                       `"today 3" is not a date: write YEAR-MONTH-DAY (1492-4-3, 1492-Ches-3) or DAY MONTH YEAR (3 Ches 1492)`,
		"tody":                          `"tody" is not a date: write YEAR-MONTH-DAY (1492-4-3, 1492-Ches-3) or DAY MONTH YEAR (3 Ches 1492); did you mean "today"?`,
		"+99999999999999999999":         `"+99999999999999999999" is more days from today than any calendar has (at most 2000000000000000000)`,
		"-9223372036854775808":          `"-9223372036854775808" is more days from today than any calendar has (at most 2000000000000000000)`,
		"+2000000000000000001":          `"+2000000000000000001" is more days from today than any calendar has (at most 2000000000000000000)`,
		"+2000000000000000000":          "1492-4-6 plus 2000000000000000000 days falls outside the years -1000000000000 to 1000000000000",
		"-999999999999999":              "1492-4-6 plus -999999999999999 days falls outside the years -1000000000000 to 1000000000000",
		"+" + strings.Repeat("9", 2000): "a date of 2001 characters is too long",
	} {
		if _, err := r.ParseDate(in); err == nil || err.Error() != want {
			t.Errorf("ParseDate(%q) = %v\n want %s", in, err, want)
		}
	}
}

// A relative date needs today: a calendar without a current date, or
// with one that does not exist, says so.
func TestRelativeDatesNeedToday(t *testing.T) {
	r := mustNew(t, harptos())
	if _, err := r.ReadDate("+3"); err == nil || err.Error() != `"+3" counts from the calendar's current date, and the calendar has none` {
		t.Errorf("+3 without today: %v", err)
	}
	if _, err := harptosOn(t, date(1491, 10, 2)).ReadDate("today"); err == nil ||
		err.Error() != `"today" counts from the calendar's current date, 1491-10-2, which does not exist: day 2 of Midsummer exists only in leap years` {
		t.Errorf("today on a day that does not exist: %v", err)
	}
}

// The shapes are accepted with no calendar (a flag is read before any
// request), and IsRelative tells them from the other dates (a file
// refuses them).
func TestRelativeShapes(t *testing.T) {
	for _, s := range []string{"today", "Tomorrow", " yesterday ", "+3", "-1", "+0", "-12"} {
		if err := CheckDateShape(s); err != nil {
			t.Errorf("CheckDateShape(%q) = %v", s, err)
		}
		if !IsRelative(s) {
			t.Errorf("IsRelative(%q) = false", s)
		}
	}
	for _, s := range []string{"1492-4-3", "-12-3-1", "3 Ches 1492", "+x", "today+3", "", "1492"} {
		if IsRelative(s) {
			t.Errorf("IsRelative(%q) = true", s)
		}
	}
	for _, s := range []string{"+x", "today+3", "+99999999999999999999"} {
		if err := CheckDateShape(s); err == nil {
			t.Errorf("CheckDateShape(%q) accepted it", s)
		}
	}
}

// A date written day first (6-Ches-1492) reads as year 6, day 1492: the
// message says the order kanka reads and the date meant.
func TestDayMonthYearOrderIsNamed(t *testing.T) {
	r := mustNew(t, harptos())
	for in, want := range map[string]string{
		"6-Ches-1492":    "day 1492 does not exist: Ches has 30 days; dates are read year first (YEAR-MONTH-DAY): did you mean 1492-Ches-6?",
		"6-4-1492":       "day 1492 does not exist: Ches has 30 days; dates are read year first (YEAR-MONTH-DAY): did you mean 1492-Ches-6?",
		"30-Hammer-1358": "day 1358 does not exist: Hammer has 30 days; dates are read year first (YEAR-MONTH-DAY): did you mean 1358-Hammer-30?",
		// Two digits may be a day past the month's end: no guess.
		"6-Ches-92": "day 92 does not exist: Ches has 30 days",
		// A day just past the month's end is a plain mistake.
		"1492-4-31": "day 31 does not exist: Ches has 30 days",
		// Year 40, day 31: swapped, day 40 does not exist either.
		"40-4-31": "day 31 does not exist: Ches has 30 days",
	} {
		if _, err := r.ParseDate(in); err == nil || err.Error() != want {
			t.Errorf("ParseDate(%q) = %v\n want %s", in, err, want)
		}
	}
}
