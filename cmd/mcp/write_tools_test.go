package mcp_test

import (
	"strings"
	"testing"
)

// The tools that write: the command's own path (its requests, its checks,
// its words), and nothing sent when they refuse.

func TestSetWeatherCreatesThenUpdatesThenSendsNothing(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()

	mark := r.mark()
	got, summary := r.ok(r.call("set_weather", map[string]any{"calendar": "Calendar of Harptos", "date": "1492-Ches-6",
		"weather": "snowflake", "temperature": "-3°C"}))
	if want := "weather of 1492-4-6 on calendar 1: snowflake, temperature -3°C (entry 6)\ncreated weather 6 on 1492-4-6"; summary != want {
		t.Errorf("summary %q, want %q", summary, want)
	}
	entry, _ := got["weather"].(map[string]any)
	if entry["id"] != 6.0 || entry["weather"] != "snowflake" || entry["day"] != 6.0 || entry["month"] != 4.0 {
		t.Errorf("entry %v", entry)
	}
	r.wantRequests(mark, "GET calendars?name=Calendar+of+Harptos", "GET calendars/1/calendar_weathers", "POST calendars/1/calendar_weathers")

	// The same call again: nothing differs, nothing is sent.
	mark = r.mark()
	_, summary = r.ok(r.call("set_weather", map[string]any{"calendar": 1, "date": "1492-4-6", "weather": "snowflake", "temperature": "-3°C"}))
	if !strings.HasSuffix(summary, "\nweather 6 already has these values; nothing was sent") {
		t.Errorf("summary %q", summary)
	}
	r.wantRequests(mark, "GET calendars/1", "GET calendars/1/calendar_weathers")

	// An update sends the field that changed; the others are kept.
	mark = r.mark()
	got, _ = r.ok(r.call("set_weather", map[string]any{"calendar": 1, "date": "1492-4-6", "wind": "north, strong"}))
	entry, _ = got["weather"].(map[string]any)
	if entry["weather"] != "snowflake" || entry["temperature"] != "-3°C" || entry["wind"] != "north, strong" {
		t.Errorf("updated entry %v", entry)
	}
	r.wantRequests(mark, "GET calendars/1", "GET calendars/1/calendar_weathers", "PUT calendars/1/calendar_weathers/6")
	if n := len(r.state().Weather); n != 6 {
		t.Errorf("%d weather entries stored, want 6", n)
	}
}

// Without a date the day is the calendar's current one, as weather set
// says on stderr.
func TestSetWeatherOnTheCurrentDay(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	_, summary := r.ok(r.call("set_weather", map[string]any{"calendar": 1, "weather": "sun"}))
	want := "weather of 1492-4-1 on calendar 1: sun, temperature 8°C, precipitation none, wind west, light (entry 1)\n" +
		"today is 1492-4-1 (1 Ches 1492) on calendar 1 \"Calendar of Harptos\"\nupdated weather 1 on 1492-4-1"
	if summary != want {
		t.Errorf("summary:\n%s\nwant:\n%s", summary, want)
	}
}

// A refused input is an error in weather set's words, after the read that
// checks it, with nothing written.
func TestSetWeatherRefusalsWriteNothing(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	for _, tt := range []struct {
		name     string
		args     map[string]any
		want     string
		requests []string
	}{
		{"a day that does not exist", map[string]any{"calendar": 1, "date": "1492-13-40", "weather": "sun"},
			"error: the weather entry is not valid, nothing was sent:\n  date: day 40 does not exist: Highharvestide has 1 day\n(kanka exit 2: invalid input: nothing was sent)",
			[]string{"GET calendars/1"}},
		{"a bad visibility", map[string]any{"calendar": 1, "weather": "sun", "visibility": "everyone"},
			"error: --visibility: \"everyone\" is not a visibility: use all, admin, admin-self, self, members or 1 to 5\n(kanka exit 2: invalid input: nothing was sent)",
			nil},
		{"no weather for a new day", map[string]any{"calendar": 1, "date": "1492-5-5"},
			"error: calendar 1 has no weather on 1492-5-5 yet: give --weather to create it; nothing was sent\n(kanka exit 2: invalid input: nothing was sent)",
			[]string{"GET calendars/1", "GET calendars/1/calendar_weathers"}},
		{"a weather too long", map[string]any{"calendar": 1, "weather": strings.Repeat("x", 21)},
			"", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mark := r.mark()
			text := r.failed(r.call("set_weather", tt.args))
			if tt.want != "" && text != tt.want {
				t.Errorf("error:\n%s\nwant:\n%s", text, tt.want)
			}
			if !strings.HasSuffix(text, "(kanka exit 2: invalid input: nothing was sent)") {
				t.Errorf("error %q", text)
			}
			for _, req := range r.since(mark) {
				if !strings.HasPrefix(req, "GET ") {
					t.Errorf("a refused set_weather sent %s", req)
				}
			}
			if tt.requests != nil {
				r.wantRequests(mark, tt.requests...)
			}
		})
	}
	if n := len(r.state().Weather); n != 5 {
		t.Errorf("%d weather entries stored, want the seed's 5", n)
	}
}

// Whatever an assistant sends is a value: a text that looks like a flag
// is stored as it is, a calendar named like one is looked up by that name.
func TestArgumentsAreNeverReadAsFlags(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	got, _ := r.ok(r.call("set_weather", map[string]any{"calendar": 1, "date": "1492-4-9", "weather": "--yes", "wind": "--sandbox", "effect": "-o yaml"}))
	entry, _ := got["weather"].(map[string]any)
	if entry["weather"] != "--yes" || entry["wind"] != "--sandbox" || entry["effect"] != "-o yaml" {
		t.Errorf("entry %v", entry)
	}
	mark := r.mark()
	text := r.failed(r.call("get_calendar", map[string]any{"calendar": "--token=x"}))
	if !strings.HasPrefix(text, `error: no calendar named "--token=x"`) {
		t.Errorf("error %q", text)
	}
	for _, req := range r.since(mark) {
		if !strings.HasPrefix(req, "GET calendars?name=--token%3Dx") && req != "GET calendars" {
			t.Errorf("unexpected request %s", req)
		}
	}
}

func TestAdvanceDate(t *testing.T) {
	for _, mode := range []struct {
		name     string
		live     bool
		oneDay   []string
		sevenDay []string
	}{
		{"document", false,
			[]string{"GET calendars/1", "PUT calendars/1", "GET calendars/1/reminders", "GET calendars/1/calendar_weathers"},
			[]string{"GET calendars/1", "PUT calendars/1", "GET calendars/1/reminders", "GET calendars/1/calendar_weathers"}},
		// The live service's weather path is found again each run (no cache here).
		{"live", true,
			[]string{"GET calendars/1", "POST calendars/1/advance", "GET calendars/1/reminders", "GET calendars/1/calendar_weathers", "GET calendars/1/calendar_weather"},
			[]string{"GET calendars/1", "PUT calendars/1", "GET calendars/1/reminders", "GET calendars/1/calendar_weathers", "GET calendars/1/calendar_weather"}},
	} {
		t.Run(mode.name, func(t *testing.T) {
			r := newRig(t, rigOptions{live: mode.live})
			r.seedHarptos()

			mark := r.mark()
			// The result says what the day passed held too: 1492-4-2's weather
			// (agenda_tools_test.go has reminders).
			got, summary := r.ok(r.call("advance_date", map[string]any{"calendar": 1}))
			wantJSON(t, "one day", got["calendar"], `{"id":1,"name":"Calendar of Harptos","date":"1492-4-2"}`)
			if n := len(got["days_passed"].([]any)); n != 1 {
				t.Errorf("%d days passed held something, want 1", n)
			}
			if want := "calendar 1 \"Calendar of Harptos\" is now on 1492-4-2; the days passed held:\n1492-4-2: weather: cloud-rain, temperature 6°C, precipitation drizzle, wind west, fresh"; summary != want {
				t.Errorf("summary %q, want %q", summary, want)
			}
			r.wantRequests(mark, mode.oneDay...)

			mark = r.mark()
			got, summary = r.ok(r.call("advance_date", map[string]any{"calendar": 1, "days": 7, "keep_weeks": false}))
			wantJSON(t, "seven days", got["calendar"], `{"id":1,"name":"Calendar of Harptos","date":"1492-4-9"}`)
			if mode.live && !strings.HasSuffix(summary, "\nnote: a move of 7 days is one full update of the calendar, which clears named weeks set in the web interface (kanka cannot read them); --keep-weeks moves one day at a time instead") {
				t.Errorf("summary %q lacks the note", summary)
			}
			r.wantRequests(mark, mode.sevenDay...)
			if d := storedDate(r.state().Calendars[0]); d != "1492-4-9" {
				t.Errorf("stored date %v", d)
			}
		})
	}
}

// keep_weeks: true walks the service's route, a day a request.
func TestAdvanceDateKeepingWeeks(t *testing.T) {
	r := newRig(t, rigOptions{live: true})
	r.seedHarptos()
	mark := r.mark()
	got, _ := r.ok(r.call("advance_date", map[string]any{"calendar": 1, "to": "1492-Ches-4", "keep_weeks": true}))
	wantJSON(t, "result", got["calendar"], `{"id":1,"name":"Calendar of Harptos","date":"1492-4-4"}`)
	r.wantRequests(mark, "GET calendars/1", "POST calendars/1/advance", "POST calendars/1/advance", "POST calendars/1/advance",
		"GET calendars/1/reminders", "GET calendars/1/calendar_weathers", "GET calendars/1/calendar_weather")
}

// What advance_date refuses itself (a longer move without keep_weeks, two
// ways of saying how far) and what calendar advance refuses, nothing sent.
func TestAdvanceDateRefusals(t *testing.T) {
	r := newRig(t, rigOptions{live: true})
	r.seedHarptos()
	for _, tt := range []struct {
		name string
		args map[string]any
		want string
		reqs []string
	}{
		{"a longer move without keep_weeks", map[string]any{"calendar": 1, "months": 1},
			"advance_date: a move of more than one day needs keep_weeks: false moves in one update, which on Kanka's service clears named weeks set in its web interface; true keeps them, moving one day at a time (one request a day, about 2 seconds each)\n(nothing was sent)", nil},
		{"a date without keep_weeks", map[string]any{"calendar": 1, "to": "1492-4-2"},
			"advance_date: a move of more than one day needs keep_weeks: false moves in one update, which on Kanka's service clears named weeks set in its web interface; true keeps them, moving one day at a time (one request a day, about 2 seconds each)\n(nothing was sent)", nil},
		{"days and years", map[string]any{"calendar": 1, "days": 1, "years": 1, "keep_weeks": true},
			"advance_date: give one of days, months, years or to, not 2 of them\n(nothing was sent)", nil},
		{"a date before the current one", map[string]any{"calendar": 1, "to": "1491-1-1", "keep_weeks": false},
			"", []string{"GET calendars/1"}},
		{"no days", map[string]any{"calendar": 1, "days": 0, "keep_weeks": false},
			"", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mark := r.mark()
			text := r.failed(r.call("advance_date", tt.args))
			if tt.want != "" && text != tt.want {
				t.Errorf("error:\n%s\nwant:\n%s", text, tt.want)
			}
			if tt.want == "" && !strings.HasSuffix(text, "(kanka exit 2: invalid input: nothing was sent)") {
				t.Errorf("error %q", text)
			}
			r.wantRequests(mark, tt.reqs...)
		})
	}
	if d := storedDate(r.state().Calendars[0]); d != "1492-4-1" {
		t.Errorf("the date moved to %v", d)
	}
}
