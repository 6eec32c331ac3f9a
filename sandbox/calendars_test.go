package sandbox

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// fullCalendar sends every write parameter of the document and the live
// extras, numbers partly as strings.
const fullCalendar = `{
	"name": "Harptos", "entry": "<p>The calendar of Faerûn</p>", "type": "solar",
	"current_year": "1492", "current_month": 2, "current_day": 40,
	"tags": [3, 5], "is_private": true,
	"month_name": ["Hammer", "Midwinter", "Alturiak"],
	"month_length": [30, "1", 30],
	"month_type": ["standard", "intercalary", null],
	"month_alias": ["Deepwinter", "", null],
	"weekday": ["First-day", "Second-day", "Third-day"],
	"year_name": ["Year of Three Streams Blooded"], "year_number": [1492],
	"moon_name": ["Selûne"], "moon_fullmoon": ["30.4"], "moon_offset": [2], "moon_colour": ["silver"], "moon_id": [null],
	"epoch_name": ["Dalereckoning"],
	"season_name": ["Winter", "Spring"], "season_month": [1, 3], "season_day": [1, "19"],
	"has_leap_year": true, "leap_year_amount": 1, "leap_year_offset": 4, "leap_year_start": 1, "leap_year_month": 2,
	"suffix": "DR", "format": "d M, y s", "skip_year_zero": "1", "start_offset": 3,
	"image_url": "https://example.test/harptos.png",
	"unknown_field": "ignored"
}`

func TestCreateCalendarAnswersTheDocumentShape(t *testing.T) {
	s := newServer(t, Options{})
	w := send(t, s, "POST", base+"calendars", fullCalendar)
	expect(t, w, 200, `{"data":{
		"id":1,"name":"Harptos","entry":"<p>The calendar of Faerûn</p>",
		"image":"https://example.test/harptos.png","image_full":"https://example.test/harptos.png","image_thumb":"https://example.test/harptos.png",
		"has_custom_image":true,"is_private":true,"entity_id":1,"tags":[3,5],
		"created_at":"2026-11-22T10:00:00.000000Z","created_by":1,"updated_at":"2026-11-22T10:00:00.000000Z","updated_by":1,
		"type":"solar","date":"1492-2-1","parameters":null,
		"months":[{"name":"Hammer","length":30,"type":"standard","alias":"Deepwinter"},{"name":"Midwinter","length":1,"type":"intercalary"},{"name":"Alturiak","length":30,"type":"standard"}],
		"start_offset":3,"weekdays":["First-day","Second-day","Third-day"],
		"years":{"1492":"Year of Three Streams Blooded"},
		"seasons":[{"name":"Winter","month":1,"day":1},{"name":"Spring","month":3,"day":19}],
		"moons":[{"name":"Selûne","fullmoon":"30.4","offset":2,"colour":"silver","id":1}],
		"suffix":"DR","has_leap_year":true,"leap_year_amount":1,"leap_year_month":2,"leap_year_offset":4,"leap_year_start":1
	}}`)
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Fatalf("Content-Type %q", ct)
	}
	// The keys come in the document's order.
	if got := w.Body.String()[:40]; got != `{"data":{"id":1,"name":"Harptos","entry"` {
		t.Fatalf("answer starts %s", got)
	}
	// GET answers the same record.
	get := send(t, s, "GET", base+"calendars/1", "")
	if get.Code != 200 || get.Body.String() != w.Body.String() {
		t.Fatalf("GET %d %s\nwant %s", get.Code, get.Body, w.Body)
	}
}

// The live resource, every key of it. This is the wire-format pin of the
// sandbox's calendar answer: the one test that spells a whole live answer
// out, so that a field the sandbox learns to keep changes it and no test
// about another field.
func TestCreateCalendarLiveAnswers201WithTheLiveResource(t *testing.T) {
	s := newServer(t, Options{Live: true})
	body := `{"name":"Harptos","month_name":["Hammer","Alturiak"],"month_length":[30,30],"weekday":["A","B"],"format":"y-m-d","skip_year_zero":true}`
	w := send(t, s, "POST", base+"calendars", body)
	expect(t, w, 201, `{"data":{
		"id":1,"name":"Harptos","entry":null,"entry_parsed":null,"tooltip":null,"type":null,"image":null,"focus_x":null,"focus_y":null,
		"image_full":null,"image_thumb":null,"has_custom_image":false,"image_uuid":null,"header_full":null,"header_uuid":null,
		"has_custom_header":false,"is_private":false,"is_template":false,"is_attributes_private":false,"status_id":null,"status":null,
		"entity_id":1,"tags":[],
		"urls":{"view":"http://sandbox.test/w/1/entities/1","api":"http://sandbox.test/api/1.0/campaigns/1/calendars/1"},
		"created_at":"2026-11-22T10:00:00.000000Z","created_by":1,"updated_at":"2026-11-22T10:00:00.000000Z","updated_by":1,
		"date":"1-1-1","parameters":null,
		"months":[{"name":"Hammer","length":30,"type":"standard","alias":null},{"name":"Alturiak","length":30,"type":"standard","alias":null}],
		"weekdays":["A","B"],"years":[],"seasons":[],"moons":[],"start_offset":0,"suffix":null,"format":"y-m-d",
		"has_leap_year":false,"skip_year_zero":true,"leap_year_amount":null,"leap_year_month":null,"leap_year_offset":null,"leap_year_start":null
	}}`)
}

func TestIdsAreNotReusedAfterDelete(t *testing.T) {
	s := newServer(t, Options{})
	a := mustCreate(t, s, minimalCalendar)
	expect(t, send(t, s, "DELETE", base+"calendars/1", ""), 200, `{"message":"Deleted."}`)
	b := mustCreate(t, s, minimalCalendar)
	if a != 1 || b != 2 {
		t.Fatalf("ids %d then %d, want 1 then 2", a, b)
	}
}

func TestDeleteCalendar(t *testing.T) {
	for _, live := range []bool{false, true} {
		s := newServer(t, Options{Live: live})
		mustCreate(t, s, minimalCalendar)
		expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", `{"year":1,"month":1,"day":1,"weather":"sun"}`), s.created(), "")
		w := send(t, s, "DELETE", base+"calendars/1", "")
		if live {
			if w.Code != 204 || w.Body.Len() != 0 || w.Header().Get("Content-Type") != "" {
				t.Fatalf("live delete: %d %q Content-Type %q", w.Code, w.Body, w.Header().Get("Content-Type"))
			}
		} else {
			expect(t, w, 200, `{"message":"Deleted."}`)
		}
		expect(t, send(t, s, "GET", base+"calendars/1", ""), 404, "")
		// Its weather went with it.
		st := s.store.(*memStore).st
		if len(st.Weather) != 0 {
			t.Fatalf("live=%v: weather left after its calendar was deleted: %d", live, len(st.Weather))
		}
	}
}

// TestUpdateKeepsOrWipes is the data-loss trap: a document-mode update keeps
// what it leaves out; a live update rebuilds months, weekdays, years,
// seasons, moons and the date from the request, wiping them when absent.
func TestUpdateKeepsOrWipes(t *testing.T) {
	for _, method := range []string{"PUT", "PATCH"} {
		t.Run("document "+method, func(t *testing.T) {
			s := newServer(t, Options{})
			mustCreate(t, s, fullCalendar)
			before := dataOf(t, send(t, s, "GET", base+"calendars/1", ""))
			w := send(t, s, method, base+"calendars/1", `{"name":"Renamed"}`)
			expect(t, w, 200, "")
			after := dataOf(t, w)
			if after["name"] != "Renamed" {
				t.Fatalf("name %v", after["name"])
			}
			for _, k := range []string{"months", "weekdays", "years", "seasons", "moons", "date", "entry", "tags", "type", "leap_year_month"} {
				if !jsonEqual(t, mustJSON(t, before[k]), mustJSON(t, after[k])) {
					t.Fatalf("%s changed: %v -> %v", k, before[k], after[k])
				}
			}
		})
		t.Run("live "+method, func(t *testing.T) {
			s := newServer(t, Options{Live: true})
			mustCreate(t, s, `{"name":"Harptos","month_name":["Hammer","Alturiak"],"month_length":[30,30],"weekday":["A","B"],
				"year_name":["Y"],"year_number":[5],"season_name":["W"],"season_month":[1],"season_day":[1],
				"moon_name":["M"],"moon_fullmoon":[28],"moon_offset":[0],"moon_colour":["grey"],"moon_id":[null],
				"current_year":1492,"current_month":2,"current_day":3,"type":"solar"}`)
			w := send(t, s, method, base+"calendars/1", `{"name":"Renamed"}`)
			expect(t, w, 200, "")
			d := dataOf(t, w)
			want := map[string]string{"months": `[]`, "weekdays": `[]`, "years": `[]`, "seasons": `[]`, "moons": `[]`, "date": `"1-0-1"`, "type": `"solar"`, "name": `"Renamed"`}
			for k, v := range want {
				if !jsonEqual(t, mustJSON(t, d[k]), []byte(v)) {
					t.Fatalf("%s = %v, want %s", k, d[k], v)
				}
			}
		})
	}
}

func TestUpdateChangesWhatIsSentAndTheTimestamp(t *testing.T) {
	now := clock
	s := newServer(t, Options{Now: func() time.Time { return now }})
	mustCreate(t, s, fullCalendar)
	now = clock.Add(90*time.Minute + 1500*time.Nanosecond)
	w := send(t, s, "PUT", base+"calendars/1", `{"month_name":["A","B"],"month_length":[10,"12"],"current_month":5,"current_day":0,
		"moon_name":["Selûne","Other"],"moon_fullmoon":[30,"7"],"moon_id":[1,99],"tags":[],"is_private":"0"}`)
	expect(t, w, 200, "")
	d := dataOf(t, w)
	checks := map[string]string{
		"months":     `[{"name":"A","length":10,"type":"standard"},{"name":"B","length":12,"type":"standard"}]`,
		"date":       `"1492-2-1"`, // month clamped to 2 months, day raised to 1
		"moons":      `[{"name":"Selûne","fullmoon":"30","offset":0,"colour":"grey","id":1},{"name":"Other","fullmoon":"7","offset":0,"colour":"grey","id":2}]`,
		"tags":       `[]`,
		"is_private": `false`,
		"created_at": `"2026-11-22T10:00:00.000000Z"`,
		"updated_at": `"2026-11-22T11:30:00.000001Z"`,
		"weekdays":   `["First-day","Second-day","Third-day"]`,
	}
	for k, v := range checks {
		if !jsonEqual(t, mustJSON(t, d[k]), []byte(v)) {
			t.Errorf("%s = %s, want %s", k, mustJSON(t, d[k]), v)
		}
	}
}

func TestCurrentDateIsClamped(t *testing.T) {
	tests := []struct {
		year, month, day string
		want             string
	}{
		{"3", "1", "5", "3-1-5"},
		{"3", "1", "15", "3-1-10"},
		{"3", "9", "15", "3-2-12"},
		{"-20", "0", "99", "-20-1-10"},
		{"3", "2", "-4", "3-2-1"},
	}
	for _, tt := range tests {
		s := newServer(t, Options{})
		w := send(t, s, "POST", base+"calendars", `{"name":"c","month_name":["a","b"],"month_length":[10,12],"weekday":["x","y"],
			"current_year":`+tt.year+`,"current_month":`+tt.month+`,"current_day":`+tt.day+`}`)
		expect(t, w, 200, "")
		if got := dataOf(t, w)["date"]; got != tt.want {
			t.Errorf("%s-%s-%s: date %v, want %s", tt.year, tt.month, tt.day, got, tt.want)
		}
	}
}

func TestLiveMoonsNeedOffsetColourAndID(t *testing.T) {
	months := `"name":"c","month_name":["a","b"],"month_length":[10,12],"weekday":["x","y"]`
	doc := newServer(t, Options{})
	expect(t, send(t, doc, "POST", base+"calendars", `{`+months+`,"moon_name":["M"],"moon_fullmoon":[28]}`), 200, "")

	live := newServer(t, Options{Live: true})
	expect(t, send(t, live, "POST", base+"calendars", `{`+months+`,"moon_name":["M"],"moon_fullmoon":[28]}`), 422,
		`{"code":422,"error":"The moon offset field is required when moon name is present. (and 2 more errors)","fields":{
			"moon_offset":["The moon offset field is required when moon name is present."],
			"moon_colour":["The moon colour field is required when moon name is present."],
			"moon_id":["The moon id field is required when moon name is present."]}}`)
	w := send(t, live, "POST", base+"calendars", `{`+months+`,"moon_name":["M"],"moon_fullmoon":[28],"moon_offset":[1],"moon_colour":[""],"moon_id":[null]}`)
	expect(t, w, 201, "")
	if got := mustJSON(t, dataOf(t, w)["moons"]); !jsonEqual(t, got, []byte(`[{"name":"M","fullmoon":"28","offset":1,"colour":"grey","id":1}]`)) {
		t.Fatalf("moons %s", got)
	}
}

func TestAnswersAreNotHTMLEscaped(t *testing.T) {
	s := newServer(t, Options{})
	w := send(t, s, "POST", base+"calendars", with(t, calendarForWeather, `{"entry":"<p>Tom & Jerry</p>"}`))
	if !strings.Contains(w.Body.String(), `"entry":"<p>Tom & Jerry</p>"`) {
		t.Fatalf("entry escaped: %s", w.Body)
	}
}

// TestLiveFullUpdateKeepsEverything is the safe update a client must make
// live: the whole structure sent back, moon ids included, loses nothing.
func TestLiveFullUpdateKeepsEverything(t *testing.T) {
	s := newServer(t, Options{Live: true})
	full := `{"name":"Harptos","month_name":["Hammer","Alturiak"],"month_length":[30,30],"weekday":["A","B"],
		"year_name":["Y"],"year_number":[5],"season_name":["W"],"season_month":[2],"season_day":[3],
		"moon_name":["Selûne","Other"],"moon_fullmoon":[30,7],"moon_offset":[0,1],"moon_colour":["white","red"],"moon_id":[null,null],
		"current_year":1492,"current_month":2,"current_day":3}`
	created := dataOf(t, send(t, s, "POST", base+"calendars", full))
	update := with(t, full, `{"name":"Renamed","moon_id":[2,1],"moon_name":["Other","Selûne"],"moon_colour":["red","white"],"moon_offset":[1,0],"moon_fullmoon":[7,30]}`)
	w := send(t, s, "PUT", base+"calendars/1", update)
	expect(t, w, 200, "")
	d := dataOf(t, w)
	for _, k := range []string{"months", "weekdays", "years", "seasons", "date"} {
		if !jsonEqual(t, mustJSON(t, created[k]), mustJSON(t, d[k])) {
			t.Errorf("%s changed: %s -> %s", k, mustJSON(t, created[k]), mustJSON(t, d[k]))
		}
	}
	if got := string(mustJSON(t, d["moons"])); !jsonEqual(t, []byte(got), []byte(`[{"name":"Other","fullmoon":"7","offset":1,"colour":"red","id":2},{"name":"Selûne","fullmoon":"30","offset":0,"colour":"white","id":1}]`)) {
		t.Errorf("moons %s", got)
	}
}

// TestReadBackIsAcceptedBack: every calendar the sandbox answers can be sent
// back as a full update; leap fields left out of a create are filled in
// within their ranges.
func TestReadBackIsAcceptedBack(t *testing.T) {
	s := newServer(t, Options{})
	w := send(t, s, "POST", base+"calendars", with(t, calendarForWeather, `{"has_leap_year":true}`))
	expect(t, w, 200, "")
	d := dataOf(t, w)
	if d["leap_year_offset"] != 1.0 || d["leap_year_start"] != 1.0 || d["leap_year_month"] != 1.0 {
		t.Fatalf("leap fields %v %v %v", d["leap_year_offset"], d["leap_year_start"], d["leap_year_month"])
	}
	back := fmt.Sprintf(`{"name":%q,"month_name":["Hammer","Alturiak"],"month_length":[30,28],"weekday":["A","B"],
		"has_leap_year":%v,"leap_year_amount":%v,"leap_year_month":%v,"leap_year_offset":%v,"leap_year_start":%v}`,
		d["name"], d["has_leap_year"], d["leap_year_amount"], d["leap_year_month"], d["leap_year_offset"], d["leap_year_start"])
	expect(t, send(t, s, "PUT", base+"calendars/1", back), 200, "")
	// Fewer months keep the leap month among them.
	w = send(t, s, "PATCH", base+"calendars/1", `{"month_name":["a","b","c"],"month_length":[1,1,1],"leap_year_month":3}`)
	expect(t, w, 200, "")
	w = send(t, s, "PATCH", base+"calendars/1", `{"month_name":["Only","Two"],"month_length":[5,5]}`)
	if got := dataOf(t, w)["leap_year_month"]; got != 2.0 {
		t.Fatalf("leap month %v", got)
	}
}

// related=1 adds the live resource's related lists, all empty in the
// sandbox; the document mode does not know the parameter.
func TestRelatedListsLive(t *testing.T) {
	const relatedLists = `"attributes":[],"posts":[],"entity_events":[],"reminders":[],"relations":[],` +
		`"inventory":[],"entity_abilities":[],"entity_assets":[],"parents":[],"children":[]`
	live := newServer(t, Options{Live: true})
	mustCreate(t, live, minimalCalendar)
	plain := send(t, live, "GET", base+"calendars/1", "")
	expect(t, plain, 200, "")
	withRelated := send(t, live, "GET", base+"calendars/1?related=1", "")
	want := strings.TrimSuffix(plain.Body.String(), "}}") + "," + relatedLists + "}}"
	if got := withRelated.Body.String(); got != want {
		t.Fatalf("GET ?related=1\n%s\nwant\n%s", got, want)
	}
	list := send(t, live, "GET", base+"calendars?related=1", "")
	if item := mustJSON(t, decode(t, list)["data"].([]any)[0]); !jsonEqual(t, item, mustJSON(t, dataOf(t, withRelated))) {
		t.Fatalf("list ?related=1 item %s", item)
	}
	for _, off := range []string{"?related=0", "?related=", ""} {
		if got := send(t, live, "GET", base+"calendars/1"+off, "").Body.String(); got != plain.Body.String() {
			t.Fatalf("GET %s: %s", off, got)
		}
	}

	doc := newServer(t, Options{})
	mustCreate(t, doc, minimalCalendar)
	if a, b := send(t, doc, "GET", base+"calendars/1?related=1", "").Body.String(), send(t, doc, "GET", base+"calendars/1", "").Body.String(); a != b {
		t.Fatalf("document mode with related=1:\n%s\nwithout:\n%s", a, b)
	}
}

// Moon ids, which reminders repeat on ({moonId}_f). Live, as the service
// does, a write keeps the ids it sends and numbers the other moons from
// the highest id sent, plus one: a moon removed from the top gives its id
// to the next new moon. The document's moons have no ids; the sandbox
// gives them ids that are never handed out twice, and keeps the id of a
// moon sent back with it.
func TestMoonIDs(t *testing.T) {
	months := `"name":"c","month_name":["a","b"],"month_length":[10,12],"weekday":["x","y"]`
	write := func(t *testing.T, s *Server, method, path string, ids ...string) string {
		t.Helper()
		var names, fulls, offsets, colours []string
		for i := range ids {
			names = append(names, fmt.Sprintf(`"m%d"`, i))
			fulls, offsets, colours = append(fulls, "10"), append(offsets, "0"), append(colours, `"grey"`)
		}
		body := fmt.Sprintf(`{%s,"moon_name":[%s],"moon_fullmoon":[%s],"moon_offset":[%s],"moon_colour":[%s],"moon_id":[%s]}`,
			months, strings.Join(names, ","), strings.Join(fulls, ","), strings.Join(offsets, ","), strings.Join(colours, ","), strings.Join(ids, ","))
		w := send(t, s, method, base+path, body)
		if w.Code != 200 && w.Code != 201 {
			t.Fatalf("%s %s: %d %s", method, path, w.Code, w.Body)
		}
		var got []string
		for _, m := range dataOf(t, w)["moons"].([]any) {
			got = append(got, fmt.Sprint(m.(map[string]any)["id"]))
		}
		return strings.Join(got, ",")
	}
	for _, tt := range []struct {
		live bool
		want []string
	}{
		{true, []string{"1,2", "1,2", "7,8", "1", "1,2"}},
		{false, []string{"1,2", "1,3", "4,5", "6", "7,8"}},
	} {
		s := newServer(t, Options{Live: tt.live})
		got := []string{
			write(t, s, "POST", "calendars", "null", "null"),
			write(t, s, "PUT", "calendars/1", "1", "null"), // moon 2 removed, a new one
			write(t, s, "PUT", "calendars/1", "7", "null"), // an id the calendar never had
			write(t, s, "PUT", "calendars/1", "0"),         // 0 is no id
			write(t, s, "POST", "calendars", "null", "null"),
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("live=%v: moon ids %v, want %v", tt.live, got, tt.want)
		}
	}
}
