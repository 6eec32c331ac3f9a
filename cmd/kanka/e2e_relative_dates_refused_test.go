package main

import (
	"os"
	"path/filepath"
	"testing"
)

// Bad input names the flag, exits 2 and sends nothing; a file (a seed, a
// weather file) cannot say today, and says why at its line.
func TestE2ERelativeDatesRefused(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		for _, tc := range []struct {
			args   []string
			stderr string
		}{
			{[]string{"weather", "set", "--calendar", "1", "--date", "+x", "--weather", "sun"},
				"error: --date: \"+x\" is not a date: +N is N days after today, N a whole number (+3)\n"},
			{[]string{"weather", "list", "--calendar", "1", "--from", "today+3"},
				"error: --from: \"today+3\" is not a date: write +3 for 3 days after today\n"},
			{[]string{"calendar", "show", "1", "--date", "+99999999999999999999"},
				"error: --date: \"+99999999999999999999\" is more days from today than any calendar has (at most 2000000000000000000)\n"},
			{[]string{"calendar", "advance", "1", "--to", "tomorow"},
				"error: --to: \"tomorow\" is not a date: write YEAR-MONTH-DAY (1492-4-3, 1492-Ches-3) or DAY MONTH YEAR (3 Ches 1492); did you mean \"tomorrow\"?\n"},
		} {
			mark := srv.mark()
			r := k.run(t, tc.args...)
			if r.code != 2 || r.stdout != "" || r.stderr != tc.stderr {
				t.Errorf("%v: %s\nwant exit 2 and stderr %q", tc.args, r, tc.stderr)
			}
			wantNoRequests(t, srv, mark)
		}
		seed := filepath.Join(t.TempDir(), "seed.yaml")
		if err := os.WriteFile(seed, []byte("calendars:\n  - id: 1\n    weather:\n      - {date: today, weather: sun}\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		mark := srv.mark()
		r := k.run(t, "apply", "-f", seed)
		want := "error: " + seed + ": line 4: calendars[1].weather[1].date: \"today\" counts from the calendar's current date, so the file would mean another day each time the calendar's date moves: give the date itself (1492-4-3, 1492-Ches-3)\n"
		if r.code != 2 || r.stderr != want {
			t.Errorf("apply of a seed saying today: %s\nwant stderr %q", r, want)
		}
		wantNoRequests(t, srv, mark)
		// A date written day first says the order kanka reads.
		r = k.run(t, "weather", "set", "--calendar", "1", "--date", "6-Ches-1492", "--weather", "sun")
		want = "error: the weather entry is not valid, nothing was sent:\n  date: day 1492 does not exist: Ches has 30 days; dates are read year first (YEAR-MONTH-DAY): did you mean 1492-Ches-6?\n"
		if r.code != 2 || r.stderr != want {
			t.Errorf("--date 6-Ches-1492: %s\nwant stderr %q", r, want)
		}
	})
}
