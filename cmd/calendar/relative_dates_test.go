package calendar

import "testing"

// --date counted from today moves the current date from the date as read,
// with the calendar's days: the record's 1492-3-12 less 12 days is day 2
// of Midwinter, which the leap year 1492 has.
func TestUpdateDateCountedFromToday(t *testing.T) {
	record := readTestdata(t, "record.json")
	for _, tc := range []struct {
		text, want string
		y, m, d    int
	}{
		{"-12", "1492-2-2", 1492, 2, 2},
		{"+20", "1492-4-2", 1492, 4, 2},
		{"yesterday", "1492-3-11", 1492, 3, 11},
	} {
		t.Run(tc.text, func(t *testing.T) {
			env := newTestEnv(t, "id",
				exchange{"GET", "calendars/12", "", 200, data(record)},
				exchange{"PUT", "calendars/12", putBody(t, map[string]any{"current_year": tc.y, "current_month": tc.m, "current_day": tc.d}), 200, data(withDate(record, tc.want))},
			)
			if err := env.run("update", "12", "--date", tc.text); err != nil {
				t.Fatal(err)
			}
			env.WantSent("GET calendars/12", "PUT calendars/12")
		})
	}
}

// A calendar being created has no date to count from; a count that can be
// no date is refused as the flag is read. Nothing is sent.
func TestRelativeDateRefusedBeforeAnyRequest(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"create", "--name", "New", "--month", "A:30", "--month", "B:30", "--weekday", "X", "--weekday", "Y", "--date", "today"},
			"--date today: a calendar being created has no current date to count from: give the date itself (1492-4-1)"},
		{[]string{"update", "12", "--date", "+x"}, `--date: "+x" is not a date: +N is N days after today, N a whole number (+3)`},
		{[]string{"update", "12", "--date", "today+3"}, `--date: "today+3" is not a date: write +3 for 3 days after today`},
	} {
		env := newTestEnv(t, "id")
		wantUsage(t, env.run(tc.args...), tc.want)
		if env.Calls() != 0 {
			t.Errorf("%v: %d requests", tc.args, env.Calls())
		}
	}
}
