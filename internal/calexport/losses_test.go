package calexport_test

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/calexport"
	"github.com/kanka-cli/kanka/internal/presets"
)

// What each format loses is said exactly, one line each, in the order the
// file is written: years, the week, moons, names, the suffix; a loss that
// changes days ends with the first day that differs, counting from the
// current date.
func TestLossesAreSaidExactly(t *testing.T) {
	preset := func(name string, change func(*client.CalendarInput)) client.CalendarInput {
		p, err := presets.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		if change != nil {
			change(&p.Input)
		}
		return p.Input
	}
	for _, c := range []struct {
		name   string
		cal    client.CalendarInput
		format calexport.Format
		want   []string
	}{
		{"Exandria, its week starting on Conthsen", preset("exandria", nil), calexport.FantasyCalendar, []string{
			"first day: Fantasy-Calendar's importer ignores first_day and starts the first year on Miresen: set its First week day (Weekdays) to Conthsen (first_day 4) after importing, or every weekday differs; the first day that differs, counting from the current date, is 836-1-1",
			`year suffix: Fantasy-Calendar has none: "PD" is not written`,
		}},
		{"Harptos", preset("harptos", nil), calexport.FantasyCalendar, []string{
			"month aliases: Fantasy-Calendar has no second name for a month: 12 aliases are not written",
			"year names: Fantasy-Calendar has no year names: 6 names (1358 to 1492) are not written",
			`year suffix: Fantasy-Calendar has none: "DR" is not written`,
		}},
		{"Harptos", preset("harptos", nil), calexport.SimpleCalendar, []string{
			"month aliases: Simple Calendar has no second name for a month: 12 aliases are not written",
			`year names: Simple Calendar names the years before 1358 too, counting its names back: 1331 shows "Year of Blue Fire"`,
		}},
		{"Harptos", preset("harptos", nil), calexport.Calendarium, []string{
			"moon Selûne: Calendarium leaves the days outside the week (intercalary months and their leap days) out of its moon count, so its phases move a day for each of them; the first day that differs, counting from the current date, is 1491-16-1",
			"year names: Calendarium names years only as a list from year 1 on, every year up to the last named, and none after: 6 names (1358 to 1492) are not written",
			`year suffix: Calendarium has none: "DR" is not written`,
		}},
		{"Harptos on Shieldmeet", preset("harptos", func(in *client.CalendarInput) {
			in.Date = &client.Date{Year: 1492, Month: 10, Day: 2}
			in.Years, in.Suffix, in.Moons = nil, nil, nil
		}), calexport.Calendarium, []string{
			"current date: Calendarium's importer takes no current date in year 0 or on a leap day: 1492-10-2 is written as 1492-10-1",
		}},
		{"Greyhawk in year 0", preset("greyhawk", func(in *client.CalendarInput) {
			in.Date, in.Suffix = &client.Date{Year: 0, Month: 2, Day: 3}, nil
		}), calexport.Calendarium, []string{
			"year 0: Calendarium has no year 0 (its year 1 follows year -1); the first day that differs, counting from the current date, is 0-2-3",
			"current date: Calendarium's importer takes no current date in year 0 or on a leap day: 0-2-3 is written as 1-2-3",
		}},
		{"leap years from 1500", withLeap(t, "harptos", 1500, 4, 1, func(in *client.CalendarInput) {
			in.Years, in.Suffix = nil, nil
		}), calexport.SimpleCalendar, []string{
			"leap years: Simple Calendar has no first leap year: the years before 1500 that fit the rule (every 4 years) are leap years there too (1492 is one); the first day that differs, counting from the current date, is 1492-10-2",
			"month aliases: Simple Calendar has no second name for a month: 12 aliases are not written",
		}},
		{"leap years taking a day off", withLeap(t, "greyhawk", 3, 4, -1, nil), calexport.FantasyCalendar, []string{
			"leap years: Fantasy-Calendar's leap days only add days; this calendar's leap years take 1 off Fireseek: they are not written; the first day that differs, counting from the current date, is 591-2-28",
			`year suffix: Fantasy-Calendar has none: "CY" is not written`,
		}},
		{"no year 0 near year 0", withLeap(t, "golarion", 4, 4, 1, func(in *client.CalendarInput) {
			skip := true
			in.SkipYearZero, in.Suffix, in.Moons = &skip, nil, nil
			in.Date = &client.Date{Year: 2, Month: 3, Day: 10}
		}), calexport.SimpleCalendar, []string{
			"year 0: Simple Calendar has a year 0, which this calendar skips (its year 1 follows year -1 here); the first day that differs, counting from the current date, is 0-12-31",
			"leap years: Simple Calendar has no first leap year: the years before 4 that fit the rule (every 4 years) are leap years there too (-4 is one); the first day that differs, counting from the current date, is -4-2-29",
		}},
		{"leap years from year 1", withLeap(t, "gregorian", 1, 4, 1, nil), calexport.Calendarium, []string{
			"weekdays: Calendarium counts the leap days before a year with the leap day's offset added, not taken off (leapDaysBeforeYear): its weekdays differ in some years for a rule that starts on year 1 of every 4; the first day that differs, counting from the current date, is 2025-12-31",
			"moon Moon: Calendarium counts the leap days before a year with the leap day's offset added, not taken off: its phases move in some years; the first day that differs, counting from the current date, is 2025-12-4",
		}},
		{"a moon of three days", preset("eberron", func(in *client.CalendarInput) {
			in.Moons, in.Suffix = []client.Moon{{Name: "Quick", Fullmoon: 2.6, Offset: 1}}, nil
		}), calexport.FantasyCalendar, []string{
			"moon Quick: a cycle of 2.6 days is too short for Fantasy-Calendar's 4 phases: some full moons show on no day or on the next; the first day that differs, counting from the current date, is 998-1-3",
		}},
		{"a moon of three days", preset("eberron", func(in *client.CalendarInput) {
			in.Moons, in.Suffix = []client.Moon{{Name: "Quick", Fullmoon: 2.6, Offset: 1}}, nil
		}), calexport.SimpleCalendar, nil},
		{"a moon of half a day", preset("eberron", func(in *client.CalendarInput) {
			in.Moons, in.Suffix = []client.Moon{{Name: "Blur", Fullmoon: 0.5}}, nil
		}), calexport.SimpleCalendar, []string{
			"moon Blur: its cycle of 0.5 days is not one of a day or more, which Simple Calendar needs: it is not written",
		}},
	} {
		t.Run(c.name+" "+string(c.format), func(t *testing.T) {
			res, err := calexport.Export(&client.Calendar{CalendarInput: c.cal}, nil, c.format)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(res.Texts(), "\n"); got != strings.Join(c.want, "\n") {
				t.Errorf("losses:\n%s\nwant\n%s", got, strings.Join(c.want, "\n"))
			}
			for _, l := range res.Losses {
				if named := strings.Contains(l.Text, "the first day that differs"); named != (l.Differs != nil) ||
					named && !strings.HasSuffix(l.Text, " is "+l.Differs.String()) {
					t.Errorf("%q names day %v", l.Text, l.Differs)
				}
			}
		})
	}
}
