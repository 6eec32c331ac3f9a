package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The game's current date is the table's: the README's set-up seed run
// again after the tour's advance keeps the date the game is at (it
// writes nothing, exit 0), and only --set-date moves it back to the
// file's. A Fantasy-Calendar re-import keeps it likewise.

var harptosSeedFile = absPath("../../examples/harptos-seed.yaml")

// storedDate is the calendar's date as `calendar get -o json` prints it.
func storedDate(t *testing.T, k *kanka, calendar string) string {
	t.Helper()
	date, _ := decodeObject(t, k.ok(t, "calendar", "get", calendar, "-o", "json"))["date"].(string)
	return date
}

func TestE2ESeedRunAgainKeepsTheDateTheGameMoved(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		const name = "Calendar of Harptos"
		k.ok(t, "apply", "-f", harptosSeedFile)
		if out := k.ok(t, "calendar", "advance", name, "--days", "5"); !strings.HasPrefix(out, "1492-4-1 -> 1492-4-6 ") {
			t.Fatalf("advance: %s", out)
		}

		weatherReads := []string{"GET calendars", "GET calendars/1/" + weatherPath(live)}
		if live {
			weatherReads = []string{"GET calendars", "GET calendars/1/calendar_weathers", "GET calendars/1/calendar_weather"}
		}
		mark := srv.mark()
		r := k.run(t, "apply", "-f", harptosSeedFile)
		want := `calendar "Calendar of Harptos" (id 1): unchanged
  date: 1492-4-6 kept (the file says 1492-4-1; --set-date moves it)
  weather: 0 to create, 0 to update, 0 to delete, 5 unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 5 unchanged.
Nothing to change.
`
		if r.code != 0 || r.stdout != want || r.stderr != "" {
			t.Errorf("the set-up again: want exit 0 and\n%s\ngot %s", want, r)
		}
		wantRequests(t, srv.since(mark), weatherReads...)
		if got := storedDate(t, k, name); got != "1492-4-6" {
			t.Errorf("after the set-up again the date is %s, want 1492-4-6 (the game's)", got)
		}

		mark = srv.mark()
		r = k.run(t, "apply", "-f", harptosSeedFile, "--set-date")
		if r.code != 0 || !strings.HasPrefix(r.stdout, `calendar "Calendar of Harptos" (id 1): update
  date: 1492-4-6 -> 1492-4-1 (--set-date)
  weather: 0 to create, 0 to update, 0 to delete, 5 unchanged
`) || !strings.HasSuffix(r.stdout, "Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.\n") {
			t.Errorf("--set-date: want the date moved back; got %s", r)
		}
		wantRequests(t, srv.since(mark), append(weatherReads, changedCheck, "PUT calendars/1")...)
		if got := storedDate(t, k, name); got != "1492-4-1" {
			t.Errorf("after --set-date the date is %s, want the file's 1492-4-1", got)
		}
	})
}

// The manual's Fantasy-Calendar example imported, the game advanced, the
// file imported again: the date is kept and nothing is written; with
// --set-date the date goes back to the file's.
func TestE2EImportAgainKeepsTheDateTheGameMoved(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		const name = "Gregorian Calendar"
		k.ok(t, "calendar", "import", gregorianFantasyFile)
		k.ok(t, "calendar", "advance", name, "--days", "5")

		mark := srv.mark()
		r := k.run(t, "calendar", "import", gregorianFantasyFile)
		if r.code != 0 || !strings.HasPrefix(r.stdout, `calendar "Gregorian Calendar" (id 1): unchanged
  date: 2020-9-25 kept (the file says 2020-9-20; --set-date moves it)
`) || !strings.HasSuffix(r.stdout, "Nothing to change.\n") {
			t.Errorf("import again: want the date kept and nothing written; got %s", r)
		}
		wantRequests(t, srv.since(mark), "GET calendars", "GET calendars/1/reminders")
		if got := storedDate(t, k, name); got != "2020-9-25" {
			t.Errorf("after the import again the date is %s, want 2020-9-25", got)
		}

		mark = srv.mark()
		r = k.run(t, "calendar", "import", gregorianFantasyFile, "--set-date")
		if r.code != 0 || !strings.Contains(r.stdout, "  date: 2020-9-25 -> 2020-9-20 (--set-date)\n") {
			t.Errorf("import --set-date: %s", r)
		}
		wantRequests(t, srv.since(mark), "GET calendars", "GET calendars/1/reminders", changedCheck, "PUT calendars/1")
		if got := storedDate(t, k, name); got != "2020-9-20" {
			t.Errorf("after import --set-date the date is %s, want the file's 2020-9-20", got)
		}
	})
}

// The README's set-up, word for word (the embedded sandbox), then the
// tour's advance, then the set-up again: the second set-up keeps the date
// the game is at, writes nothing, exits 0, and its grid marks the 6th.
func TestE2EReadmeSetUpAgainAfterAnAdvanceKeepsTheDate(t *testing.T) {
	t.Parallel()
	shell, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("the set-up runs in bash, which is not on PATH")
	}
	readme, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	setUp := setUpCommand(t, string(readme))
	if r := runExample(t, shell, dir, setUp); r.code != 0 {
		t.Fatalf("the set-up: %s", r)
	}
	if r := runExample(t, shell, dir, `kanka calendar advance "Calendar of Harptos" --days 5`); r.code != 0 || !strings.HasPrefix(r.stdout, "1492-4-1 -> 1492-4-6 ") {
		t.Fatalf("advance: %s", r)
	}
	r := runExample(t, shell, dir, setUp)
	if r.code != 0 || !strings.Contains(r.stdout, `calendar "Calendar of Harptos" (id 1): unchanged
  date: 1492-4-6 kept (the file says 1492-4-1; --set-date moves it)
`) || !strings.Contains(r.stdout, "\nNothing to change.\n") || !strings.Contains(r.stdout, " [6]") {
		t.Errorf("the set-up again after an advance: want the date kept, nothing written and the 6th marked; got %s", r)
	}
}
