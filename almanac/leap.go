package almanac

import "fmt"

// leapRule is LeapRule made safe: the offset at least 1, the amount and the
// start bounded so that no sum overflows.
type leapRule struct {
	enabled bool
	amount  int
	month   int // 0 when the rule names no month of the list: no leap days
	offset  int64
	start   int64
	skip    bool
}

func newLeapRule(l LeapRule, skipYearZero bool, months int) (leapRule, error) {
	r := leapRule{enabled: l.Enabled, amount: l.Amount, offset: max(int64(l.Offset), 1), start: int64(l.Start), skip: skipYearZero}
	if !r.enabled {
		return leapRule{skip: skipYearZero, offset: 1}, nil
	}
	if l.Amount < -MaxYearLength || l.Amount > MaxYearLength {
		return leapRule{}, fmt.Errorf("leap_year_amount %d is out of range: at most %d days either way", l.Amount, MaxYearLength)
	}
	if r.start < -yearLimit || r.start > yearLimit {
		return leapRule{}, fmt.Errorf("leap_year_start %d is out of range: years go from %d to %d", l.Start, -yearLimit, yearLimit)
	}
	if l.Month >= 1 && l.Month <= months {
		r.month = l.Month
	}
	return r, nil
}

// isLeap: y is the start year or a whole number of offsets after it. No year
// before the start is a leap year, and with skip_year_zero year 0 is none.
func (l leapRule) isLeap(y int64) bool {
	if !l.enabled || y < l.start || (l.skip && y == 0) {
		return false
	}
	return (y-l.start)%l.offset == 0
}

// countUpTo is the number of leap years among the years l.start..y (year 0
// counted like any other: callers never ask across it when it is skipped).
func (l leapRule) countUpTo(y int64) int64 {
	if !l.enabled || y < l.start {
		return 0
	}
	return (y-l.start)/l.offset + 1
}

// countBetween is the number of leap years in lo..hi (lo <= hi+1).
func (l leapRule) countBetween(lo, hi int64) int64 {
	return l.countUpTo(hi) - l.countUpTo(lo-1)
}

// IsLeapYear reports whether year y gets the leap days.
func (r *Reckoning) IsLeapYear(y int) bool { return r.leap.isLeap(int64(y)) }
