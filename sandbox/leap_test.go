package sandbox

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// The sandbox counts leap days by the service's rules (calendar-time.md),
// with the almanac, in both modes, where its own rule used to differ: a
// leap interval below 1 counts as 1, an amount of 0 makes leap years
// without days, a negative amount removes days but leaves a month 1.

// leapCalendar is Hammer (30), Midwinter (1, intercalary) and Alturiak
// (30), leap years every 4 from 4, changed by the JSON changes.
func leapCalendar(t *testing.T, changes string) string {
	t.Helper()
	if changes == "" {
		changes = "{}"
	}
	return with(t, `{"name":"Harptos","month_name":["Hammer","Midwinter","Alturiak"],"month_length":[30,1,30],
		"month_type":["standard","intercalary","standard"],"weekday":["A","B"],
		"has_leap_year":true,"leap_year_amount":1,"leap_year_month":2,"leap_year_offset":4,"leap_year_start":4}`, changes)
}

// leapServer serves a state file holding one calendar made from body, its
// stored fields then changed by edit (to reach what no write can store).
func leapServer(t *testing.T, live bool, body string, edit map[string]any) *Server {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sandbox.json")
	s := newServer(t, Options{Live: live, DataPath: path})
	mustCreate(t, s, body)
	if len(edit) == 0 {
		return s
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var st map[string]any
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	cal := st["calendars"].([]any)[0].(map[string]any)
	for k, v := range edit {
		if _, ok := cal[k]; !ok {
			t.Fatalf("the state file has no %q", k)
		}
		cal[k] = v
	}
	if err := os.WriteFile(path, mustJSON(t, st), 0o600); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestWeatherOnLeapDaysBothModes(t *testing.T) {
	type try struct {
		date string // Y-M-D
		// fields is the 422's fields in document mode, "" for accepted;
		// the live service checks no date and accepts them all.
		fields string
	}
	for _, tc := range []struct {
		name    string
		changes string
		edit    map[string]any
		tries   []try
	}{
		{name: "every 4 years from 4", tries: []try{
			{"1488-2-2", ""}, {"4-2-2", ""},
			{"1489-2-2", `{"day":["The day must be between 1 and 1."]}`},
			{"0-2-2", `{"day":["The day must be between 1 and 1."]}`},
			{"-4-2-2", `{"day":["The day must be between 1 and 1."]}`},
			{"1488-2-3", `{"day":["The day must be between 1 and 2."]}`},
		}},
		// No write stores an interval below 1 with leap years on: a state
		// file can.
		{name: "interval 0 counts as 1", edit: map[string]any{"leap_year_offset": 0}, tries: []try{
			{"1489-2-2", ""}, {"4-2-2", ""},
			{"3-2-2", `{"day":["The day must be between 1 and 1."]}`},
		}},
		{name: "interval -4 counts as 1", edit: map[string]any{"leap_year_offset": -4}, tries: []try{
			{"1491-2-2", ""},
			{"1-2-2", `{"day":["The day must be between 1 and 1."]}`},
		}},
		{name: "amount 0 adds no day", changes: `{"leap_year_amount":0}`, tries: []try{
			{"1488-2-1", ""},
			{"1488-2-2", `{"day":["The day must be between 1 and 1."]}`},
		}},
		{name: "a negative amount leaves a month 1 day", changes: `{"leap_year_amount":-1}`, tries: []try{
			{"1488-2-1", ""}, {"1489-2-1", ""},
			{"1488-2-2", `{"day":["The day must be between 1 and 1."]}`},
		}},
		{name: "a negative amount removes days", changes: `{"leap_year_amount":-5,"leap_year_month":1}`, tries: []try{
			{"1488-1-25", ""}, {"1489-1-30", ""},
			{"1488-1-26", `{"day":["The day must be between 1 and 25."]}`},
		}},
		{name: "year 0 skipped", changes: `{"skip_year_zero":true}`, tries: []try{
			{"-1-1-1", ""}, {"1-1-1", ""},
			{"0-1-1", `{"year":["The selected year is invalid."]}`},
		}},
	} {
		for _, live := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/live=%v", tc.name, live), func(t *testing.T) {
				s := leapServer(t, live, leapCalendar(t, tc.changes), tc.edit)
				for _, tr := range tc.tries {
					var y, m, d int
					if _, err := fmt.Sscanf(tr.date, "%d-%d-%d", &y, &m, &d); err != nil {
						t.Fatal(err)
					}
					w := send(t, s, "POST", base+"calendars/1/calendar_weather", fmt.Sprintf(`{"year":%d,"month":%d,"day":%d,"weather":"sun"}`, y, m, d))
					switch {
					case live || tr.fields == "":
						if w.Code != 200 && w.Code != 201 {
							t.Errorf("%s: %d %s, want it accepted", tr.date, w.Code, w.Body)
						}
					default:
						expectFields(t, w.Body.Bytes(), w.Code, tr.fields)
					}
				}
			})
		}
	}
}

// The current date is kept inside its month. The document's service
// counts that month in that year, leap days included: Shieldmeet stays the
// date, a day a negative amount removes does not. The live service clamps
// to the month's base length (its sanitizer reads month_length[] alone):
// a write never sets a leap day, and keeps a day the leap year removes.
func TestCurrentDateOnLeapDaysBothModes(t *testing.T) {
	for _, tc := range []struct {
		name, changes, date, want, wantLive string
	}{
		{"Shieldmeet in a leap year", `{}`, "1488-2-2", "1488-2-2", "1488-2-1"},
		{"Shieldmeet in a common year", `{}`, "1489-2-2", "1489-2-1", "1489-2-1"},
		{"leap start and month left to their defaults", `{"leap_year_start":null,"leap_year_month":null,"leap_year_offset":null,"month_length":[30,30,30]}`, "7-1-31", "7-1-31", "7-1-30"},
		{"amount 0", `{"leap_year_amount":0}`, "1488-2-2", "1488-2-1", "1488-2-1"},
		{"a negative amount in a leap year", `{"leap_year_amount":-1,"leap_year_month":1}`, "1488-1-30", "1488-1-29", "1488-1-30"},
		{"a negative amount in a common year", `{"leap_year_amount":-1,"leap_year_month":1}`, "1489-1-30", "1489-1-30", "1489-1-30"},
		{"a negative amount leaves 1 day", `{"leap_year_amount":-1}`, "1488-2-1", "1488-2-1", "1488-2-1"},
	} {
		for _, live := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/live=%v", tc.name, live), func(t *testing.T) {
				var y, m, d int
				if _, err := fmt.Sscanf(tc.date, "%d-%d-%d", &y, &m, &d); err != nil {
					t.Fatal(err)
				}
				body := with(t, leapCalendar(t, tc.changes), fmt.Sprintf(`{"current_year":%d,"current_month":%d,"current_day":%d}`, y, m, d))
				s := newServer(t, Options{Live: live})
				w := send(t, s, "POST", base+"calendars", body)
				if w.Code != 200 && w.Code != 201 {
					t.Fatalf("create: %d %s", w.Code, w.Body)
				}
				want := tc.want
				if live {
					want = tc.wantLive
				}
				if got := dataOf(t, w)["date"]; got != want {
					t.Errorf("date %v, want %s", got, want)
				}
				// A full update sending the date back stores the same.
				w = send(t, s, "PUT", base+"calendars/1", with(t, body, fmt.Sprintf(`{"current_day":%d}`, d)))
				if got := dataOf(t, w)["date"]; got != want {
					t.Errorf("after an update: date %v, want %s", got, want)
				}
			})
		}
	}
}

// A season may start on a day only leap years have (Shieldmeet), or only
// common years; not on a day no year has.
func TestSeasonOnLeapDayBothModes(t *testing.T) {
	for _, live := range []bool{false, true} {
		s := newServer(t, Options{Live: live})
		for _, tc := range []struct {
			changes, fields string
		}{
			{`{"season_name":["Festival"],"season_month":[2],"season_day":[2]}`, ""},
			{`{"season_name":["Festival"],"season_month":[2],"season_day":[3]}`, `{"season_day.0":["The season day.0 must be between 1 and 2."]}`},
			{`{"has_leap_year":false,"season_name":["Festival"],"season_month":[2],"season_day":[2]}`, `{"season_day.0":["The season day.0 must be between 1 and 1."]}`},
			{`{"leap_year_amount":-1,"leap_year_month":1,"season_name":["Late"],"season_month":[1],"season_day":[30]}`, ""},
			{`{"leap_year_month":null,"season_name":["Early"],"season_month":[1],"season_day":[31]}`, ""}, // the leap month defaults to 1
		} {
			w := send(t, s, "POST", base+"calendars", leapCalendar(t, tc.changes))
			if tc.fields == "" {
				if w.Code != 200 && w.Code != 201 {
					t.Errorf("live=%v %s: %d %s", live, tc.changes, w.Code, w.Body)
				}
				continue
			}
			expectFields(t, w.Body.Bytes(), w.Code, tc.fields)
		}
	}
}
