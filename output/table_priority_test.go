package output

import (
	"bytes"
	"strings"
	"testing"
)

// ranked is the weather kind with its priorities declared, as
// cmd/weather declares them: the date and what the weather is stay, the
// long free text gives way first.
var ranked = Kind{Columns: []Column{
	{Header: "ID", Priority: Key, Value: func(r Record) string { return itoa(wx(r).ID) }},
	{Header: "DATE", Priority: Key, Value: func(r Record) string { return wx(r).Date }},
	{Header: "WEATHER", Priority: Important, MinWidth: 10, Value: func(r Record) string { return wx(r).Weather }},
	{Header: "TEMPERATURE", Priority: Important, Value: func(r Record) string { return wx(r).Temp }},
	{Header: "PRECIPITATION", Priority: Expendable, Value: func(r Record) string { return wx(r).Precip }},
	{Header: "WIND", Priority: Important, MinWidth: 12, Value: func(r Record) string { return wx(r).Wind }},
	{Header: "EFFECT", Priority: Expendable, Value: func(r Record) string { return wx(r).Note }},
	{Header: "VISIBILITY", Value: func(r Record) string { return "members" }},
	{Header: "UPDATED", Wide: true, Value: func(r Record) string { return wx(r).Updated }},
}}

// The first days of Hammer, as the example file records them.
var (
	blizzard = fakeWeather{ID: 1, Date: "1 Hammer 1492", Weather: "snowflake", Temp: "-8°C", Precip: "heavy snow",
		Wind: "north, strong", Note: "roads closed, travel at half pace"}
	gale = fakeWeather{ID: 4, Date: "4 Hammer 1492", Weather: "wind", Temp: "-6°C", Precip: "drifting snow",
		Wind: "north-east, gale", Note: "ships stay in harbour"}
)

// printRanked prints the two days with the ranked kind; notes are what
// the printer said of the columns it left out.
func printRanked(t *testing.T, opts Options) (table, notes string) {
	t.Helper()
	var said bytes.Buffer
	opts.Notes = &said
	p, out := newPrinter(t, opts)
	if err := p.PrintList(listOf(nil, blizzard, gale), ranked); err != nil {
		t.Fatal(err)
	}
	return out.String(), said.String()
}

// At 80 columns the date, weather, temperature and wind stay whole: the
// expendable effect and precipitation go first (the effect, rightmost,
// before the precipitation), and the note names them once, wrapped at
// spaces to the terminal.
func TestNarrowTableGivesWayByPriority(t *testing.T) {
	for _, tc := range []struct {
		width       int
		table, note string
	}{
		{120, "" +
			"ID  DATE           WEATHER    TEMPERATURE  PRECIPITATION  WIND              EFFECT                           VISIBILITY\n" +
			"1   1 Hammer 1492  snowflake  -8°C         heavy snow     north, strong     roads closed, travel at half...  members\n" +
			"4   4 Hammer 1492  wind       -6°C         drifting snow  north-east, gale  ships stay in harbour            members\n", ""},
		{80, "" +
			"ID  DATE           WEATHER    TEMPERATURE  WIND              VISIBILITY\n" +
			"1   1 Hammer 1492  snowflake  -8°C         north, strong     members\n" +
			"4   4 Hammer 1492  wind       -6°C         north-east, gale  members\n",
			"note: 2 columns left out to fit 80 columns (PRECIPITATION, EFFECT): use -o wide\n      or a wider terminal\n"},
		// The ordinary visibility goes next; then the important columns
		// shrink, the wind no shorter than its 12 columns, and then go.
		{60, "" +
			"ID  DATE           WEATHER    TEMPERATURE  WIND\n" +
			"1   1 Hammer 1492  snowflake  -8°C         north, strong\n" +
			"4   4 Hammer 1492  wind       -6°C         north-east, gale\n",
			"note: 3 columns left out to fit 60 columns (PRECIPITATION,\n      EFFECT, VISIBILITY): use -o wide or a wider terminal\n"},
		{56, "" +
			"ID  DATE           WEATHER    TEMPERATURE  WIND\n" +
			"1   1 Hammer 1492  snowflake  -8°C         north, strong\n" +
			"4   4 Hammer 1492  wind       -6°C         north-east...\n",
			"note: 3 columns left out to fit 56 columns\n      (PRECIPITATION, EFFECT, VISIBILITY): use -o wide\n      or a wider terminal\n"},
		{50, "" +
			"ID  DATE           WEATHER    TEMPERATURE\n" +
			"1   1 Hammer 1492  snowflake  -8°C\n" +
			"4   4 Hammer 1492  wind       -6°C\n",
			"note: 4 columns left out to fit 50 columns\n      (PRECIPITATION, WIND, EFFECT, VISIBILITY):\n      use -o wide or a wider terminal\n"},
	} {
		table, note := printRanked(t, Options{Width: tc.width})
		if table != tc.table || note != tc.note {
			t.Errorf("width %d:\n%s%s\nwant:\n%s%s", tc.width, table, note, tc.table, tc.note)
		}
		checkTableShape(t, table, tc.width)
	}
}

// -o wide asks for every column: on a narrow terminal it keeps them all,
// whole, past the edge, and has nothing to note.
func TestWideIsNeverCutToTheTerminal(t *testing.T) {
	table, note := printRanked(t, Options{Format: Wide, Width: 60})
	want := "" +
		"ID  DATE           WEATHER    TEMPERATURE  PRECIPITATION  WIND              EFFECT                             VISIBILITY  UPDATED\n" +
		"1   1 Hammer 1492  snowflake  -8°C         heavy snow     north, strong     roads closed, travel at half pace  members\n" +
		"4   4 Hammer 1492  wind       -6°C         drifting snow  north-east, gale  ships stay in harbour              members\n"
	if table != want || note != "" {
		t.Errorf("wide at 60:\n%s%s\nwant:\n%s", table, note, want)
	}
}

// The note is said once per printer, however many tables it prints; not
// at all without somewhere to say it (-q), nor when nothing was left out.
func TestNoteOnWhatWasLeftOutIsSaidOnce(t *testing.T) {
	var said bytes.Buffer
	p, _ := newPrinter(t, Options{Width: 80, Notes: &said})
	for range 2 {
		if err := p.PrintList(listOf(nil, blizzard, gale), ranked); err != nil {
			t.Fatal(err)
		}
	}
	if want := "note: 2 columns left out to fit 80 columns (PRECIPITATION, EFFECT): use -o wide\n      or a wider terminal\n"; said.String() != want {
		t.Errorf("notes %q, want %q once", said.String(), want)
	}

	p, out := newPrinter(t, Options{Width: 80})
	if err := p.PrintList(listOf(nil, blizzard, gale), ranked); err != nil || !strings.HasPrefix(out.String(), "ID  DATE") {
		t.Errorf("without Notes: %v, %q", err, out)
	}

	if _, note := printRanked(t, Options{Width: 200}); note != "" {
		t.Errorf("nothing left out, yet %q", note)
	}
	if _, note := printRanked(t, Options{Width: 40}); note != "note: 5 columns left out to fit 40\n      columns (TEMPERATURE,\n      PRECIPITATION, WIND, EFFECT,\n      VISIBILITY): use -o wide or a\n      wider terminal\n" {
		t.Errorf("one more column left out: %q", note)
	}
}

// A column never cut below its MinWidth is left out instead; a short one
// is never padded to it.
func TestMinWidthLeavesAColumnOutRatherThanCutItShorter(t *testing.T) {
	kind := Kind{Columns: []Column{
		{Header: "ID", Priority: Key, Value: func(r Record) string { return itoa(wx(r).ID) }},
		{Header: "WIND", MinWidth: 12, Value: func(r Record) string { return wx(r).Wind }},
		{Header: "FELT", Value: func(r Record) string { return wx(r).Temp }},
	}}
	p, out := newPrinter(t, Options{Width: 20})
	if err := p.PrintList(listOf(nil, gale), kind); err != nil {
		t.Fatal(err)
	}
	// WIND at 12 and FELT at 5 need 2+12+5+4 = 23 > 20: FELT goes, and
	// WIND takes its room back.
	if want := "ID  WIND\n4   north-east, gale\n"; out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	p, out = newPrinter(t, Options{Width: 10})
	if err := p.PrintList(listOf(nil, gale), kind); err != nil {
		t.Fatal(err)
	}
	if want := "ID\n4\n"; out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
