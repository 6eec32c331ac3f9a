package importcmd_test

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// Through the whole tree, on the in-process sandbox: an import creates the
// calendar, the same import again finds it as it should be and writes
// nothing, and the exit codes and streams are the root's.
func TestImportThroughTheRoot(t *testing.T) {
	roottest.Isolate(t)
	file := example("harptos-simple-calendar.json")
	r := roottest.Run(t, "", "--sandbox", "calendar", "import", file, "--name", "Harptos (Foundry)")
	warnings := "warning: Shieldmeet: a month Simple Calendar has only in leap years became 1 leap day at the end of Midsummer in those years\n"
	created := "created calendar 1 \"Harptos (Foundry)\"\n"
	// The file's three notes become reminders of the calendar's entity.
	want := `calendar "Harptos (Foundry)": create
  reminders: 3 to create, 0 to update, 0 to delete, 0 unchanged
Plan: 1 calendar to create, 0 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged; 3 reminders to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 4 of 4 writes done, 0 failed, 0 may have been applied, 0 not tried.
`
	if r.Code != 0 || r.Stdout != want || r.Stderr != warnings+created {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.Code, r.Stdout, r.Stderr)
	}
	r = roottest.Run(t, "", "--sandbox", "calendar", "import", file, "--name", "Harptos (Foundry)")
	want = `calendar "Harptos (Foundry)" (id 1): unchanged
  reminders: 0 to create, 0 to update, 0 to delete, 3 unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged; 0 reminders to create, 0 to update, 0 to delete, 3 unchanged.
Nothing to change.
`
	if r.Code != 0 || r.Stdout != want || r.Stderr != warnings {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.Code, r.Stdout, r.Stderr)
	}
	// The calendar is the one the file describes: the current date is 1
	// Ches 1492, the first day of a tenday, and Selûne's phases fall where
	// the conversion anchored them (new on the 1st, full on the 16th).
	r = roottest.Run(t, "", "--sandbox", "calendar", "show", "Harptos (Foundry)")
	grid := `              Ches 1492 DR, Year of Three Ships Sailing
 Fir    Sec    Thi    Fou    Fif    Six    Sev    Eig    Nin    Ten
 [1]●    2      3      4      5      6      7      8 ◐    9     10
 11     12     13     14     15     16 ○   17     18     19  ✦  20
`
	if r.Code != 0 || !strings.HasPrefix(r.Stdout, grid) {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s\nwant it to start:\n%s", r.Code, r.Stdout, r.Stderr, grid)
	}

	r = roottest.Run(t, "", "--sandbox", "calendar", "import", file, "--strict")
	want = "error: " + file + `: --strict refuses an import that loses or approximates anything, nothing was sent:
  Shieldmeet: a month Simple Calendar has only in leap years became 1 leap day at the end of Midsummer in those years
`
	if r.Code != 2 || r.Stdout != "" || r.Stderr != want {
		t.Errorf("--strict: exit %d\nstdout:\n%s\nstderr:\n%s\nwant:\n%s", r.Code, r.Stdout, r.Stderr, want)
	}
	// --print needs no token, no campaign, no sandbox: it sends nothing.
	r = roottest.Run(t, "", "calendar", "import", example("donjon-calendar.json"), "--name", "Tolrea", "--print")
	if r.Code != 0 || !strings.Contains(r.Stdout, "\ncalendars:\n  - name: Tolrea\n") || r.Stderr != "" {
		t.Errorf("--print without a token: exit %d\nstdout:\n%s\nstderr:\n%s", r.Code, r.Stdout, r.Stderr)
	}
	r = roottest.Run(t, "", "--sandbox", "calendar", "import", "missing.json")
	want = "error: open missing.json: no such file or directory\n"
	if r.Code != 2 || r.Stdout != "" || r.Stderr != want {
		t.Errorf("a missing file: exit %d\nstdout:\n%s\nstderr:\n%s\nwant:\n%s", r.Code, r.Stdout, r.Stderr, want)
	}
}

// --format completes the formats; FILE completes file names.
func TestImportCompletes(t *testing.T) {
	roottest.Isolate(t)
	r := roottest.Run(t, "", "__complete", "calendar", "import", "cal.json", "--format", "")
	if r.Code != 0 || r.Stdout != "auto\nfantasy-calendar\nsimple-calendar\ndonjon\ncalendarium\n:4\n" {
		t.Errorf("--format: exit %d, stdout %q", r.Code, r.Stdout)
	}
	r = roottest.Run(t, "", "__complete", "calendar", "import", "")
	if r.Code != 0 || r.Stdout != ":0\n" {
		t.Errorf("FILE: exit %d, stdout %q (want the shell's file names)", r.Code, r.Stdout)
	}
}
