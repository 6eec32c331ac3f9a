package output

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// fakeWeather is a weather entry as the weather kind shows it: two key
// columns (ID, DATE) and free text.
type fakeWeather struct {
	ID                                      int
	Date, Weather, Temp, Precip, Wind, Note string
	Updated                                 string
}

func (w fakeWeather) RawJSON() json.RawMessage { return json.RawMessage(`{}`) }
func (w fakeWeather) RecordID() int            { return w.ID }

func wx(r Record) fakeWeather { return r.(fakeWeather) }

var weatherKind = Kind{Columns: []Column{
	{Header: "ID", Value: func(r Record) string { return itoa(wx(r).ID) }},
	{Header: "DATE", Value: func(r Record) string { return wx(r).Date }},
	{Header: "WEATHER", Value: func(r Record) string { return wx(r).Weather }},
	{Header: "TEMPERATURE", Value: func(r Record) string { return wx(r).Temp }},
	{Header: "PRECIPITATION", Value: func(r Record) string { return wx(r).Precip }},
	{Header: "WIND", Value: func(r Record) string { return wx(r).Wind }},
	{Header: "EFFECT", Value: func(r Record) string { return wx(r).Note }},
	{Header: "UPDATED", Wide: true, Value: func(r Record) string { return wx(r).Updated }},
}}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

var storm = fakeWeather{ID: 41, Date: "1492-11-23", Weather: "Thunderstorm over the Sword Coast",
	Temp: "cold, near freezing at night", Precip: "heavy rain", Wind: "gale from the west",
	Note: "ships stay in harbour", Updated: "2026-05-01T10:00:00.000000Z"}

func printWeather(t *testing.T, opts Options) string {
	t.Helper()
	p, out := newPrinter(t, opts)
	if err := p.PrintList(listOf(nil, storm), weatherKind); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// On a narrow terminal the key columns (ID, NAME, DATE, when the Kind does
// not say) stay whole: the free text shrinks, then goes from the right, and
// the room a column left out leaves goes back to those that shrank; headers
// never wrap.
func TestNarrowTableKeepsKeyColumnsWhole(t *testing.T) {
	for _, tc := range []struct {
		width int
		want  string
	}{
		{80, "ID  DATE        WEATHER     TEMPERATURE  PRECIPITATION  WIND         EFFECT\n" +
			"41  1492-11-23  Thunder...  cold, ne...  heavy rain     gale fro...  ships st...\n"},
		{60, "ID  DATE        WEATHER  TEMPERATURE  PRECIPITATION  WIND\n" +
			"41  1492-11-23  Thun...  cold, ne...  heavy rain     gale...\n"},
		{30, "ID  DATE        WEATHER\n" +
			"41  1492-11-23  Thunderstor...\n"},
		{12, "ID  DATE\n" + "41  1492-...\n"},
	} {
		got := printWeather(t, Options{Width: tc.width})
		if got != tc.want {
			t.Errorf("width %d:\n%s\nwant:\n%s", tc.width, got, tc.want)
		}
		if tc.width >= 30 {
			checkTableShape(t, got, tc.width)
		}
	}
}

// One timestamp style in tables: relative on a terminal, RFC 3339 (UTC)
// when piped. JSON keeps the server's text.
func TestTableTimestamps(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 5, 4, 12, 0, 0, 0, time.UTC) }
	terminal := printWeather(t, Options{Format: Wide, Width: 200, Now: now})
	if !strings.HasSuffix(terminal, "  3 days ago\n") {
		t.Errorf("on a terminal:\n%s", terminal)
	}
	piped := printWeather(t, Options{Format: Wide, Now: now})
	if !strings.HasSuffix(piped, "  2026-05-01T10:00:00.000000Z\n") {
		t.Errorf("piped:\n%s", piped)
	}
	if got := (&Printer{}).tableTimestamp("2026-05-01 10:00:00"); got != "2026-05-01T10:00:00Z" {
		t.Errorf("piped, a timestamp that is not RFC 3339 became %q", got)
	}
	for d, want := range map[time.Duration]string{
		10 * time.Second: "just now", time.Minute: "1 minute ago", 90 * time.Minute: "1 hour ago",
		50 * time.Hour: "2 days ago", 65 * 24 * time.Hour: "2 months ago", 800 * 24 * time.Hour: "2 years ago",
		-3 * time.Hour: "in 3 hours",
	} {
		if got := relativeTime(d); got != want {
			t.Errorf("relativeTime(%s) = %q, want %q", d, got, want)
		}
	}
	if got := (&Printer{}).tableTimestamp("not a time"); got != "not a time" {
		t.Errorf("a value that is no timestamp became %q", got)
	}
}
