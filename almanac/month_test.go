package almanac

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestMonthViewHarptos(t *testing.T) {
	r := mustNew(t, harptos())
	v, err := r.MonthView(1492, 4)
	if err != nil {
		t.Fatal(err)
	}
	if v.Name != "Ches" || v.Length != 30 || v.Intercalary || !v.LeapYear || len(v.Days) != 30 || len(v.Weekdays) != 10 {
		t.Fatalf("view header = %+v", v)
	}
	d3 := v.Days[2]
	if d3.Date != date(1492, 4, 3) || d3.Weekday == nil || *d3.Weekday != "Third-day" || d3.Column != 2 {
		t.Errorf("3 Ches = %+v", d3)
	}
	if s := v.Days[17]; s.Season == nil || *s.Season != "Winter" || s.SeasonStart {
		t.Errorf("18 Ches = %+v, want in Winter", s)
	}
	if s := v.Days[18]; s.Season == nil || *s.Season != "Spring" || !s.SeasonStart {
		t.Errorf("19 Ches = %+v, want Spring starting", s)
	}
	if s := v.Days[29]; *s.Season != "Spring" || s.SeasonStart {
		t.Errorf("30 Ches = %+v", s)
	}
	// Ches 1492 starts at ordinal 544952 + 61; Selûne is full at 17906
	// cycles: 545013.875 -> 545013, 1 Ches.
	if m := v.Days[0].Moons; len(m) != 1 || m[0] != (MoonPhase{"Selûne", PhaseFull}) {
		t.Errorf("1 Ches moons = %v", m)
	}
	phases := 0
	for _, d := range v.Days {
		phases += len(d.Moons)
	}
	if phases != 8 {
		t.Errorf("%d phases in Ches 1492, want 8", phases)
	}

	mid, err := r.MonthView(1492, 10)
	if err != nil {
		t.Fatal(err)
	}
	if !mid.Intercalary || mid.Length != 2 || mid.Days[1].Weekday != nil || mid.Days[1].Column != 1 {
		t.Errorf("Midsummer 1492 = %+v", mid)
	}
	if _, err := r.MonthView(1492, 18); err == nil || err.Error() != "month 18 does not exist: the calendar has 17 months" {
		t.Errorf("MonthView(1492, 18) = %v", err)
	}
}

func TestMonthViewJSON(t *testing.T) {
	c := twoMonths()
	c.Months = append(c.Months, Month{Name: "Fest", Alias: "Party", Length: 1, Intercalary: true})
	c.Moons = []Moon{{Name: "M", Fullmoon: "16"}}
	c.Seasons = []Season{{"Green", 1, 2}}
	r := mustNew(t, c)
	// Day 0-3-1 is ordinal 60 = 2 * 30: cycle number 30, phase 30 mod 8 = 6.
	v, err := r.MonthView(0, 3)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v)
	want := `{"year":0,"month":3,"name":"Fest","alias":"Party","intercalary":true,"leap_year":false,"length":1,` +
		`"weekdays":["A","B","C","D","E"],"days":[{"date":"0-3-1","weekday":null,"column":0,"moons":[{"moon":"M","phase":"first-quarter"}],"season":"Green","season_start":false}]}`
	if string(b) != want {
		t.Errorf("JSON =\n%s\nwant\n%s", b, want)
	}
	v, _ = r.MonthView(0, 1)
	b, _ = json.Marshal(v.Days[0])
	if want := `{"date":"0-1-1","weekday":"A","column":0,"moons":[{"moon":"M","phase":"full"}],"season":"Green","season_start":false}`; string(b) != want {
		t.Errorf("day 1 JSON = %s, want %s", b, want)
	}
	b, _ = json.Marshal(v.Days[1])
	if !strings.Contains(string(b), `"moons":[],"season":"Green","season_start":true`) {
		t.Errorf("day 2 JSON = %s", b)
	}
}
