package client_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// dataBytes is the exact text of the "data" value of an answer.
func dataBytes(t testing.TB, answer []byte) json.RawMessage {
	t.Helper()
	var env struct{ Data json.RawMessage }
	if err := json.Unmarshal(answer, &env); err != nil {
		t.Fatal(err)
	}
	return env.Data
}

// A calendar as the live service sends it: extra keys, numbers as strings,
// nulls for strings, ids in moons, aliases in months.
//
// This is the wire-format pin of a calendar answer: the one test that
// spells out the whole record read from it. Other tests read their
// records with the client and check only the fields they are about.
func TestDecodeLiveCalendar(t *testing.T) {
	answer := readTestdata(t, "live_calendar.json")
	api := newMockAPI(t)
	api.on("GET", "calendars/1234", reply(200, string(answer)))
	c, _ := api.client()
	got, err := c.GetCalendar(context.Background(), 1234)
	if err != nil {
		t.Fatal(err)
	}

	if !bytes.Equal(got.Raw, dataBytes(t, answer)) {
		t.Errorf("Raw is not the object the server sent, byte for byte:\n%s", got.Raw)
	}
	if !bytes.Equal(got.RawJSON(), got.Raw) || got.RecordID() != 1234 {
		t.Errorf("RawJSON/RecordID disagree with Raw/ID")
	}
	four, five := 4, 5
	want := client.Calendar{
		ID:        1234,
		Image:     "campaigns/7/calendars/harptos.png",
		ImageFull: "https://th.kanka.io/harptos.png", ImageThumb: "https://th.kanka.io/harptos-thumb.png",
		HasCustomImage: true, EntityID: 98765,
		CreatedAt: "2024-05-01T10:11:12.000000Z", CreatedBy: 55,
		UpdatedAt: "2026-11-20T08:00:00.000000Z", UpdatedBy: 55,
		Parameters: json.RawMessage("null"),
		CalendarInput: client.CalendarInput{
			Name:      "Harptos",
			Entry:     ptr("<p>The calendar of the Realms, reckoned in <b>Dale Reckoning</b>.</p>"),
			IsPrivate: ptr(false), Tags: []int{12, 31},
			Type: ptr("Solar"), Date: &client.Date{Year: 1492, Month: 3, Day: 12},
			Months: []client.Month{
				{Name: "Hammer", Length: 30, Type: "standard", Alias: "Deepwinter"},
				{Name: "Midwinter", Length: 1, Type: "intercalary"},
				{Name: "Alturiak", Length: 30, Type: "standard"},
				{Name: "Ches", Length: 30, Type: "standard", Alias: "The Claw of Winter"},
			},
			StartOffset: ptr(3),
			Weekdays:    []string{"First-day", "Second-day", "Third-day", "Fourth-day", "Fifth-day", "Sixth-day", "Seventh-day", "Eighth-day", "Ninth-day", "Tenth-day"},
			Years:       client.Years{1492: "Year of Three Ships Sailing", 1479: "Year of the Ageless One", -3: "Year of the Dark Dawn"},
			Seasons:     []client.Season{{Name: "Winter", Month: 1, Day: 1}, {Name: "Spring", Month: 4, Day: 19}},
			Moons: []client.Moon{
				{Name: "Selûne", Fullmoon: 30.4375, Offset: 2, Colour: "white", ID: &four},
				{Name: "Tears of Selûne", Fullmoon: 7, Colour: "", ID: &five},
			},
			// format is null: unknown, not "".
			Suffix: ptr("DR"), SkipYearZero: ptr(false), HasLeapYear: ptr(true),
			LeapYearAmount: ptr(1), LeapYearMonth: ptr(2), LeapYearOffset: ptr(4), LeapYearStart: ptr(1),
		},
	}
	got.Raw = nil
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("decoded\n%+v\nwant\n%+v", *got, want)
	}
	if d, ok := got.CurrentDate(); !ok || d != (client.Date{Year: 1492, Month: 3, Day: 12}) {
		t.Errorf("CurrentDate = %v, %v", d, ok)
	}
}

// Each item of a list keeps its own object byte for byte, and odd values
// in one item do not make the list unreadable.
func TestDecodeLiveCalendarList(t *testing.T) {
	answer := readTestdata(t, "live_calendar_list.json")
	api := newMockAPI(t)
	api.on("GET", "calendars", reply(200, string(answer)))
	c, _ := api.client()
	p, err := c.ListCalendars(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var raw struct{ Data []json.RawMessage }
	if err := json.Unmarshal(answer, &raw); err != nil {
		t.Fatal(err)
	}
	if len(p.Items) != len(raw.Data) {
		t.Fatalf("%d items, want %d", len(p.Items), len(raw.Data))
	}
	for i, cal := range p.Items {
		if !bytes.Equal(cal.Raw, raw.Data[i]) {
			t.Errorf("item %d: Raw differs from what the server sent:\n%s", i, cal.Raw)
		}
	}
	empty, tagged := p.Items[0], p.Items[1]
	if empty.Years == nil || len(empty.Years) != 0 || !*empty.IsPrivate || deref(empty.Type) != "" || deref(empty.Entry) != "" || empty.UpdatedBy != 0 {
		t.Errorf("first item %+v", empty)
	}
	if tagged.ID != 2 || *tagged.IsPrivate || tagged.EntityID != 11 || !reflect.DeepEqual(tagged.Tags, []int{12, 31}) ||
		!reflect.DeepEqual(tagged.Years, client.Years{-12: "First"}) || tagged.Months[0].Length != 28 ||
		!*tagged.HasLeapYear || *tagged.LeapYearAmount != -2 || tagged.Moons[0].ID != nil || tagged.Moons[0].Fullmoon != 28 {
		t.Errorf("second item %+v", tagged)
	}
	if d, ok := tagged.CurrentDate(); !ok || d != (client.Date{Year: -12, Month: 3, Day: 1}) {
		t.Errorf("negative year date = %v, %v", d, ok)
	}
	if p.Meta.PerPage != 45 || p.Meta.LastPage != 1 || p.Meta.Total != 2 {
		t.Errorf("meta %+v", p.Meta)
	}
}

// Every lenient form of a value, one at a time.
func TestDecodeLenientValues(t *testing.T) {
	for _, tc := range []struct {
		json  string // keys added to {"id":1}
		check func(c *client.Calendar) bool
	}{
		{`"years":[]`, func(c *client.Calendar) bool { return c.Years != nil && len(c.Years) == 0 }},
		// null is unknown, not none: an update must not write it back as none.
		{`"years":null`, func(c *client.Calendar) bool { return c.Years == nil }},
		{`"months":null,"weekdays":null,"moons":null,"seasons":null,"date":null`, func(c *client.Calendar) bool {
			return c.Months == nil && c.Weekdays == nil && c.Moons == nil && c.Seasons == nil && c.Date == nil
		}},
		{`"months":[],"weekdays":[],"moons":[],"seasons":[]`, func(c *client.Calendar) bool {
			return c.Months != nil && c.Weekdays != nil && c.Moons != nil && c.Seasons != nil
		}},
		// The service writes month 1 for a leap month below 1 (its default).
		{`"leap_year_month":null`, func(c *client.Calendar) bool { return c.LeapYearMonth == nil }},
		{`"leap_year_month":0`, func(c *client.Calendar) bool { return c.LeapYearMonth == nil }},
		{`"leap_year_month":"3"`, func(c *client.Calendar) bool { return *c.LeapYearMonth == 3 }},
		{`"date":"garbage"`, func(c *client.Calendar) bool { return c.Date == nil }},
		{`"years":{"1492":"Three Ships","-1":"Before"}`, func(c *client.Calendar) bool {
			return reflect.DeepEqual(c.Years, client.Years{1492: "Three Ships", -1: "Before"})
		}},
		{`"years":{"7":null,"8":8}`, func(c *client.Calendar) bool {
			return reflect.DeepEqual(c.Years, client.Years{7: "", 8: "8"})
		}},
		{`"years":[{"number":"5","name":"Five"}]`, func(c *client.Calendar) bool {
			return reflect.DeepEqual(c.Years, client.Years{5: "Five"})
		}},
		{`"moons":[{"name":"M","fullmoon":"30.4375"}]`, func(c *client.Calendar) bool { return c.Moons[0].Fullmoon == 30.4375 }},
		{`"moons":[{"name":"M","fullmoon":29.5}]`, func(c *client.Calendar) bool { return c.Moons[0].Fullmoon == 29.5 }},
		{`"moons":[{"name":"M","fullmoon":null,"offset":null,"id":null}]`, func(c *client.Calendar) bool {
			return c.Moons[0].Fullmoon == 0 && c.Moons[0].Offset == 0 && c.Moons[0].ID == nil
		}},
		{`"moons":[{"name":"M","fullmoon":"28","offset":"-3","id":"9"}]`, func(c *client.Calendar) bool {
			return c.Moons[0].Offset == -3 && c.Moons[0].ID != nil && *c.Moons[0].ID == 9
		}},
		{`"id":"41"`, func(c *client.Calendar) bool { return c.ID == 41 }},
		{`"months":[{"name":12,"length":"30","type":null}]`, func(c *client.Calendar) bool {
			return c.Months[0] == client.Month{Name: "12", Length: 30}
		}},
		{`"months":[{"name":"M","length":"30.0"}]`, func(c *client.Calendar) bool { return c.Months[0].Length == 30 }},
		{`"name":null,"entry":null,"type":null,"suffix":null`, func(c *client.Calendar) bool {
			return c.Name == "" && c.Entry == nil && c.Type == nil && c.Suffix == nil
		}},
		{`"is_private":1,"has_leap_year":"true","skip_year_zero":"1"`, func(c *client.Calendar) bool {
			return *c.IsPrivate && *c.HasLeapYear && *c.SkipYearZero
		}},
		{`"is_private":"0","has_leap_year":null,"skip_year_zero":false`, func(c *client.Calendar) bool {
			return !*c.IsPrivate && c.HasLeapYear == nil && !*c.SkipYearZero
		}},
		{`"tags":[3,"4",{"id":5,"name":"x"},{"id":"6"}]`, func(c *client.Calendar) bool { return reflect.DeepEqual(c.Tags, []int{3, 4, 5, 6}) }},
		{`"tags":null`, func(c *client.Calendar) bool { return c.Tags == nil }},
		{`"weekdays":["A",null,3]`, func(c *client.Calendar) bool { return reflect.DeepEqual(c.Weekdays, []string{"A", "", "3"}) }},
		{`"parameters":{"x":[1,2]}`, func(c *client.Calendar) bool { return string(c.Parameters) == `{"x":[1,2]}` }},
		{`"leap_year_amount":"","start_offset":true`, func(c *client.Calendar) bool { return *c.LeapYearAmount == 0 && *c.StartOffset == 1 }},
	} {
		var c client.Calendar
		body := `{"id":1,` + tc.json + `}`
		if err := json.Unmarshal([]byte(body), &c); err != nil {
			t.Errorf("%s: %v", tc.json, err)
			continue
		}
		if !tc.check(&c) {
			t.Errorf("%s decoded as %+v", tc.json, c)
		}
		if string(c.Raw) != body {
			t.Errorf("%s: Raw = %s", tc.json, c.Raw)
		}
	}
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// What cannot be read is an error that says what.
func TestDecodeRejectsNonsense(t *testing.T) {
	for _, body := range []string{
		`{"id":"forty"}`, `{"years":{"MCM":"x"}}`, `{"is_private":"maybe"}`, `{"moons":[{"fullmoon":"full"}]}`, `{"tags":"1,2"}`, `[1]`,
	} {
		var c client.Calendar
		err := json.Unmarshal([]byte(body), &c)
		if err == nil || !strings.Contains(err.Error(), "calendar") {
			t.Errorf("%s: err = %v, want one naming the calendar", body, err)
		}
	}
}

// A weather entry as the live service sends it. This is the wire-format
// pin of a weather answer: the one test that spells out the whole entry
// read from it.
func TestDecodeLiveWeather(t *testing.T) {
	answer := readTestdata(t, "live_weather.json")
	api := newMockAPI(t)
	api.on("GET", "calendars/1234/calendar_weathers/88", reply(200, string(answer)))
	c, _ := api.client()
	got, err := c.GetWeather(context.Background(), 1234, 88)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Raw, dataBytes(t, answer)) {
		t.Errorf("Raw is not the object the server sent:\n%s", got.Raw)
	}
	want := client.Weather{ID: 88, CalendarID: 1234, HasCalendarID: true, CreatedBy: 55,
		CreatedAt: "2026-11-20 08:00:00", UpdatedAt: "2026-11-21 09:30:00",
		WeatherInput: client.WeatherInput{Name: ptr("Spring storm"), Weather: ptr("cloud-showers-heavy"),
			Temperature: ptr("12°C"), Precipitation: ptr("heavy"), Effect: ptr(""), Dated: client.Dated{Year: ptr(-3), Month: ptr(4), Day: ptr(19)}, VisibilityID: ptr(5)}}
	got.Raw = nil
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("decoded\n%+v\nwant\n%+v", *got, want)
	}
	if got.Date() != (client.Date{Year: -3, Month: 4, Day: 19}) || client.VisibilityName(*got.VisibilityID) != "members" {
		t.Errorf("date %v, visibility %s", got.Date(), client.VisibilityName(*got.VisibilityID))
	}
}

// liveCalendarKeys are the write parameters the live service reads.
var liveCalendarKeys = []string{
	"name", "entry", "type", "current_year", "current_month", "current_day", "tags",
	"month_name", "month_length", "month_type", "month_alias", "weekday", "year_name", "year_number",
	"moon_name", "moon_fullmoon", "moon_offset", "moon_colour", "moon_id", "epoch_name",
	"season_name", "season_month", "season_day", "week_number", "week_name", "has_leap_year", "leap_year_amount", "leap_year_offset",
	"leap_year_start", "leap_year_month", "image_url", "entity_image_uuid", "entity_header_uuid",
	"is_private", "suffix", "format", "skip_year_zero", "start_offset",
}

// storeCalendar does what the live service does with a calendar write: it
// rebuilds the record from the parallel arrays (which must line up) and
// answers it the way it answers a GET (fullmoon as a string, years as [] or
// an object). Unknown keys fail the test: the service would drop them.
func storeCalendar(t *testing.T, id int, payload []byte) []byte {
	t.Helper()
	var in map[string]json.RawMessage
	if err := json.Unmarshal(payload, &in); err != nil {
		t.Fatalf("payload is not a JSON object: %v", err)
	}
	for k := range in {
		if !slices.Contains(liveCalendarKeys, k) {
			t.Errorf("payload key %q is not one the service reads", k)
		}
	}
	arrays := func(keys ...string) [][]any {
		var cols [][]any
		for _, k := range keys {
			var col []any
			if raw, ok := in[k]; ok {
				if err := json.Unmarshal(raw, &col); err != nil {
					t.Fatalf("%s is not an array: %s", k, raw)
				}
			}
			if len(cols) > 0 && len(col) != len(cols[0]) {
				t.Fatalf("%s has %d items, %s has %d: misaligned payload", k, len(col), keys[0], len(cols[0]))
			}
			cols = append(cols, col)
		}
		return cols
	}
	out := map[string]any{"id": id, "entry_parsed": "ignored", "urls": map[string]string{"view": "v"}}
	for _, k := range []string{"name", "entry", "type", "tags", "is_private", "suffix", "format", "skip_year_zero",
		"start_offset", "has_leap_year", "leap_year_amount", "leap_year_offset", "leap_year_start", "leap_year_month"} {
		if raw, ok := in[k]; ok {
			out[k] = raw
		}
	}
	var y, m, d int
	json.Unmarshal(in["current_year"], &y)
	json.Unmarshal(in["current_month"], &m)
	json.Unmarshal(in["current_day"], &d)
	out["date"] = fmt.Sprintf("%d-%d-%d", y, m, d)

	months := []map[string]any{}
	mc := arrays("month_name", "month_length", "month_type", "month_alias")
	for i := range mc[0] {
		months = append(months, map[string]any{"name": mc[0][i], "length": mc[1][i], "type": mc[2][i], "alias": mc[3][i]})
	}
	out["months"] = months
	out["weekdays"] = arrays("weekday")[0]
	years := map[string]any{}
	yc := arrays("year_number", "year_name")
	for i := range yc[0] {
		years[strconv.Itoa(int(yc[0][i].(float64)))] = yc[1][i]
	}
	if len(years) == 0 {
		out["years"] = []any{}
	} else {
		out["years"] = years
	}
	seasons := []map[string]any{}
	sc := arrays("season_name", "season_month", "season_day")
	for i := range sc[0] {
		seasons = append(seasons, map[string]any{"name": sc[0][i], "month": sc[1][i], "day": sc[2][i]})
	}
	out["seasons"] = seasons
	moons := []map[string]any{}
	oc := arrays("moon_name", "moon_fullmoon", "moon_offset", "moon_colour", "moon_id")
	for i := range oc[0] {
		moons = append(moons, map[string]any{"name": oc[0][i], "fullmoon": fmt.Sprint(oc[1][i]),
			"offset": oc[2][i], "colour": oc[3][i], "id": oc[4][i]})
	}
	out["moons"] = moons
	b, err := json.Marshal(map[string]any{"data": out})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Reading a calendar, turning it into the writable type and sending it back
// loses nothing the server sent as writable.
func TestCalendarRoundTrip(t *testing.T) {
	var list struct{ Data []*client.Calendar }
	if err := json.Unmarshal(readTestdata(t, "live_calendar_list.json"), &list); err != nil {
		t.Fatal(err)
	}
	var one struct{ Data *client.Calendar }
	if err := json.Unmarshal(readTestdata(t, "live_calendar.json"), &one); err != nil {
		t.Fatal(err)
	}
	for _, orig := range append([]*client.Calendar{one.Data}, list.Data...) {
		t.Run(orig.Name, func(t *testing.T) {
			// A moon without a colour is grey to the service: sending that
			// is no loss.
			for i := range orig.Moons {
				if orig.Moons[i].Colour == "" {
					orig.Moons[i].Colour = client.DefaultMoonColour
				}
			}
			in := client.FromCalendar(orig)
			payload, err := json.Marshal(in)
			if err != nil {
				t.Fatal(err)
			}
			var back client.Calendar
			if err := json.Unmarshal(dataBytes(t, storeCalendar(t, orig.ID, payload)), &back); err != nil {
				t.Fatal(err)
			}
			if again := client.FromCalendar(&back); !reflect.DeepEqual(again, in) {
				t.Errorf("lost in the round trip:\nsent %+v\ngot  %+v", in, again)
			}
			// The same, field by field, against what was first read.
			for name, pair := range map[string][2]any{
				"name": {orig.Name, back.Name}, "entry": {orig.Entry, back.Entry}, "type": {orig.Type, back.Type},
				"date": {orig.Date, back.Date}, "months": {orig.Months, back.Months}, "weekdays": {orig.Weekdays, back.Weekdays},
				"years": {orig.Years, back.Years}, "seasons": {orig.Seasons, back.Seasons}, "moons": {orig.Moons, back.Moons},
				"tags": {len(orig.Tags), len(back.Tags)}, "is_private": {orig.IsPrivate, back.IsPrivate},
				"suffix": {orig.Suffix, back.Suffix}, "format": {orig.Format, back.Format},
				"skip_year_zero": {orig.SkipYearZero, back.SkipYearZero}, "start_offset": {orig.StartOffset, back.StartOffset},
				"leap": {[]any{orig.HasLeapYear, orig.LeapYearAmount, orig.LeapYearMonth, orig.LeapYearOffset, orig.LeapYearStart},
					[]any{back.HasLeapYear, back.LeapYearAmount, back.LeapYearMonth, back.LeapYearOffset, back.LeapYearStart}},
			} {
				if !reflect.DeepEqual(pair[0], pair[1]) {
					t.Errorf("%s: read %v, after the round trip %v", name, pair[0], pair[1])
				}
			}
		})
	}
}

// FromCalendar copies: changing the input does not change the calendar read.
func TestFromCalendarCopies(t *testing.T) {
	var one struct{ Data *client.Calendar }
	if err := json.Unmarshal(readTestdata(t, "live_calendar.json"), &one); err != nil {
		t.Fatal(err)
	}
	cal := one.Data
	in := client.FromCalendar(cal)
	in.Months[0].Name = "Changed"
	in.Years[1492] = "Changed"
	*in.Moons[0].ID = 99
	in.Weekdays[0] = "Changed"
	if cal.Months[0].Name != "Hammer" || cal.Years[1492] != "Year of Three Ships Sailing" || *cal.Moons[0].ID != 4 || cal.Weekdays[0] != "First-day" {
		t.Errorf("FromCalendar shares memory with the calendar: %+v", cal)
	}
}

// The same round trip for a weather entry.
func TestWeatherRoundTrip(t *testing.T) {
	var one struct{ Data *client.Weather }
	if err := json.Unmarshal(readTestdata(t, "live_weather.json"), &one); err != nil {
		t.Fatal(err)
	}
	orig := one.Data
	in := client.FromWeather(orig)
	payload, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var stored map[string]any
	if err := json.Unmarshal(payload, &stored); err != nil {
		t.Fatal(err)
	}
	for k := range stored {
		if !slices.Contains([]string{"year", "month", "day", "weather", "temperature", "precipitation", "wind", "effect", "name", "visibility_id"}, k) {
			t.Errorf("payload key %q is not one the service reads", k)
		}
	}
	stored["id"], stored["calendar_id"] = orig.ID, orig.CalendarID
	answer, _ := json.Marshal(stored)
	var back client.Weather
	if err := json.Unmarshal(answer, &back); err != nil {
		t.Fatal(err)
	}
	back.Raw, orig.Raw = nil, nil
	orig.CreatedBy, orig.CreatedAt, orig.UpdatedAt = 0, "", "" // the server's to set
	if !reflect.DeepEqual(back, *orig) {
		t.Errorf("lost in the round trip:\nread %+v\ngot  %+v", *orig, back)
	}
}
