package sandbox

import (
	"strings"
	"testing"
)

// The calendar of these tests, its strings and leap fields set, and the
// same body with them set to null or empty.
const (
	calendarSet = `{"name":"Harptos","entry":"<p>x</p>","type":"solar","suffix":"DR","format":"d M y","image_url":"https://example.test/h.png",
		"start_offset":3,"has_leap_year":false,"leap_year_amount":1,"leap_year_month":1,"leap_year_offset":4,"leap_year_start":1,
		"month_name":["Hammer","Alturiak"],"month_length":[30,30],"month_alias":["Deepwinter",null],"weekday":["A","B"]}`
	calendarCleared = `{"name":"Harptos","entry":null,"type":"","suffix":null,"format":" ","image_url":null,
		"start_offset":null,"has_leap_year":false,"leap_year_amount":null,"leap_year_month":"","leap_year_offset":null,"leap_year_start":null,
		"month_name":["Hammer","Alturiak"],"month_length":[30,30],"weekday":["A","B"]}`
)

// pick is the JSON of some keys of an answer's data, for exact comparison.
func pick(t *testing.T, d map[string]any, keys string) string {
	t.Helper()
	picked := map[string]any{}
	for _, k := range strings.Fields(keys) {
		v, ok := d[k]
		if !ok {
			t.Fatalf("no key %q in %v", k, d)
		}
		picked[k] = v
	}
	return string(mustJSON(t, picked))
}

const nullableKeys = "entry entry_parsed type image image_full image_thumb has_custom_image suffix format start_offset " +
	"is_private has_leap_year skip_year_zero leap_year_amount leap_year_month leap_year_offset leap_year_start months"

func TestLiveAnswersNullForWhatIsNotSet(t *testing.T) {
	s := newServer(t, Options{Live: true})
	w := send(t, s, "POST", base+"calendars", minimalCalendar)
	expect(t, w, 201, "")
	never := `{"entry":null,"entry_parsed":null,"type":null,"image":null,"image_full":null,"image_thumb":null,"has_custom_image":false,
		"suffix":null,"format":null,"start_offset":0,"is_private":false,"has_leap_year":false,"skip_year_zero":false,
		"leap_year_amount":null,"leap_year_month":null,"leap_year_offset":null,"leap_year_start":null,
		"months":[{"name":"Hammer","length":30,"type":"standard","alias":null},{"name":"Alturiak","length":30,"type":"standard","alias":null}]}`
	if got := pick(t, dataOf(t, w), nullableKeys); !jsonEqual(t, []byte(got), []byte(never)) {
		t.Fatalf("never set:\n%s\nwant\n%s", got, compact(t, never))
	}

	w = send(t, s, "PUT", base+"calendars/1", calendarSet)
	expect(t, w, 200, "")
	set := `{"entry":"<p>x</p>","entry_parsed":"<p>x</p>","type":"solar","image":"https://example.test/h.png",
		"image_full":"https://example.test/h.png","image_thumb":"https://example.test/h.png","has_custom_image":true,
		"suffix":"DR","format":"d M y","start_offset":3,"is_private":false,"has_leap_year":false,"skip_year_zero":false,
		"leap_year_amount":1,"leap_year_month":1,"leap_year_offset":4,"leap_year_start":1,
		"months":[{"name":"Hammer","length":30,"type":"standard","alias":"Deepwinter"},{"name":"Alturiak","length":30,"type":"standard","alias":null}]}`
	if got := pick(t, dataOf(t, w), nullableKeys); !jsonEqual(t, []byte(got), []byte(set)) {
		t.Fatalf("set:\n%s\nwant\n%s", got, compact(t, set))
	}

	// Set to null, or to what the middleware makes null, they are null.
	w = send(t, s, "PUT", base+"calendars/1", calendarCleared)
	expect(t, w, 200, "")
	cleared := strings.Replace(never, `"start_offset":0`, `"start_offset":null`, 1)
	if got := pick(t, dataOf(t, w), nullableKeys); !jsonEqual(t, []byte(got), []byte(cleared)) {
		t.Fatalf("cleared:\n%s\nwant\n%s", got, compact(t, cleared))
	}
	// The null is kept, and answered by GET and list alike.
	if got := pick(t, dataOf(t, send(t, s, "GET", base+"calendars/1", "")), nullableKeys); !jsonEqual(t, []byte(got), []byte(cleared)) {
		t.Fatalf("GET after clearing:\n%s", got)
	}
	item := decode(t, send(t, s, "GET", base+"calendars", ""))["data"].([]any)[0].(map[string]any)
	if got := pick(t, item, nullableKeys); !jsonEqual(t, []byte(got), []byte(cleared)) {
		t.Fatalf("list after clearing:\n%s", got)
	}
}

// Document mode answers "" and 0 for what is not set, and a null in a
// write is the same as leaving the field out.
func TestDocumentAnswersEmptyForWhatIsNotSet(t *testing.T) {
	s := newServer(t, Options{})
	w := send(t, s, "POST", base+"calendars", minimalCalendar)
	expect(t, w, 200, "")
	keys := "entry type image image_full image_thumb has_custom_image suffix start_offset is_private has_leap_year " +
		"leap_year_amount leap_year_month leap_year_offset leap_year_start months"
	never := `{"entry":"","type":"","image":"","image_full":"","image_thumb":"","has_custom_image":false,"suffix":"","start_offset":0,
		"is_private":false,"has_leap_year":false,"leap_year_amount":0,"leap_year_month":0,"leap_year_offset":0,"leap_year_start":0,
		"months":[{"name":"Hammer","length":30,"type":"standard"},{"name":"Alturiak","length":30,"type":"standard"}]}`
	if got := pick(t, dataOf(t, w), keys); !jsonEqual(t, []byte(got), []byte(never)) {
		t.Fatalf("never set:\n%s\nwant\n%s", got, compact(t, never))
	}
	expect(t, send(t, s, "PUT", base+"calendars/1", calendarSet), 200, "")
	// "" is no integer: the document has no middleware making it null.
	cleared := strings.NewReplacer(`"format":" "`, `"format":""`, `"leap_year_month":""`, `"leap_year_month":null`).Replace(calendarCleared)
	w = send(t, s, "PUT", base+"calendars/1", cleared)
	expect(t, w, 200, "")
	kept := `{"entry":"<p>x</p>","type":"","image":"https://example.test/h.png","image_full":"https://example.test/h.png",
		"image_thumb":"https://example.test/h.png","has_custom_image":true,"suffix":"DR","start_offset":3,
		"is_private":false,"has_leap_year":false,"leap_year_amount":1,"leap_year_month":1,"leap_year_offset":4,"leap_year_start":1,
		"months":[{"name":"Hammer","length":30,"type":"standard"},{"name":"Alturiak","length":30,"type":"standard"}]}`
	if got := pick(t, dataOf(t, w), keys); !jsonEqual(t, []byte(got), []byte(kept)) {
		t.Fatalf("after nulls:\n%s\nwant\n%s", got, compact(t, kept))
	}
}

func TestWeatherNullsLiveAndEmptyInDocumentMode(t *testing.T) {
	const date = `"year":1492,"month":1,"day":1,"weather":"sun"`
	t.Run("live", func(t *testing.T) {
		s := newServer(t, Options{Live: true})
		mustCreate(t, s, calendarForWeather)
		path := base + "calendars/1/calendar_weather/1"
		expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", `{`+date+`,"temperature":"cold","wind":"strong","name":"Gale"}`), 201, "")
		// Left out, a field is kept; sent null or empty, it is null.
		w := send(t, s, "PUT", path, `{`+date+`,"temperature":null,"wind":"","effect":"Bright"}`)
		expect(t, w, 200, "")
		if got := pick(t, dataOf(t, w), "temperature precipitation wind effect name"); !jsonEqual(t, []byte(got),
			[]byte(`{"temperature":null,"precipitation":null,"wind":null,"effect":"Bright","name":"Gale"}`)) {
			t.Fatalf("live weather %s", got)
		}
	})
	t.Run("document", func(t *testing.T) {
		s := newServer(t, Options{})
		mustCreate(t, s, calendarForWeather)
		path := base + "calendars/1/calendar_weather/1"
		expect(t, send(t, s, "POST", base+"calendars/1/calendar_weather", `{`+date+`,"temperature":"cold","wind":"strong","name":"Gale"}`), 200, "")
		w := send(t, s, "PUT", path, `{`+date+`,"temperature":null,"wind":"","effect":"Bright","name":null}`)
		expect(t, w, 200, "")
		if got := pick(t, dataOf(t, w), "temperature precipitation wind effect name"); !jsonEqual(t, []byte(got),
			[]byte(`{"temperature":"cold","precipitation":"","wind":"","effect":"Bright","name":"Gale"}`)) {
			t.Fatalf("document weather %s", got)
		}
	})
}

// Live, one month is a calendar; the document asks for 2. Weekdays: 2 in
// both modes.
func TestMonthsAndWeekdaysAtLeast(t *testing.T) {
	oneMonth := `{"name":"Moonless","month_name":["Only"],"month_length":[400],"weekday":["A","B"]}`
	live := newServer(t, Options{Live: true})
	w := send(t, live, "POST", base+"calendars", oneMonth)
	expect(t, w, 201, "")
	if got := mustJSON(t, dataOf(t, w)["months"]); !jsonEqual(t, got, []byte(`[{"name":"Only","length":400,"type":"standard","alias":null}]`)) {
		t.Fatalf("months %s", got)
	}
	expect(t, send(t, live, "PUT", base+"calendars/1", oneMonth), 200, "")
	w = send(t, live, "POST", base+"calendars", with(t, oneMonth, `{"month_name":[],"month_length":[]}`))
	expectFields(t, w.Body.Bytes(), w.Code, `{"month_name":["The month name must have at least 1 items."],"month_length":["The month length must have at least 1 items."]}`)

	doc := newServer(t, Options{})
	w = send(t, doc, "POST", base+"calendars", oneMonth)
	expectFields(t, w.Body.Bytes(), w.Code, `{"month_name":["The month name must have at least 2 items."],"month_length":["The month length must have at least 2 items."]}`)

	for _, s := range []*Server{live, doc} {
		w = send(t, s, "POST", base+"calendars", with(t, oneMonth, `{"month_name":["a","b"],"month_length":[1,1],"weekday":["A"]}`))
		expectFields(t, w.Body.Bytes(), w.Code, `{"weekday":["The weekday must have at least 2 items."]}`)
	}
}
