package almanac

import "testing"

// harptos is examples/harptos.yaml as the command layer will hand it over.
func harptos() Calendar {
	std := func(name, alias string) Month { return Month{Name: name, Alias: alias, Length: 30} }
	fest := func(name string) Month { return Month{Name: name, Length: 1, Intercalary: true} }
	return Calendar{
		Months: []Month{
			std("Hammer", "Deepwinter"), fest("Midwinter"), std("Alturiak", "The Claw of Winter"),
			std("Ches", "The Claw of the Sunsets"), std("Tarsakh", "The Claw of the Storms"), fest("Greengrass"),
			std("Mirtul", "The Melting"), std("Kythorn", "The Time of Flowers"), std("Flamerule", "Summertide"),
			fest("Midsummer"), std("Eleasis", "Highsun"), std("Eleint", "The Fading"), fest("Highharvestide"),
			std("Marpenoth", "Leaffall"), std("Uktar", "The Rotting"), fest("Feast of the Moon"),
			std("Nightal", "The Drawing Down"),
		},
		Weekdays: []string{"First-day", "Second-day", "Third-day", "Fourth-day", "Fifth-day",
			"Sixth-day", "Seventh-day", "Eighth-day", "Ninth-day", "Tenth-day"},
		Years: map[int]string{1358: "Year of Shadows", 1385: "Year of Blue Fire",
			1489: "Year of the Warrior Princess", 1490: "Year of the Star Walker's Return",
			1491: "Year of the Scarlet Witch", 1492: "Year of Three Ships Sailing"},
		Seasons: []Season{{"Spring", 4, 19}, {"Summer", 8, 20}, {"Autumn", 12, 21}, {"Winter", 17, 20}},
		Moons:   []Moon{{Name: "Selûne", Fullmoon: "30.4375"}},
		Suffix:  "DR",
		Leap:    LeapRule{Enabled: true, Amount: 1, Month: 10, Offset: 4, Start: 4},
	}
}

// twoMonths is the calendar of the service's own tests: two 30-day months, 5 weekdays.
func twoMonths() Calendar {
	return Calendar{
		Months:   []Month{{Name: "One", Length: 30}, {Name: "Two", Length: 30}},
		Weekdays: []string{"A", "B", "C", "D", "E"},
	}
}

func mustNew(t testing.TB, c Calendar) *Reckoning {
	t.Helper()
	r, err := New(c)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return r
}

func date(y, m, d int) Date { return Date{Year: y, Month: m, Day: d} }

func mustOrdinal(t testing.TB, r *Reckoning, d Date) int64 {
	t.Helper()
	o, err := r.Ordinal(d)
	if err != nil {
		t.Fatalf("Ordinal(%s): %v", d, err)
	}
	return o
}

func mustAdd(t testing.TB, r *Reckoning, d Date, n int64) Date {
	t.Helper()
	out, err := r.AddDays(d, n)
	if err != nil {
		t.Fatalf("AddDays(%s, %d): %v", d, n, err)
	}
	return out
}

// phasesByDay maps the days of month m of year y to the phase of moon 0 shown on them.
func phasesByDay(t testing.TB, r *Reckoning, y, m int) map[int]Phase {
	t.Helper()
	out := map[int]Phase{}
	n, err := r.MonthLength(y, m)
	if err != nil {
		t.Fatal(err)
	}
	for d := 1; d <= n; d++ {
		ps, err := r.MoonPhases(date(y, m, d))
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) > 0 {
			out[d] = ps[0].Phase
		}
	}
	return out
}
