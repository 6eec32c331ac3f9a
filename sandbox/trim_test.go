package sandbox

import (
	"encoding/json"
	"testing"
)

func TestLaravelCleanTrimsAndNullsAtEveryDepth(t *testing.T) {
	tests := []struct{ in, want string }{
		{`"Harptos  "`, `"Harptos"`},
		{`" \t\n\u000b\f\r\ufeff\u200bA b\u200b "`, `"A b"`},
		{`""`, `null`},
		{`"   "`, `null`},
		{`"\u00a0x\u00a0"`, "\"\u00a0x\u00a0\""}, // not ASCII white space: kept
		{`[" a ", "", "  ", null, 1.50, true]`, `["a",null,null,null,1.50,true]`},
		{`{"k":[" x ",{"deep":" y "}],"e":""}`, `{"e":null,"k":["x",{"deep":"y"}]}`},
		{`30`, `30`},
		{`"<p>Tom & Jerry</p> "`, `"<p>Tom & Jerry</p>"`},
	}
	for _, tt := range tests {
		if got := laravelClean(json.RawMessage(tt.in)); string(got) != tt.want {
			t.Errorf("%s: %s, want %s", tt.in, got, tt.want)
		}
	}
}

// A calendar body sent with white space around its strings, and empty
// ones: live, stored as the service's middleware leaves them; in document
// mode, as sent.
const untrimmedCalendar = `{"name":"Harptos  ","entry":"  <p>Faerûn</p>\n","type":"","suffix":" DR ",
	"month_name":[" Hammer","Alturiak\t"],"month_length":[" 30","28 "],"month_alias":[""," Deep "],"month_type":["  ","intercalary "],
	"weekday":["A ","  B"],"year_name":[" Year "],"year_number":[" 1492 "],
	"moon_name":[" Selûne "],"moon_fullmoon":[" 30 "],"moon_offset":[" 2"],"moon_colour":[" "],"moon_id":[""]}`

func TestLiveTrimsRequestBodies(t *testing.T) {
	s := newServer(t, Options{Live: true})
	w := send(t, s, "POST", base+"calendars", untrimmedCalendar)
	expect(t, w, 201, "")
	d := dataOf(t, w)
	checks := map[string]string{
		"name":     `"Harptos"`,
		"entry":    `"<p>Faerûn</p>"`,
		"type":     `null`,
		"suffix":   `"DR"`,
		"months":   `[{"name":"Hammer","length":30,"type":"standard","alias":null},{"name":"Alturiak","length":28,"type":"intercalary","alias":"Deep"}]`,
		"weekdays": `["A","B"]`,
		"years":    `{"1492":"Year"}`,
		"moons":    `[{"name":"Selûne","fullmoon":"30","offset":2,"colour":"grey","id":1}]`,
	}
	for k, v := range checks {
		if !jsonEqual(t, mustJSON(t, d[k]), []byte(v)) {
			t.Errorf("%s = %s, want %s", k, mustJSON(t, d[k]), v)
		}
	}
	// A name of white space is null, and null fails the required rule, on
	// create and on update alike.
	const nameRequired = `{"code":422,"error":"The name field is required.","fields":{"name":["The name field is required."]}}`
	expect(t, send(t, s, "POST", base+"calendars", with(t, untrimmedCalendar, `{"name":"  "}`)), 422, nameRequired)
	expect(t, send(t, s, "PUT", base+"calendars/1", with(t, untrimmedCalendar, `{"name":" \t "}`)), 422, nameRequired)
	expect(t, send(t, s, "PATCH", base+"calendars/1", with(t, untrimmedCalendar, `{"name":""}`)), 422, nameRequired)
	if n := len(s.store.(*memStore).st.Calendars); n != 1 {
		t.Fatalf("%d calendars after refused writes", n)
	}
}

func TestDocumentKeepsRequestBodiesAsSent(t *testing.T) {
	s := newServer(t, Options{})
	w := send(t, s, "POST", base+"calendars", with(t, untrimmedCalendar, `{"month_type":["standard","intercalary"],"moon_colour":["silver"],"moon_id":[null]}`))
	expect(t, w, 200, "")
	d := dataOf(t, w)
	checks := map[string]string{
		"name":     `"Harptos  "`,
		"entry":    `"  <p>Faerûn</p>\n"`,
		"type":     `""`,
		"suffix":   `" DR "`,
		"months":   `[{"name":" Hammer","length":30,"type":"standard"},{"name":"Alturiak\t","length":28,"type":"intercalary","alias":" Deep "}]`,
		"weekdays": `["A ","  B"]`,
		"years":    `{"1492":" Year "}`,
	}
	for k, v := range checks {
		if !jsonEqual(t, mustJSON(t, d[k]), []byte(v)) {
			t.Errorf("%s = %s, want %s", k, mustJSON(t, d[k]), v)
		}
	}
}

func TestWeatherBodiesTrimmedLiveOnly(t *testing.T) {
	body := `{"year":" 1492","month":"1 ","day":1,"weather":" sun ","temperature":" cold ","precipitation":"","wind":"  ","effect":"Bright\n","name":" Clear "}`
	t.Run("live", func(t *testing.T) {
		s := newServer(t, Options{Live: true})
		mustCreate(t, s, calendarForWeather)
		expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", body), 201, `{"data":{"id":1,"calendar_id":1,"created_by":1,
			"weather":"sun","temperature":"cold","precipitation":null,"wind":null,"effect":"Bright","day":1,"month":1,"year":1492,
			"created_at":"2026-11-22 10:00:00","updated_at":"2026-11-22 10:00:00","visibility_id":1,"name":"Clear"}}`)
		w := send(t, s, "POST", base+"calendars/1/calendar_weather", with(t, body, `{"weather":"   "}`))
		expect(t, w, 422, `{"code":422,"error":"The weather field is required.","fields":{"weather":["The weather field is required."]}}`)
	})
	t.Run("document", func(t *testing.T) {
		s := newServer(t, Options{})
		mustCreate(t, s, calendarForWeather)
		expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", body), 200, `{"data":{"id":1,"calendar_id":1,"created_by":1,
			"weather":" sun ","temperature":" cold ","precipitation":"","wind":"  ","effect":"Bright\n","day":1,"month":1,"year":1492,
			"created_at":"2026-11-22 10:00:00","updated_at":"2026-11-22 10:00:00","visibility_id":1,"name":" Clear "}}`)
	})
}
