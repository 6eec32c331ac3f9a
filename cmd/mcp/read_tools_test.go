package mcp_test

import (
	"strings"
	"testing"
)

// The tools that read: their results, the requests they send, and their
// errors in the command's words.

func TestListCalendars(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	mark := r.mark()
	got, summary := r.ok(r.call("list_calendars", map[string]any{}))
	wantJSON(t, "result", got, `{"calendars":[{"id":1,"name":"Calendar of Harptos","date":"1492-4-1"}]}`)
	if want := "1 calendar:\n1 \"Calendar of Harptos\", date 1492-4-1"; summary != want {
		t.Errorf("summary %q, want %q", summary, want)
	}
	r.wantRequests(mark, "GET calendars")
}

func TestGetCalendarByIDOrName(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	const summary = `calendar 1 "Calendar of Harptos": date 1492-4-1; 17 months, 10 weekdays, 1 moon, 4 seasons, 6 named years`
	for _, tt := range []struct {
		name     string
		calendar any
		requests []string
	}{
		{"an id as a number", 1, []string{"GET calendars/1"}},
		{"an id as a string", "1", []string{"GET calendars/1"}},
		{"a name", "Calendar of Harptos", []string{"GET calendars?name=Calendar+of+Harptos"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mark := r.mark()
			got, words := r.ok(r.call("get_calendar", map[string]any{"calendar": tt.calendar}))
			cal, _ := got["calendar"].(map[string]any)
			if cal["name"] != "Calendar of Harptos" || cal["date"] != "1492-4-1" || cal["suffix"] != "DR" {
				t.Errorf("calendar %v", cal)
			}
			months, _ := cal["months"].([]any)
			if len(months) != 17 || months[3].(map[string]any)["name"] != "Ches" {
				t.Errorf("months %v", cal["months"])
			}
			wantJSON(t, "moons", cal["moons"], `[{"name":"Selûne","fullmoon":"30.4375","offset":0,"colour":"white","id":1}]`)
			if words != summary {
				t.Errorf("summary %q, want %q", words, summary)
			}
			r.wantRequests(mark, tt.requests...)
		})
	}
}

func TestGetCalendarNotFound(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	text := r.failed(r.call("get_calendar", map[string]any{"calendar": 7}))
	if want := "error: calendar 7 not found in campaign 1\n(kanka exit 4: not found)"; text != want {
		t.Errorf("error %q, want %q", text, want)
	}
}

func TestShowMonth(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	mark := r.mark()
	got, summary := r.ok(r.call("show_month", map[string]any{"calendar": "Calendar of Harptos", "date": "3 Ches 1492"}))
	if want := `Ches 1492 (Year of Three Ships Sailing) of calendar 1 "Calendar of Harptos": 30 days, weather recorded on 5 days; today is 1492-4-1`; summary != want {
		t.Errorf("summary %q, want %q", summary, want)
	}
	wantJSON(t, "the month", []any{got["calendar"], got["year"], got["month"], got["month_name"], got["today"]},
		`[{"id":1,"name":"Calendar of Harptos"},1492,4,"Ches","1492-4-1"]`)
	days, _ := got["days"].([]any)
	if len(days) != 30 {
		t.Fatalf("%d days", len(days))
	}
	third := days[2].(map[string]any)
	if third["date"] != "1492-4-3" || third["weekday"] != "Third-day" || third["season"] != "Winter" {
		t.Errorf("the third day: %v", third)
	}
	weather, _ := third["weather"].([]any)
	if len(weather) != 1 || weather[0].(map[string]any)["effect"] != "fords impassable" {
		t.Errorf("the third day's weather: %v", third["weather"])
	}
	// The weather and the reminders are read at once.
	r.wantRequestsAnyOrder(mark, "GET calendars?name=Calendar+of+Harptos", "GET calendars/1/calendar_weathers", "GET calendars/1/reminders")
}

// The current month when no date is given, and a date that does not
// exist refused in the command's words.
func TestShowMonthDefaultsAndRefusals(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	got, _ := r.ok(r.call("show_month", map[string]any{"calendar": 1}))
	if got["month_name"] != "Ches" || got["today"] != "1492-4-1" {
		t.Errorf("the current month: %v %v", got["month_name"], got["today"])
	}
	mark := r.mark()
	text := r.failed(r.call("show_month", map[string]any{"calendar": 1, "date": "1492-Foo-3"}))
	if want := "error: --date: month \"Foo\" does not exist in this calendar\n(kanka exit 2: invalid input: nothing was sent)"; text != want {
		t.Errorf("error %q, want %q", text, want)
	}
	r.wantRequests(mark, "GET calendars/1")
}

func TestListWeather(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	mark := r.mark()
	got, summary := r.ok(r.call("list_weather", map[string]any{"calendar": 1, "from": "1492-4-2", "to": "1492-Ches-4"}))
	want := "3 weather entries:\n" +
		"1492-4-2: cloud-rain, temperature 6°C, precipitation drizzle, wind west, fresh (id 2)\n" +
		"1492-4-3: cloud-showers-heavy, temperature 5°C, precipitation heavy rain, wind south-west, strong, effect fords impassable (id 3)\n" +
		"1492-4-4: wind, temperature 7°C, precipitation none, wind north, gale (id 4)"
	if summary != want {
		t.Errorf("summary:\n%s\nwant:\n%s", summary, want)
	}
	entries, _ := got["weather"].([]any)
	if len(entries) != 3 || entries[0].(map[string]any)["id"] != 2.0 || entries[2].(map[string]any)["weather"] != "wind" {
		t.Errorf("entries %v", got["weather"])
	}
	// The month by name is read with the calendar's months.
	r.wantRequests(mark, "GET calendars/1", "GET calendars/1/calendar_weathers")
}

// A blank calendar is refused before anything runs; one the schema does
// not take (a list) is the SDK's refusal; nothing is sent either way.
func TestBlankOrWrongCalendarSendsNothing(t *testing.T) {
	r := newRig(t, rigOptions{})
	mark := r.mark()
	text := r.failed(r.call("get_calendar", map[string]any{"calendar": "  "}))
	if want := "calendar: give an id or a name\n(nothing was sent)"; text != want {
		t.Errorf("error %q, want %q", text, want)
	}
	text = r.failed(r.call("list_weather", map[string]any{"calendar": []int{1}}))
	if !strings.Contains(text, "calendar") {
		t.Errorf("error %q does not name the field", text)
	}
	text = r.failed(r.call("list_calendars", map[string]any{"calendar": 1}))
	if !strings.Contains(text, "calendar") {
		t.Errorf("an unknown argument: %q", text)
	}
	r.wantRequests(mark)
}
