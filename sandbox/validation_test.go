package sandbox

import (
	"encoding/json"
	"strings"
	"testing"
)

// with returns the JSON object base changed by the keys of changes; a key
// set to null in changes is removed.
func with(t *testing.T, base, changes string) string {
	t.Helper()
	var b, c map[string]json.RawMessage
	if err := json.Unmarshal([]byte(base), &b); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(changes), &c); err != nil {
		t.Fatal(err)
	}
	for k, v := range c {
		if string(v) == "null" {
			delete(b, k)
		} else {
			b[k] = v
		}
	}
	return string(mustJSON(t, b))
}

// expectFields checks a 422 and its "fields" map.
func expectFields(t *testing.T, body []byte, status int, wantFields string) {
	t.Helper()
	if status != 422 {
		t.Fatalf("status %d, want 422; body %s", status, body)
	}
	var got struct {
		Code   int             `json:"code"`
		Error  string          `json:"error"`
		Fields json.RawMessage `json:"fields"`
	}
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	if got.Code != 422 || got.Error == "" {
		t.Fatalf("422 body %s", body)
	}
	if !jsonEqual(t, got.Fields, []byte(wantFields)) {
		t.Fatalf("fields %s\nwant   %s", got.Fields, compact(t, wantFields))
	}
}

func TestCalendarValidation(t *testing.T) {
	long := func(n int) string { return `"` + strings.Repeat("é", n) + `"` }
	tests := []struct {
		name, changes, fields string
	}{
		{"name missing", `{"name":null}`, `{"name":["The name field is required."]}`},
		{"name empty", `{"name":""}`, `{"name":["The name field is required."]}`},
		{"name 192 characters", `{"name":` + long(192) + `}`, `{"name":["The name must not be greater than 191 characters."]}`},
		{"name not a string", `{"name":12}`, `{"name":["The name must be a string."]}`},
		{"type 192 characters", `{"type":` + long(192) + `}`, `{"type":["The type must not be greater than 191 characters."]}`},
		{"suffix 192 characters", `{"suffix":` + long(192) + `}`, `{"suffix":["The suffix must not be greater than 191 characters."]}`},
		{"month_name missing", `{"month_name":null}`, `{"month_name":["The month name field is required."]}`},
		{"month_name one item", `{"month_name":["A"],"month_length":[3]}`, `{"month_name":["The month name must have at least 2 items."],"month_length":["The month length must have at least 2 items."]}`},
		{"month_name not an array", `{"month_name":"Hammer"}`, `{"month_name":["The month name must be an array."]}`},
		{"month name empty item", `{"month_name":["A",""]}`, `{"month_name.1":["The month name.1 field is required."]}`},
		{"month_length missing", `{"month_length":null}`, `{"month_length":["The month length field is required."]}`},
		{"month_length not aligned", `{"month_length":[30,30,30]}`, `{"month_length":["The month length must have as many items as month name."]}`},
		{"month_length below 1", `{"month_length":[30,0]}`, `{"month_length.1":["The month length.1 must be at least 1."]}`},
		{"month_length not a number", `{"month_length":["x",30]}`, `{"month_length.0":["The month length.0 must be an integer."]}`},
		{"month_type unknown", `{"month_type":["standard","leap"]}`, `{"month_type.1":["The selected month type.1 is invalid."]}`},
		{"month_type not aligned", `{"month_type":["standard"]}`, `{"month_type":["The month type must have as many items as month name."]}`},
		{"month_alias not aligned", `{"month_alias":["a","b","c"]}`, `{"month_alias":["The month alias must have as many items as month name."]}`},
		{"weekday missing", `{"weekday":null}`, `{"weekday":["The weekday field is required."]}`},
		{"weekday one item", `{"weekday":["Only"]}`, `{"weekday":["The weekday must have at least 2 items."]}`},
		{"year_number missing", `{"year_name":["Y"]}`, `{"year_number":["The year number field is required when year name is present."]}`},
		{"years not aligned", `{"year_name":["Y"],"year_number":[1,2]}`, `{"year_number":["The year number must have as many items as year name."]}`},
		{"season month outside", `{"season_name":["S"],"season_month":[3],"season_day":[1]}`, `{"season_month.0":["The season month.0 must be between 1 and 2."]}`},
		{"season day outside its month", `{"season_name":["S","T"],"season_month":[1,2],"season_day":[30,29]}`, `{"season_day.1":["The season day.1 must be between 1 and 28."]}`},
		{"season day missing", `{"season_name":["S"],"season_month":[1]}`, `{"season_day":["The season day field is required when season name is present."]}`},
		{"seasons not aligned", `{"season_name":["S"],"season_month":[1,2],"season_day":[1]}`, `{"season_month":["The season month must have as many items as season name."]}`},
		{"moon fullmoon missing", `{"moon_name":["M"]}`, `{"moon_fullmoon":["The moon fullmoon field is required when moon name is present."]}`},
		{"moon fullmoon not a number", `{"moon_name":["M"],"moon_fullmoon":["often"]}`, `{"moon_fullmoon.0":["The moon fullmoon.0 must be a number."]}`},
		{"moons not aligned", `{"moon_name":["M"],"moon_fullmoon":[28],"moon_colour":["red","blue"]}`, `{"moon_colour":["The moon colour must have as many items as moon name."]}`},
		{"leap amount too big", `{"leap_year_amount":129}`, `{"leap_year_amount":["The leap year amount must be between -128 and 128."]}`},
		{"leap amount too small", `{"leap_year_amount":-129}`, `{"leap_year_amount":["The leap year amount must be between -128 and 128."]}`},
		{"leap offset 0 with leap years", `{"has_leap_year":true,"leap_year_offset":0}`, `{"leap_year_offset":["The leap year offset must be between 1 and 255."]}`},
		{"leap start 256 with leap years", `{"has_leap_year":"1","leap_year_start":256}`, `{"leap_year_start":["The leap year start must be between 1 and 255."]}`},
		{"leap month outside", `{"has_leap_year":true,"leap_year_month":3}`, `{"leap_year_month":["The leap year month must be between 1 and 2."]}`},
		{"leap month 0 with leap years", `{"has_leap_year":true,"leap_year_month":0}`, `{"leap_year_month":["The leap year month must be between 1 and 2."]}`},
		{"leap month not a number", `{"leap_year_month":"x"}`, `{"leap_year_month":["The leap year month must be an integer."]}`},
		{"format letters", `{"format":"Y/m/d"}`, `{"format":["The format format is invalid: only y, m, M, d, s, spaces, commas and dashes are allowed."]}`},
		{"format too long", `{"format":"yyyyyyyyyyyyyyyyyyyyy"}`, `{"format":["The format must not be greater than 20 characters."]}`},
		{"start offset 100", `{"start_offset":100}`, `{"start_offset":["The start offset must be between 0 and 99."]}`},
		{"start offset negative", `{"start_offset":-1}`, `{"start_offset":["The start offset must be between 0 and 99."]}`},
		{"is_private not boolean", `{"is_private":"yes"}`, `{"is_private":["The is private field must be true or false."]}`},
		{"tag not an id", `{"tags":["a"]}`, `{"tags.0":["The tags.0 must be an integer."]}`},
		{"current year not a number", `{"current_year":"soon"}`, `{"current_year":["The current year must be an integer."]}`},
	}
	valid := `{"name":"Harptos","month_name":["Hammer","Alturiak"],"month_length":[30,28],"weekday":["A","B"]}`
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newServer(t, Options{})
			w := send(t, s, "POST", base+"calendars", with(t, valid, tt.changes))
			expectFields(t, w.Body.Bytes(), w.Code, tt.fields)
			// A refused write leaves nothing behind.
			if n := len(s.store.(*memStore).st.Calendars); n != 0 {
				t.Fatalf("%d calendars stored after a 422", n)
			}
		})
	}
	t.Run("valid edges pass", func(t *testing.T) {
		s := newServer(t, Options{})
		w := send(t, s, "POST", base+"calendars", with(t, valid, `{"name":`+long(191)+`,"suffix":`+long(191)+`,"format":"y-m-d, M s","start_offset":99,
			"leap_year_amount":-128,"has_leap_year":false,"leap_year_offset":0,"leap_year_start":0,"leap_year_month":2,
			"season_name":["S"],"season_month":[2],"season_day":[28]}`))
		expect(t, w, 200, "")
	})
}

func TestValidationErrorSaysHowManyMore(t *testing.T) {
	s := newServer(t, Options{})
	expect(t, send(t, s, "POST", base+"calendars", `{}`), 422, `{"code":422,
		"error":"The name field is required. (and 3 more errors)",
		"fields":{"name":["The name field is required."],"month_name":["The month name field is required."],
			"month_length":["The month length field is required."],"weekday":["The weekday field is required."]}}`)
	expect(t, send(t, s, "POST", base+"calendars", `{"month_name":["a","b"],"month_length":[1,1],"weekday":["a","b"]}`), 422,
		`{"code":422,"error":"The name field is required.","fields":{"name":["The name field is required."]}}`)
	expect(t, send(t, s, "POST", base+"calendars", `{"month_name":["a","b"],"month_length":[1,1],"weekday":["a"]}`), 422,
		`{"code":422,"error":"The name field is required. (and 1 more error)","fields":{"name":["The name field is required."],"weekday":["The weekday must have at least 2 items."]}}`)
}

func TestUpdateValidation(t *testing.T) {
	created := `{"name":"Harptos","month_name":["Hammer","Alturiak"],"month_length":[30,28],"weekday":["A","B"]}`
	tests := []struct {
		name   string
		live   bool
		body   string
		status int
		fields string
	}{
		{"nothing is required", false, `{}`, 200, ""},
		{"nothing is required live", true, `{}`, 200, ""},
		{"months sent must be complete", false, `{"month_name":["A","B"]}`, 422, `{"month_length":["The month length field is required."]}`},
		{"weekday sent must have 2", false, `{"weekday":["A"]}`, 422, `{"weekday":["The weekday must have at least 2 items."]}`},
		{"name sent may not be empty", false, `{"name":""}`, 422, `{"name":["The name field is required."]}`},
		{"seasons checked against kept months", false, `{"season_name":["S"],"season_month":[2],"season_day":[29]}`, 422, `{"season_day.0":["The season day.0 must be between 1 and 28."]}`},
		{"seasons fit kept months", false, `{"season_name":["S"],"season_month":[2],"season_day":[28]}`, 200, ""},
		{"live: seasons without months meet wiped months", true, `{"season_name":["S"],"season_month":[1],"season_day":[1]}`, 422, `{"season_month.0":["The season month.0 must be between 1 and 0."]}`},
		{"leap fields as read back without leap years", false, `{"has_leap_year":false,"leap_year_month":0,"leap_year_offset":0,"leap_year_start":0,"leap_year_amount":0}`, 200, ""},
		{"leap fields as read back without leap years live", true, `{"has_leap_year":false,"leap_year_month":0,"leap_year_offset":0,"leap_year_start":0}`, 200, ""},
		{"leap offset checked when the stored calendar has leap years", false, `{"has_leap_year":true,"leap_year_offset":300}`, 422, `{"leap_year_offset":["The leap year offset must be between 1 and 255."]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newServer(t, Options{Live: tt.live})
			mustCreate(t, s, created)
			w := send(t, s, "PATCH", base+"calendars/1", tt.body)
			if tt.status != 422 {
				expect(t, w, tt.status, "")
				return
			}
			expectFields(t, w.Body.Bytes(), w.Code, tt.fields)
			if got := dataOf(t, send(t, s, "GET", base+"calendars/1", ""))["months"]; len(got.([]any)) != 2 {
				t.Fatalf("a refused update changed the months: %v", got)
			}
		})
	}
}
