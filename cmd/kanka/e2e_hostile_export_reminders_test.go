//go:build linux

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// Reminders a hostile server answers, exported to a tool's file: a
// comment that would command a terminal and runs to 200 KiB, and an
// owner's name that would too. The run ends within its bound; the file's
// events hold the comment without its control characters, cut at 4,000
// characters; every warning and the terminal get nothing raw; and a
// comment longer than kanka reads of any text is refused whole, nothing
// written.

// reminderComment is a 200 KiB comment with hostileName (a window title,
// a clear screen, a link, DEL and a C1 CSI) and a right-to-left override.
var reminderComment = "<p>" + hostileName + "\u202eevil</p>" + strings.Repeat("x", 200<<10)

// hostileRemindersAPI serves calendar 1 (entity 10) and its reminders: the
// calendar's own with comment, and entity 11's, whose name is hostileName.
func hostileRemindersAPI(comment string) http.HandlerFunc {
	cal := strings.Replace(calendarJSON(1, "Small"), `"is_private":false`, `"is_private":false,"entity_id":10,"weekdays":["I","II"],"has_leap_year":false,"moons":[]`, 1)
	reminder := func(id, entity int, text string) string {
		b, _ := json.Marshal(map[string]any{"id": id, "remindable_id": entity, "remindable_type": `App\Models\Entity`, "calendar_id": 1,
			"year": 1, "month": 2, "day": 1, "length": 1, "comment": text, "is_recurring": false, "visibility_id": 1})
		return string(b)
	}
	return func(w http.ResponseWriter, r *http.Request) {
		switch strings.TrimPrefix(r.URL.Path, campaignPath) {
		case "calendars/1":
			writeJSON(w, 200, fmt.Sprintf(`{"data":%s}`, cal))
		case "calendars/1/reminders":
			writeJSON(w, 200, calendarPage(reminder(1, 10, comment), reminder(2, 11, "Born")))
		case "entities/11":
			b, _ := json.Marshal(map[string]any{"data": map[string]any{"id": 11, "name": hostileName + "\u202e", "type": "character"}})
			writeJSON(w, 200, string(b))
		default:
			http.NotFound(w, r)
		}
	}
}

func TestE2EHostileReminderCommentsInAToolsFile(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, hostileRemindersAPI(reminderComment))
	k := newHostileKanka(t, srv)
	for _, format := range []string{"fantasy-calendar", "simple-calendar", "calendarium"} {
		r := k.runWithin(t, hostileBound, "", "calendar", "export", "1", "--format", format, "--all-reminders")
		if r.code != 0 {
			t.Fatalf("%s: exit %d, stderr %.2000s", format, r.code, r.stderr)
		}
		wantNothingRaw(t, result{stderr: r.stderr})
		wantNoSecret(t, r)
		if !strings.Contains(r.stderr, `warning: reminder 1 "]0;PWNED[2J]8;;https://evil.example/\\cl…": its comment is 204861 characters long, more than the service keeps: the file holds its first 4000`+"\n") {
			t.Errorf("%s: stderr lacks the comment's cut:\n%s", format, r.stderr)
		}
		var texts []string
		collectTexts(decodeAny(t, r.stdout), &texts)
		var sawComment, sawOwner bool
		for _, s := range texts {
			for _, c := range s {
				if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c >= 0x80 && c <= 0x9f || c == '\u202e' {
					t.Errorf("%s: a text of the file holds %U: %.80q", format, c, s)
					break
				}
			}
			if len([]rune(s)) > 4000 {
				t.Errorf("%s: a text of %d characters", format, len([]rune(s)))
			}
			sawComment = sawComment || strings.HasPrefix(s, "<p>]0;PWNED[2J]8;;https://evil.example/\\click]8;;\\31mevil</p>xxx")
			sawOwner = sawOwner || s == "]0;PWNED[2J]8;;https://evil.example/\\click]8;;\\31m: Born"
		}
		if !sawComment || !sawOwner {
			t.Errorf("%s: the comment (%v) or the owner's event (%v) is missing:\n%.2000s", format, sawComment, sawOwner, r.stdout)
		}
		// On a terminal, the file is shown escaped.
		wantNothingRaw(t, k.onTerminal(t, 200, "calendar", "export", "1", "--format", format, "--all-reminders"))
	}
}

// A comment longer than any text kanka reads is refused with the list:
// exit 1, nothing written.
func TestE2EHostileReminderCommentPastTheBound(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, hostileRemindersAPI(strings.Repeat("x", 300<<10)))
	k := newHostileKanka(t, srv)
	r := k.runWithin(t, hostileBound, "", "calendar", "export", "1", "--format", "fantasy-calendar")
	if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "kanka reads at most 256 KiB") {
		t.Errorf("want exit 1, nothing on stdout and the bound named; got %s", r)
	}
	wantNoSecret(t, r)
}

func decodeAny(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("not JSON: %v\n%.500s", err, s)
	}
	return v
}

// collectTexts appends every string of v, at any depth.
func collectTexts(v any, out *[]string) {
	switch v := v.(type) {
	case string:
		*out = append(*out, v)
	case []any:
		for _, x := range v {
			collectTexts(x, out)
		}
	case map[string]any:
		for _, x := range v {
			collectTexts(x, out)
		}
	}
}
