package calexport_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/calexport"
	"github.com/kanka-cli/kanka/internal/calimport"
	"github.com/kanka-cli/kanka/internal/presets"
)

// A calendar exported to a tool's file and imported back by kanka's own
// import is compared day by day with the original, through the almanac:
// that every day within calexport.Years years of the current date exists
// in both, has the same weekday and the same moon phases. Where they
// differ, the export must have said so: a loss naming the first day that
// differs, counting from the current date.

// sample is a calendar to export, by what it is.
type sample struct {
	name string
	cal  client.CalendarInput
}

// samples are every preset, every calendar kanka imports from its test
// files, and calendars no preset is: leap years that start on another year
// than their period, or after the current year, or take days off; moons
// shorter than the tools' phases; a current date near year 0 without one.
func samples(t *testing.T) []sample {
	t.Helper()
	var out []sample
	for _, name := range presets.Names() {
		p, err := presets.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sample{"preset " + name, p.Input})
	}
	files, err := filepath.Glob(filepath.Join("..", "calimport", "testdata", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the import's test files: %v (%d)", err, len(files))
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		res, err := calimport.Convert(data, calimport.Auto)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if res.Calendar.Name == "" {
			res.Calendar.Name = strings.TrimSuffix(filepath.Base(file), ".json")
		}
		out = append(out, sample{"imported " + filepath.Base(file), res.Calendar})
	}
	out = append(out,
		sample{"leap years from year 1, every 4", withLeap(t, "gregorian", 1, 4, 1, nil)},
		sample{"leap years from year 1500, every 4, the current year 1492", withLeap(t, "harptos", 1500, 4, 1, nil)},
		sample{"leap years taking a day off", withLeap(t, "greyhawk", 3, 4, -1, nil)},
		sample{"moons of 2.6 and 23.3 days", withLeap(t, "eberron", 1, 4, 1, func(in *client.CalendarInput) {
			in.Moons = []client.Moon{{Name: "Quick", Fullmoon: 2.6, Offset: 1}, {Name: "Slow", Fullmoon: 23.3, Offset: 4}}
		})},
		sample{"the current year 2, no year 0", withLeap(t, "golarion", 4, 4, 1, func(in *client.CalendarInput) {
			skip := true
			in.SkipYearZero = &skip
			in.Date = &client.Date{Year: 2, Month: 3, Day: 10}
		})},
	)
	return out
}

// withLeap is preset name with the leap rule given, and change made.
func withLeap(t *testing.T, name string, start, every, amount int, change func(*client.CalendarInput)) client.CalendarInput {
	t.Helper()
	p, err := presets.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	in := p.Input
	yes, month := true, 2
	if in.LeapYearMonth != nil {
		month = *in.LeapYearMonth
	}
	in.HasLeapYear, in.LeapYearStart, in.LeapYearOffset, in.LeapYearAmount, in.LeapYearMonth = &yes, &start, &every, &amount, &month
	if change != nil {
		change(&in)
	}
	return in
}

func TestRoundTripGivesTheSameDays(t *testing.T) {
	for _, s := range samples(t) {
		for _, f := range calexport.Formats {
			t.Run(s.name+" "+string(f), func(t *testing.T) {
				t.Parallel()
				res, err := calexport.Export(&client.Calendar{ID: 7, CalendarInput: s.cal}, nil, f)
				if err != nil {
					t.Fatal(err)
				}
				back, err := calimport.Convert(res.Data, calimport.Format(f))
				if err != nil {
					t.Fatalf("kanka's import refuses the file: %v", err)
				}
				differs, why := firstDifference(t, s.cal, back.Calendar)
				for _, l := range res.Losses {
					t.Logf("loss: %s", l.Text)
				}
				if differs == nil {
					return
				}
				for _, l := range res.Losses {
					if l.Differs != nil && *l.Differs == *differs {
						return
					}
				}
				t.Errorf("the calendar imported back differs first on %s (%s); no loss names that day", differs, why)
			})
		}
	}
}

// firstDifference walks the days of a (the original) and b (imported
// back) from a's current date, forward and back, within calexport.Years
// years of it: the first day that exists in one only, or whose weekday or
// moon phases differ, the nearer of the two directions (forward on a
// tie), and why; nil when every day agrees.
func firstDifference(t *testing.T, a, b client.CalendarInput) (*almanac.Date, string) {
	t.Helper()
	ra, err := a.Reckoning()
	if err != nil {
		t.Fatal(err)
	}
	rb, err := b.Reckoning()
	if err != nil {
		t.Fatal(err)
	}
	cur := *a.Date
	oa, _ := ra.Ordinal(cur)
	ob, err := rb.Ordinal(cur)
	if err != nil {
		return &cur, "the current date does not exist imported back"
	}
	lo, hi := cur.Year-calexport.Years, cur.Year+calexport.Years
	walk := func(step int64) (int64, *almanac.Date, string) {
		ca, errA := newCursor(ra, oa)
		cb, errB := newCursor(rb, ob)
		for k := int64(0); ; k++ {
			if k > 0 {
				errA, errB = ca.step(step), cb.step(step)
			}
			if errA != nil || errB != nil || ca.d.Year < lo || ca.d.Year > hi {
				return k, nil, ""
			}
			if why := sameDay(ra, rb, ca.d, cb.d); why != "" {
				d := ca.d
				if step > 0 && cb.d.Compare(ca.d) < 0 || step < 0 && cb.d.Compare(ca.d) > 0 {
					d = cb.d
				}
				return k, &d, why
			}
		}
	}
	kf, df, whyF := walk(1)
	kb, db, whyB := walk(-1)
	switch {
	case df == nil && db == nil:
		return nil, ""
	case db == nil, df != nil && kf <= kb:
		return df, whyF
	}
	return db, whyB
}

// cursor walks the days of a calendar one by one, finding each month once.
type cursor struct {
	r   *almanac.Reckoning
	ord int64
	d   almanac.Date
	n   int // the days of d's month
}

func newCursor(r *almanac.Reckoning, ord int64) (*cursor, error) {
	c := &cursor{r: r, ord: ord - 1}
	return c, c.step(1)
}

func (c *cursor) step(by int64) error {
	c.ord += by
	if day := c.d.Day + int(by); c.n > 0 && day >= 1 && day <= c.n {
		c.d.Day = day
		return nil
	}
	d, err := c.r.DateOf(c.ord)
	if err != nil {
		return err
	}
	c.d = d
	c.n, err = c.r.MonthLength(d.Year, d.Month)
	return err
}

// sameDay is "" when day da of a and db of b are the same day with the
// same weekday and moon phases, else what differs.
func sameDay(ra, rb *almanac.Reckoning, da, db almanac.Date) string {
	if da != db {
		return fmt.Sprintf("one has %s where the other has %s", da, db)
	}
	wa, okA, _ := ra.Weekday(da)
	wb, okB, _ := rb.Weekday(db)
	if wa != wb || okA != okB {
		return fmt.Sprintf("weekday %d (%v), imported back %d (%v)", wa, okA, wb, okB)
	}
	pa, _ := ra.MoonPhases(da)
	pb, _ := rb.MoonPhases(db)
	if !slices.Equal(pa, pb) {
		return fmt.Sprintf("moons %v, imported back %v", pa, pb)
	}
	return ""
}
