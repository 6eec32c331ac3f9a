package calimport

import (
	"math"
	"testing"
)

// A moon's offset is the one its doc names, found again here by brute
// force through the almanac's own phases: among the days the source shows
// the moon full near the current date, the offset under which Kanka shows
// it full on the most of the source's runs of full days, then within a
// day of the most, then the nearest to the current date; but the tool's
// own offset (its formula's) when it scores as well on the runs the span
// holds whole. Periods that are not whole days make offsets tie on the
// first count, so that the second and third decide.
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
		// The runs the span holds whole: one its ends cut favours an
		// offset that catches the part inside.
		whole := func(offset int64) score {
			var s score
			for _, other := range runs {
				if other.a == current-reach || other.b == current+reach {
					continue
				}
				if fullUnder(offset, other.a, other.b) {
					s.exact++
				}
				if fullUnder(offset, other.a-1, other.b+1) {
					s.near++
				}
			}
			return s
		}
		searched := int64(math.MinInt64)
		for _, candidate := range runs {
			for o := candidate.a; o <= candidate.b; o++ {
				if searched == math.MinInt64 || better(scoreOf(o), scoreOf(searched)) {
					searched = o
				}
			}
		}
		// The tool's own offset, where its formula gives one that scores
		// as well on the runs held whole, wins whatever its distance.
		want := searched
		own, hasOwn := d.ownOffset(0, r)
		if hasOwn {
			if w, s := whole(own), whole(searched); w.exact > s.exact || w.exact == s.exact && w.near >= s.near {
				want = own
			}
		}
		got := int64(res.Calendar.Moons[0].Offset)
		t.Logf("moon %s: %d runs, offset %d scores %+v (the search's %d, the tool's own %d, %v)", name, len(runs), got, scoreOf(got), searched, own, hasOwn)
		if got != want {
			t.Errorf("moon %s: offset %d (scores %+v, on whole runs %+v); want %d (scores %+v, on whole runs %+v)",
				name, got, scoreOf(got), whole(got), want, scoreOf(want), whole(want))
		}
	}
}
