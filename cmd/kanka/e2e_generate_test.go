package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// `kanka weather generate` end to end, against the sandbox in both modes:
// a month of Harptos generated and written, the same command again (no
// write), a day written by hand kept and then replaced, a dry run, a
// climate of one's own from a file, and bad input refused before anything
// is sent. Request counts are what a user of the live service pays.

// generateReads are the reads of a generate run on calendar id with
// entries entries: the calendar, the calendar list, then its weather (15
// entries a page); against the live service the first weather request is
// the 404 that finds its path.
func generateReads(live bool, id string, entries int) []string {
	out := []string{"GET calendars/" + id, "GET calendars"}
	if live {
		out = append(out, "GET calendars/"+id+"/calendar_weathers")
	}
	wp := "GET calendars/" + id + "/" + weatherPath(live)
	out = append(out, wp)
	for page := 2; page <= (entries+14)/15; page++ {
		out = append(out, fmt.Sprintf("%s?page=%d", wp, page))
	}
	return out
}

// repeated is n times s.
func repeated(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func TestE2EGenerateTwiceWritesOnceAndKeepsWhatWasWrittenByHand(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		id := createHarptos(t, k)
		month := []string{"weather", "generate", "--calendar", id, "--from", "1492-Hammer-1", "--days", "30", "--climate", "continental"}

		// The month's entries as a dry run makes them, before any is written.
		dry := k.ok(t, append(month, "--dry-run", "-o", "json", "--jq", `.entries[] | "\(.date) \(.weather) \(.temperature) \(.precipitation) \(.wind) \(.effect // "")"`)...)

		mark := srv.mark()
		r := k.run(t, month...)
		if r.code != 0 || !strings.Contains(r.stdout, "\nPlan: 0 calendars to create, 0 to update, 1 unchanged; 30 weather entries to create, 0 to update, 0 to delete, 0 unchanged.\nApplied: 30 of 30 writes done, 0 failed") || r.stderr != "" {
			t.Fatalf("first run: %s", r)
		}
		sent := srv.since(mark)
		wantRequests(t, sent, append(append(generateReads(live, id, 0), changedCheck), repeated("POST calendars/"+id+"/"+weatherPath(live), 30)...)...)
		t.Logf("a month generated and written: %d requests, %d writes", len(sent), len(writesOf(sent)))
		written := k.ok(t, "weather", "list", "--calendar", id, "--jq", `.[] | "\(.year)-\(.month)-\(.day) \(.weather) \(.temperature) \(.precipitation) \(.wind) \(.effect // "")"`)
		if written != dry {
			t.Errorf("written:\n%s\nthe dry run's entries:\n%s", written, dry)
		}

		// The same command again: the calendar, the list and the weather's
		// two pages; no write, no check.
		mark = srv.mark()
		r = k.run(t, month...)
		if r.code != 0 || !strings.HasSuffix(r.stdout, "30 unchanged.\nNothing to change.\n") {
			t.Errorf("second run: %s", r)
		}
		sent = srv.since(mark)
		wantRequests(t, sent, generateReads(live, id, 30)...)
		t.Logf("the same month again: %d requests, %d writes", len(sent), len(writesOf(sent)))

		// A day written by hand is kept as it is.
		k.ok(t, "weather", "set", "--calendar", id, "--date", "1492-1-5", "--weather", "sun", "--temperature", "30°C", "--effect", "dragon fire")
		mark = srv.mark()
		r = k.run(t, month...)
		if r.code != 0 || !strings.Contains(r.stdout, "Kept as they are: 1 day that has an entry already (--replace updates them): 5 Hammer 1492\n") ||
			!strings.HasSuffix(r.stdout, "29 unchanged.\nNothing to change.\n") {
			t.Errorf("run after a day written by hand: %s", r)
		}
		wantRequests(t, srv.since(mark), generateReads(live, id, 30)...)
		handDay := k.ok(t, "weather", "list", "--calendar", id, "--date", "1492-1-5", "--jq", `.[] | "\(.weather) \(.temperature) \(.effect)"`)
		if handDay != "sun 30°C dragon fire\n" {
			t.Errorf("the day written by hand is now %q", handDay)
		}

		// --replace updates it: one write, and the day is the generated one.
		mark = srv.mark()
		r = k.run(t, append(month, "--replace")...)
		if r.code != 0 || !strings.Contains(r.stdout, "1 to update, 0 to delete, 29 unchanged.\nApplied: 1 of 1 writes done") {
			t.Errorf("--replace: %s", r)
		}
		sent = srv.since(mark)
		if w := writesOf(sent); len(w) != 1 || w[0].Method != "PUT" || len(sent) != len(generateReads(live, id, 30))+2 {
			t.Errorf("--replace sent %v; want the reads, the check and one PUT", sent)
		}
		written = k.ok(t, "weather", "list", "--calendar", id, "--jq", `.[] | "\(.year)-\(.month)-\(.day) \(.weather) \(.temperature) \(.precipitation) \(.wind) \(.effect // "")"`)
		if written != dry {
			t.Errorf("after --replace:\n%s\nwant the generated month:\n%s", written, dry)
		}
		if effect := k.ok(t, "weather", "list", "--calendar", id, "--date", "1492-1-5", "--jq", `.[].effect // ""`); strings.Contains(effect, "dragon") {
			t.Errorf("--replace kept the effect written by hand: %q", effect)
		}

		// A dry run of the next month reads and writes nothing.
		mark = srv.mark()
		r = k.run(t, "weather", "generate", "--calendar", id, "--from", "1492-Alturiak-1", "--days", "30", "--climate", "continental", "--dry-run")
		if r.code != 0 || !strings.HasSuffix(r.stdout, "30 weather entries to create, 0 to update, 0 to delete, 0 unchanged.\n") {
			t.Errorf("dry run: %s", r)
		}
		wantRequests(t, srv.since(mark), generateReads(live, id, 30)...)
	})
}

// A climate of one's own: a built-in one's file, renamed,
// given with --climate-file; a file with problems is refused at its lines,
// before any request.
func TestE2EGenerateFromAClimateFile(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		id := createHarptos(t, k)
		mark := srv.mark()
		file := k.ok(t, "weather", "climates", "tundra", "-o", "yaml")
		wantNoRequests(t, srv, mark)
		mine := writeFile(t, t.TempDir(), "mine.yaml", strings.Replace(file, "name: tundra", "name: my-tundra", 1))

		r := k.run(t, "weather", "generate", "--calendar", id, "--from", "1492-1-1", "--days", "10", "--climate-file", mine, "-o", "json",
			"--jq", `[.climate, .plan.outcome.done, ([.entries[] | .high < 0] | all)]`)
		if r.code != 0 || r.stdout != `["my-tundra",10,true]`+"\n" {
			t.Errorf("a climate file: %s", r)
		}

		bad := writeFile(t, t.TempDir(), "bad.yaml", strings.Replace(file, "high: ", "high: warm", 1))
		mark = srv.mark()
		r = k.fails(t, 2, "weather", "generate", "--calendar", id, "--from", "1492-1-1", "--days", "10", "--climate-file", bad)
		if !strings.HasPrefix(r.stderr, "error: "+bad+": line ") || !strings.Contains(r.stderr, `].high: "warm`) {
			t.Errorf("a climate file with a problem: %s", r)
		}
		wantNoRequests(t, srv, mark)
	})
}

// Bad input exits 2 with nothing sent; what only the calendar can say
// costs its one read, and nothing else.
func TestE2EGenerateBadInput(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		id := createHarptos(t, k)
		for _, tc := range []struct {
			args  []string
			says  string
			reads []string
		}{
			{[]string{"--from", "1492-1-1", "--days", "3", "--climate", "temprate"}, `did you mean "temperate"?`, nil},
			{[]string{"--from", "1492-2-1", "--to", "1492-1-1", "--climate", "temperate"}, "--from 1492-2-1 is after --to 1492-1-1", nil},
			{[]string{"--from", "1492-1-1", "--days", "3", "--climate", "temperate", "--units", "kelvin"}, `unknown units "kelvin"`, nil},
			{[]string{"--from", "1492-1-31", "--days", "3", "--climate", "temperate"}, "--from: day 31 does not exist: Hammer has 30 days", []string{"GET calendars/" + id}},
			{[]string{"--from", "1492-1-1", "--to", "1502-1-1", "--climate", "temperate"}, "more than 10 of the calendar's years", []string{"GET calendars/" + id}},
		} {
			mark := srv.mark()
			r := k.fails(t, 2, append([]string{"weather", "generate", "--calendar", id}, tc.args...)...)
			if !strings.Contains(r.stderr, tc.says) || r.stdout != "" {
				t.Errorf("want it to say %q; %s", tc.says, r)
			}
			wantRequests(t, srv.since(mark), tc.reads...)
		}
	})
}

// noSeasonWarning is generate's warning for a calendar without seasons, as
// cmd/generate's unit test pins it.
const noSeasonWarning = "warning: the calendar has no season named winter, spring, summer, autumn or fall: its days are placed by their position in its year, its first day on the place's 1 January\n"

// A calendar without seasons is laid on the place's year by position, and
// a dry run says so on stderr, in its text and in its -o yaml record,
// whose keys are the -o json record's; nothing is written.
func TestE2EGenerateWarnsOfACalendarWithoutSeasons(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		id := strings.TrimSpace(k.ok(t, "calendar", "create", "--name", "Seasonless", "--month", "Thaw:30", "--month", "Frost:30",
			"--weekday", "One", "--weekday", "Two", "-o", "id"))
		days := []string{"weather", "generate", "--calendar", id, "--from", "1000-1-1", "--days", "3", "--climate", "temperate", "--dry-run"}

		mark := srv.mark()
		r := k.run(t, days...)
		if r.code != 0 || r.stderr != noSeasonWarning || !strings.HasSuffix(r.stdout, "3 weather entries to create, 0 to update, 0 to delete, 0 unchanged.\n") {
			t.Errorf("a dry run on a calendar without seasons: want exit 0 and the warning on stderr; %s", r)
		}
		wantRequests(t, srv.since(mark), generateReads(live, id, 0)...)

		mark = srv.mark()
		r = k.run(t, append(days, "-o", "yaml")...)
		if r.code != 0 || r.stderr != noSeasonWarning {
			t.Fatalf("-o yaml: want exit 0 and the warning on stderr; %s", r)
		}
		wantRequests(t, srv.since(mark), generateReads(live, id, 0)...)
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(r.stdout), &doc); err != nil || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
			t.Fatalf("-o yaml is not one mapping (%v):\n%s", err, r.stdout)
		}
		top := map[string]*yaml.Node{}
		var keys []string
		for i := 0; i+1 < len(doc.Content[0].Content); i += 2 {
			key := doc.Content[0].Content[i].Value
			keys = append(keys, key)
			top[key] = doc.Content[0].Content[i+1]
		}
		want := "calendar from to days climate place seed units seasons warnings kept entries summary plan"
		if got := strings.Join(keys, " "); got != want {
			t.Errorf("-o yaml's top keys: %q; want %q", got, want)
		}
		jsonKeys := k.ok(t, append(days, "-o", "json", "--jq", `keys | join(" ")`)...)
		if sorted := slices.Sorted(slices.Values(keys)); strings.Join(sorted, " ")+"\n" != jsonKeys {
			t.Errorf("-o yaml's top keys %q are not the -o json record's, %q", sorted, jsonKeys)
		}
		if e := top["entries"]; e == nil || e.Kind != yaml.SequenceNode || len(e.Content) != 3 {
			t.Errorf("-o yaml's entries: want 3 of them:\n%s", r.stdout)
		}
		if w := top["warnings"]; w == nil || len(w.Content) != 1 || w.Content[0].Value+"\n" != strings.TrimPrefix(noSeasonWarning, "warning: ") {
			t.Errorf("-o yaml's warnings: want the one on stderr:\n%s", r.stdout)
		}
	})
}
