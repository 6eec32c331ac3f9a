package main

import (
	"strings"
	"testing"
)

// A calendar whose two moons share a name (Twin's two Lunas), end to end
// in both of the sandbox's modes: a reminder on the second Luna is
// exported by the moon's id, with a warning, and applied to another
// campaign stays on the second moon; a seed repeat on "Luna:new" is
// refused, exit 2, nothing sent; an update of the first moon (by apply
// and by calendar update -f) keeps each id on its moon.

const twinSeed = `calendars:
  - name: Twin
    date: 1-1-1
    months: [{name: First, length: 30}, {name: Second, length: 30}]
    weekdays: [One, Two]
    moons: [{name: Luna, fullmoon: 10}, {name: Luna, fullmoon: 7, offset: 3}]
`

// twinMoons are calendar 1's moons, "id:fullmoon" each, and its
// reminders' repeats.
func twinMoons(t *testing.T, k *kanka) string {
	t.Helper()
	moons := k.ok(t, "api", "calendars/1", "--jq", `[.data.moons[] | "\(.id):\(.fullmoon)"] | join(" ")`)
	repeats := k.ok(t, "api", "calendars/1/reminders", "--jq", `[.data[] | .recurring_periodicity] | join(" ")`)
	return strings.TrimSpace(moons) + " / " + strings.TrimSpace(repeats)
}

func TestE2ETwinMoonsKeepTheirReminders(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		dir := t.TempDir()
		k.runIn(t, twinSeed, "apply", "-f", "-")
		k.ok(t, "reminder", "create", "--calendar", "Twin", "--date", "1-1-1", "--comment", "Second luna full", "--repeat", "2_f")
		if got := twinMoons(t, k); got != "1:10 2:7 / 2_f" {
			t.Fatalf("Twin holds %s: the test means moons 1 and 2 and a reminder on the second", got)
		}

		// The export writes the repeat by the moon's id, and says why.
		r := k.run(t, "calendar", "export", "Twin", "--with-reminders")
		warning := `warning: calendar "Twin": reminder 1 repeats on moon 2, one of 2 moons named "Luna": the export writes the moon's id (2_f), not the name; the id is this campaign's, and another campaign numbers its moons anew` + "\n"
		if r.code != 0 || r.stderr != warning || !strings.Contains(r.stdout, "comment: Second luna full, repeat: 2_f,") {
			t.Fatalf("export: %s", r)
		}
		export := r.stdout

		// Applied to another campaign: the reminder is on its second Luna.
		other := newKanka(t, startSandbox(t, live))
		if r := other.runIn(t, export, "apply", "-f", "-"); r.code != 0 {
			t.Fatalf("apply elsewhere: %s", r)
		}
		if got := twinMoons(t, other); got != "1:10 2:7 / 2_f" {
			t.Errorf("the other campaign holds %s, want the reminder on the second Luna", got)
		}

		// A repeat on "Luna:new" is refused, nothing sent.
		byName := writeFile(t, dir, "by-name.yaml", strings.Replace(export, "repeat: 2_f", "repeat: 'Luna:new'", 1))
		mark := srv.mark()
		r = k.fails(t, 2, "apply", "-f", byName)
		if !strings.Contains(r.stderr, `by-name.yaml: line `) || !strings.Contains(r.stderr, `calendar "Twin": reminder 1-1-1 "Second luna full": repeat: the calendar has 2 moons named "Luna": give the one meant by its id and the phase, {id}_{phase}`) {
			t.Errorf("apply Luna:new: %s", r)
		}
		wantRequests(t, srv.since(mark))
		byNameNoMoons := writeFile(t, dir, "by-name-kept-moons.yaml", strings.Replace(moonsLeftOut(t, export), "repeat: 2_f", "repeat: 'Luna:new'", 1))
		mark = srv.mark()
		r = k.fails(t, 2, "apply", "-f", byNameNoMoons)
		if !strings.Contains(r.stderr, `repeat: calendar 1 has 2 moons named "Luna" (ids 1, 2): give the one meant by its id and the phase, {id}_{phase}, such as 2_n`) {
			t.Errorf("apply Luna:new on the moons kept: %s", r)
		}
		for _, req := range srv.since(mark) {
			if req.Method != "GET" {
				t.Errorf("sent %s", req)
			}
		}

		// The first moon's fullmoon changed by apply: each id on its moon.
		edited := writeFile(t, dir, "edited.yaml", strings.Replace(export, "fullmoon: 10", "fullmoon: 12", 1))
		if r := k.run(t, "apply", "-f", edited); r.code != 0 {
			t.Fatalf("apply the edit: %s", r)
		}
		if got := twinMoons(t, k); got != "1:12 2:7 / 2_f" {
			t.Errorf("after apply Twin holds %s, want 1:12 2:7 / 2_f", got)
		}
		// And by calendar update -f, a file without the moons' ids.
		update := writeFile(t, dir, "update.yaml", "moons: [{name: Luna, fullmoon: 11}, {name: Luna, fullmoon: 7, offset: 3}]\n")
		if r := k.run(t, "calendar", "update", "Twin", "-f", update); r.code != 0 {
			t.Fatalf("calendar update: %s", r)
		}
		if got := twinMoons(t, k); got != "1:11 2:7 / 2_f" {
			t.Errorf("after calendar update Twin holds %s, want 1:11 2:7 / 2_f", got)
		}
	})
}

// moonsLeftOut is the export without its moons, so that apply keeps the
// calendar's (and knows their ids).
func moonsLeftOut(t *testing.T, export string) string {
	t.Helper()
	before, rest, ok := strings.Cut(export, "    moons:\n")
	_, after, ok2 := strings.Cut(rest, "    reminders:\n")
	if !ok || !ok2 {
		t.Fatalf("the export has no moons then reminders:\n%s", export)
	}
	return before + "    reminders:\n" + after
}
