package almanac

import "sort"

// SeasonStart is a season and the day it starts.
type SeasonStart struct {
	Name string `json:"name"`
	Date Date   `json:"date"`
}

// A season starts on its month and day in every year where that day exists
// (day 2 of a month that has it only in leap years starts it only then); a
// season naming no month of the list, or day 0, never starts.
func (r *Reckoning) seasonStarts(y int64) []SeasonStart {
	leap := r.leap.isLeap(y)
	var out []SeasonStart
	for _, s := range r.cal.Seasons {
		if s.Month < 1 || s.Month > len(r.months) || s.Day < 1 || s.Day > r.monthLen(s.Month, leap) {
			continue
		}
		out = append(out, SeasonStart{Name: s.Name, Date: Date{Year: int(y), Month: s.Month, Day: s.Day}})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Date.Compare(out[j].Date) < 0 })
	return out
}

// SeasonStarts lists the seasons starting in year y, in date order.
func (r *Reckoning) SeasonStarts(y int) ([]SeasonStart, error) {
	if err := r.checkYear(y); err != nil {
		return nil, err
	}
	return r.seasonStarts(int64(y)), nil
}

// SeasonOf is the season d is in: the one with the latest start on or
// before d, wrapping to the last start of an earlier year (kanka's
// extension; the service only marks start days). Of two seasons starting on
// one day the later in the list wins. ok is false when no season ever starts
// before d.
func (r *Reckoning) SeasonOf(d Date) (SeasonStart, bool, error) {
	if err := r.Check(d); err != nil {
		return SeasonStart{}, false, err
	}
	s, ok := r.seasonOf(d)
	return s, ok, nil
}

func (r *Reckoning) seasonOf(d Date) (SeasonStart, bool) {
	if len(r.cal.Seasons) == 0 {
		return SeasonStart{}, false
	}
	starts := r.seasonStarts(int64(d.Year))
	for i := len(starts) - 1; i >= 0; i-- {
		if d.Compare(starts[i].Date) >= 0 {
			return starts[i], true
		}
	}
	// Which seasons exist depends only on whether a year is a leap year: the
	// year before, else the last year of the other kind, has the answer.
	prev, ok := r.previousYear(int64(d.Year))
	if !ok {
		return SeasonStart{}, false
	}
	if starts := r.seasonStarts(prev); len(starts) > 0 {
		return starts[len(starts)-1], true
	}
	var other int64
	if r.leap.isLeap(prev) {
		other, ok = r.lastCommonBefore(prev)
	} else {
		other, ok = r.lastLeapBefore(prev)
	}
	if !ok {
		return SeasonStart{}, false
	}
	if starts := r.seasonStarts(other); len(starts) > 0 {
		return starts[len(starts)-1], true
	}
	return SeasonStart{}, false
}

// previousYear is the year before y that exists and is in range.
func (r *Reckoning) previousYear(y int64) (int64, bool) {
	p := y - 1
	if r.cal.SkipYearZero && p == 0 {
		p = -1
	}
	return p, p >= -yearLimit
}

// lastLeapBefore is the latest leap year before y.
func (r *Reckoning) lastLeapBefore(y int64) (int64, bool) {
	l := r.leap
	if !l.enabled || y-1 < l.start {
		return 0, false
	}
	last := l.start + (y-1-l.start)/l.offset*l.offset
	if l.skip && last == 0 {
		last -= l.offset
	}
	return last, last >= l.start && last >= -yearLimit
}

// lastCommonBefore is the latest year before y that exists and is no leap year.
func (r *Reckoning) lastCommonBefore(y int64) (int64, bool) {
	c, ok := r.previousYear(y)
	// Every offset-th year is a leap year, so a few steps (or one jump to
	// before the start when every year is one) reach a common year.
	for range 8 {
		if !ok {
			return 0, false
		}
		if !r.leap.isLeap(c) {
			return c, true
		}
		if r.leap.offset == 1 {
			c = min(c, r.leap.start)
		}
		c, ok = r.previousYear(c)
	}
	return 0, false
}
