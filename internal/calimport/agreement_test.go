package calimport

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// TestAgreesWithSource compares each converted calendar with its source,
// by the source's own rules (its model), over ten years either side of the
// current date, day by day: the weekday of every day that has one, and,
// for every run of days the source shows a moon full, a Kanka full moon
// within a day of it (but for a moon the conversion says differs). The
// conversion checked four years; this checks further.
func TestAgreesWithSource(t *testing.T) {
	for _, f := range importFiles {
		t.Run(f.file, func(t *testing.T) {
			res, d, err := convert(readTestdata(t, f.file), Auto)
			if err != nil {
				t.Fatal(err)
			}
			r, err := res.Calendar.Reckoning()
			if err != nil {
				t.Fatal(err)
			}
			n, _ := r.YearLength(d.date().Year)
			s := spanAround(r, d.date(), 10*n, 10*n)
			weekdays := 0
			for _, day := range s.dates {
				want, ok := d.src.weekday(day)
				if !ok {
					continue
				}
				got, ok, err := r.Weekday(day)
				if err != nil || !ok {
					t.Fatalf("%s: the source gives weekday %d, Kanka none (%v)", day, want, err)
				}
				if got != want {
					t.Fatalf("%s: weekday %s, the source's %s", day, res.Calendar.Weekdays[got], res.Calendar.Weekdays[want])
				}
				weekdays++
			}
			if len(res.Calendar.Weekdays) >= 2 && weekdays < len(s.dates)/2 {
				t.Errorf("only %d of %d days compared", weekdays, len(s.dates))
			}
			for i, m := range res.Calendar.Moons {
				if saysDiffers(res.Losses, m.Name) {
					continue // the tool counts it in a way Kanka cannot follow, and the import says so
				}
				runs := d.fullRuns(i, s)
				kanka := fullDays(r, m.Name, m.Fullmoon, m.Offset, s.first-1, s.first+int64(len(s.dates)))
				for _, run := range runs {
					if !anyFull(kanka, s.first-1, run.a-1, run.b+1) {
						date, _ := r.DateOf(run.a)
						t.Errorf("moon %s: the source shows it full on %s, Kanka not within a day", m.Name, date)
					}
				}
				if want := int(float64(len(s.dates))/m.Fullmoon) - 1; len(runs) < want {
					t.Errorf("moon %s: %d full moons compared, want at least %d", m.Name, len(runs), want)
				}
			}
		})
	}
}

// TestAnchoredOnCurrentDate: on the current date itself the weekday is
// the source's, and the moons' phases are within a day of the source's
// full moons nearest to it; a tool whose moons kanka takes by its own
// formula (Calendarium) gets that offset.
func TestAnchoredOnCurrentDate(t *testing.T) {
	for _, f := range importFiles {
		res, d, err := convert(readTestdata(t, f.file), Auto)
		if err != nil {
			t.Fatal(err)
		}
		r, err := res.Calendar.Reckoning()
		if err != nil {
			t.Fatalf("%s: %v", f.file, err)
		}
		cur := d.date()
		if want, ok := d.src.weekday(cur); ok {
			if got, _, _ := r.Weekday(cur); got != want {
				t.Errorf("%s: on %s weekday %d, the source's %d", f.file, cur, got, want)
			}
		}
		for i := range res.Calendar.Moons {
			at, _ := r.Ordinal(cur)
			m := res.Calendar.Moons[i]
			if d.ownMoons {
				// The tool's own offset, whatever the days near the
				// current date show.
				if own, ok := d.ownOffset(i, r); !ok || int64(m.Offset) != own {
					t.Errorf("%s: moon %d's offset is %d, not the tool's own %d (%v)", f.file, i, m.Offset, own, ok)
				}
				continue
			}
			full, _ := r.DateOf(int64(m.Offset))
			if far := abs64(int64(m.Offset) - at); far > int64(float64(moonCycles+1)*m.Fullmoon) {
				t.Errorf("%s: moon %d's offset %s is far from the current date %s", f.file, i, full, cur)
			}
			if isFull, ok := d.src.full(i, full); !ok || !isFull {
				t.Errorf("%s: moon %d's offset is day %s, on which the source does not show it full", f.file, i, full)
			}
			phases, _ := r.MoonPhases(full)
			if !hasFull(phases, m.Name) {
				t.Errorf("%s: Kanka does not show moon %d full on its offset day %s", f.file, i, full)
			}
		}
	}
}

// saysDiffers reports whether the losses say moon name's full moons differ
// from the tool's.
func saysDiffers(losses []string, name string) bool {
	for _, l := range losses {
		if strings.HasPrefix(l, "moon "+name+": its full moons differ") {
			return true
		}
	}
	return false
}

func hasFull(phases []almanac.MoonPhase, name string) bool {
	for _, p := range phases {
		if p.Moon == name && p.Phase == almanac.PhaseFull {
			return true
		}
	}
	return false
}
