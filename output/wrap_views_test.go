package output

import (
	"bytes"
	"strings"
	"testing"
)

// The note on the columns a table left out wraps at spaces to the
// terminal, under its text: "(PRECIPITATION, E" / "FFECT" no more.
func TestNoteLeftOutWrapsAtSpaces(t *testing.T) {
	var said bytes.Buffer
	p, _ := newPrinter(t, Options{Width: 60, Notes: &said})
	if err := p.PrintList(listOf(nil, storm), weatherKind); err != nil {
		t.Fatal(err)
	}
	want := "note: 1 column left out to fit 60 columns (EFFECT): use -o\n" +
		"      wide or a wider terminal\n"
	if said.String() != want {
		t.Errorf("note:\n%s\nwant:\n%s", said.String(), want)
	}
}

// weekdaysKind is a calendar's detail with a long one-line value and a
// block whose lines are long.
var weekdaysKind = Kind{Detail: func(Record) []Field {
	return []Field{
		{Label: "Name", Value: "Calendar of Harptos"},
		{Label: "Weekdays", Value: "First-day, Second-day, Third-day, Fourth-day, Fifth-day, Sixth-day, Seventh-day, Eighth-day, Ninth-day, Tenth-day"},
		{Label: "Months", Value: "1. Hammer (30), also Deepwinter\n4. Ches (30), also The Claw of the Sunsets"},
		{Label: "Effect", Value: "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},
	}
}}

// On a terminal a detail view wraps its values at spaces, each line after
// the first under the value (a block's under its line, two further in); a
// word too wide for the line is cut with "...". Piped, nothing wraps.
func TestDetailWrapsAtSpacesWithAHangingIndent(t *testing.T) {
	p, out := newPrinter(t, Options{Width: 40})
	if err := p.PrintOne(fakeCalendar{ID: 1}, weekdaysKind); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"Name:     Calendar of Harptos\n" +
		"Weekdays: First-day, Second-day,\n" +
		"          Third-day, Fourth-day,\n" +
		"          Fifth-day, Sixth-day,\n" +
		"          Seventh-day, Eighth-day,\n" +
		"          Ninth-day, Tenth-day\n" +
		"Months:\n" +
		"  1. Hammer (30), also Deepwinter\n" +
		"  4. Ches (30), also The Claw of the\n" +
		"    Sunsets\n" +
		"Effect:   Aaaaaaaaaaaaaaaaaaaaaaaaaaa...\n"
	if out.String() != want {
		t.Errorf("at 40 columns:\n%s\nwant:\n%s", out, want)
	}
	p, out = newPrinter(t, Options{})
	if err := p.PrintOne(fakeCalendar{ID: 1}, weekdaysKind); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Weekdays: First-day, Second-day, Third-day, Fourth-day, Fifth-day, Sixth-day, Seventh-day, Eighth-day, Ninth-day, Tenth-day\n") {
		t.Errorf("piped, a value was wrapped:\n%s", out)
	}
}
