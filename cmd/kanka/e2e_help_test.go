package main

import (
	"strings"
	"testing"
)

// Help and its suggestions, as the built binary gives them: topics, a
// mistyped help word, a missing argument, an unknown flag, -v.
func TestE2EHelpAndSuggestions(t *testing.T) {
	t.Parallel()
	k := newKanka(t, nil)

	r := k.run(t, "help")
	if r.code != 0 || !strings.Contains(r.stdout, "\"kanka help TOPIC\" for a topic:\ncalendar-fields, dates, environment, ") || r.stderr != "" {
		t.Errorf("kanka help: want exit 0 and the topics; %s", r)
	}
	r = k.run(t, "help", "calender")
	if r.code != 2 || r.stdout != "" || r.stderr != "error: unknown command \"calender\" for \"kanka\"; did you mean \"calendar\"?\nRun 'kanka --help' for usage.\n" {
		t.Errorf("kanka help calender: want exit 2 and the suggestion; %s", r)
	}
	r = k.run(t, "help", "exit-codes")
	if r.code != 0 || !strings.Contains(r.stdout, "\n  130  interrupted by Ctrl-C (143 for SIGTERM)") {
		t.Errorf("kanka help exit-codes: %s", r)
	}
	r = k.run(t, "help", "environment")
	if r.code != 0 || !strings.Contains(r.stdout, "\n  XDG_CONFIG_HOME     where the configuration file is") {
		t.Errorf("kanka help environment: %s", r)
	}
	r = k.run(t, "help", "requests")
	if r.code != 0 || !strings.Contains(r.stdout, "\n  calendar edit     3: the read (by id, or the name's lookup), the second read\n") {
		t.Errorf("kanka help requests: %s", r)
	}

	r = k.run(t, "calendar", "show")
	if r.code != 2 || r.stderr != "error: missing ID|NAME: the calendar to show\nRun 'kanka calendar show --help' for usage.\n" {
		t.Errorf("calendar show without its argument: %s", r)
	}
	r = k.run(t, "calendar", "list", "--limt", "3")
	if r.code != 2 || r.stderr != "error: unknown flag: --limt; did you mean --limit?\nRun 'kanka calendar list --help' for usage.\n" {
		t.Errorf("calendar list --limt: %s", r)
	}

	r = k.run(t, "-v")
	if r.code != 2 || r.stdout != "" || !strings.HasPrefix(r.stderr, "error: unknown shorthand flag: 'v' in -v\n") {
		t.Errorf("kanka -v is no longer the version: %s", r)
	}
	if out := k.ok(t, "--version"); out != "kanka (devel)\n" {
		t.Errorf("kanka --version: %q", out)
	}

	// Piped, help is 80 columns wide: the 130-column line of calendar
	// show's text is wrapped with its paragraph.
	r = k.run(t, "calendar", "show", "--help")
	for _, line := range strings.Split(r.stdout, "\n") {
		if len([]rune(line)) > 80 {
			t.Errorf("calendar show --help: a line of %d columns: %q", len([]rune(line)), line)
		}
	}
}

// A mistyped month gets the nearest month in every flag that reads one,
// as --date always did; a mistyped calendar name gets the name it is a
// typo of, at one more request.
func TestE2EMonthAndNameTypos(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		id := createHarptos(t, k)
		for _, args := range [][]string{
			{"calendar", "show", id, "--year", "1492", "--month", "Chess", "--no-weather"},
			{"weather", "list", "--calendar", id, "--month", "Chess"},
			{"calendar", "show", id, "--date", "1492-Chess-2", "--no-weather"},
		} {
			r := k.run(t, args...)
			if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, `month "Chess" does not exist in this calendar; did you mean "Ches"?`) {
				t.Errorf("kanka %s: want exit 2 and the nearest month; %s", strings.Join(args, " "), r)
			}
		}

		mark := srv.mark()
		r := k.run(t, "calendar", "get", "Harptso")
		if r.code != 4 || r.stderr != "error: no calendar named \"Harptso\"; did you mean \"Calendar of Harptos\" (id "+id+")?\n" {
			t.Errorf("calendar get Harptso: want exit 4 and the suggestion; %s", r)
		}
		wantRequests(t, srv.since(mark), "GET calendars?name=Harptso", "GET calendars")
	})
}
