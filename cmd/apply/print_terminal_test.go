package apply

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// bigPlan is the plan of a year written to a calendar that has none of
// it (creates days 1 to creates of Hammer 1492 and the days after, in
// month 2), with updates of the entries ids 1 to updates: what apply of an
// exported year plans after a change.
func bigPlan(creates, updates int) *Plan {
	cp := &CalendarPlan{Name: "Calendar of Harptos", ID: 3, Action: Unchanged, WeatherManaged: true}
	for i := range updates {
		cp.Weather = append(cp.Weather, &WeatherPlan{Action: Update, ID: i + 1, Weather: "sun",
			Date:    client.Date{Year: 1491, Month: 1, Day: i + 1},
			Changes: []Change{{Field: "temperature", Old: `"-4°C"`, New: `"12°C"`}, {Field: "wind", Old: `"calm"`, New: `"fresh breeze from the southwest"`}}})
	}
	for i := range creates {
		cp.Weather = append(cp.Weather, &WeatherPlan{Action: Create, Weather: "cloud-showers-heavy",
			Date: client.Date{Year: 1492, Month: 1 + i/30, Day: 1 + i%30}})
	}
	for i := range 5 {
		cp.WeatherUnchanged = append(cp.WeatherUnchanged, &WeatherPlan{Action: Unchanged, ID: 100 + i})
	}
	return &Plan{Calendars: []*CalendarPlan{cp}}
}

// On a terminal a plan of many writes lists the updates and deletes and
// counts the creates, with their first and last days: what changes what
// is there, not a line a day. A plan of a few writes lists them all, and
// --verbose always does.
func TestPrintPlanOnATerminalListsChangesAndCountsCreates(t *testing.T) {
	var b bytes.Buffer
	PrintPlan(&b, bigPlan(365, 2), PlanText{Entries: TerminalEntries})
	want := `calendar "Calendar of Harptos" (id 3): unchanged
  weather: 365 to create, 2 to update, 0 to delete, 5 unchanged
    ~ 1491-1-1 (id 1) temperature: "-4°C" -> "12°C", wind: "calm" -> "fresh breeze from the southwest"
    ~ 1491-1-2 (id 2) temperature: "-4°C" -> "12°C", wind: "calm" -> "fresh breeze from the southwest"
    + 365 entries from 1492-1-1 to 1492-13-5 (--verbose lists each)
Plan: 0 calendars to create, 0 to update, 1 unchanged; 365 weather entries to create, 2 to update, 0 to delete, 5 unchanged.
`
	if b.String() != want {
		t.Errorf("plan:\n%s\nwant:\n%s", b.String(), want)
	}

	b.Reset()
	PrintPlan(&b, bigPlan(3, 1), PlanText{Entries: TerminalEntries})
	if got := strings.Count(b.String(), "\n    "); got != 4 || strings.Contains(b.String(), "--verbose") {
		t.Errorf("a small plan lists each of its 4 writes (%d lines):\n%s", got, b.String())
	}

	b.Reset()
	PrintPlan(&b, bigPlan(365, 2), PlanText{Entries: EveryEntry})
	if got := strings.Count(b.String(), "\n    "); got != 367 {
		t.Errorf("--verbose lists %d entries, want 367", got)
	}

	b.Reset()
	PrintPlan(&b, bigPlan(365, 2), PlanText{})
	if got := strings.Count(b.String(), "\n    "); got != 0 {
		t.Errorf("piped, without -v: %d entries listed, want the counts only:\n%s", got, b.String())
	}
}

// Past a screen of updates and deletes, the rest are counted too.
func TestPrintPlanOnATerminalCountsUpdatesPastAScreen(t *testing.T) {
	var b bytes.Buffer
	PrintPlan(&b, bigPlan(0, 25), PlanText{Entries: TerminalEntries})
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if n := strings.Count(b.String(), "\n    ~ 1491-1-"); n != terminalListed {
		t.Errorf("%d updates listed, want %d:\n%s", n, terminalListed, b.String())
	}
	if got, want := lines[len(lines)-2], fmt.Sprintf("    ~ %d more to update (--verbose lists each)", 25-terminalListed); got != want {
		t.Errorf("the line after the list: %q, want %q", got, want)
	}
}

// At any width every line of the plan fits, its words whole: a line wraps
// at spaces with a hanging indent; the words are those of the plan
// unwrapped, in order.
func TestPrintPlanFitsEveryWidth(t *testing.T) {
	plan := bigPlan(365, 12)
	plan.Calendars[0].Action = Update
	plan.Calendars[0].Changes = []Change{{Field: "type", Old: `"Dalereckoning"`, New: `"Forgotten Realms"`}}
	plan.Calendars[0].Kept = []Kept{{Field: "date", Calendar: "1492-4-6", File: "1492-1-1", Flag: "--set-date"}}
	plan.Calendars[0].NotCompared = []string{"skip_year_zero"}
	var unwrapped bytes.Buffer
	PrintPlan(&unwrapped, plan, PlanText{Entries: TerminalEntries})
	for _, width := range []int{40, 60, 80, 100, 120, 160} {
		var b bytes.Buffer
		PrintPlan(&b, plan, PlanText{Entries: TerminalEntries, Width: width})
		for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
			if n := utf8.RuneCountInString(line); n > width {
				t.Errorf("width %d: %d columns: %q", width, n, line)
			}
		}
		if got, want := strings.Fields(b.String()), strings.Fields(unwrapped.String()); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("width %d: the words changed:\n%s", width, b.String())
		}
	}
	var b bytes.Buffer
	PrintPlan(&b, plan, PlanText{Entries: TerminalEntries, Width: 100})
	if !strings.HasSuffix(b.String(), "\nPlan: 0 calendars to create, 1 to update, 0 unchanged; 365 weather entries to create, 12 to update,\n    0 to delete, 5 unchanged.\n") {
		t.Errorf("the summary at 100 columns:\n%s", b.String())
	}
}

// A value wider than a whole line is cut with "...", as a table cuts one,
// never broken over two.
func TestPrintPlanCutsAValueNoLineHolds(t *testing.T) {
	plan := bigPlan(0, 0)
	plan.Calendars[0].Action = Update
	plan.Calendars[0].Changes = []Change{{Field: "entry", Old: `"` + strings.Repeat("x", 70) + `"`, New: `"y"`}}
	var b bytes.Buffer
	PrintPlan(&b, plan, PlanText{Entries: TerminalEntries, Width: 40})
	want := "  entry:\n      \"" + strings.Repeat("x", 30) + "...\n      -> \"y\"\n"
	if !strings.Contains(b.String(), want) {
		t.Errorf("plan:\n%s\nwant it to hold:\n%s", b.String(), want)
	}
}

// Through the command on a terminal 60 columns wide: the plan's lines
// wrap at spaces, with a hanging indent, the summary too.
func TestApplyPlanOnANarrowTerminalWrapsAtSpaces(t *testing.T) {
	env := cmdtest.New(t, "", greyhawkReads()...)
	env.F.IO.TermWidth = 60
	env.Terminal()
	env.In.WriteString(greyhawkChanges)
	if err := runApply(env, "-f", "-", "--dry-run", "--prune"); err != nil {
		t.Fatal(err)
	}
	wantOutput(t, env, `calendar "Greyhawk" (id 5): update
  type: "Solar" -> "Lunar"
  weather: 1 to create, 1 to update, 1 to delete, 0
      unchanged
    ~ 591-1-1 (id 41) temperature: "-5C" -> "-8C"
    + 591-1-2 cloud
    - 591-1-3 (id 42) sun
Plan: 0 calendars to create, 1 to update, 0 unchanged; 1
    weather entry to create, 1 to update, 1 to delete, 0
    unchanged.
`, "")
}
