package almanac

import (
	"fmt"
	"math/big"
	"math/rand"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The engine against a literal reading of reminders.md: walk every day
// from well before the own date to the window's end, by month lengths
// alone, and test each day against the rule by comparing dates; moon days
// come from floor(offset + (k + i/8) * fullmoon) in exact rationals.

type bruteUntil struct {
	text    string
	bounded bool
	year    int // when bounded
	invalid bool
}

var brutePhases = []string{"f", "waning_gibbous", "last_quarter", "waning_crescent", "n", "waxing_crescent", "first_quarter", "waxing_gibbous"}

// bruteMoonDays is the set of days in lo..hi on which phase i of the
// moons carrying id falls, and whether the repeat names a usable moon.
func bruteMoonDays(c Calendar, id, i int, lo, hi int64) (map[int64]bool, bool) {
	days := map[int64]bool{}
	seen := false
	for _, m := range c.Moons {
		if m.ID != id || id < 1 {
			continue
		}
		p, ok := bruteRat(m.Fullmoon)
		if !ok || p.Sign() <= 0 {
			if !seen {
				return nil, false // the first moon with the id has no period
			}
			continue
		}
		seen = true
		// k from below lo to above hi: (k + i/8) * p + offset crosses lo..hi.
		pf, _ := p.Float64()
		kLo := int64(float64(lo-int64(m.Offset))/pf) - 3
		kHi := int64(float64(hi-int64(m.Offset))/pf) + 3
		for k := kLo; k <= kHi; k++ {
			x := new(big.Rat).SetFrac64(8*k+int64(i), 8)
			x.Mul(x, p)
			x.Add(x, new(big.Rat).SetInt64(int64(m.Offset)))
			day := new(big.Int).Div(x.Num(), x.Denom()).Int64() // floor: the denominator is positive
			if day >= lo && day <= hi {
				days[day] = true
			}
		}
	}
	return days, seen
}

// bruteRat reads a plain decimal, digits past the tenth decimal cut off.
func bruteRat(s string) (*big.Rat, bool) {
	if !regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`).MatchString(s) {
		return nil, false
	}
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 10 {
		frac = frac[:10]
	}
	return new(big.Rat).SetString(whole + "." + frac + "0")
}

// bruteExpand returns the starts (day numbers, ascending) of rec from the
// walk's first day up to the walk's last, with the days walked; void when
// the rules give the reminder no day at all.
func bruteExpand(c Calendar, rec Recurrence, until bruteUntil, walkFrom Date, walkDays int) (starts []int64, ordinals []int64, void bool) {
	d, ord := walkFrom, specOrdinal(c, walkFrom, false)
	var dates []Date
	for range walkDays {
		dates, ordinals = append(dates, d), append(ordinals, ord)
		d, ord = next(c, d), ord+1
	}
	own := rec.Date
	if (c.SkipYearZero && own.Year == 0) || own.Month < 1 || own.Month > len(c.Months) || own.Day < 1 ||
		own.Day > specMonthLen(c, own.Year, own.Month) || rec.Length < 1 {
		return nil, ordinals, true
	}
	kind := ""
	moonID, phase := 0, 0
	if rec.IsRecurring && rec.Periodicity != "" {
		kind = rec.Periodicity
		if m := regexp.MustCompile(`^([0-9]+)_(` + strings.Join(brutePhases, "|") + `)\n?$`).FindStringSubmatch(kind); m != nil {
			kind = "moon"
			moonID, _ = strconv.Atoi(m[1])
			phase = slices.Index(brutePhases, m[2])
		} else if kind != "year" && kind != "month" {
			return nil, ordinals, true
		}
		if until.invalid {
			return nil, ordinals, true
		}
	}
	var moonDays map[int64]bool
	if kind == "moon" {
		var ok bool
		if moonDays, ok = bruteMoonDays(c, moonID, phase, ordinals[0], ordinals[len(ordinals)-1]); !ok {
			return nil, ordinals, true
		}
	}
	for j, d := range dates {
		if d.Compare(own) < 0 {
			continue
		}
		if kind != "" && until.bounded && d.Year > until.year {
			continue
		}
		var starts0 bool
		switch kind {
		case "":
			starts0 = d == own
		case "year":
			starts0 = d.Month == own.Month && d.Day == own.Day
		case "month":
			starts0 = d.Day == own.Day
		case "moon":
			starts0 = moonDays[ordinals[j]]
		}
		if starts0 {
			starts = append(starts, ordinals[j])
		}
	}
	return starts, ordinals, false
}

func randomUntil(rng *rand.Rand, near int) bruteUntil {
	y := near + rng.Intn(9) - 4
	switch rng.Intn(12) {
	case 0, 1, 2:
		return bruteUntil{}
	case 3:
		return bruteUntil{text: []string{"abc", "1e", " ", "0x10", "3 4"}[rng.Intn(5)], invalid: true}
	case 4:
		return bruteUntil{text: fmt.Sprintf(" %d ", y), bounded: true, year: y}
	case 5:
		return bruteUntil{text: fmt.Sprintf("%d.7", y), bounded: true, year: y}
	case 6:
		return bruteUntil{text: fmt.Sprintf("%de0", y), bounded: true, year: y}
	}
	return bruteUntil{text: strconv.Itoa(y), bounded: true, year: y}
}

func randomMoons(rng *rand.Rand) []Moon {
	periods := []string{"10", "29.5", "7.3", "0.8", "3.125", "30.4375", "1", "2.5", "16", "12.345678901234", "5.0000000001",
		"0", "-4", "abc"}
	var out []Moon
	for i := range rng.Intn(4) + rng.Intn(2) {
		period := periods[rng.Intn(len(periods)-3)]
		if rng.Intn(6) == 0 {
			period = periods[len(periods)-1-rng.Intn(3)] // no phases
		}
		id := i + 1
		if rng.Intn(8) == 0 {
			id = 1 // two moons may share an id
		}
		out = append(out, Moon{Name: fmt.Sprint("M", i), Fullmoon: period, Offset: rng.Intn(31) - 15, ID: id})
	}
	return out
}

func randomRecurrence(rng *rand.Rand, c Calendar) (Recurrence, bruteUntil) {
	rec := Recurrence{Date: randomDate(rng, c, 8), Length: 1, IsRecurring: rng.Intn(10) > 0}
	switch rng.Intn(16) {
	case 0:
		rec.Date.Day = specMonthLen(c, rec.Date.Year, rec.Date.Month) + rng.Intn(2)
	case 1:
		rec.Date.Year = 0
	case 2:
		rec.Date.Month = len(c.Months) + rng.Intn(2)
	}
	switch rng.Intn(12) {
	case 0, 1, 2:
		rec.Length = 2 + rng.Intn(6)
	case 3, 4:
		rec.Length = 1 + rng.Intn(80) // across month and year ends
	case 5:
		rec.Length = rng.Intn(2) - 1 // 0 or -1: nothing
	}
	switch rng.Intn(10) {
	case 0:
		rec.Periodicity = ""
	case 1, 2:
		rec.Periodicity = "year"
	case 3, 4:
		rec.Periodicity = "month"
	case 5:
		rec.Periodicity = []string{"yearly", "monthly", "3_full", "week"}[rng.Intn(4)]
	default: // a moon's id; one more than the calendar has names a removed moon
		id := 1 + rng.Intn(max(len(c.Moons), 1))
		if rng.Intn(5) == 0 {
			id = len(c.Moons) + 1
		}
		rec.Periodicity = fmt.Sprintf("%d_%s", id, brutePhases[rng.Intn(8)])
	}
	until := randomUntil(rng, rec.Date.Year)
	rec.Until = until.text
	return rec, until
}

func TestPropertyRemindersAgainstALiteralWalk(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	cases, nonEmpty, voids := 0, 0, 0
	for range 1000 {
		c := randomCalendar(rng)
		c.Moons = randomMoons(rng)
		r, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		for range 6 {
			rec, until := randomRecurrence(rng, c)
			// a window of up to ~8 years, somewhere within 10 years of year 0
			a, b := randomDate(rng, c, 10), randomDate(rng, c, 10)
			if rng.Intn(3) > 0 { // most windows near the own date, where there is something to see
				a.Year, b.Year = rec.Date.Year+rng.Intn(4)-1, rec.Date.Year+rng.Intn(6)
				a, b = clampDay(c, a), clampDay(c, b)
			}
			if a.Compare(b) > 0 {
				a, b = b, a
			}
			if b.Year-a.Year > 8 {
				b = Date{a.Year + 8, 1, 1}
				if c.SkipYearZero && b.Year == 0 {
					b.Year = 1
				}
			}
			// Walk from two years before the own date or the window, whichever is earlier.
			startYear := min(a.Year, rec.Date.Year) - 2 - rec.Length/max(len(c.Months), 1)
			if c.SkipYearZero && startYear == 0 {
				startYear = -1
			}
			walkFrom := Date{startYear, 1, 1}
			walkDays := int(specOrdinal(c, b, false) - specOrdinal(c, walkFrom, false) + 1)
			starts, ordinals, void := bruteExpand(c, rec, until, walkFrom, walkDays)
			from, to := specOrdinal(c, a, false), specOrdinal(c, b, false)
			if ordinals[len(ordinals)-1] != to {
				t.Fatalf("the walk ends on day %d, not %d", ordinals[len(ordinals)-1], to)
			}
			span := int64(max(rec.Length, 1) - 1)
			var wantOcc []Occurrence
			wantDays := map[int64]int64{} // day -> latest start covering it
			for _, s := range starts {
				if s+span >= from && s <= to {
					wantOcc = append(wantOcc, Occurrence{s, s + span})
				}
				for d := max(s, from); d <= min(s+span, to); d++ {
					wantDays[d] = s
				}
			}
			gotOcc := slices.Collect(r.Occurrences(rec, from, to))
			if !slices.Equal(gotOcc, wantOcc) {
				t.Fatalf("calendar %+v\nreminder %+v (until %+v), window %s..%s (%d..%d)\noccurrences %v\nwalked      %v",
					c, rec, until, a, b, from, to, gotOcc, wantOcc)
			}
			var gotDays []int64
			for d, o := range r.Days(rec, from, to) {
				if s, ok := wantDays[d]; !ok || o.Start != s || o.End != s+span {
					t.Fatalf("calendar %+v\nreminder %+v, window %s..%s\nday %d given with %+v; walked: covered %v by the start %d",
						c, rec, a, b, d, o, ok, s)
				}
				gotDays = append(gotDays, d)
			}
			for i := 1; i < len(gotDays); i++ {
				if gotDays[i] <= gotDays[i-1] {
					t.Fatalf("reminder %+v: days out of order or twice: %v", rec, gotDays)
				}
			}
			if len(gotDays) != len(wantDays) {
				t.Fatalf("calendar %+v\nreminder %+v, window %s..%s\ndays %v, walked %d days", c, rec, a, b, gotDays, len(wantDays))
			}
			if err := r.CheckRecurrence(rec); (err != nil) != void {
				t.Fatalf("calendar %+v\nreminder %+v (until %+v): CheckRecurrence %v, the rules say void=%v", c, rec, until, err, void)
			}
			cases++
			if void {
				voids++
			}
			if len(gotDays) > 0 {
				nonEmpty++
			}
		}
	}
	t.Logf("%d cases, %d with days in their window, %d falling on no day at all", cases, nonEmpty, voids)
	if nonEmpty < cases/4 || voids > cases/2 {
		t.Fatalf("only %d of %d cases fall on a day in their window (%d on none at all): the generator is too narrow", nonEmpty, cases, voids)
	}
}

// clampDay moves d onto a day that exists (year 0, a month's end).
func clampDay(c Calendar, d Date) Date {
	if c.SkipYearZero && d.Year == 0 {
		d.Year = 1
	}
	d.Month = min(max(d.Month, 1), len(c.Months))
	d.Day = min(max(d.Day, 1), specMonthLen(c, d.Year, d.Month))
	return d
}
