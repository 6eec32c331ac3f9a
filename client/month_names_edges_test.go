package client_test

import (
	"reflect"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// twoMonths is a calendar input with the months Hammer and Alturiak.
func twoMonths() client.CalendarInput {
	return client.CalendarInput{
		Name:     "Harptos",
		Months:   []client.Month{{Name: "Hammer", Length: 30}, {Name: "Alturiak", Length: 30}},
		Weekdays: []string{"First", "Second"},
	}
}

// Each month written by name is read with the calendar's months, even
// when it is the only name written: the date, a season's month, the leap
// month.
func TestResolveMonthsReadsANameWrittenAlone(t *testing.T) {
	t.Run("date", func(t *testing.T) {
		in := twoMonths()
		in.DateWritten = &client.Written{Text: "3 Alturiak 1492", Where: "--date", Date: true}
		if err := in.ResolveMonths(); err != nil {
			t.Fatal(err)
		}
		if in.DateWritten != nil || in.Date == nil || *in.Date != (client.Date{Year: 1492, Month: 2, Day: 3}) {
			t.Errorf("date %v, written %+v; want 1492-2-3", in.Date, in.DateWritten)
		}
	})
	t.Run("season", func(t *testing.T) {
		in := twoMonths()
		in.Seasons = []client.Season{{Name: "Spring", Day: 5, MonthName: &client.Written{Text: "alturiak", Where: "--season"}}}
		if err := in.ResolveMonths(); err != nil {
			t.Fatal(err)
		}
		if want := []client.Season{{Name: "Spring", Month: 2, Day: 5}}; !reflect.DeepEqual(in.Seasons, want) {
			t.Errorf("seasons %+v, want %+v", in.Seasons, want)
		}
	})
	t.Run("leap month", func(t *testing.T) {
		in := twoMonths()
		in.LeapYearMonthName = &client.Written{Text: "Alturiak", Where: "--leap-year-month"}
		if err := in.ResolveMonths(); err != nil {
			t.Fatal(err)
		}
		if in.LeapYearMonthName != nil || in.LeapYearMonth == nil || *in.LeapYearMonth != 2 {
			t.Errorf("leap month %v, written %+v; want 2", in.LeapYearMonth, in.LeapYearMonthName)
		}
	})
}

// WrittenNames lists the names to read in the order of the file form: the
// date, the seasons' months, the leap month; nothing when none is written.
func TestWrittenNamesInFileOrder(t *testing.T) {
	in := twoMonths()
	if got := in.WrittenNames(); len(got) != 0 {
		t.Errorf("written names %+v, want none", got)
	}
	date := &client.Written{Text: "3 Alturiak 1492", Where: "line 2: date", Date: true}
	spring := &client.Written{Text: "Hammer", Where: "line 5: seasons[0].month"}
	leap := &client.Written{Text: "Alturiak", Where: "line 9: leap_year_month"}
	in.DateWritten, in.LeapYearMonthName = date, leap
	in.Seasons = []client.Season{{Name: "Spring", MonthName: spring}, {Name: "Summer", Month: 2}}
	if got, want := in.WrittenNames(), []*client.Written{date, spring, leap}; !reflect.DeepEqual(got, want) {
		t.Errorf("written names %+v, want %+v", got, want)
	}
}

// leapMonthError is the error of resolving the leap month written text
// with months.
func leapMonthError(months []client.Month, text string) error {
	in := client.CalendarInput{Name: "Harptos", Months: months}
	in.LeapYearMonthName = &client.Written{Text: text, Where: "--leap-year-month"}
	return in.ResolveMonths()
}

// A month that is no month is answered with the month meant, an alias
// included, or else the list of the months: the first 24, then "…". An
// ambiguous name is said by the almanac, which lists the months it may be,
// with nothing added.
func TestMonthNameErrorsHelp(t *testing.T) {
	three := []client.Month{{Name: "Hammer", Length: 30, Alias: "Deepwinter"}, {Name: "Mirtul", Length: 30}, {Name: "Mirror", Length: 30}}
	var many []client.Month
	for i := range 25 {
		many = append(many, client.Month{Name: "Month" + string(rune('A'+i)), Length: 1})
	}
	first24 := "1 MonthA, 2 MonthB, 3 MonthC, 4 MonthD, 5 MonthE, 6 MonthF, 7 MonthG, 8 MonthH, 9 MonthI, 10 MonthJ, 11 MonthK, 12 MonthL, " +
		"13 MonthM, 14 MonthN, 15 MonthO, 16 MonthP, 17 MonthQ, 18 MonthR, 19 MonthS, 20 MonthT, 21 MonthU, 22 MonthV, 23 MonthW, 24 MonthX"
	for _, tc := range []struct {
		name   string
		months []client.Month
		text   string
		want   string
	}{
		{"near an alias", three, "Deepwintr", `--leap-year-month: month "Deepwintr" does not exist in this calendar; did you mean "Deepwinter"?`},
		{"near nothing", three, "Zzzzzzzz", `--leap-year-month: month "Zzzzzzzz" does not exist in this calendar; the months are 1 Hammer, 2 Mirtul, 3 Mirror`},
		{"ambiguous", three, "Mir", `--leap-year-month: month "Mir" is ambiguous: it may be Mirtul (month 2), Mirror (month 3)`},
		{"24 months", many[:24], "Qqqqqqqqqqqqqqqqqq", `--leap-year-month: month "Qqqqqqqqqqqqqqqqqq" does not exist in this calendar; the months are ` + first24},
		{"25 months", many, "Qqqqqqqqqqqqqqqqqq", `--leap-year-month: month "Qqqqqqqqqqqqqqqqqq" does not exist in this calendar; the months are ` + first24 + ", …"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := leapMonthError(tc.months, tc.text); err == nil || err.Error() != tc.want {
				t.Errorf("error %v\nwant %s", err, tc.want)
			}
		})
	}
}
