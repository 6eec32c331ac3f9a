package presets

import (
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// The canon of each setting's preset, through the almanac: the year's
// length, common and leap, the weekday of a known day, the moons' cycles.

func TestHarptos(t *testing.T) {
	shape(t, "harptos", 17, 10, 1)
	r := reckoning(t, "harptos")
	yearLengths(t, r, map[int]int64{1371: 365, 1372: 366, 1491: 365, 1492: 366, 1493: 365, 1496: 366})
	// Shieldmeet is the second day of Midsummer, in leap years only.
	if err := r.Check(mustDate(t, "1492-10-2")); err != nil {
		t.Errorf("Shieldmeet 1492: %v", err)
	}
	if err := r.Check(mustDate(t, "1491-10-2")); err == nil || err.Error() != "day 2 of Midsummer exists only in leap years" {
		t.Errorf("Shieldmeet 1491: %v", err)
	}
	// Every month starts a tenday; the festivals stand outside it.
	for m := 1; m <= 17; m++ {
		want := "First-day"
		if r.Calendar().Months[m-1].Intercalary {
			want = ""
		}
		for _, y := range []int{1372, 1491, 1492} {
			if got := weekday(t, r, almanac.Date{Year: y, Month: m, Day: 1}); got != want {
				t.Errorf("%d-%d-1 is %q, want %q", y, m, got, want)
			}
		}
	}
	wantWeekdays(t, r, map[string]string{"1492-4-19": "Ninth-day", "1492-17-30": "Tenth-day"})
	// Selûne is full at midnight on Hammer 1, 1372 DR, and every 30 days
	// 10.5 hours after; so on the first day of every leap year.
	wantPhase(t, r, "Selûne", almanac.PhaseFull, "4-1-1", "1372-1-1", "1492-1-1", "1496-1-1")
	start, err := r.Ordinal(mustDate(t, "1372-1-1"))
	if err != nil {
		t.Fatal(err)
	}
	full := phaseDays(t, r, "Selûne", almanac.PhaseFull, mustDate(t, "1372-1-1"), mustDate(t, "1500-17-30"))
	for m, ord := range full {
		// Midnight plus m cycles of 30 days 10.5 hours (487/16 days).
		if want := start + int64(m)*487/16; ord != want {
			d, _ := r.DateOf(ord)
			t.Fatalf("full moon %d after Hammer 1372 is on %s (day %d), want day %d", m, d, ord, want)
		}
	}
	if len(full) != 48*129/4+1 {
		t.Errorf("%d full moons in 1372-1500 DR", len(full))
	}
	wantCycle(t, r, "Selûne", 30.4375, mustDate(t, "1480-1-1"), mustDate(t, "1500-1-1"))
}

func TestGreyhawk(t *testing.T) {
	shape(t, "greyhawk", 16, 7, 2)
	r := reckoning(t, "greyhawk")
	yearLengths(t, r, map[int]int64{576: 364, 591: 364, 592: 364})
	if r.IsLeapYear(592) {
		t.Error("592 CY is a leap year")
	}
	// Every month and festival starts on Starday; Richfest 4 is a Godsday.
	for m := 1; m <= 16; m++ {
		if got := weekday(t, r, almanac.Date{Year: 591, Month: m, Day: 1}); got != "Starday" {
			t.Errorf("591-%d-1 is a %s, want Starday", m, got)
		}
	}
	wantWeekdays(t, r, map[string]string{"591-9-4": "Godsday", "576-9-4": "Godsday", "591-1-7": "Freeday"})
	// Luna new on Needfest 4, full on Fireseek 11 (and the 11th of the
	// months that follow it); Celene full on the 4th of each festival;
	// both full on Richfest 4 alone.
	wantPhase(t, r, "Luna", almanac.PhaseNew, "591-1-4")
	wantPhase(t, r, "Luna", almanac.PhaseFull, "591-2-11", "591-3-11", "591-4-11", "591-9-4")
	wantPhase(t, r, "Celene", almanac.PhaseFull, "591-1-4", "591-5-4", "591-9-4", "591-13-4", "592-1-4")
	luna := phaseDays(t, r, "Luna", almanac.PhaseFull, mustDate(t, "591-1-1"), mustDate(t, "591-16-28"))
	celene := phaseDays(t, r, "Celene", almanac.PhaseFull, mustDate(t, "591-1-1"), mustDate(t, "591-16-28"))
	var both []string
	for _, l := range luna {
		for _, c := range celene {
			if l == c {
				d, _ := r.DateOf(l)
				both = append(both, d.String())
			}
		}
	}
	if len(luna) != 13 || len(celene) != 4 || len(both) != 1 || both[0] != "591-9-4" {
		t.Errorf("591 CY: %d full moons of Luna, %d of Celene, both full on %v; want 13, 4, [591-9-4]", len(luna), len(celene), both)
	}
	wantCycle(t, r, "Luna", 28, mustDate(t, "590-1-1"), mustDate(t, "592-16-28"))
	wantCycle(t, r, "Celene", 91, mustDate(t, "590-1-1"), mustDate(t, "592-16-28"))
}

func TestEberron(t *testing.T) {
	shape(t, "eberron", 12, 7, 12)
	r := reckoning(t, "eberron")
	yearLengths(t, r, map[int]int64{998: 336, 1000: 336})
	// Every month starts on Sul: 1 Zarantyr 998 YK is a Sul, and 28 days
	// later 1 Olarune.
	for m := 1; m <= 12; m++ {
		if got := weekday(t, r, almanac.Date{Year: 998, Month: m, Day: 1}); got != "Sul" {
			t.Errorf("998-%d-1 is a %s, want Sul", m, got)
		}
	}
	wantWeekdays(t, r, map[string]string{"998-1-4": "Wir", "998-12-28": "Sar"})
	// Each moon's orbit, from Zarantyr's 28 days to Vult's 105.
	for i, m := range r.Calendar().Moons {
		wantCycle(t, r, m.Name, float64(28+7*i), mustDate(t, "990-1-1"), mustDate(t, "1000-12-28"))
	}
	if got := r.Calendar().Moons[11].Name; got != "Vult" {
		t.Errorf("the twelfth moon is %s", got)
	}
}

func TestGolarion(t *testing.T) {
	shape(t, "golarion", 12, 7, 1)
	r := reckoning(t, "golarion")
	// A leap day ends Calistril every 4 years, as the Lost Omens books have it.
	yearLengths(t, r, map[int]int64{4704: 366, 4708: 366, 4722: 365, 4723: 365, 4724: 366, 4725: 365, 4728: 366})
	if err := r.Check(mustDate(t, "4728-2-29")); err != nil {
		t.Errorf("Calistril 29, 4728: %v", err)
	}
	wantWeekdays(t, r, map[string]string{"4725-1-1": "Wealday", "4725-1-5": "Sunday", "4725-1-6": "Moonday"})
	wantPhase(t, r, "Somal", almanac.PhaseFull, "4725-1-13")
	wantCycle(t, r, "Somal", 29.530588853, mustDate(t, "4720-1-1"), mustDate(t, "4730-12-31"))
}

func TestExandria(t *testing.T) {
	shape(t, "exandria", 11, 7, 2)
	r := reckoning(t, "exandria")
	yearLengths(t, r, map[int]int64{835: 328, 836: 328, 843: 328})
	// 328 days are 46 weeks and 6 days: each year starts a day earlier in
	// the week than the one before.
	wantWeekdays(t, r, map[string]string{"836-1-1": "Miresen", "837-1-1": "Da'leysen", "835-1-1": "Grissen", "836-11-32": "Yulisen"})
	wantCycle(t, r, "Catha", 33, mustDate(t, "830-1-1"), mustDate(t, "840-11-32"))
	wantCycle(t, r, "Ruidus", 164, mustDate(t, "830-1-1"), mustDate(t, "840-11-32"))
	wantPhase(t, r, "Catha", almanac.PhaseFull, "0-1-1")
}
