package client_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/presets"
	"github.com/kanka-cli/kanka/internal/yamlwrite"
	yaml "go.yaml.in/yaml/v3"
)

// The file forms (-o yaml, export, the edit file) are written in one pass,
// byte for byte as they were written from the trees kanka built before
// (client.CalendarFileBefore): every preset, the live service's answers,
// and calendars and entries of awkward texts in every field.

// libraryYAML is v as the library's encoder writes it, as kanka did.
func libraryYAML(t *testing.T, v any) string {
	t.Helper()
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// sameAsBefore fails t unless the form is written, alone and as an item
// of a list, as the tree before was.
func sameAsBefore(t *testing.T, name string, form yamlwrite.Map, before *yaml.Node) {
	t.Helper()
	for _, c := range []struct {
		what      string
		now, then any
	}{
		{"alone", form, before},
		{"in a list", []any{form, form}, []any{before, before}},
	} {
		want := libraryYAML(t, c.then)
		got, err := yamlwrite.Encode(c.now)
		if err != nil {
			t.Fatalf("%s %s: %v", name, c.what, err)
		}
		if string(got) != want {
			t.Errorf("%s %s: written\n%s\nbefore\n%s", name, c.what, got, want)
		}
		if lib := libraryYAML(t, c.now); lib != want {
			t.Errorf("%s %s: the library writes the form\n%s\nbefore\n%s", name, c.what, lib, want)
		}
	}
}

// awkward are texts whose writing YAML decides from their characters.
var awkward = []string{
	"Harptos", "", "Selûne", "null", "true", "yes", "No", "y", "~", "123", "-5", "1e3", ".inf", "0x1F", "1:20",
	"1492-3-12", "1492-2-30", "1-1-1", "warm: 20°C", "north, strong", "a #b", "#a", "- a", "-a", "[a]", "{a}", "@a", "`a",
	"'a", "\"a\"", "a\\b", " lead", "trail ", "tab\there", "emoji 😀", "bell\a", "\ufeffbom", "a\u2028b",
	"line\nbreak", "trailing\n", " a\nb", "\ta\nb", "<p>one</p>\n<p>two</p>", strings.Repeat("long ", 40),
}

// awkwardCalendar is an answer with awkward texts in every field and in
// keys kanka does not know.
func awkwardCalendar(t *testing.T, id int, texts []string) *client.Calendar {
	t.Helper()
	at := func(i int) string { return texts[i%len(texts)] }
	var months, seasons, moons []map[string]any
	weekdays := []string{}
	years := map[string]string{}
	for i := range texts {
		months = append(months, map[string]any{"name": at(i), "length": 30, "type": "standard", "alias": at(i + 1)})
		weekdays = append(weekdays, at(i+2))
		years[strconv.Itoa(i*7-20)] = at(i + 3)
		seasons = append(seasons, map[string]any{"name": at(i + 4), "month": 1 + i%len(texts), "day": 1})
		moons = append(moons, map[string]any{"name": at(i + 5), "fullmoon": "29.5", "offset": i, "colour": at(i + 6), "id": i + 1})
	}
	answer := map[string]any{
		"id": id, "name": at(0), "type": at(1), "entry": at(2), "entry_parsed": at(3), "tooltip": nil,
		"date": "1492-3-12", "months": months, "weekdays": weekdays, "years": years, "seasons": seasons, "moons": moons,
		"suffix": at(4), "has_leap_year": true, "leap_year_amount": 1, "leap_year_month": 2, "leap_year_offset": 4,
		"leap_year_start": 0, "skip_year_zero": false, "start_offset": 3, "is_private": false, "tags": []int{3, 7},
		"urls":      map[string]any{"view": "https://app.kanka.io/w/1/entities/340", "api": at(5)},
		"entity_id": 340, "created_at": "2026-01-02T03:04:05.000000Z", "updated_by": "55",
	}
	for i, text := range texts {
		answer["x_"+strconv.Itoa(i)] = text
		answer[text+"_key"] = []any{text, 1.5, nil, map[string]any{text: i}}
	}
	for _, key := range []string{"123", "", "a: b", "y", "true", "-", "#x", "Selûne"} {
		answer[key] = key
	}
	raw, err := json.Marshal(answer)
	if err != nil {
		t.Fatal(err)
	}
	var cal client.Calendar
	if err := json.Unmarshal(raw, &cal); err != nil {
		t.Fatalf("the awkward calendar: %v", err)
	}
	return &cal
}

func TestCalendarFileWritesEveryPresetAsBefore(t *testing.T) {
	for _, name := range presets.Names() {
		p, err := presets.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		cal := &client.Calendar{CalendarInput: p.Input}
		sameAsBefore(t, name, client.CalendarFile(cal), client.CalendarFileBefore(cal))
	}
}

func TestCalendarFileWritesAnswersAsBefore(t *testing.T) {
	raw, err := os.ReadFile("testdata/live_calendar.json")
	if err != nil {
		t.Fatal(err)
	}
	var answer struct{ Data client.Calendar }
	if err := json.Unmarshal(raw, &answer); err != nil {
		t.Fatal(err)
	}
	cals := []*client.Calendar{&answer.Data, awkwardCalendar(t, 1, awkward)}
	// Each awkward text alone in every field: a text the library cannot
	// read back leaves out its field alone.
	for i, text := range awkward {
		cals = append(cals, awkwardCalendar(t, 2+i, []string{text}))
	}
	for _, cal := range cals {
		sameAsBefore(t, "calendar "+strconv.Itoa(cal.ID), client.CalendarFile(cal), client.CalendarFileBefore(cal))
	}
}

func TestWeatherFileWritesEntriesAsBefore(t *testing.T) {
	raw, err := os.ReadFile("testdata/live_weather.json")
	if err != nil {
		t.Fatal(err)
	}
	var answer struct{ Data client.Weather }
	if err := json.Unmarshal(raw, &answer); err != nil {
		t.Fatal(err)
	}
	entries := []client.Weather{answer.Data}
	for i, text := range awkward {
		entry, err := json.Marshal(map[string]any{"id": 100 + i, "calendar_id": 1, "year": 1492, "month": 1 + i%3, "day": 1 + i,
			"weather": text, "temperature": text, "precipitation": text, "wind": text, "effect": text, "visibility_id": 1 + i%5,
			"name": text, text: text})
		if err != nil {
			t.Fatal(err)
		}
		var w client.Weather
		if err := json.Unmarshal(entry, &w); err != nil {
			t.Fatalf("entry %q: %v", text, err)
		}
		entries = append(entries, w)
	}
	for i := range entries {
		w := &entries[i]
		sameAsBefore(t, "entry "+strconv.Itoa(w.ID), client.WeatherFile(w), client.WeatherFileBefore(w))
	}
}
