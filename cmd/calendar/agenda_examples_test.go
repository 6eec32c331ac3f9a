package calendar

import (
	"encoding/json"
	"strings"
	"testing"
)

// The agenda on every worked example of the service's rules (reminders.md,
// "Worked examples"): each example's calendar and reminders as the service
// answers them, the agenda's JSON dates exactly.

// TINY: Hammer 30, Midwinter 1 (intercalary), Tarsakh 28 (+1 in years 4,
// 8, 12, ...), Flamerule 31; year 0 exists; moon id 3 of period 10 and
// offset 2.
const tinyCalendar = `{"id":12,"name":"Tiny","entity_id":40,"date":"0-1-1",` +
	`"months":[{"name":"Hammer","length":30,"type":"standard"},{"name":"Midwinter","length":1,"type":"intercalary"},` +
	`{"name":"Tarsakh","length":28,"type":"standard"},{"name":"Flamerule","length":31,"type":"standard"}],` +
	`"weekdays":["A","B","C","D","E"],"years":[],"seasons":[],` +
	`"moons":[{"name":"Selune","fullmoon":"10","offset":2,"colour":"white","id":3}],` +
	`"start_offset":0,"suffix":"","has_leap_year":true,"skip_year_zero":false,` +
	`"leap_year_amount":1,"leap_year_month":3,"leap_year_offset":4,"leap_year_start":4}`

// PAIR: First 30, Second 30, skip_year_zero; moon id 1 of period 29.5 and
// offset 0.
const pairCalendar = `{"id":12,"name":"Pair","entity_id":40,"date":"1-1-1",` +
	`"months":[{"name":"First","length":30,"type":"standard"},{"name":"Second","length":30,"type":"standard"}],` +
	`"weekdays":["A","B","C","D","E"],"years":[],"seasons":[],` +
	`"moons":[{"name":"Moon","fullmoon":"29.5","offset":0,"id":1}],` +
	`"start_offset":0,"suffix":"","has_leap_year":false,"skip_year_zero":true}`

// twoCalendar is the engine's own tests' calendar: two 30-day months, a
// moon of period 10 and offset 0 (id 1).
const twoCalendar = `{"id":12,"name":"Two","entity_id":40,"date":"0-1-1",` +
	`"months":[{"name":"One","length":30,"type":"standard"},{"name":"Two","length":30,"type":"standard"}],` +
	`"weekdays":["A","B","C","D","E"],"years":[],"seasons":[],` +
	`"moons":[{"name":"Ten","fullmoon":"10","offset":0,"id":1}],` +
	`"start_offset":0,"suffix":"","has_leap_year":false,"skip_year_zero":false}`

func TestAgendaOnTheWorkedExamples(t *testing.T) {
	wide := []string{"--from", "-3-1-1", "--to", "20-4-31"}
	cases := []struct {
		name      string
		calendar  string
		reminders []string
		window    []string
		want      string
	}{
		{"1 one-off over a month end and an intercalary month", tinyCalendar,
			[]string{storedReminder(1, 12, 40, "5-1-29", 4, "", "", "")}, wide,
			"5-1-29 5-1-30 5-2-1 5-3-1"},
		{"2 one-off begun before the window", tinyCalendar,
			[]string{storedReminder(1, 12, 40, "1-1-28", 5, "", "", "")}, []string{"--from", "1-2-1", "--to", "1-3-5"},
			"1-2-1 1-3-1"},
		{"3 yearly on a leap day: skipped, not clamped", tinyCalendar,
			[]string{storedReminder(1, 12, 40, "4-3-29", 1, "", "year", "")}, []string{"--from", "1-1-1", "--to", "13-4-31"},
			"4-3-29 8-3-29 12-3-29"},
		{"4 monthly on day 30: short months skipped", tinyCalendar,
			[]string{storedReminder(1, 12, 40, "1-1-30", 1, "", "month", "")}, []string{"--from", "0-1-1", "--to", "2-1-30"},
			"1-1-30 1-4-30 2-1-30"},
		{"5 monthly until 1, intercalary month included", tinyCalendar,
			[]string{storedReminder(1, 12, 40, "1-1-1", 1, "", "month", "1")}, []string{"--from", "0-1-1", "--to", "3-4-31"},
			"1-1-1 1-2-1 1-3-1 1-4-1"},
		{"6 yearly until 2 spills into 3", tinyCalendar,
			[]string{storedReminder(1, 12, 40, "1-4-30", 3, "", "year", "2")}, wide,
			"1-4-30 1-4-31 2-1-1 2-4-30 2-4-31 3-1-1"},
		{"7 full moons from the own date", tinyCalendar,
			[]string{storedReminder(1, 12, 40, "0-1-10", 1, "", "3_f", "")}, []string{"--from", "0-1-1", "--to", "0-3-10"},
			"0-1-13 0-1-23 0-3-2"},
		{"8 waxing crescents of two days", tinyCalendar,
			[]string{storedReminder(1, 12, 40, "0-1-1", 2, "", "3_waxing_crescent", "")}, []string{"--from", "0-1-1", "--to", "0-3-10"},
			"0-1-9 0-1-10 0-1-19 0-1-20 0-1-29 0-1-30 0-3-8 0-3-9"},
		{"9 nothing: a moon gone, yearly, an own date that does not exist, another calendar's", tinyCalendar,
			[]string{storedReminder(1, 12, 40, "0-1-1", 1, "", "1_f", ""), storedReminder(2, 12, 40, "0-1-1", 1, "", "yearly", ""),
				storedReminder(3, 12, 40, "1-3-29", 1, "", "year", ""), storedReminder(4, 13, 40, "0-1-5", 1, "", "", "")}, wide,
			""},
		{"10 PAIR monthly across the missing year 0", pairCalendar,
			[]string{storedReminder(1, 12, 40, "-1-2-9", 2, "", "month", "")}, []string{"--from", "-1-2-1", "--to", "1-1-15"},
			"-1-2-9 -1-2-10 1-1-9 1-1-10"},
		{"11 PAIR new moons (days 14, 44, 73, 103)", pairCalendar,
			[]string{storedReminder(1, 12, 40, "1-1-1", 1, "", "1_n", "")}, []string{"--from", "1-1-1", "--to", "2-2-30"},
			"1-1-15 1-2-15 2-1-14 2-2-14"},
		{"12 monthly of 3 days begun before the window", twoCalendar,
			[]string{storedReminder(1, 12, 40, "0-1-30", 3, "", "month", "")}, []string{"--from", "0-2-1", "--to", "0-2-2"},
			"0-2-1 0-2-2"},
		{"12 the next full moon after 0-1-2", twoCalendar,
			[]string{storedReminder(1, 12, 40, "0-1-2", 1, "", "1_f", "")}, []string{"--from", "0-1-2", "--to", "0-1-11"},
			"0-1-11"},
		{"12 the next waxing crescent after 0-1-2", twoCalendar,
			[]string{storedReminder(1, 12, 40, "0-1-2", 1, "", "1_waxing_crescent", "")}, []string{"--from", "0-1-2", "--to", "0-1-7"},
			"0-1-7"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := newCTEnv(t, "json", answer("GET calendars/12", tc.calendar),
				answer("GET calendars/12/reminders", reminderPage(1, 1, len(tc.reminders), tc.reminders...)))
			if err := env.run(append([]string{"agenda", "12"}, tc.window...)...); err != nil {
				t.Fatal(err)
			}
			var entries []struct {
				Date     string `json:"date"`
				Reminder int    `json:"reminder_id"`
			}
			if err := json.Unmarshal(env.Out.Bytes(), &entries); err != nil {
				t.Fatalf("%v: %s", err, env.Out)
			}
			var dates []string
			for _, e := range entries {
				dates = append(dates, e.Date)
			}
			if got := strings.Join(dates, " "); got != tc.want {
				t.Errorf("agenda %v\n got %q\nwant %q", tc.window, got, tc.want)
			}
		})
	}
}
