package almanac

import "testing"

func TestParseDate(t *testing.T) {
	r := mustNew(t, harptos())
	cases := []struct {
		in   string
		want Date
	}{
		{"1492-4-3", date(1492, 4, 3)},
		{" 1492 - 4 - 3 ", date(1492, 4, 3)},
		{"1492-Ches-3", date(1492, 4, 3)},
		{"1492-ches-3", date(1492, 4, 3)},
		{"1492-CH-3", date(1492, 4, 3)},
		{"1492-the claw of the sunsets-3", date(1492, 4, 3)},
		{"1492-Feast of the Moon-1", date(1492, 16, 1)},
		{"3 Ches 1492", date(1492, 4, 3)},
		{"3  ches   1492", date(1492, 4, 3)},
		{"3 Ches 1492 DR", date(1492, 4, 3)},
		{"3 Ches, 1492 dr", date(1492, 4, 3)},
		{"3 Ches, Year of Three Ships Sailing DR", date(1492, 4, 3)},
		{"3 Ches, year of three ships sailing", date(1492, 4, 3)},
		{"1 Feast of the Moon 1492", date(1492, 16, 1)},
		{"2 Midsummer 1492", date(1492, 10, 2)},
		{"-12-3-1", date(-12, 3, 1)},
		{"-12-Alturiak-1", date(-12, 3, 1)},
		{"1 Hammer -12", date(-12, 1, 1)},
		{"5 deepwinter 0", date(0, 1, 5)},
	}
	for _, c := range cases {
		got, err := r.ParseDate(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseDate(%q) = %s, %v; want %s", c.in, got, err, c.want)
		}
	}
}

func TestParseDateErrors(t *testing.T) {
	r := mustNew(t, harptos())
	cases := map[string]string{
		"1492-M-3":                    `month "M" is ambiguous: it may be Midwinter (month 2), Mirtul (The Melting, month 7), Midsummer (month 10), Marpenoth (Leaffall, month 14)`,
		"1492-the claw-3":             `month "the claw" is ambiguous: it may be Alturiak (The Claw of Winter, month 3), Ches (The Claw of the Sunsets, month 4), Tarsakh (The Claw of the Storms, month 5)`,
		"1492-Rain-3":                 `month "Rain" does not exist in this calendar`,
		"1492-18-3":                   "month 18 does not exist: the calendar has 17 months",
		"1492-4-31":                   "day 31 does not exist: Ches has 30 days",
		"2 Midsummer 1491":            "day 2 of Midsummer exists only in leap years",
		"3 Ches, Year of Rain":        `"Year of Rain" is neither a year number nor the name of a year`,
		"yesterday":                   `"yesterday" counts from the calendar's current date, and the calendar has none`,
		"3 Ches":                      `"3 Ches" is not a date: write DAY MONTH YEAR (3 Ches 1492)`,
		"99999999999999999999-1-1":    "year 99999999999999999999 is out of range: years go from -1000000000000 to 1000000000000",
		"1492-1-99999999999999999999": "day 99999999999999999999 does not exist",
		"":                            `"" is not a date: write YEAR-MONTH-DAY (1492-4-3, 1492-Ches-3) or DAY MONTH YEAR (3 Ches 1492)`,
	}
	for in, want := range cases {
		_, err := r.ParseDate(in)
		if err == nil || err.Error() != want {
			t.Errorf("ParseDate(%q) = %v\n want %s", in, err, want)
		}
	}
	c := harptos()
	c.SkipYearZero = true
	z := mustNew(t, c)
	if _, err := z.ParseDate("0-1-1"); err == nil || err.Error() != "year 0 does not exist in this calendar" {
		t.Errorf("ParseDate(0-1-1) with skip_year_zero = %v", err)
	}
}

func TestParseMonth(t *testing.T) {
	r := mustNew(t, harptos())
	for in, want := range map[string]int{"4": 4, "Ches": 4, "CHES": 4, "hammer": 1, "Deepwinter": 1, "Midsu": 10,
		"midw": 2, "feast": 16, "Feast  of the moon": 16, "Highsun": 11, "Ma": 14} {
		got, err := r.ParseMonth(in)
		if err != nil || got != want {
			t.Errorf("ParseMonth(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for in, want := range map[string]string{
		"":   "no month given",
		"0":  "month 0 does not exist: the calendar has 17 months",
		"-1": "month -1 does not exist: the calendar has 17 months",
		// A prefix of an alias counts as much as one of a name.
		"high": `month "high" is ambiguous: it may be Eleasis (Highsun, month 11), Highharvestide (month 13)`,
	} {
		_, err := r.ParseMonth(in)
		if err == nil || err.Error() != want {
			t.Errorf("ParseMonth(%q) = %v, want %s", in, err, want)
		}
	}
}

// A mistyped month suggests the nearest name or alias in its message, so
// every reader of months (a flag, a file, a date) says it alike.
func TestParseMonthSuggestsTheNearestMonth(t *testing.T) {
	r := mustNew(t, harptos())
	for in, want := range map[string]string{
		"Chess":      `month "Chess" does not exist in this calendar; did you mean "Ches"?`,
		"Tarskah":    `month "Tarskah" does not exist in this calendar; did you mean "Tarsakh"?`,
		"Deepwintre": `month "Deepwintre" does not exist in this calendar; did you mean "Deepwinter"?`,
		"Rain":       `month "Rain" does not exist in this calendar`,
	} {
		_, err := r.ParseMonth(in)
		if err == nil || err.Error() != want {
			t.Errorf("ParseMonth(%q) = %v, want %s", in, err, want)
		}
	}
	if _, err := r.ReadDate("3 Chess 1492"); err == nil || err.Error() != `month "Chess" does not exist in this calendar; did you mean "Ches"?` {
		t.Errorf("ReadDate(3 Chess 1492) = %v", err)
	}
}

func TestParseMonthExactBeatsPrefix(t *testing.T) {
	r := mustNew(t, Calendar{Months: []Month{{Name: "Mid", Length: 1}, {Name: "Midsummer", Length: 1}, {Name: "Twin", Length: 1}, {Name: "twin", Length: 1}}})
	if m, err := r.ParseMonth("mid"); err != nil || m != 1 {
		t.Errorf("ParseMonth(mid) = %d, %v; want 1 (an exact name beats a prefix)", m, err)
	}
	if _, err := r.ParseMonth("TWIN"); err == nil || err.Error() != `month "TWIN" is ambiguous: it may be Twin (month 3), twin (month 4)` {
		t.Errorf("ParseMonth(TWIN) = %v", err)
	}
}

func TestFormat(t *testing.T) {
	r := mustNew(t, harptos())
	for d, want := range map[Date]string{
		date(1492, 4, 3):  "3 Ches, Year of Three Ships Sailing DR",
		date(1492, 1, 1):  "1 Hammer, Year of Three Ships Sailing DR",
		date(1500, 16, 1): "1 Feast of the Moon, 1500 DR",
		date(-12, 3, 1):   "1 Alturiak, -12 DR",
	} {
		if got := r.Format(d); got != want {
			t.Errorf("Format(%s) = %q, want %q", d, got, want)
		}
		if back, err := r.ParseDate(r.Format(d)); err != nil || back != d {
			t.Errorf("ParseDate(Format(%s)) = %s, %v", d, back, err)
		}
	}
	c := twoMonths()
	if got := mustNew(t, c).Format(date(3, 2, 1)); got != "1 Two, 3" {
		t.Errorf("Format without a suffix = %q, want %q", got, "1 Two, 3")
	}
	if got := date(-12, 3, 1).String(); got != "-12-3-1" {
		t.Errorf("String = %q", got)
	}
}
