package monthgrid

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// Two moons on the spec's calendar: a cell shows one mark, the legend says
// which moon is where.
func TestTwoMoonsGolden(t *testing.T) {
	c := twoMonths()
	c.StartOffset = 0
	c.Moons = []almanac.Moon{{Name: "Ten", Fullmoon: "10", Offset: 2}, {Name: "M", Fullmoon: "16"}}
	got := mustGrid(t, Input{Reckoning: reckon(t, c), Year: 0, Month: 1}).Text(Options{Unicode: true})
	assertFits(t, got, DefaultWidth)
	assertGolden(t, "two-moons.golden", got)
}

// Today is marked once, in brackets when piped and in reverse video on a
// terminal, never both.
func TestTodayMarking(t *testing.T) {
	piped := mustGrid(t, ches1492(t)).Text(Options{})
	term := mustGrid(t, ches1492(t)).Text(Options{Terminal: true})
	grid := func(s string) string { return s[:strings.Index(s, "\n\n")] }
	if n := strings.Count(grid(piped), "[12]"); n != 1 || strings.Contains(piped, "\x1b") {
		t.Errorf("piped grid has [12] %d times (want 1) or an escape:\n%s", n, piped)
	}
	if n := strings.Count(grid(term), reverseVideo+"12"+attrReset); n != 1 || strings.Contains(term, "[12]") {
		t.Errorf("terminal grid highlights 12 %d times (want 1) or brackets it:\n%q", n, term)
	}
	// The terminal's cells line up with the piped ones.
	plain := strings.ReplaceAll(strings.ReplaceAll(term, reverseVideo, ""), attrReset, "")
	if want := strings.ReplaceAll(strings.ReplaceAll(grid(piped), "[", " "), "]", " "); grid(plain) != want {
		t.Errorf("terminal layout differs from piped:\n%s\nvs\n%s", plain, want)
	}
}

func TestTodayInAnotherMonthIsNotMarked(t *testing.T) {
	in := ches1492(t)
	in.Month = 5
	got := mustGrid(t, in).Text(Options{})
	if strings.Contains(got, "[") || strings.Contains(got, "today") {
		t.Errorf("Tarsakh marks a today that is in Ches:\n%s", got)
	}
}

// Names from the server are printed with their control characters in caret
// notation and on one line: a month name cannot clear the screen.
func TestHostileNamesAreSanitized(t *testing.T) {
	c := twoMonths()
	c.Months[0].Name = "One\x1b[2J"
	c.Months[0].Alias = "a\nb"
	c.Weekdays[0] = "\x1b]0;PWNED\a"
	c.Suffix = "\u009b31m"
	c.Years = map[int]string{0: "Year\rzero"}
	c.Seasons = []almanac.Season{{Name: "S\x1b[5m", Month: 1, Day: 2}}
	in := Input{Reckoning: reckon(t, c), Year: 0, Month: 1, Today: day(0, 1, 3),
		Weather: []Weather{{Date: *day(0, 1, 4), Code: "rain\x07", Raw: json.RawMessage(`{}`)}}}
	for _, o := range []Options{{}, {Terminal: true, Unicode: true}} {
		got := mustGrid(t, in).Text(o)
		rest := strings.ReplaceAll(strings.ReplaceAll(got, reverseVideo, ""), attrReset, "")
		if strings.ContainsAny(rest, "\x1b\a\r\u009b") {
			t.Errorf("control characters reach the terminal:\n%q", got)
		}
		for _, want := range []string{"One^[[2J (a b)\n", "0 ^[[31m, Year^Mzero\n", " ^[     B", "season starts: S^[[5m on 2 One", "4 ? rain^G"} {
			if !strings.Contains(got, want) {
				t.Errorf("text lacks %q:\n%s", want, got)
			}
		}
	}
}

func TestNewRefuses(t *testing.T) {
	harp := reckon(t, harptos())
	few := twoMonths()
	few.Weekdays = []string{"Only"}
	skip := twoMonths()
	skip.SkipYearZero = true
	tests := []struct {
		name string
		in   Input
		want string
	}{
		{"no calendar", Input{Year: 1, Month: 1}, "monthgrid: no calendar"},
		{"no such month", Input{Reckoning: harp, Year: 1492, Month: 18}, "month 18 does not exist: the calendar has 17 months"},
		{"month 0", Input{Reckoning: harp, Year: 1492}, "month 0 does not exist: the calendar has 17 months"},
		{"year 0 skipped", Input{Reckoning: reckon(t, skip), Year: 0, WholeYear: true}, "year 0 does not exist in this calendar"},
		{"one weekday", Input{Reckoning: reckon(t, few), Year: 0, Month: 1}, almanac.ErrFewWeekdays.Error()},
		{"weather not JSON", Input{Reckoning: harp, Year: 1492, Month: 4,
			Weather: []Weather{{Date: *day(1492, 4, 2), Raw: json.RawMessage(`{"id":`)}}}, "the weather entry of 1492-4-2 is not valid JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(tt.in)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("New = %v, %v; want error %q", g, err, tt.want)
			}
		})
	}
	if _, err := New(Input{Reckoning: reckon(t, few), Year: 0, Month: 1}); !errors.Is(err, almanac.ErrFewWeekdays) {
		t.Errorf("one weekday: %v is not ErrFewWeekdays", err)
	}
	// Weather of days not shown is not looked at, however broken.
	in := ches1492(t)
	in.Weather = append(in.Weather, Weather{Date: *day(1492, 4, 31), Raw: json.RawMessage(`x`)},
		Weather{Date: *day(1491, 4, 3), Raw: json.RawMessage(`x`)})
	if _, err := New(in); err != nil {
		t.Errorf("New with weather of other days: %v", err)
	}
}

// A week too wide for the width even in its narrowest cells (here 21
// weekdays: 83 columns; moons alone do not leave the cells, as the
// weather's do) is written one day per line rather than overflowing; 16
// weekdays stay a grid of narrow cells (79 columns: a space before each
// number).
func TestWideWeekFallsBackToList(t *testing.T) {
	c := twoMonths()
	c.Weekdays = strings.Fields("a b c d e f g h i j k l m n o p q r s t u")
	c.Moons = []almanac.Moon{{Name: "M", Fullmoon: "16"}}
	got := mustGrid(t, Input{Reckoning: reckon(t, c), Year: 0, Month: 1}).Text(Options{})
	assertFits(t, got, DefaultWidth)
	if !strings.HasPrefix(got, "One 0\n  1 O c\n  2   d\n  3   e\n  4   f\n  5 ( g\n") {
		t.Errorf("21 weekdays:\n%s", got)
	}

	c.Weekdays = c.Weekdays[:16]
	got = mustGrid(t, Input{Reckoning: reckon(t, c), Year: 0, Month: 1}).Text(Options{})
	assertFits(t, got, DefaultWidth)
	want := "" +
		"                                     One 0\n" +
		" a    b    c    d    e    f    g    h    i    j    k    l    m    n    o    p\n" +
		"            1O   2    3    4    5(   6    7    8    9@  10   11   12   13)  14\n" +
		" 15   16   17O  18   19   20   21(  22   23   24   25@  26   27   28   29)  30\n"
	if !strings.HasPrefix(got, want) {
		t.Errorf("16 weekdays:\n%s\nwant it to start\n%s", got, want)
	}
}
