package presets

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

func TestNames(t *testing.T) {
	want := []string{"eberron", "exandria", "golarion", "gregorian", "greyhawk", "harptos"}
	if got := Names(); !slices.Equal(got, want) {
		t.Errorf("Names() = %v, want %v", got, want)
	}
}

// Every preset is a calendar file `calendar create -f` takes as it is: it
// decodes, is a valid calendar to create, and is dated in its usual year.
func TestEveryPresetIsAValidCalendar(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			p := mustGet(t, name)
			if p.Name != name || p.Setting == "" || p.Description == "" || len(p.YAML) == 0 {
				t.Errorf("preset %+v lacks its name, setting, description or file", p)
			}
			if err := p.Input.Validate(); err != nil {
				t.Fatalf("not a valid calendar: %v", err)
			}
			if p.Input.Date == nil || p.Input.Date.Year != p.UsualYear {
				t.Errorf("date %v, want one in the usual year %d", p.Input.Date, p.UsualYear)
			}
			if p.Input.Type == nil || p.Input.Entry == nil || p.Input.Name == "" {
				t.Errorf("name %q, type %v, entry %v: each preset has all three", p.Input.Name, p.Input.Type, p.Input.Entry)
			}
			if _, err := p.Input.Reckoning(); err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(p.YAML, []byte("# ")) {
				t.Error("the file does not start with the comment that names its sources")
			}
		})
	}
}

// Each Get is a copy: changing one preset's input leaves the next alone.
func TestGetGivesAFreshCopy(t *testing.T) {
	p := mustGet(t, "harptos")
	p.Input.Months[0].Name = "Changed"
	p.Input.Name = "Changed"
	if again := mustGet(t, "harptos"); again.Input.Months[0].Name != "Hammer" || again.Input.Name != "Calendar of Harptos" {
		t.Errorf("a change to one copy reached the next: %q, %q", again.Input.Months[0].Name, again.Input.Name)
	}
}

func TestGetTakesAnyCase(t *testing.T) {
	if p, err := Get(" Harptos "); err != nil || p.Name != "harptos" {
		t.Errorf("Get(\" Harptos \") = %q, %v", p.Name, err)
	}
}

func TestGetUnknown(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"harptso", `unknown preset "harptso"; did you mean "harptos"? (one of eberron, exandria, golarion, gregorian, greyhawk, harptos)`},
		{"greyhwak", `unknown preset "greyhwak"; did you mean "greyhawk"? (one of eberron, exandria, golarion, gregorian, greyhawk, harptos)`},
		{"krynn", `unknown preset "krynn": use one of eberron, exandria, golarion, gregorian, greyhawk, harptos`},
		{"", `unknown preset "": use one of eberron, exandria, golarion, gregorian, greyhawk, harptos`},
	} {
		if _, err := Get(tc.name); err == nil || err.Error() != tc.want {
			t.Errorf("Get(%q) = %v\nwant %s", tc.name, err, tc.want)
		}
	}
}

func TestDaysInCommonYear(t *testing.T) {
	for name, want := range map[string]int{"eberron": 336, "exandria": 328, "golarion": 365, "gregorian": 365, "greyhawk": 364, "harptos": 365} {
		if got := mustGet(t, name).DaysInCommonYear(); got != want {
			t.Errorf("%s: %d days, want %d", name, got, want)
		}
	}
}

func mustGet(t *testing.T, name string) Preset {
	t.Helper()
	p, err := Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// reckoning is the arithmetic of the preset, as kanka counts its days.
func reckoning(t *testing.T, name string) *almanac.Reckoning {
	t.Helper()
	r, err := mustGet(t, name).Input.Reckoning()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// shape checks the number of months, weekdays and moons of a preset.
func shape(t *testing.T, name string, months, weekdays, moons int) {
	t.Helper()
	in := mustGet(t, name).Input
	if len(in.Months) != months || len(in.Weekdays) != weekdays || len(in.Moons) != moons {
		t.Errorf("%s: %d months, %d weekdays, %d moons; want %d, %d, %d", name, len(in.Months), len(in.Weekdays), len(in.Moons), months, weekdays, moons)
	}
}

// yearLengths checks the length of each year.
func yearLengths(t *testing.T, r *almanac.Reckoning, want map[int]int64) {
	t.Helper()
	for y, days := range want {
		if got, err := r.YearLength(y); err != nil || got != days {
			t.Errorf("year %d: %d days (%v), want %d", y, got, err, days)
		}
	}
}

// weekday is the name of d's weekday, "" for a day that has none.
func weekday(t *testing.T, r *almanac.Reckoning, d almanac.Date) string {
	t.Helper()
	i, ok, err := r.Weekday(d)
	if err != nil {
		t.Fatalf("weekday of %s: %v", d, err)
	}
	if !ok {
		return ""
	}
	return r.Calendar().Weekdays[i]
}

// wantWeekdays checks the weekday of each date ("Y-M-D").
func wantWeekdays(t *testing.T, r *almanac.Reckoning, want map[string]string) {
	t.Helper()
	for date, name := range want {
		if got := weekday(t, r, mustDate(t, date)); got != name {
			t.Errorf("%s is a %s, want %s", date, got, name)
		}
	}
}

func mustDate(t *testing.T, s string) almanac.Date {
	t.Helper()
	d, err := almanac.ParseNumeric(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// phaseDays are the day numbers from first to last (included) on which the
// moon named moon shows phase.
func phaseDays(t *testing.T, r *almanac.Reckoning, moon string, phase almanac.Phase, first, last almanac.Date) []int64 {
	t.Helper()
	from, err := r.Ordinal(first)
	if err != nil {
		t.Fatal(err)
	}
	to, err := r.Ordinal(last)
	if err != nil {
		t.Fatal(err)
	}
	var out []int64
	for ord := from; ord <= to; ord++ {
		d, err := r.DateOf(ord)
		if err != nil {
			t.Fatal(err)
		}
		phases, err := r.MoonPhases(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range phases {
			if p.Moon == moon && p.Phase == phase {
				out = append(out, ord)
			}
		}
	}
	return out
}

// wantCycle checks that the full moons of moon from first to last are
// spaced by the whole days around its cycle (both when it is a fraction),
// and that there are as many as the span holds.
func wantCycle(t *testing.T, r *almanac.Reckoning, moon string, cycle float64, first, last almanac.Date) {
	t.Helper()
	full := phaseDays(t, r, moon, almanac.PhaseFull, first, last)
	if len(full) < 2 {
		t.Fatalf("%s: %d full moons from %s to %s", moon, len(full), first, last)
	}
	lo, hi := int64(cycle), int64(cycle)
	if float64(lo) != cycle {
		hi = lo + 1
	}
	for i := 1; i < len(full); i++ {
		if gap := full[i] - full[i-1]; gap < lo || gap > hi {
			d, _ := r.DateOf(full[i])
			t.Errorf("%s: %d days between full moons up to %s, want %d to %d", moon, gap, d, lo, hi)
		}
	}
	span := float64(full[len(full)-1] - full[0])
	if n := float64(len(full) - 1); span/n < cycle-0.5 || span/n > cycle+0.5 {
		t.Errorf("%s: %d full moons in %v days: a cycle of %.4f, want %v", moon, len(full), span, span/n, cycle)
	}
}

// wantPhase checks the phase moon shows on each date ("Y-M-D").
func wantPhase(t *testing.T, r *almanac.Reckoning, moon string, phase almanac.Phase, dates ...string) {
	t.Helper()
	for _, date := range dates {
		phases, err := r.MoonPhases(mustDate(t, date))
		if err != nil {
			t.Fatal(err)
		}
		var shown []string
		found := false
		for _, p := range phases {
			shown = append(shown, p.Moon+" "+p.Phase.String())
			found = found || p.Moon == moon && p.Phase == phase
		}
		if !found {
			t.Errorf("%s: %s is not %s (shows %s)", date, moon, phase, strings.Join(shown, ", "))
		}
	}
}
