package monthgrid

import (
	"encoding/json"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// The test calendars are the almanac's own (examples/harptos.yaml and the
// spec's worked examples), so weekdays and moons are the service's.

// harptos is examples/harptos.yaml: twelve 30-day months of three tendays,
// five one-day festivals outside the week, Shieldmeet after Midsummer every
// 4 years, Selûne full every 30.4375 days.
func harptos() almanac.Calendar {
	std := func(name, alias string) almanac.Month { return almanac.Month{Name: name, Alias: alias, Length: 30} }
	fest := func(name string) almanac.Month { return almanac.Month{Name: name, Length: 1, Intercalary: true} }
	return almanac.Calendar{
		Months: []almanac.Month{
			std("Hammer", "Deepwinter"), fest("Midwinter"), std("Alturiak", "The Claw of Winter"),
			std("Ches", "The Claw of the Sunsets"), std("Tarsakh", "The Claw of the Storms"), fest("Greengrass"),
			std("Mirtul", "The Melting"), std("Kythorn", "The Time of Flowers"), std("Flamerule", "Summertide"),
			fest("Midsummer"), std("Eleasis", "Highsun"), std("Eleint", "The Fading"), fest("Highharvestide"),
			std("Marpenoth", "Leaffall"), std("Uktar", "The Rotting"), fest("Feast of the Moon"),
			std("Nightal", "The Drawing Down"),
		},
		Weekdays: []string{"First-day", "Second-day", "Third-day", "Fourth-day", "Fifth-day",
			"Sixth-day", "Seventh-day", "Eighth-day", "Ninth-day", "Tenth-day"},
		Years:   map[int]string{1491: "Year of the Scarlet Witch", 1492: "Year of Three Ships Sailing"},
		Seasons: []almanac.Season{{Name: "Spring", Month: 4, Day: 19}, {Name: "Summer", Month: 8, Day: 20}, {Name: "Autumn", Month: 12, Day: 21}, {Name: "Winter", Month: 17, Day: 20}},
		Moons:   []almanac.Moon{{Name: "Selûne", Fullmoon: "30.4375"}},
		Suffix:  "DR",
		Leap:    almanac.LeapRule{Enabled: true, Amount: 1, Month: 10, Offset: 4, Start: 4},
	}
}

// gregorian is a Gregorian-like calendar: 7 weekdays, February gaining a
// day every 4 years from year 4 (the spec's leap-day example), a moon of
// 29.5305888531 days and four seasons. Its weekdays are the service's
// count from day 0, not the real world's.
func gregorian() almanac.Calendar {
	lengths := []int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	names := []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
	c := almanac.Calendar{
		Weekdays: []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"},
		Seasons:  []almanac.Season{{Name: "Spring", Month: 3, Day: 20}, {Name: "Summer", Month: 6, Day: 21}, {Name: "Autumn", Month: 9, Day: 22}, {Name: "Winter", Month: 12, Day: 21}},
		Moons:    []almanac.Moon{{Name: "Moon", Fullmoon: "29.5305888531"}},
		Leap:     almanac.LeapRule{Enabled: true, Amount: 1, Month: 2, Offset: 4, Start: 4},
		Suffix:   "AD",
	}
	for i, n := range names {
		c.Months = append(c.Months, almanac.Month{Name: n, Length: lengths[i]})
	}
	return c
}

// twoMonths is the service's test calendar (two 30-day months, 5
// weekdays) with start_offset 2: no moons, no seasons, no year names.
func twoMonths() almanac.Calendar {
	return almanac.Calendar{
		Months:      []almanac.Month{{Name: "One", Length: 30}, {Name: "Two", Length: 30}},
		Weekdays:    []string{"A", "B", "C", "D", "E"},
		StartOffset: 2,
	}
}

func reckon(t testing.TB, c almanac.Calendar) *almanac.Reckoning {
	t.Helper()
	r, err := almanac.New(c)
	if err != nil {
		t.Fatalf("almanac.New: %v", err)
	}
	return r
}

func day(y, m, d int) *almanac.Date { return &almanac.Date{Year: y, Month: m, Day: d} }

// weather is an entry as the server sends it, field order and all.
func weather(id, y, m, d int, kind string) Weather {
	raw, _ := json.Marshal(struct {
		ID      int    `json:"id"`
		Weather string `json:"weather"`
		Day     int    `json:"day"`
		Month   int    `json:"month"`
		Year    int    `json:"year"`
		Temp    string `json:"temperature"`
	}{id, kind, d, m, y, ""})
	return Weather{Date: almanac.Date{Year: y, Month: m, Day: d}, Code: kind, Raw: raw}
}

// ches1492 is the month of the issue: Ches 1492 DR, Selûne full on the
// 1st, Spring from the 19th, weather on the 3rd and 12th, today the 12th
// (and an entry of another month, which is not shown).
func ches1492(t testing.TB) Input {
	return Input{
		Reckoning: reckon(t, harptos()), CalendarID: 7, CalendarName: "Calendar of Harptos",
		Year: 1492, Month: 4, Today: day(1492, 4, 12),
		Weather: []Weather{
			weather(11, 1492, 4, 3, "snowflake"), weather(12, 1492, 4, 12, "cloud"),
			weather(13, 1492, 4, 12, "wind"), weather(14, 1492, 5, 3, "sun"),
		},
	}
}

func mustGrid(t testing.TB, in Input) *Grid {
	t.Helper()
	g, err := New(in)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return g
}
