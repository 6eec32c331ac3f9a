package calimport

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
)

// A file is read as hostile until it is read: its counts, years and
// names are checked here before anything is built or counted from them.

// maxMoons bounds the moons of a file. Each moon is anchored and checked
// day by day by the tool's own rules, up to 30,000 days of the calendar
// each (twelve cycles either side of the current date, four years either
// side); a few milliseconds a moon. The service holds about 1,600 moons (a
// moon takes some 40 bytes of a 65,535-byte column); a real calendar a
// handful, Eberron twelve. A hundred keeps an import under a second however
// long the moons' cycles.
const maxMoons = 100

// maxLeapDays bounds the leap days of a file: Kanka adds at most 128 days
// in a leap year (leap_year_amount), and each leap day is counted in
// every year of its rule's cycle.
const maxLeapDays = maxLeapAmount

// count is the length n of a file's list at key, and its bound: limit,
// and what says the bound.
type count struct {
	key      string
	n, limit int
	what     string
}

// checkCounts refuses the first list of a file longer than its limit,
// naming its key: "timespans has 20000; a calendar holds at most 10000".
func checkCounts(counts ...count) error {
	for _, c := range counts {
		if c.n > c.limit {
			return fmt.Errorf("%s has %d; %s", c.key, c.n, c.what)
		}
	}
	return nil
}

// holds is the reason of a bound taken from the service.
func holds(limit int) string { return fmt.Sprintf("a calendar holds at most %d", limit) }

// checkYear refuses a year beyond the almanac's (its days could not be
// counted, and a year near the int limit would wrap the loops that count
// years from it).
func checkYear(key string, y int) error {
	if y < -almanac.MaxYear || y > almanac.MaxYear {
		return fmt.Errorf("%s is %d; a calendar counts years from %d to %d", key, y, -almanac.MaxYear, almanac.MaxYear)
	}
	return nil
}

// shortened is name as a message shows it: its first 40 characters, and
// "…" for the rest, so that a name of megabytes is not a message of them.
func shortened(name string) string {
	const shown = 40
	if r := []rune(name); len(r) > shown {
		return string(r[:shown]) + "…"
	}
	return name
}

// controlName is the first name of in (its name, months, weekdays, year
// names, seasons, moons, suffix) holding a control character: where it is
// ("month 2's name", counted as the calendar has them), the name, and the
// character. A file's names are sent to the service and shown in every
// terminal that lists the calendar, where ESC sequences would run.
func controlName(in client.CalendarInput) (where, name string, r rune, ok bool) {
	check := func(what, n string) bool {
		if i := strings.IndexFunc(n, unicode.IsControl); i >= 0 {
			where, name, r, ok = what, n, []rune(n[i:])[0], true
		}
		return ok
	}
	if check("the calendar's name", in.Name) {
		return
	}
	for i, m := range in.Months {
		if check(fmt.Sprintf("month %d's name", i+1), m.Name) {
			return
		}
	}
	for i, w := range in.Weekdays {
		if check(fmt.Sprintf("weekday %d's name", i+1), w) {
			return
		}
	}
	for _, y := range slices.Sorted(maps.Keys(in.Years)) {
		if check(fmt.Sprintf("the name of year %d", y), in.Years[y]) {
			return
		}
	}
	for i, s := range in.Seasons {
		if check(fmt.Sprintf("season %d's name", i+1), s.Name) {
			return
		}
	}
	for i, m := range in.Moons {
		if check(fmt.Sprintf("moon %d's name", i+1), m.Name) {
			return
		}
	}
	if in.Suffix != nil && check("the year suffix", *in.Suffix) {
		return
	}
	return "", "", 0, false
}
