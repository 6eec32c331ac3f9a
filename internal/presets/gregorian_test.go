package presets

import (
	"testing"
	"time"

	"github.com/kanka-cli/kanka/almanac"
)

// The gregorian preset against the real calendar and sky, 1901-2099: Go's
// time package says the weekdays, Meeus's method (fullmoon_test.go) and
// the eclipses of the years around 2000 the full moons.

func TestGregorianShape(t *testing.T) {
	shape(t, "gregorian", 12, 7, 1)
	r := reckoning(t, "gregorian")
	yearLengths(t, r, map[int]int64{1901: 365, 1904: 366, 1999: 365, 2000: 366, 2023: 365, 2024: 366, 2026: 365, 2096: 366, 2099: 365})
	if err := r.Check(mustDate(t, "2024-2-29")); err != nil {
		t.Errorf("2024-2-29: %v", err)
	}
	if err := r.Check(mustDate(t, "2023-2-29")); err == nil {
		t.Error("2023-2-29 exists")
	}
}

func TestGregorianKnownWeekdays(t *testing.T) {
	wantWeekdays(t, reckoning(t, "gregorian"), map[string]string{
		"1969-7-20":  "Sunday",   // the Moon landing
		"2000-1-1":   "Saturday", // the turn of the millennium's year
		"1945-5-8":   "Tuesday",  // VE Day
		"1901-1-1":   "Tuesday",
		"2001-9-11":  "Tuesday",
		"2024-2-29":  "Thursday",
		"2099-12-31": "Thursday",
	})
}

// Every day from 1 January 1901 to 31 December 2099 has the weekday Go's
// time package gives it, and the day number that follows from 2000-1-1.
func TestGregorianEveryWeekday1901To2099(t *testing.T) {
	r := reckoning(t, "gregorian")
	anchor := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	anchorOrd, err := r.Ordinal(almanac.Date{Year: 2000, Month: 1, Day: 1})
	if err != nil {
		t.Fatal(err)
	}
	days := 0
	for g := time.Date(1901, 1, 1, 0, 0, 0, 0, time.UTC); g.Year() < 2100; g = g.AddDate(0, 0, 1) {
		d := almanac.Date{Year: g.Year(), Month: int(g.Month()), Day: g.Day()}
		if got, want := weekday(t, r, d), g.Weekday().String(); got != want {
			t.Fatalf("%s is a %s, want %s", d, got, want)
		}
		if ord, err := r.Ordinal(d); err != nil || ord != anchorOrd+int64(g.Sub(anchor).Hours()/24) {
			t.Fatalf("day number of %s: %d, %v", d, ord, err)
		}
		days++
	}
	if days != 72684 {
		t.Errorf("%d days checked, want 72684", days)
	}
}

// Every real full moon from 1901 to 2099 falls within a day of one of the
// preset's, most of them on the day itself, and the preset has as many.
func TestGregorianFullMoons1901To2099(t *testing.T) {
	r := reckoning(t, "gregorian")
	kanka := phaseDays(t, r, "Moon", almanac.PhaseFull, mustDate(t, "1900-12-31"), mustDate(t, "2100-1-1"))
	isFull := map[int64]bool{}
	for _, ord := range kanka {
		isFull[ord] = true
	}
	real := fullMoonsBetween(1901, 2099)
	onTheDay := 0
	for _, moon := range real {
		ord, err := r.Ordinal(almanac.Date{Year: moon.Year(), Month: int(moon.Month()), Day: moon.Day()})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case isFull[ord]:
			onTheDay++
		case isFull[ord-1] || isFull[ord+1]:
		default:
			t.Errorf("the full moon of %s is more than a day from the preset's", moon.Format(time.RFC3339))
		}
	}
	// The two days outside 1901-2099 each may hold a full moon of the
	// preset next to a real one inside.
	if n := len(kanka); n < len(real) || n > len(real)+2 {
		t.Errorf("the preset has %d full moons around 1901-2099; the sky has %d", n, len(real))
	}
	if len(real) != 2462 || onTheDay != 1786 {
		t.Errorf("%d of %d real full moons fall on the preset's full moon (the file says 1786 of 2462)", onTheDay, len(real))
	}
	wantCycle(t, r, "Moon", 29.530588853, mustDate(t, "1901-1-1"), mustDate(t, "2099-12-31"))
}

// Full moons whose day is known: the total lunar eclipses around 2000
// (UTC), each within a day of the preset's full moon. They check the
// reading of the sky above too.
func TestGregorianEclipseFullMoons(t *testing.T) {
	r := reckoning(t, "gregorian")
	for _, at := range []string{
		"2000-01-21T04:40", "2003-11-09T01:13", "2004-10-28T03:07", "2008-02-21T03:30",
		"2010-12-21T08:13", "2011-06-15T20:13", "2014-04-15T07:42", "2015-09-28T02:50",
		"2018-07-27T20:20", "2019-01-21T05:16", "2021-05-26T11:14", "2022-11-08T11:02",
		"2024-01-25T17:54", "2025-03-14T06:55", "2025-09-07T18:09",
	} {
		known, err := time.Parse("2006-01-02T15:04", at)
		if err != nil {
			t.Fatal(err)
		}
		nearest := time.Time{}
		for _, m := range fullMoonsBetween(known.Year(), known.Year()) {
			if nearest.IsZero() || absDuration(m.Sub(known)) < absDuration(nearest.Sub(known)) {
				nearest = m
			}
		}
		if off := absDuration(nearest.Sub(known)); off > 10*time.Minute {
			t.Errorf("the reckoning of the sky puts the full moon of %s at %s", at, nearest.Format(time.RFC3339))
		}
		day := almanac.Date{Year: known.Year(), Month: int(known.Month()), Day: known.Day()}
		before, _ := r.AddDays(day, -1)
		after, _ := r.AddDays(day, 1)
		if full := phaseDays(t, r, "Moon", almanac.PhaseFull, before, after); len(full) != 1 {
			t.Errorf("%s: the preset has %d full moons within a day of it", at, len(full))
		}
	}
}

func absDuration(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}
