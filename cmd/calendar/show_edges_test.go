package calendar

import (
	"strings"
	"testing"
)

// chesOnANoColorTerminal is Ches 1492 of the Calendar of Harptos (no
// weather) on a 100-column UTF-8 terminal with colour off: today in
// brackets, no escape sequence, the locale's symbols.
const chesOnANoColorTerminal = ` Ches (The Claw of the Sunsets) 1492 DR, Year of Three Ships Sailing
 Fir    Sec    Thi    Fou    Fif    Six    Sev    Eig    Nin    Ten
 [1]○    2      3      4      5      6      7      8      9 ◑   10
 11     12     13     14     15     16     17 ●   18     19  ✦  20
 21     22     23     24 ◐   25     26     27     28     29     30

[1]  today: 1 Ches, Year of Three Ships Sailing DR
○    full moon: Selûne
●    new moon: Selûne
◐    first quarter: Selûne
◑    last quarter: Selûne
✦    season starts: Spring on 19 Ches
`

// --no-color (the global flag, Globals.NoColor) turns off the reverse
// video of today on a terminal, as NO_COLOR does: the brackets say it.
func TestShowNoColorFlagOnATerminal(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_CTYPE", "en_US.UTF-8")
	env := newCTEnv(t, "", calendarOnly())
	env.F.IO.OutTTY, env.F.IO.TermWidth = true, 100
	env.F.Globals.NoColor = true
	if err := env.run("show", "12", "--no-weather", "--no-reminders"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars/12")
	if env.Out.String() != chesOnANoColorTerminal || env.ErrOut.Len() != 0 {
		t.Errorf("stdout\n%q\nwant\n%q\nstderr %q", env.Out, chesOnANoColorTerminal, env.ErrOut)
	}
}

// -o yaml of a whole year is a list of months (a month's document in a
// list could not be written: the printer failed on it).
func TestShowWholeYearYAML(t *testing.T) {
	env := newCTEnv(t, "yaml", calendarOnly())
	if err := env.run("show", "12", "--year", "1492", "--whole-year", "--no-weather", "--no-reminders"); err != nil {
		t.Fatal(err)
	}
	if out := env.Out.String(); !strings.HasPrefix(out, "- calendar:\n    id: 12\n    name: Calendar of Harptos\n  year: 1492\n") ||
		strings.Count(out, "\n- calendar:\n") != 16 {
		t.Errorf("-o yaml --whole-year:\n%.300s", out)
	}
}
