package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// `kanka reminder` against the sandbox in both modes: the calendar's own
// entity (1) and Elminster (50, of the state file), Harptos's moon Selûne
// (id 1 in both modes).
func TestE2EReminders(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live, DataPath: writeStateWithElminster(t)}, nil)
		k := newKanka(t, srv).withCache()
		createHarptos(t, k)

		// create: the calendar read once (by its name), then the POST
		// under its own entity; a null length in the answer.
		mark := srv.mark()
		out := k.ok(t, "reminder", "create", "--calendar", "Calendar of Harptos", "--date", "1 Midsummer 1491",
			"--comment", "Midsummer feast", "--repeat", "year", "--until", "1500", "-o", "json")
		wantRequests(t, srv.since(mark), "GET calendars?name=Calendar of Harptos", "POST entities/1/reminders")
		if obj := decodeObject(t, out); obj["length"] != nil || obj["recurring_periodicity"] != "year" || obj["is_recurring"] != true || obj["date"] != "1491-10-1" {
			t.Errorf("created %s", out)
		}
		// A moon's full phase names the moon by its id; Elminster's birth.
		if got := k.ok(t, "reminder", "create", "--calendar", "1", "--date", "1492-Hammer-1", "--comment", "Selûne is full", "--repeat", "Selûne:full", "-o", "id"); got != "2\n" {
			t.Errorf("moon repeat: %q", got)
		}
		k.ok(t, "reminder", "create", "--calendar", "1", "--date", "1350-Ches-12", "--comment", "Born", "--type", "birth", "--entity", "50")
		if got := k.ok(t, "api", "calendars/1/reminders", "--jq", `.data[] | "\(.id) \(.remindable_id) \(.recurring_periodicity) \(.type_id)"`); got != "1 1 year null\n2 1 1_f null\n3 50 null 2\n" {
			t.Errorf("stored: %q", got)
		}
		// A longer moon repeat: the release line (live) keeps 5
		// characters of it, and says so; the document's takes it.
		r := k.run(t, "reminder", "create", "--calendar", "1", "--date", "1492-1-1", "--repeat", "Selûne:waxing-gibbous", "-o", "id")
		if live && (r.code != 5 || !strings.Contains(r.stderr, `the service refused the repeat "1_waxing_gibbous": this service keeps a repeat of at most 5 characters`)) || !live && r.stdout != "4\n" {
			t.Errorf("long repeat: %v", r)
		}

		// list: every reminder, by date; piped, the owner by id.
		// (-o id streams them in the service's order, by id.)
		if got := k.ok(t, "reminder", "list", "--calendar", "1", "-o", "id"); live && got != "1\n2\n3\n" || !live && got != "1\n2\n3\n4\n" {
			t.Errorf("list -o id: %q", got)
		}
		if got := k.ok(t, "reminder", "list", "--calendar", "1", "--year", "1350"); !strings.Contains(got, "Born") || strings.Contains(got, "feast") || !strings.Contains(got, "entity 50") {
			t.Errorf("list --year 1350:\n%s", got)
		}

		// By id alone: the cache knows its entity, one GET.
		mark = srv.mark()
		if got := k.ok(t, "reminder", "get", "3", "-o", "yaml"); !strings.Contains(got, "date: \"1350-4-12\"\n") || !strings.Contains(got, "type_id: 2\n") {
			t.Errorf("get -o yaml:\n%s", got)
		}
		wantRequests(t, srv.since(mark), "GET entities/50/reminders/3")
		// Without the cache, --calendar finds it in the calendar's list.
		plain := newKanka(t, srv)
		mark = srv.mark()
		plain.ok(t, "reminder", "get", "2", "--calendar", "1")
		wantRequests(t, srv.since(mark), "GET calendars/1/reminders")
		plain.fails(t, 4, "reminder", "get", "99", "--calendar", "1")
		if r := plain.fails(t, 2, "reminder", "get", "2"); !strings.Contains(r.stderr, "reminder 2 is not in the local cache") {
			t.Errorf("%v", r)
		}

		// update from its own file, with a flag over it: a new date is
		// checked with the calendar (the cache's, fresh: no request), then
		// the PATCH.
		file := filepath.Join(t.TempDir(), "r.yaml")
		if err := os.WriteFile(file, []byte(k.ok(t, "reminder", "get", "1", "-o", "yaml")), 0o600); err != nil {
			t.Fatal(err)
		}
		mark = srv.mark()
		out = k.ok(t, "reminder", "update", "1", "-f", file, "--comment", "Shieldmeet", "--date", "1 Greengrass 1491", "-o", "json")
		sent := srv.since(mark)
		wantRequests(t, sent, "GET entities/1/reminders/1", "PATCH entities/1/reminders/1")
		if obj := decodeObject(t, out); obj["comment"] != "Shieldmeet" || obj["recurring_until"] != "1500" {
			t.Errorf("updated %s", out)
		}

		// Refused before any request, naming the field.
		mark = srv.mark()
		for _, args := range [][]string{{"--comment", strings.Repeat("x", 192)}, {"--length", "0"}, {"--colour", "#1234567"}, {"--repeat", "yearly"}} {
			if r := k.fails(t, 2, append([]string{"reminder", "create", "--calendar", "1", "--date", "1492-1-1"}, args...)...); !strings.Contains(r.stderr, strings.TrimPrefix(args[0], "--")) {
				t.Errorf("%v: %v", args, r)
			}
		}
		wantNoRequests(t, srv, mark)
		// A day the calendar does not have, a moon it does not have: after
		// its one GET, nothing written.
		k.fails(t, 2, "reminder", "create", "--calendar", "1", "--date", "1492-Hammer-31")
		if r := k.fails(t, 2, "reminder", "create", "--calendar", "1", "--date", "1492-1-1", "--repeat", "Selune:new"); !strings.Contains(r.stderr, `did you mean "Selûne"?`) {
			t.Errorf("%v", r)
		}
		if w := successfulWrites(srv.since(mark)); len(w) != 0 {
			t.Errorf("written: %v", w)
		}

		// A calendar write that takes Selûne's id away is refused: reminder
		// 2 repeats on it.
		if r := k.fails(t, 1, "calendar", "update", "1", "--moon", "Luna:28"); !strings.Contains(r.stderr, "reminder 2 on Selûne's full") {
			t.Errorf("%v", r)
		}
		seed := filepath.Join(t.TempDir(), "seed.yaml")
		if err := os.WriteFile(seed, []byte("calendars:\n  - name: Calendar of Harptos\n    moons:\n      - {name: Luna, fullmoon: 28}\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		mark = srv.mark()
		if r := k.fails(t, 1, "apply", "-f", seed); !strings.Contains(r.stderr, "reminder 2 on Selûne's full") {
			t.Errorf("%v", r)
		}
		if w := successfulWrites(srv.since(mark)); len(w) != 0 {
			t.Errorf("apply wrote %v", w)
		}

		// delete: 204 each, the cache forgets them.
		mark = srv.mark()
		k.ok(t, "reminder", "delete", "1", "3", "--yes")
		wantRequests(t, srv.since(mark), "DELETE entities/1/reminders/1", "DELETE entities/50/reminders/3")
		k.fails(t, 2, "reminder", "get", "1")
	})
}

// Completion: --type and --visibility their names, --repeat year, month
// and each phase of the calendar's moons, an ID the reminders the cache
// holds with their date and comment.
func TestE2ERemindersCompletion(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, true)
	k := newKanka(t, srv).withCache()
	createHarptos(t, k)
	k.ok(t, "reminder", "create", "--calendar", "1", "--date", "1492-Ches-3", "--comment", "Market day")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"reminder", "create", "--type", ""}, "birth\ndeath\ndate\nfounded\n:4\n"},
		{[]string{"reminder", "update", "1", "--visibility", "m"}, "all\teveryone who can see the campaign\nadmin\tthe campaign's admins\n" +
			"admin-self\tthe admins and the author\nself\tthe author alone\nmembers\tthe campaign's members\n:4\n"},
		{[]string{"reminder", "create", "--calendar", "1", "--repeat", ""}, "year\nmonth\nSelûne:full\nSelûne:waning-gibbous\nSelûne:last-quarter\n" +
			"Selûne:waning-crescent\nSelûne:new\nSelûne:waxing-crescent\nSelûne:first-quarter\nSelûne:waxing-gibbous\n:4\n"},
		{[]string{"reminder", "get", ""}, "1\t1492-4-3 Market day\n:4\n"},
	} {
		if got := k.ok(t, append([]string{"__complete"}, tc.args...)...); got != tc.want {
			t.Errorf("__complete %q:\n%s\nwant\n%s", tc.args, got, tc.want)
		}
	}
}
