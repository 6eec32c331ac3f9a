package calimport

import (
	"strings"
	"testing"
)

func TestDetectShapes(t *testing.T) {
	for _, c := range []struct {
		json string
		want Format
	}{
		{`{"name": "x", "static_data": {}, "dynamic_data": {}, "events": [], "categories": []}`, FantasyCalendar},
		{`{"calendar": {}, "notes": []}`, SimpleCalendar},
		{`{"exportVersion": 2, "calendars": [], "notes": {}}`, SimpleCalendar},
		{`{"yearSettings": {}, "monthSettings": []}`, SimpleCalendar},
		{`{"weekdaySettings": []}`, SimpleCalendar},
		{`{"year_len": 360, "months": [], "month_len": {}}`, Donjon},
		{`{"id": "x", "name": "x", "static": {}, "current": {}, "events": []}`, Calendarium},
	} {
		if got, err := Detect([]byte(c.json)); err != nil || got != c.want {
			t.Errorf("Detect(%s) = %q, %v; want %q", c.json, got, err, c.want)
		}
	}
}

func TestConvertErrors(t *testing.T) {
	for _, c := range []struct {
		name, json string
		format     Format
		want       string
	}{
		{"invalid JSON, with its line and column", "{\n  \"name\": \"x\",\n  \"static_data\": }\n", Auto,
			"line 3, column 18: not valid JSON: invalid character '}' looking for beginning of value"},
		{"a file that ends too soon", "{\n  \"year_len\": 360,\n", Auto,
			"line 3, column 1: not valid JSON: the file ends before the value does"},
		{"an empty file", "  \n", Auto, "the file is empty"},
		{"an unknown shape", `{"months": ["Hammer"], "title": "x"}`, Auto,
			"not a calendar kanka can import: expected a Fantasy-Calendar export ({name, static_data, dynamic_data, ...}), " +
				"a Simple Calendar file ({calendar: {...}, notes}, {exportVersion: 2, calendars: [...]} or its older yearSettings, monthSettings, ... keys), " +
				"a donjon calendar saved as JSON ({year_len, months, month_len, weekdays, ...}) " +
				"or a Calendarium calendar ({name, static: {months, weekdays, ...}, current, ...})"},
		{"a list", `[1, 2]`, Auto, "not a calendar kanka can import: the file holds a list, not an object; expected a Fantasy-Calendar export"},
		{"another format than --format says", `{"year_len": 360, "months": ["A"], "month_len": {"A": 360}}`, FantasyCalendar,
			"not a Fantasy-Calendar export: expected {name, static_data, dynamic_data, events, categories}"},
		{"a donjon file read as Simple Calendar", `{"year_len": 360, "months": ["A"]}`, SimpleCalendar,
			"not a Simple Calendar file: expected {calendar: {...}, notes}"},
		{"a Simple Calendar file read as donjon", `{"calendar": {}}`, Donjon,
			"not a donjon calendar: expected {year_len, months"},
		{"an unknown format", `{"calendar": {}}`, Format("ical"), `unknown format "ical": give auto, fantasy-calendar, simple-calendar, donjon or calendarium`},
		{"a value of the wrong kind", `{"name": "x", "static_data": {"year_data": {"timespans": [{"name": "A", "type": "month", "length": true}]}}, "dynamic_data": {}}`, Auto,
			"line 1, column 100: static_data.year_data.timespans[0].length: expected a number, got true"},
		{"a timespan of another type", `{"name": "x", "static_data": {"year_data": {"timespans": [{"name": "A", "type": "week", "length": 3}]}}, "dynamic_data": {}}`, Auto,
			`timespan 1 (A): its type is "week", not month or intercalary`},
		{"a leap day's interval that is no list", `{"name": "x", "static_data": {"year_data": {"global_week": ["a", "b"], "timespans": [{"name": "A", "type": "month", "length": 3}], "leap_days": [{"name": "L", "timespan": 0, "interval": "4,x"}]}}, "dynamic_data": {}}`, Auto,
			`leap day 1 (L): the interval "4,x" is not a list of whole numbers such as 400,!100,4`},
		{"an era that ends its year", `{"name": "x", "static_data": {"year_data": {"global_week": ["a", "b"], "timespans": [{"name": "A", "type": "month", "length": 3}, {"name": "B", "type": "month", "length": 3}]}, "eras": [{"name": "Fall", "settings": {"ends_year": true}}]}, "dynamic_data": {"year": 1}}`, Auto,
			"era Fall ends its year early: Kanka cannot hold a year cut short"},
		{"a calendar Kanka refuses", `{"name": "x", "static_data": {"year_data": {"global_week": ["a"], "timespans": [{"name": "A", "type": "month", "length": 3}]}}, "dynamic_data": {"year": 1}}`, Auto,
			"the converted calendar is not one Kanka accepts:\nmonths: at least 2 are required, 1 given\nweekdays: at least 2 are required, 1 given"},
		{"donjon year_len that is not its months'", `{"year_len": 360, "months": ["A", "B"], "month_len": {"A": 30, "B": 30}, "weekdays": ["a", "b"], "year": 1}`, Auto,
			"year_len is 360, but its months' lengths add up to 60"},
		{"a moon without a cycle", `{"year_len": 60, "months": ["A", "B"], "month_len": [30, 30], "weekdays": ["a", "b"], "moons": ["M"], "lunar_cyc": {}, "year": 1}`, Auto,
			"moon 1 (M): lunar_cyc gives it no cycle above 0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Convert([]byte(c.json), c.format)
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("error:\n  %v\nwant it to start:\n  %s", err, c.want)
			}
		})
	}
}

func TestParseFormat(t *testing.T) {
	for _, s := range []string{"auto", "fantasy-calendar", "Simple-Calendar", " donjon "} {
		if _, err := ParseFormat(s); err != nil {
			t.Errorf("ParseFormat(%q): %v", s, err)
		}
	}
	if _, err := ParseFormat("fantasy"); err == nil {
		t.Error("ParseFormat(fantasy) took it")
	}
}

func TestNearestColour(t *testing.T) {
	for hex, want := range map[string]string{
		"#ffffff": "grey", "#fff": "grey", "#c0c0c0": "grey", "#000000": "black", "#ff0000": "red",
		"#0000ff": "navy", "#00ff00": "green", "#ffff00": "yellow", "#ffa500": "orange", "#800080": "purple",
		"#40e0d0": "aqua", "#87ceeb": "light-blue", "#ffc0cb": "pink", "#8b4513": "brown", "#008080": "teal",
		"#800000ff": "maroon", "red": "", "": "",
	} {
		if got := nearestColour(hex); got != want {
			t.Errorf("nearestColour(%q) = %q, want %q", hex, got, want)
		}
	}
}

func TestIntervalRules(t *testing.T) {
	for _, c := range []struct {
		interval string
		offset   int
		cyclic   bool
		leap     []int
		common   []int
	}{
		{"400,!100,4", 0, false, []int{1600, 2000, 2004, 2024, 2400}, []int{1700, 1800, 1900, 2001, 2100}},
		{"4", 1, false, []int{1, 5, 1493}, []int{4, 1492}},
		{"+4", 1, false, []int{4, 1492}, []int{1, 5}},
		{"!10,2", 0, false, []int{2, 4, 12}, []int{10, 20, 3}},
		{"1,3", 5, true, []int{1, 3, 6, 8}, []int{2, 4, 5, 7}},
	} {
		r, err := intervalRule(c.interval, c.offset, c.cyclic, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, y := range c.leap {
			if !r.isLeap(y) {
				t.Errorf("%s (offset %d): %d is not leap", c.interval, c.offset, y)
			}
		}
		for _, y := range c.common {
			if r.isLeap(y) {
				t.Errorf("%s (offset %d): %d is leap", c.interval, c.offset, y)
			}
		}
	}
}
