package main

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/sandbox"
)

// `kanka apply` end to end: the seed of the request goals (2
// calendars, 30 weather entries), re-applied, changed, pruned, split over a
// directory, refused when wrong, carried through faults, and paced for the
// rate limit.

// applySeed is a seed file of Harptos with harptosDays entries (days 1..n of
// Hammer 1492; the first written with the month's name) and Greyhawk with
// greyhawkDays entries. change, when set, rewrites one entry's line.
// Harptos's entries are on lines 10.., Greyhawk starts on line
// 10+harptosDays and its entries on line 15+harptosDays.
func applySeed(harptosDays, greyhawkDays int, change func(cal string, day int, line string) string) string {
	entry := func(cal string, day int) string {
		date := fmt.Sprintf("1492-1-%d", day)
		if day == 1 && cal == "Harptos" {
			date = "1492-Hammer-1"
		}
		line := fmt.Sprintf("      - {date: %s, weather: snowflake, temperature: -%dC}\n", date, day-1)
		if change != nil {
			line = change(cal, day, line)
		}
		return line
	}
	var b strings.Builder
	b.WriteString("calendars:\n")
	b.WriteString("  - name: Harptos\n")
	b.WriteString("    has_leap_year: false\n")
	b.WriteString("    months:\n")
	b.WriteString("      - {name: Hammer, length: 30}\n")
	b.WriteString("      - {name: Midwinter, length: 1, type: intercalary}\n")
	b.WriteString("      - {name: Alturiak, length: 30}\n")
	b.WriteString("    weekdays: [First, Second, Third]\n")
	b.WriteString("    weather:\n")
	for d := 1; d <= harptosDays; d++ {
		b.WriteString(entry("Harptos", d))
	}
	b.WriteString("  - name: Greyhawk\n")
	b.WriteString("    has_leap_year: false\n")
	b.WriteString("    months: [{name: Fireseek, length: 28}, {name: Readying, length: 28}]\n")
	b.WriteString("    weekdays: [Starday, Sunday, Moonday]\n")
	b.WriteString("    weather:\n")
	for d := 1; d <= greyhawkDays; d++ {
		b.WriteString(entry("Greyhawk", d))
	}
	return b.String()
}

// writeFile writes text to name in a new temporary directory of t.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// campaignState is every calendar's name with its weather as "date
// weather temperature", sorted, as the binary lists them; a name given
// twice fails the test.
func campaignState(t *testing.T, k *kanka) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, line := range nonEmptyLines(k.ok(t, "calendar", "list", "--jq", `.[] | "\(.id) \(.name)"`)) {
		id, name, _ := strings.Cut(line, " ")
		if _, dup := out[name]; dup {
			t.Fatalf("two calendars named %q", name)
		}
		entries := nonEmptyLines(k.ok(t, "weather", "list", "--calendar", id, "--jq",
			`.[] | "\(.year)-\(.month)-\(.day) \(.weather) \(.temperature)"`))
		slices.Sort(entries)
		out[name] = append([]string{}, entries...)
	}
	return out
}

func nonEmptyLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// seededState is what applySeed(h, g, nil) makes.
func seededState(h, g int) map[string][]string {
	days := func(n int) []string {
		out := []string{}
		for d := 1; d <= n; d++ {
			out = append(out, fmt.Sprintf("1492-1-%d snowflake -%dC", d, d-1))
		}
		slices.Sort(out)
		return out
	}
	return map[string][]string{"Harptos": days(h), "Greyhawk": days(g)}
}

// ids are the ids of the calendars by name, and of Harptos's weather by
// day of Hammer.
func ids(t *testing.T, k *kanka) (calendars map[string]string, hammer map[int]string) {
	t.Helper()
	calendars = map[string]string{}
	for _, line := range nonEmptyLines(k.ok(t, "calendar", "list", "--jq", `.[] | "\(.id) \(.name)"`)) {
		id, name, _ := strings.Cut(line, " ")
		calendars[name] = id
	}
	hammer = map[int]string{}
	for _, line := range nonEmptyLines(k.ok(t, "weather", "list", "--calendar", calendars["Harptos"], "--jq",
		`.[] | select(.month == 1) | "\(.day) \(.id)"`)) {
		var day int
		var id string
		fmt.Sscanf(line, "%d %s", &day, &id)
		hammer[day] = id
	}
	return calendars, hammer
}

// weatherPath is the weather list's path segment the client settles on.
func weatherPath(live bool) string {
	if live {
		return "calendar_weather"
	}
	return "calendar_weathers"
}

// reapplyReads are the requests of re-applying the 2-calendar seed: the
// calendar list, then Harptos's weather (two pages of 15) alone, then
// Greyhawk's; against the live service the first weather request is the
// 404 that finds its path.
func reapplyReads(live bool, h, g string) []string {
	wp := weatherPath(live)
	out := []string{"GET calendars"}
	if live {
		out = append(out, "GET calendars/"+h+"/calendar_weathers")
	}
	return append(out, "GET calendars/"+h+"/"+wp, "GET calendars/"+h+"/"+wp+"?page=2", "GET calendars/"+g+"/"+wp)
}

// wantRequestsInAnyOrder is wantRequests with the requests of both sides
// sorted.
func wantRequestsInAnyOrder(t *testing.T, got []request, want ...string) {
	t.Helper()
	got = slices.Clone(got)
	slices.SortFunc(got, func(a, b request) int { return strings.Compare(a.String(), b.String()) })
	want = slices.Clone(want)
	for i, w := range want {
		want[i] = campaignPath + w
	}
	slices.Sort(want)
	for i := range want {
		want[i] = strings.TrimPrefix(want[i], campaignPath)
	}
	wantRequests(t, got, want...)
}

func writesOf(rs []request) []request {
	var out []request
	for _, r := range rs {
		if r.Method != "GET" {
			out = append(out, r)
		}
	}
	return out
}

// Apply, re-apply (no write, 4 or 5 requests), change one entry (1 write).
func TestE2EApplyThenReapplyCostsNoWrite(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		seed := writeFile(t, t.TempDir(), "seed.yaml", applySeed(20, 10, nil))

		mark := srv.mark()
		r := k.run(t, "apply", "-f", seed)
		wantOut := `calendar "Harptos": create
  weather: 20 to create, 0 to update, 0 to delete, 0 unchanged
calendar "Greyhawk": create
  weather: 10 to create, 0 to update, 0 to delete, 0 unchanged
Plan: 2 calendars to create, 0 to update, 0 unchanged; 30 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 32 of 32 writes done, 0 failed, 0 may have been applied, 0 not tried.
`
		if r.code != 0 || r.stdout != wantOut || r.stderr != "created calendar 1 \"Harptos\"\ncreated calendar 2 \"Greyhawk\"\n" {
			t.Fatalf("first apply: want exit 0 and\n%s\ngot %s", wantOut, r)
		}
		sent := srv.since(mark)
		probe := 0
		if live {
			probe = 1
		}
		// Against the live service the first weather write finds the
		// path with one POST answered 404. Before the first write, one
		// request checks that nothing changed since the list was read.
		if len(sent) != 2+32+probe || len(writesOf(sent)) != 32+probe || canonical(strings.TrimPrefix(sent[1].String(), "GET "+campaignPath)) != canonical(strings.TrimPrefix(changedCheck, "GET ")) {
			t.Errorf("first apply sent %d requests (%d writes), want the list, the check, 32 writes and %d probe: %v", len(sent), len(writesOf(sent)), probe, sent)
		}
		t.Logf("apply of 2 calendars and 30 entries to an empty campaign: %d requests", len(sent))
		if got := campaignState(t, k); !reflect.DeepEqual(got, seededState(20, 10)) {
			t.Errorf("state after apply = %v", got)
		}
		cals, hammer := ids(t, k)
		h, g := cals["Harptos"], cals["Greyhawk"]

		mark = srv.mark()
		r = k.run(t, "apply", "-f", seed)
		wantOut = fmt.Sprintf(`calendar "Harptos" (id %s): unchanged
  weather: 0 to create, 0 to update, 0 to delete, 20 unchanged
calendar "Greyhawk" (id %s): unchanged
  weather: 0 to create, 0 to update, 0 to delete, 10 unchanged
Plan: 0 calendars to create, 0 to update, 2 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 30 unchanged.
Nothing to change.
`, h, g)
		if r.code != 0 || r.stdout != wantOut || r.stderr != "" {
			t.Errorf("re-apply: want exit 0 and\n%s\ngot %s", wantOut, r)
		}
		sent = srv.since(mark)
		wantRequests(t, sent, reapplyReads(live, h, g)...)
		if len(sent) > 6 {
			t.Errorf("re-apply sent %d requests; the goal is at most 6", len(sent))
		}
		t.Logf("re-apply of 2 calendars and 30 entries: %d requests, %d writes", len(sent), len(writesOf(sent)))

		changed := writeFile(t, t.TempDir(), "seed.yaml", applySeed(20, 10, func(cal string, day int, line string) string {
			if cal == "Harptos" && day == 5 {
				return strings.Replace(line, "-4C", "12C", 1)
			}
			return line
		}))
		mark = srv.mark()
		r = k.run(t, "apply", "-f", changed)
		if r.code != 0 || !strings.Contains(r.stdout, "Applied: 1 of 1 writes done, 0 failed") {
			t.Errorf("one entry changed: want exit 0 and 1 write; %s", r)
		}
		sent = srv.since(mark)
		wantRequests(t, sent, append(reapplyReads(live, h, g), changedCheck, "PUT calendars/"+h+"/"+weatherPath(live)+"/"+hammer[5])...)
		t.Logf("apply with one entry changed: %d requests, %d writes", len(sent), len(writesOf(sent)))
		want := seededState(20, 10)
		want["Harptos"] = slices.Clone(want["Harptos"])
		for i, e := range want["Harptos"] {
			if e == "1492-1-5 snowflake -4C" {
				want["Harptos"][i] = "1492-1-5 snowflake 12C"
			}
		}
		if got := campaignState(t, k); !reflect.DeepEqual(got, want) {
			t.Errorf("state after the change = %v", got)
		}
	})
}

// --dry-run prints the exact plan (-v: the entries) and sends no write;
// the same plan run with --prune then makes it so.
func TestE2EApplyDryRunThenPrune(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		dir := t.TempDir()
		k.ok(t, "apply", "-f", writeFile(t, dir, "seed.yaml", applySeed(20, 10, nil)))
		cals, hammer := ids(t, k)
		h, g := cals["Harptos"], cals["Greyhawk"]

		// Day 5 changed, day 20 dropped, day 21 added.
		next := applySeed(19, 10, func(cal string, day int, line string) string {
			if cal == "Harptos" && day == 5 {
				return strings.Replace(line, "-4C", "12C", 1)
			}
			if cal == "Harptos" && day == 19 {
				return line + "      - {date: 1492-1-21, weather: fog, temperature: -20C}\n"
			}
			return line
		})
		seed := writeFile(t, dir, "next.yaml", next)
		mark := srv.mark()
		r := k.run(t, "apply", "-f", seed, "--prune", "--dry-run", "-v")
		wantOut := fmt.Sprintf(`calendar "Harptos" (id %s): unchanged
  weather: 1 to create, 1 to update, 1 to delete, 18 unchanged
    ~ 1492-1-5 (id %s) temperature: "-4C" -> "12C"
    + 1492-1-21 fog
    - 1492-1-20 (id %s) snowflake
calendar "Greyhawk" (id %s): unchanged
  weather: 0 to create, 0 to update, 0 to delete, 10 unchanged
Plan: 0 calendars to create, 0 to update, 2 unchanged; 1 weather entry to create, 1 to update, 1 to delete, 28 unchanged.
`, h, hammer[5], hammer[20], g)
		if r.code != 0 || r.stdout != wantOut || r.stderr != "" {
			t.Errorf("dry run: want exit 0 and\n%s\ngot %s", wantOut, r)
		}
		sent := srv.since(mark)
		wantRequests(t, sent, reapplyReads(live, h, g)...)

		// Without -v the counts only.
		r = k.run(t, "apply", "-f", seed, "--prune", "--dry-run")
		if strings.Contains(r.stdout, "1492-1-21") || !strings.Contains(r.stdout, "weather: 1 to create, 1 to update, 1 to delete, 18 unchanged\ncalendar") {
			t.Errorf("dry run without -v lists the entries or lacks the counts; %s", r)
		}

		mark = srv.mark()
		r = k.run(t, "apply", "-f", seed, "--prune")
		if r.code != 0 || !strings.HasSuffix(r.stdout, "Applied: 3 of 3 writes done, 0 failed, 0 may have been applied, 0 not tried.\n") {
			t.Errorf("apply --prune: want exit 0 and 3 writes; %s", r)
		}
		wp := weatherPath(live)
		// The writes run concurrently: their order is not the plan's.
		wantRequestsInAnyOrder(t, srv.since(mark), append(reapplyReads(live, h, g), changedCheck,
			"PUT calendars/"+h+"/"+wp+"/"+hammer[5], "POST calendars/"+h+"/"+wp, "DELETE calendars/"+h+"/"+wp+"/"+hammer[20])...)
		want := seededState(19, 10)
		want["Harptos"] = nil
		for _, e := range seededState(19, 10)["Harptos"] {
			if e == "1492-1-5 snowflake -4C" {
				e = "1492-1-5 snowflake 12C"
			}
			want["Harptos"] = append(want["Harptos"], e)
		}
		want["Harptos"] = append(want["Harptos"], "1492-1-21 fog -20C")
		slices.Sort(want["Harptos"])
		if got := campaignState(t, k); !reflect.DeepEqual(got, want) {
			t.Errorf("state after --prune = %v\nwant %v", got, want)
		}
	})
}

// A directory is one seed: its .yaml, .yml and .json files in name order,
// other files ignored; a name given in two of its files is refused.
func TestE2EApplyDirectory(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		whole := applySeed(3, 2, nil)
		at := strings.Index(whole, "  - name: Greyhawk")
		dir := t.TempDir()
		writeFile(t, dir, "1-harptos.yaml", whole[:at])
		writeFile(t, dir, "2-greyhawk.yml", "calendars:\n"+whole[at:])
		writeFile(t, dir, "notes.txt", "not a seed")

		r := k.run(t, "apply", "-f", dir)
		if r.code != 0 || !strings.HasPrefix(r.stdout, "calendar \"Harptos\": create\n") ||
			!strings.Contains(r.stdout, "Applied: 7 of 7 writes done") {
			t.Errorf("apply of a directory: want exit 0, Harptos first, 7 writes; %s", r)
		}
		if got := campaignState(t, k); !reflect.DeepEqual(got, seededState(3, 2)) {
			t.Errorf("state = %v", got)
		}

		writeFile(t, dir, "3-again.json", `{"calendars": [{"name": "Harptos"}]}`)
		mark := srv.mark()
		r = k.run(t, "apply", "-f", dir)
		wantErr := fmt.Sprintf("error: the input is not valid, nothing was sent:\n  %s: line 1: calendar \"Harptos\" is already in the input (at %s: line 2)\n",
			filepath.Join(dir, "3-again.json"), filepath.Join(dir, "1-harptos.yaml"))
		if r.code != 2 || !strings.HasPrefix(r.stderr, wantErr) || r.stdout != "" {
			t.Errorf("one name in two files: want exit 2 and\n%s\ngot %s", wantErr, r)
		}
		wantNoRequests(t, srv, mark)
	})
}

// A wrong file is refused with its file and line before any request.
func TestE2EApplyBadFileSendsNothing(t *testing.T) {
	t.Parallel()
	good := applySeed(3, 2, nil)
	cases := []struct {
		name, text, stderr string
	}{
		{"unknown key", strings.Replace(good, "    has_leap_year: false\n", "    has_leap_year: false\n    weekday: [x]\n", 1),
			"error: FILE: line 4: calendars[1]: unknown key \"weekday\"; did you mean \"weekdays\"?\n"},
		{"unknown top key", good + "calendar: []\n", "error: FILE: line 20: unknown key \"calendar\" (a seed file holds calendars:)\n"},
		{"fraction", strings.Replace(good, "length: 30}", "length: 30.5}", 1),
			"error: FILE: line 5: calendars[1].months[1].length: must be a whole number, not 30.5\n"},
		{"impossible date", strings.Replace(good, "1492-1-3,", "1492-1-31,", 1),
			"error: the input is not valid, nothing was sent:\n  FILE: line 12: calendar \"Harptos\": weather 1492-1-31: "},
		{"unknown month name", strings.Replace(good, "1492-Hammer-1", "1492-Hamer-1", 1),
			"error: FILE: line 10: calendars[1].weather[1].date: "},
		{"duplicate name", strings.Replace(good, "name: Greyhawk", "name: Harptos", 1),
			"error: the input is not valid, nothing was sent:\n  FILE: line 13: calendar \"Harptos\" is already in the input (at FILE: line 2)\n"},
		{"duplicate date", strings.Replace(good, "1492-1-3,", "1492-1-2,", 1),
			"error: the input is not valid, nothing was sent:\n  FILE: line 12: calendar \"Harptos\": weather 1492-1-2: two entries on one date (at FILE: line 11)\n"},
		{"not utf-8", strings.Replace(good, "snowflake", "snow\xffflake", 1), "error: FILE: line 10: "},
	}
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		for _, c := range cases {
			file := writeFile(t, t.TempDir(), "seed.yaml", c.text)
			mark := srv.mark()
			r := k.run(t, "apply", "-f", file)
			want := strings.ReplaceAll(c.stderr, "FILE", file)
			if r.code != 2 || !strings.HasPrefix(r.stderr, want) || r.stdout != "" {
				t.Errorf("%s: want exit 2 and stderr starting\n%s\ngot %s", c.name, want, r)
			}
			wantNoRequests(t, srv, mark)
		}
	})
}

// -o json prints the plan and the outcome; other formats are refused.
func TestE2EApplyJSONAndRefusedFormats(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv)
	seed := writeFile(t, t.TempDir(), "seed.yaml", applySeed(1, 0, nil))
	r := k.run(t, "apply", "-f", seed, "-o", "json", "--dry-run")
	obj := decodeObject(t, r.stdout)
	if r.code != 0 || obj["dry_run"] != true || obj["summary"] != "Plan: 2 calendars to create, 0 to update, 0 unchanged; 1 weather entry to create, 0 to update, 0 to delete, 0 unchanged." {
		t.Errorf("-o json --dry-run: %s", r)
	}
	r = k.run(t, "apply", "-f", seed, "-o", "json")
	obj = decodeObject(t, r.stdout)
	cals, _ := obj["calendars"].([]any)
	if r.code != 0 || obj["dry_run"] != false || len(cals) != 2 {
		t.Fatalf("-o json: %s", r)
	}
	first := cals[0].(map[string]any)
	weather := first["weather"].(map[string]any)["actions"].([]any)[0].(map[string]any)
	if first["status"] != "done" || first["id"] == nil || weather["status"] != "done" || weather["id"] == nil || weather["date"] != "1492-1-1" {
		t.Errorf("-o json: each write's status and id: %v", first)
	}
	// Nothing to write: only the reads, no check of what changed.
	mark := srv.mark()
	if r = k.run(t, "apply", "-f", seed, "-o", "json"); r.code != 0 {
		t.Errorf("re-apply -o json: %s", r)
	}
	wantRequests(t, srv.since(mark), "GET calendars", "GET calendars/1/calendar_weathers", "GET calendars/2/calendar_weathers")
	mark = srv.mark()
	r = k.run(t, "apply", "-f", seed, "-o", "yaml")
	if r.code != 2 || !strings.HasPrefix(r.stderr, "error: apply prints its plan as text or with -o json, not -o yaml\n") {
		t.Errorf("-o yaml: want exit 2 naming json; %s", r)
	}
	wantNoRequests(t, srv, mark)
}

// With faults (500s that apply nothing, writes applied whose answer is
// lost), re-runs finish the job: the exact seed, no duplicates, nothing
// missing; then a clean re-apply writes nothing.
func TestE2EApplyThroughFaultsConverges(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		data := filepath.Join(t.TempDir(), "state.json")
		faulty := startServer(t, sandbox.Options{Live: live, DataPath: data, FailRate: 0.1, DropRate: 0.15, Seed: 42}, nil)
		clean := startServer(t, sandbox.Options{Live: live, DataPath: data}, nil)
		k := newKanka(t, faulty)
		seed := writeFile(t, t.TempDir(), "seed.yaml", applySeed(20, 10, nil))
		runs, failed := 0, 0
		for ; runs < 20; runs++ {
			r := k.run(t, "apply", "-f", seed)
			if r.code == 0 {
				break
			}
			failed++
			if r.code != 1 || !strings.Contains(r.stderr, "run apply again to finish") && !strings.Contains(r.stderr, "500") {
				t.Fatalf("run %d under faults: want exit 1 saying to run again; %s", runs+1, r)
			}
		}
		if failed == 0 || runs == 20 {
			t.Fatalf("%d runs failed of %d: the faults should cut some runs short and the re-runs finish", failed, runs+1)
		}
		var dropped, failures int
		for _, q := range faulty.since(0) {
			switch q.Status {
			case 0:
				dropped++
			case 500:
				failures++
			}
		}
		if dropped == 0 || failures == 0 {
			t.Errorf("the runs met %d dropped answers and %d 500s; the test needs both", dropped, failures)
		}
		t.Logf("under faults: %d runs cut short (%d answers dropped, %d 500s), then done", failed, dropped, failures)
		kc := newKanka(t, clean)
		if got := campaignState(t, kc); !reflect.DeepEqual(got, seededState(20, 10)) {
			t.Errorf("state after the faults = %v\nwant %v", got, seededState(20, 10))
		}
		mark := clean.mark()
		if r := kc.run(t, "apply", "-f", seed); r.code != 0 || !strings.HasSuffix(r.stdout, "Nothing to change.\n") {
			t.Errorf("clean re-apply: %s", r)
		}
		if w := writesOf(clean.since(mark)); len(w) != 0 {
			t.Errorf("clean re-apply wrote %v", w)
		}
	})
}

// 100 entries against 60 requests a minute with X-RateLimit-* headers: the
// client waits for the next window rather than meet a 429, and waits once
// (102 requests need two windows, not three).
func TestE2EApplyPacesForTheRateLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a rate-limit window of a minute")
	}
	t.Parallel()
	var b strings.Builder
	b.WriteString("calendars:\n  - name: Harptos\n    months: [{name: Hammer, length: 30}, {name: Alturiak, length: 30}, {name: Ches, length: 30}, {name: Tarsakh, length: 30}]\n")
	b.WriteString("    weekdays: [First, Second]\n    weather:\n")
	for i := range 100 {
		fmt.Fprintf(&b, "      - {date: 1492-%d-%d, weather: sun}\n", i/30+1, i%30+1)
	}
	seed := writeFile(t, t.TempDir(), "seed.yaml", b.String())
	// Both modes wait out their minute side by side in this one test: as
	// two parallel subtests, they held every slot of a two-core machine
	// asleep for a minute, and the rest of the suite waited behind them.
	var wg sync.WaitGroup
	for _, mode := range modes {
		srv := startServer(t, sandbox.Options{Live: mode.live, RateLimit: 60, RateWindow: time.Minute}, nil)
		k := newKanka(t, srv)
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			r, err := k.runNoT("apply", "-f", seed)
			took := time.Since(start)
			if err != nil || !strings.Contains(r.stdout, "Applied: 101 of 101 writes done") {
				t.Errorf("%s: apply under the rate limit: %s", mode.name, r)
				return
			}
			sent := srv.since(0)
			for _, q := range sent {
				if q.Status == 429 {
					t.Errorf("%s: %v was answered 429", mode.name, q)
				}
			}
			// More than 60 requests need a second window: at least most of
			// a minute; one wait, not two.
			if took < 50*time.Second || took > 110*time.Second {
				t.Errorf("%s: %d requests took %s; the limit requires one wait of about a minute", mode.name, len(sent), took)
			}
			t.Logf("%s: 100 entries at 60 requests a minute: %d requests in %s, no 429", mode.name, len(sent), took.Round(time.Second))
		}()
	}
	wg.Wait()
}
