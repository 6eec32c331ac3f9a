package calimport

import (
	"slices"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
)

var harptosFiles = []string{"harptos-fantasy-calendar.json", "harptos-simple-calendar.json"}

// TestHarptosCanon: the Calendar of Harptos from either tool has 12 months
// of 30 days and 5 festival days outside the week, tendays that start on
// First-day on the first of every month (both files start the week anew
// each month, which Kanka's running week matches since every month is
// three tendays), Shieldmeet after Midsummer every 4 years, and Selûne.
func TestHarptosCanon(t *testing.T) {
	var first client.CalendarInput
	for i, file := range harptosFiles {
		res, err := Convert(readTestdata(t, file), Auto)
		if err != nil {
			t.Fatal(err)
		}
		in := res.Calendar
		festivals := 0
		for _, m := range in.Months {
			switch {
			case m.Type == "intercalary" && m.Length == 1:
				festivals++
			case m.Type == "" && m.Length == 30:
			default:
				t.Errorf("%s: month %+v", file, m)
			}
		}
		if len(in.Months) != 17 || festivals != 5 || len(in.Weekdays) != 10 {
			t.Errorf("%s: %d months, %d festivals, %d weekdays", file, len(in.Months), festivals, len(in.Weekdays))
		}
		r, err := in.Reckoning()
		if err != nil {
			t.Fatal(err)
		}
		for y := 1488; y <= 1500; y++ {
			for m := 1; m <= 17; m++ {
				n, _ := r.MonthLength(y, m)
				for day := 1; day <= n; day++ {
					w, ok, err := r.Weekday(almanac.Date{Year: y, Month: m, Day: day})
					switch {
					case err != nil:
						t.Fatal(err)
					case in.Months[m-1].Type == "intercalary" && ok:
						t.Errorf("%s: %d-%d-%d, a festival, has a weekday", file, y, m, day)
					case in.Months[m-1].Type == "" && (!ok || w != (day-1)%10):
						t.Errorf("%s: %d-%d-%d is %s, want %s", file, y, m, day, in.Weekdays[w], in.Weekdays[(day-1)%10])
					}
				}
			}
			shieldmeet := r.Check(almanac.Date{Year: y, Month: 10, Day: 2}) == nil
			if want := y%4 == 0; shieldmeet != want {
				t.Errorf("%s: Shieldmeet (Midsummer 2) in %d: %v, want %v", file, y, shieldmeet, want)
			}
			if days, _ := r.YearLength(y); days != 365+int64(boolInt(y%4 == 0)) {
				t.Errorf("%s: year %d has %d days", file, y, days)
			}
		}
		if len(in.Moons) != 1 || in.Moons[0].Name != "Selûne" || in.Moons[0].Fullmoon != 30.4375 {
			t.Errorf("%s: moons %+v", file, in.Moons)
		}
		// Both tools' Harptos are the same calendar but for what only one
		// file says (the year names and suffix of Simple Calendar's) and
		// the moon, whose first full moon each file places differently.
		if i == 0 {
			first = in
			continue
		}
		same := client.CalendarFields.Clone(&in)
		same.Years, same.Suffix, same.Moons = first.Years, first.Suffix, first.Moons
		if changes := client.CalendarFields.Changes(&same, &first); len(changes) > 0 {
			t.Errorf("the two Harptos differ: %v", changes)
		}
		if !slices.Equal(in.Weekdays, first.Weekdays) {
			t.Errorf("weekdays differ")
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
