package calendar

import (
	"testing"
)

// Months by name: the flags and the file keep the name until the months
// are known (the calendar's, as changed, on update; those being created on
// create), and what is sent is the number. No request is added.

func TestUpdateMonthNamesInFlags(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{
			"season_name": []string{"Spring", "Deep"}, "season_month": []int{4, 1}, "season_day": []int{19, 2},
			"current_year": 1492, "current_month": 4, "current_day": 3,
			"leap_year_month": 2,
		}), 200, data(withDate(record, "1492-4-3"))},
	)
	// A name, an alias in another case, a prefix, and a number.
	err := env.run("update", "12", "--season", "Spring:Ches:19", "--season", "Deep:deepwinter:2",
		"--date", "1492-che-3", "--leap-year-month", "MIDWINTER")
	if err != nil {
		t.Fatal(err)
	}
}

func TestUpdateUnknownMonthNamesTheFlagAndTheNearest(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--season", "Spring:Chess:19"}, `--season "Spring:Chess:19": month "Chess" does not exist in this calendar; did you mean "Ches"?`},
		{[]string{"--date", "1492-Flamerule-1"}, `--date: month "Flamerule" does not exist in this calendar; the months are 1 Hammer, 2 Midwinter, 3 Alturiak, 4 Ches`},
		{[]string{"--leap-year-month", "midwintr"}, `--leap-year-month: month "midwintr" does not exist in this calendar; did you mean "Midwinter"?`},
	}
	for _, tt := range tests {
		t.Run(tt.args[1], func(t *testing.T) {
			// Only the read: nothing is written.
			env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))})
			wantUsage(t, env.run(append([]string{"update", "12"}, tt.args...)...), tt.want)
		})
	}
}

func TestCreateMonthNamesComeFromTheMonthsCreated(t *testing.T) {
	env := newTestEnv(t, "id", noneNamed("X"), exchange{"POST", "calendars",
		`{"name":"X","current_year":3,"current_month":2,"current_day":5,
		  "month_name":["Early","Late"],"month_length":[30,30],"month_type":["standard","standard"],"month_alias":["",""],
		  "weekday":["a","b"],"season_name":["Wet"],"season_month":[2],"season_day":[1],
		  "has_leap_year":true,"leap_year_month":1}`, 201, data(withDate(small(3, "X"), "3-2-5"))})
	err := env.run("create", "--name", "X", "--month", "Early:30", "--month", "Late:30", "--weekday", "a", "--weekday", "b",
		"--date", "5 late 3", "--season", "Wet:Late:1", "--leap-year-month", "ea")
	if err != nil {
		t.Fatal(err)
	}
}

func TestFileMonthNames(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{
			"season_name": []string{"Spring"}, "season_month": []int{4}, "season_day": []int{19},
			"current_year": 1492, "current_month": 1, "current_day": 30,
		}), 200, data(withDate(record, "1492-1-30"))},
	)
	env.In.WriteString("date: 1492-Hammer-30\nseasons:\n  - {name: Spring, month: ches, day: 19}\nleap_year_month: 2\n")
	if err := env.run("update", "12", "-f", "-"); err != nil {
		t.Fatal(err)
	}

	// A month that does not exist names the line, on create before any request.
	env = newTestEnv(t, "id")
	env.In.WriteString(twoMonths + "seasons:\n  - name: S\n    month: Cxyz\n    day: 1\nleap_year_month: Zed\n")
	wantUsage(t, env.run("create", "-f", "-"),
		"standard input: line 8: seasons[1].month: month \"Cxyz\" does not exist in this calendar; the months are 1 A, 2 B\n"+
			"standard input: line 10: leap_year_month: month \"Zed\" does not exist in this calendar; the months are 1 A, 2 B")
}

// What `get -o json` printed (numbers and flags as text, years: []) is a
// valid file, read without rewriting its text.
func TestFileServerJSONScalars(t *testing.T) {
	env := newTestEnv(t, "id", noneNamed("X"), exchange{"POST", "calendars",
		`{"name":"X","month_name":["A","B"],"month_length":[30,31],"month_type":["standard","standard"],"month_alias":["",""],
		  "weekday":["a","b"],"year_number":[],"year_name":[],"skip_year_zero":false,"is_private":true,"start_offset":3,"has_leap_year":false}`,
		201, data(small(3, "X"))})
	env.In.WriteString(`{"id": 7, "name": "X", "months": [{"name": "A", "length": "30"}, {"name": "B", "length": 31}],
	"weekdays": ["a", "b"], "years": [], "skip_year_zero": "0", "is_private": 1, "start_offset": "3", "has_leap_year": false,
	"urls": {"view": "x"}, "entity_id": 4}`)
	if err := env.run("create", "-f", "-"); err != nil {
		t.Fatal(err)
	}
}

// --date reads every form kanka prints: the service's readable form (a
// year by name, the suffix) as advance prints it, the short form of
// tables, and the numbers.
func TestUpdateDateInEveryPrintedForm(t *testing.T) {
	record := readTestdata(t, "record.json")
	for _, date := range []string{"4 Ches, Year of the Scarlet Witch DR", "4 Ches 1491", "1491-4-4", "1491-ches-4", "4 ches, 1491"} {
		env := newTestEnv(t, "id",
			exchange{"GET", "calendars/12", "", 200, data(record)},
			exchange{"PUT", "calendars/12", putBody(t, map[string]any{"current_year": 1491, "current_month": 4, "current_day": 4}),
				200, data(withDate(record, "1491-4-4"))},
		)
		if err := env.run("update", "12", "--date", date); err != nil {
			t.Errorf("--date %q: %v", date, err)
		}
	}
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(record)})
	wantUsage(t, env.run("update", "12", "--date", "4 Ches, Year of Nothing DR"),
		`--date: "Year of Nothing" is neither a year number nor the name of a year`)
}
