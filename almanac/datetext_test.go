package almanac

import (
	"encoding/json"
	"testing"
)

// "Y-M-D" as the service writes it and kanka prints it in data.
func TestParseNumeric(t *testing.T) {
	for in, want := range map[string]Date{
		"1492-4-3":  date(1492, 4, 3),
		" -12-3-1 ": date(-12, 3, 1),
		"0-17-30":   date(0, 17, 30),
	} {
		if got, err := ParseNumeric(in); err != nil || got != want {
			t.Errorf("ParseNumeric(%q) = %s, %v; want %s", in, got, err, want)
		}
	}
	for in, want := range map[string]string{
		"1492-Ches-3":              `"1492-Ches-3" is not a date of the form YEAR-MONTH-DAY`,
		"3 Ches 1492":              `"3 Ches 1492" is not a date of the form YEAR-MONTH-DAY`,
		"99999999999999999999-1-1": `"99999999999999999999-1-1" has a number too large`,
		"1-99999999999999999999-1": `"1-99999999999999999999-1" has a number too large`,
		"1-1-99999999999999999999": `"1-1-99999999999999999999" has a number too large`,
	} {
		if got, err := ParseNumeric(in); err == nil || err.Error() != want {
			t.Errorf("ParseNumeric(%q) = %s, %v; want %s", in, got, err, want)
		}
	}
}

// A date is one "Y-M-D" string in JSON, both ways.
func TestDateInJSON(t *testing.T) {
	type entry struct {
		Date Date `json:"date"`
	}
	b, err := json.Marshal(entry{date(-12, 3, 1)})
	if err != nil || string(b) != `{"date":"-12-3-1"}` {
		t.Errorf("Marshal = %s, %v", b, err)
	}
	var e entry
	if err := json.Unmarshal([]byte(`{"date":"1492-4-3"}`), &e); err != nil || e.Date != date(1492, 4, 3) {
		t.Errorf("Unmarshal 1492-4-3 = %s, %v", e.Date, err)
	}
	e = entry{date(7, 7, 7)}
	if err := json.Unmarshal([]byte(`{"date":"1492-Ches-3"}`), &e); err == nil || e.Date != date(7, 7, 7) {
		t.Errorf("Unmarshal 1492-Ches-3 = %s, %v; want an error and the date untouched", e.Date, err)
	}
}

// A month's alias written in full is that month, even when it begins
// another month's name.
func TestParseMonthExactAliasBeatsPrefix(t *testing.T) {
	r := mustNew(t, Calendar{Months: []Month{{Name: "Hammer", Alias: "Deep", Length: 30}, {Name: "Deepwinter", Length: 30}}})
	for in, want := range map[string]int{"deep": 1, "DEEP": 1, "deepw": 2, "Hammer": 1} {
		if got, err := r.ParseMonth(in); err != nil || got != want {
			t.Errorf("ParseMonth(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
}
