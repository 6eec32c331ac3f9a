package almanac

import "testing"

// Every form a date is printed in (numeric, short, the service's readable
// form with year names and suffix) reads back as the same date: with month
// names, year names, a suffix, negative years, intercalary months and leap
// days, and in a calendar without names or suffix.
func TestEveryPrintedDateReadsBack(t *testing.T) {
	noNames := twoMonths()
	noNames.Months[1].Name = ""
	negative := harptos()
	negative.Years[-12] = "Year of the Dark Dawn"
	negative.Suffix = ""
	calendars := []struct {
		name  string
		cal   Calendar
		dates []Date
	}{
		{"Harptos", harptos(), []Date{
			date(1492, 4, 3),   // a named year, a month with an alias
			date(1492, 2, 1),   // an intercalary month
			date(1488, 10, 2),  // Shieldmeet, a leap day
			date(1493, 17, 30), // a year without a name
			date(-5, 1, 1),     // a negative year without a name
			date(0, 6, 1),
		}},
		{"negative named years, no suffix", negative, []Date{date(-12, 3, 1), date(-1, 17, 30), date(1492, 1, 1)}},
		{"a month without a name", noNames, []Date{date(7, 2, 30), date(-7, 1, 1)}},
	}
	for _, tc := range calendars {
		r := mustNew(t, tc.cal)
		for _, d := range tc.dates {
			if err := r.Check(d); err != nil {
				t.Fatalf("%s: %s is no day of the calendar: %v", tc.name, d, err)
			}
			for _, printed := range []string{d.String(), r.Format(d), r.FormatShort(d)} {
				got, err := r.ParseDate(printed)
				if err != nil || got != d {
					t.Errorf("%s: %q (printed for %s) reads as %s, %v", tc.name, printed, d, got, err)
				}
				if err := CheckDateShape(printed); err != nil {
					t.Errorf("%s: %q is refused before the calendar is known: %v", tc.name, printed, err)
				}
			}
		}
	}
}

// The printed forms themselves, so that a change to them is seen.
func TestPrintedForms(t *testing.T) {
	r := mustNew(t, harptos())
	for _, tc := range []struct {
		d           Date
		long, short string
	}{
		{date(1492, 4, 3), "3 Ches, Year of Three Ships Sailing DR", "3 Ches 1492"},
		{date(1488, 10, 2), "2 Midsummer, 1488 DR", "2 Midsummer 1488"},
		{date(-5, 1, 1), "1 Hammer, -5 DR", "1 Hammer -5"},
	} {
		if got := r.Format(tc.d); got != tc.long {
			t.Errorf("Format(%s) = %q, want %q", tc.d, got, tc.long)
		}
		if got := r.FormatShort(tc.d); got != tc.short {
			t.Errorf("FormatShort(%s) = %q, want %q", tc.d, got, tc.short)
		}
	}
	if got := ShortDate("", date(1, 2, 3)); got != "1-2-3" {
		t.Errorf("ShortDate without a name = %q", got)
	}
}
