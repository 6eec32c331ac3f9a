//go:build linux

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// Names that would command a terminal (a window title, a clear screen, a
// forged link, a C1 CSI, a right-to-left override) reach one only escaped,
// through every output that writes server text there: --template, --jq,
// -o json and yaml, tables and detail views (with their colour kept), the
// month grid, and completion candidates, which go to a shell, always.
// Piped, --jq and --template write the data exactly: a script gets the
// real bytes.

// terminalName is hostileName with a right-to-left override in it.
const terminalName = hostileName + "\u202eevil"

// terminalShown is terminalName as a terminal shows it.
const terminalShown = escapedName + "<U+202E>evil"

// ownSequences are the only control sequences kanka writes on stdout:
// bold (headers, labels) and reverse video (today in the month grid).
var ownSequences = strings.NewReplacer("\x1b[1m", "", "\x1b[7m", "", "\x1b[0m", "")

// wantNothingRaw fails when what a terminal got holds a control or format
// character other than kanka's own sequences, newlines and tabs.
func wantNothingRaw(t *testing.T, r result) {
	t.Helper()
	for _, c := range ownSequences.Replace(r.stdout + r.stderr) {
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c >= 0x80 && c <= 0x9f || c == '\u202e' {
			t.Errorf("%U reached the terminal; %s", c, r)
			return
		}
	}
}

func terminalAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	item := strings.Replace(calendarJSON(1, terminalName), `"is_private":false`, `"is_private":false,"weekdays":["I","II"]`, 1)
	switch strings.TrimPrefix(r.URL.Path, campaignPath) {
	case "calendars":
		fmt.Fprint(w, calendarPage(item))
	case "calendars/1":
		fmt.Fprintf(w, `{"data":%s}`, item)
	case "calendars/1/calendar_weathers":
		fmt.Fprint(w, `{"data":[],"links":{"next":null},"meta":{"current_page":1,"last_page":1,"per_page":15,"total":0}}`)
	case "calendars/1/reminders": // the grid names it in its legend
		comment, _ := json.Marshal(terminalName)
		fmt.Fprintf(w, `{"data":[{"id":1,"remindable_id":1,"remindable_type":"App\\Models\\Entity","calendar_id":1,"date":"1-1-2","day":2,"month":1,"year":1,"length":1,"comment":%s,"is_recurring":false,"recurring_until":null,"recurring_periodicity":null}],"links":{"next":null},"meta":{"current_page":1,"last_page":1,"per_page":15,"total":1}}`, comment)
	default:
		http.NotFound(w, r)
	}
}

func TestE2EHostileTerminalGetsNoRawControls(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, terminalAPI)
	k := newHostileKanka(t, srv)
	colour := k.without("NO_COLOR")

	for _, tc := range []struct {
		name string
		k    *kanka
		args []string
		// want is all of stdout, or when has is set a part of it.
		want string
		has  bool
	}{
		{"--template", k, []string{"calendar", "list", "--template", "{{range .}}{{.name}}{{end}}"}, terminalShown, false},
		{"--jq", k, []string{"calendar", "list", "--jq", ".[].name"}, terminalShown + "\n", false},
		{"--jq on get", k, []string{"calendar", "get", "1", "--jq", ".name"}, terminalShown + "\n", false},
		{"-o json", k, []string{"calendar", "get", "1", "-o", "json"}, `"name": "\u001b]0;PWNED\u0007\u001b[2J`, true},
		{"-o json's C1 and override", k, []string{"calendar", "get", "1", "-o", "json"}, `^?^[[31m<U+202E>evil",`, true},
		{"-o yaml", k, []string{"calendar", "get", "1", "-o", "yaml"}, `<U+202E>evil`, true},
		{"table in colour", colour, []string{"calendar", "list"}, "\x1b[1mID  NAME", true},
		{"table's name", colour, []string{"calendar", "list"}, "1   " + terminalShown + "  ", true},
		{"detail view in colour", colour, []string{"calendar", "get", "1"}, "\x1b[1mName:\x1b[0m       " + terminalShown + "\n", true},
		{"month grid in colour", colour, []string{"calendar", "show", "1"}, "\x1b[7m1\x1b[0m", true},
		{"month grid's reminder", k, []string{"calendar", "show", "1"}, "2 !  " + terminalShown, true},
		{"api --jq", k, []string{"api", "calendars/1", "--jq", ".data.name"}, terminalShown + "\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.k.onTerminal(t, 200, tc.args...)
			ok := r.stdout == tc.want
			if tc.has {
				ok = strings.Contains(r.stdout, tc.want)
			}
			if r.code != 0 || !ok {
				t.Errorf("want exit 0 and stdout %q (whole: %v); %s", tc.want, !tc.has, r)
			}
			wantNothingRaw(t, r)
			wantNoSecret(t, r)
		})
	}
}

// Piped, --jq and --template print the data as it is.
func TestE2EHostileTerminalPipedDataStaysExact(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, terminalAPI)
	k := newHostileKanka(t, srv)
	r := k.runWithin(t, secretsBound, "", "calendar", "list", "--jq", ".[].name")
	wantRun(t, r, 0, terminalName+"\n", "")
	r = k.runWithin(t, secretsBound, "", "calendar", "list", "--template", "{{range .}}{{.name}}{{end}}")
	wantRun(t, r, 0, terminalName, "")
}

// Completion candidates go to a shell, which prints them: always escaped,
// never a newline or tab of a name, which would be a candidate or a
// description of its own.
func TestE2EHostileTerminalCompletionCandidatesAreEscaped(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, terminalAPI)
	k := newHostileKanka(t, srv)
	for _, args := range [][]string{
		{"__complete", "calendar", "show", ""},
		{"__complete", "weather", "list", "--calendar", ""},
	} {
		r := k.runWithin(t, secretsBound, "", args...)
		want := "1\t" + terminalShown + "\n:4\n"
		if r.code != 0 || r.stdout != want {
			t.Errorf("want %q; %s", want, r)
		}
		wantNothingRaw(t, r)
	}
	r := k.runWithin(t, secretsBound, "", "__completeNoDesc", "calendar", "show", "")
	if r.code != 0 || r.stdout != "1\n:4\n" {
		t.Errorf("without descriptions: %s", r)
	}
}
