package main

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// A seed's reminders end to end, in both of the sandbox's modes: created
// on the calendar's own entity after the calendar (the moon's id from the
// create's answer), found again by date and comment (a second apply writes
// nothing), an edited comment a new reminder, --prune deleting only the
// calendar's own that the file leaves out (never Elminster's birthday on
// it, never the reminders of a calendar whose entry has no reminders
// key), and calendar export --with-reminders applying back as nothing to
// change, and onto another campaign as the same reminders.

const remindersSeed = `calendars:
  - preset: harptos
    name: Waterdeep
    reminders:
      - {date: 1492-Midsummer-1, comment: Midsummer feast, repeat: year}
      - {date: 1492-Ches-3, comment: The fair, length: 3, colour: "#aa0000"}
      - {date: 1492-Hammer-1, comment: Selûne is full, repeat: "Selûne:full"}
      - {date: 1492-Hammer-10, comment: Tom & Jerry}
  - name: Greyhawk
    date: 591-1-1
    months: [{name: Fireseek, length: 28}, {name: Readying, length: 28}]
    weekdays: [Starday, Sunday, Moonday]
`

// remindersOf are calendar id's reminders as the service stores them.
func remindersOf(t *testing.T, k *kanka, id string) string {
	t.Helper()
	return k.ok(t, "api", "calendars/"+id+"/reminders", "--jq",
		`.data[] | "\(.id) \(.remindable_id) \(.date) \(.comment) \(.recurring_periodicity) \(.length) \(.colour)"`)
}

func TestE2ESeedRemindersAppliedTwicePrunedAndExported(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live, DataPath: writeStateWithElminster(t)}, nil)
		k := newKanka(t, srv)
		dir := t.TempDir()
		seed := writeFile(t, dir, "seed.yaml", remindersSeed)

		mark := srv.mark()
		r := k.run(t, "apply", "-f", seed)
		want := `calendar "Waterdeep": create
  reminders: 4 to create, 0 to update, 0 to delete, 0 unchanged
calendar "Greyhawk": create
Plan: 2 calendars to create, 0 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged; 4 reminders to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 6 of 6 writes done, 0 failed, 0 may have been applied, 0 not tried.
`
		if r.code != 0 || r.stdout != want || r.stderr != "created calendar 1 \"Waterdeep\"\ncreated calendar 2 \"Greyhawk\"\n" {
			t.Fatalf("first apply: want exit 0 and\n%s\ngot %s", want, r)
		}
		// The calendars in the file's order, then the reminders on
		// Waterdeep's entity (1), in the file's order.
		wantRequests(t, srv.since(mark), "GET calendars", changedCheck, "POST calendars", "POST calendars",
			"POST entities/1/reminders", "POST entities/1/reminders", "POST entities/1/reminders", "POST entities/1/reminders")
		stored := "1 1 1492-10-1 Midsummer feast year 1 null\n2 1 1492-4-3 The fair null 3 #aa0000\n3 1 1492-1-1 Selûne is full 1_f 1 null\n4 1 1492-1-10 Tom &amp; Jerry null 1 null\n"
		if got := remindersOf(t, k, "1"); got != stored {
			t.Errorf("stored:\n%s\nwant:\n%s", got, stored)
		}

		// Again: the calendars and Waterdeep's reminders read, nothing
		// written (the purified comment is the file's).
		mark = srv.mark()
		r = k.run(t, "apply", "-f", seed, "--prune")
		if r.code != 0 || !strings.Contains(r.stdout, "  reminders: 0 to create, 0 to update, 0 to delete, 4 unchanged\n") || !strings.HasSuffix(r.stdout, "Nothing to change.\n") {
			t.Errorf("second apply: want nothing to change; got %s", r)
		}
		wantRequests(t, srv.since(mark), "GET calendars", "GET calendars/1/reminders")

		// Elminster's birthday on Waterdeep, and a reminder of Greyhawk
		// made in the web interface: neither is the file's to prune.
		k.ok(t, "reminder", "create", "--calendar", "Waterdeep", "--date", "1350-Ches-12", "--comment", "Born", "--type", "birth", "--entity", "50")
		k.ok(t, "reminder", "create", "--calendar", "Greyhawk", "--date", "591-1-5", "--comment", "Made on the web")

		// An edited comment without an id is a new reminder: created, the
		// old one kept.
		edited := writeFile(t, dir, "edited.yaml", strings.Replace(remindersSeed, "comment: The fair,", "comment: The great fair,", 1))
		mark = srv.mark()
		r = k.run(t, "apply", "-f", edited, "-v")
		if r.code != 0 || !strings.Contains(r.stdout, "  reminders: 1 to create, 0 to update, 0 to delete, 3 unchanged\n    + 1492-4-3 \"The great fair\"\n") {
			t.Errorf("edited: %s", r)
		}
		wantRequests(t, srv.since(mark), "GET calendars", "GET calendars/1/reminders", changedCheck, "POST entities/1/reminders")

		// --prune deletes the old fair alone.
		mark = srv.mark()
		r = k.run(t, "apply", "-f", edited, "--prune", "-v")
		if r.code != 0 || !strings.Contains(r.stdout, "  reminders: 0 to create, 0 to update, 1 to delete, 4 unchanged\n    - 1492-4-3 (id 2) \"The fair\"\n") {
			t.Errorf("pruned: %s", r)
		}
		wantRequests(t, srv.since(mark), "GET calendars", "GET calendars/1/reminders", changedCheck, "DELETE entities/1/reminders/2")
		left := remindersOf(t, k, "1")
		if strings.Contains(left, "The fair ") || !strings.Contains(left, " 50 1350-4-12 Born ") || strings.Count(left, "\n") != 5 {
			t.Errorf("after --prune Waterdeep holds:\n%s", left)
		}
		if got := remindersOf(t, k, "2"); !strings.Contains(got, "Made on the web") {
			t.Errorf("Greyhawk's reminder was touched: %q", got)
		}

		// The export, with its reminders, applies back as nothing to
		// change; Elminster's birthday is not the calendar's, so not in it.
		export := k.ok(t, "calendar", "export", "Waterdeep", "--with-reminders")
		if !strings.Contains(export, "\n    reminders:\n      - {date: \"1492-1-1\", comment: Selûne is full, repeat: 'Selûne:full', visibility: all}\n") || strings.Contains(export, "Born") || strings.Contains(export, "id:") {
			t.Errorf("export:\n%s", export)
		}
		r = k.runIn(t, export, "apply", "-f", "-", "--prune")
		if r.code != 0 || !strings.HasSuffix(r.stdout, "Nothing to change.\n") {
			t.Errorf("export | apply: %s", r)
		}

		// Onto another campaign: the calendar and its reminders made, the
		// moon's repeat on the id its calendar's create gave Selûne there.
		other := newKanka(t, startServer(t, sandbox.Options{Live: live}, nil))
		other.ok(t, "calendar", "create", "--preset", "greyhawk") // Luna and Celene: moons 1 and 2
		r = other.runIn(t, export, "apply", "-f", "-")
		if r.code != 0 || !strings.Contains(r.stdout, "  reminders: 4 to create, 0 to update, 0 to delete, 0 unchanged\n") {
			t.Fatalf("export | apply elsewhere: %s", r)
		}
		moon := map[bool]string{false: "3_f", true: "1_f"}[live] // the document numbers moons campaign-wide
		if got := remindersOf(t, other, "2"); !strings.Contains(got, " 1492-1-1 Selûne is full "+moon+" ") {
			t.Errorf("copied:\n%s\nwant Selûne's full moon as %s", got, moon)
		}
	})
}

// A seed's reminder the file gets wrong is refused before any request,
// at its line: a moon the calendar does not have once the server's
// calendar is read (exit 2, nothing written); two reminders of one date
// and comment at once.
func TestE2ESeedRemindersRefused(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		dir := t.TempDir()
		twice := writeFile(t, dir, "twice.yaml", "calendars:\n  - preset: harptos\n    reminders:\n      - {date: 1492-1-1, comment: Fair}\n      - {date: 1492-1-1, comment: \" Fair\"}\n")
		mark := srv.mark()
		r := k.fails(t, 2, "apply", "-f", twice)
		if !strings.Contains(r.stderr, `twice.yaml: line 5: calendar "Calendar of Harptos": reminder 1492-1-1 "Fair": two reminders of one date and comment (at `) {
			t.Errorf("two of one key: %s", r)
		}
		wantNoRequests(t, srv, mark)

		moon := writeFile(t, dir, "moon.yaml", "calendars:\n  - preset: harptos\n    reminders:\n      - {date: 1492-1-1, comment: Full, repeat: \"Selune:full\"}\n")
		mark = srv.mark()
		r = k.fails(t, 2, "apply", "-f", moon)
		if !strings.Contains(r.stderr, `moon.yaml: line 4: calendar "Calendar of Harptos": reminder 1492-1-1 "Full": repeat: the calendar has no moon named "Selune"; did you mean "Selûne"?`) {
			t.Errorf("no such moon: %s", r)
		}
		wantRequests(t, srv.since(mark), "GET calendars")
	})
}
