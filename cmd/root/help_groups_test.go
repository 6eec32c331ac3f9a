package root_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// The help of calendar create and update lists the field flags under
// headings, by what they describe, as `kanka help calendar-fields` does,
// after the command's own flags; a flag too wide for the column has its
// usage under it.
func TestCalendarFieldFlagsAreGrouped(t *testing.T) {
	roottest.Isolate(t)
	terminal := func(s *cmdutil.IOStreams) { s.OutTTY, s.TermWidth = true, 80 }
	for _, c := range []struct {
		verb string
		own  []string
	}{
		{"create", []string{"--allow-duplicate", "--file", "--help", "--preset"}},
		{"update", []string{"--file", "--force", "--help"}},
	} {
		r := roottest.RunStreams(t, context.Background(), "", terminal, "calendar", c.verb, "--help")
		for _, want := range []string{
			"\nCalendar flags:\n  --entity-header UUID   gallery image UUID for the entity header\n",
			"\nDate and year flags:\n  --date DATE ",
			"\nMonth and weekday flags:\n  --month NAME:LENGTH[:TYPE]   a month as NAME:LENGTH[:TYPE], TYPE standard or\n",
			"\nSeason and moon flags:\n" +
				"  --moon NAME:FULLMOON[:OFFSET[:COLOUR]]\n" +
				"                            a moon as NAME:FULLMOON[:OFFSET[:COLOUR]] (repeat)\n" +
				"  --season NAME:MONTH:DAY   a season as NAME:MONTH:DAY, the month by number or\n",
			"\nLeap-year flags:\n  --leap-year-amount N      leap days added in a leap year, N (turns leap years\n",
			"  --no-leap-year            turn leap years off\n\nGlobal flags",
		} {
			if !strings.Contains(r.Stdout, want) {
				t.Errorf("calendar %s --help lacks %q:\n%s", c.verb, want, r.Stdout)
			}
		}
		// Flags: holds the command's own flags, and no field flag: a field
		// flag added later gets a heading too.
		_, flags, _ := strings.Cut(r.Stdout, "\nFlags:\n")
		flags, _, _ = strings.Cut(flags, "\nCalendar flags:\n")
		var own []string
		for _, line := range strings.Split(flags, "\n") {
			for _, word := range strings.Fields(line) {
				if strings.HasPrefix(word, "--") {
					own = append(own, word)
					break
				}
			}
		}
		if !slices.Equal(own, c.own) {
			t.Errorf("calendar %s --help lists under Flags: %v; want its own flags %v:\n%s", c.verb, own, c.own, r.Stdout)
		}
	}
	// Another command's flags are one list, as they were.
	r := roottest.RunStreams(t, context.Background(), "", terminal, "calendar", "list", "--help")
	if !strings.Contains(r.Stdout, "\nFlags:\n      --exact ") || strings.Contains(r.Stdout, "Calendar flags:") {
		t.Errorf("calendar list --help:\n%s", r.Stdout)
	}
}
