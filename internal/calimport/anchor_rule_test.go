package calimport

import (
	"math"
	"testing"
)

// A moon's offset is the one its doc names, found again here by brute
// force through the almanac's own phases: among the days the source shows
// the moon full near the current date, the offset under which Kanka shows
// it full on the most of the source's runs of full days, then within a
// day of the most, then the nearest to the current date. Periods that are
// not whole days make offsets tie on the first count, so that the second
// and third decide.
func TestMoonOffsetFollowsItsRule(t *testing.T) {
	for _, moon := range []map[string]any{
		{"name": "Round", "cycle": 29.5},
		{"name": "Floor", "cycle": 27.3, "cycle_rounding": "floor"},
		{"name": "Ceil", "cycle": 10.3, "cycle_rounding": "ceil"},
		{"name": "Shifted", "cycle": 7.7, "shift": 3},
	} {
		res, d, err := convert(fantasyFile(t, func(s, dyn map[string]any) {
			s["moons"] = []any{moon}
			dyn["year"] = 40
		}), Auto)
		if err != nil {
			t.Fatal(err)
		}
		name, period := moon["name"].(string), res.Calendar.Moons[0].Fullmoon
		r, err := res.Calendar.Reckoning()
		if err != nil {
			t.Fatal(err)
		}
		current, _ := r.Ordinal(d.date())
		reach := min(max(int64(math.Ceil(float64(moonCycles)*period))+2, 60), 5000)
		// The source's runs of full days around the current date.
		var runs []run
		for o := current - reach; o <= current+reach; o++ {
			day, _ := r.DateOf(o)
			if full, ok := d.src.full(0, day); !ok || !full {
				continue
			}
			if n := len(runs); n > 0 && runs[n-1].b == o-1 {
				runs[n-1].b = o
			} else {
				runs = append(runs, run{o, o})
			}
		}
		if len(runs) < moonCycles {
			t.Fatalf("moon %s: %d runs of full days around the current date, want one a cycle", name, len(runs))
		}
		// Kanka under offset o: full on the days its own phases say.
		fullUnder := func(offset, from, to int64) bool {
			cal := res.Calendar
			cal.Moons = append(cal.Moons[:0:0], cal.Moons...)
			cal.Moons[0].Offset = int(offset)
			k, err := cal.Reckoning()
			if err != nil {
				t.Fatal(err)
			}
			for o := from; o <= to; o++ {
				day, _ := k.DateOf(o)
				phases, _ := k.MoonPhases(day)
				if hasFull(phases, name) {
					return true
				}
			}
			return false
		}
		type score struct{ exact, near, far int64 }
		scoreOf := func(offset int64) score {
			s := score{far: -abs64(offset - current)}
			for _, other := range runs {
				if fullUnder(offset, other.a, other.b) {
					s.exact++
				}
				if fullUnder(offset, other.a-1, other.b+1) {
					s.near++
				}
			}
			return s
		}
		better := func(a, b score) bool {
			return a.exact > b.exact || a.exact == b.exact && (a.near > b.near || a.near == b.near && a.far > b.far)
		}
		chosen := scoreOf(int64(res.Calendar.Moons[0].Offset))
		t.Logf("moon %s: %d runs, offset %d scores %+v", name, len(runs), res.Calendar.Moons[0].Offset, chosen)
		for _, candidate := range runs {
			for o := candidate.a; o <= candidate.b; o++ {
				if s := scoreOf(o); better(s, chosen) {
					t.Errorf("moon %s: offset %d scores %+v; offset %d, which scores %+v, is better",
						name, res.Calendar.Moons[0].Offset, chosen, o, s)
				}
			}
		}
	}
}
