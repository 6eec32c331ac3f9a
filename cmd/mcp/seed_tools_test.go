package mcp_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"
)

// plan_seed and apply_seed: apply's plan and writes, its refusals, and
// pruning only with confirm.

// pruningSeed keeps two days of the example's weather: one changed, one
// new; the other four would be pruned.
const pruningSeed = `calendars:
  - name: Calendar of Harptos
    weather:
      - {date: 1492-4-1, weather: sun}
      - {date: 1492-4-9, weather: sun}
`

const pruningPlan = "Plan: 0 calendars to create, 0 to update, 1 unchanged; 1 weather entry to create, 1 to update, 4 to delete, 0 unchanged.\n" +
	"calendar \"Calendar of Harptos\": unchanged; weather: 1 to create, 1 to update, 4 to delete, 0 unchanged"

func TestPlanSeedWritesNothing(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	mark := r.mark()
	got, summary := r.ok(r.call("plan_seed", map[string]any{"seed": pruningSeed, "prune": true}))
	if summary != pruningPlan {
		t.Errorf("summary:\n%s\nwant:\n%s", summary, pruningPlan)
	}
	if got["dry_run"] != true || got["confirm_required"] != nil {
		t.Errorf("report %v", got)
	}
	r.wantRequests(mark, "GET calendars", "GET calendars/1/calendar_weathers")
}

func TestPlanSeedRefusesAnInvalidDocument(t *testing.T) {
	r := newRig(t, rigOptions{})
	mark := r.mark()
	text := r.failed(r.call("plan_seed", map[string]any{"seed": "calendars:\n  - name: X\n    weekday: [a, b]\n"}))
	if want := "error: standard input: line 3: calendars[1]: unknown key \"weekday\"; did you mean \"weekdays\"?\n(kanka exit 2: invalid input: nothing was sent)"; text != want {
		t.Errorf("error:\n%s\nwant:\n%s", text, want)
	}
	text = r.failed(r.call("apply_seed", map[string]any{"seed": " \n"}))
	if want := "seed: give the seed document (YAML or JSON, with its calendars: list)\n(nothing was sent)"; text != want {
		t.Errorf("error %q", text)
	}
	r.wantRequests(mark)
}

func TestApplySeedCreates(t *testing.T) {
	r := newRig(t, rigOptions{})
	seed := "calendars:\n  - name: Greyhawk\n    date: 591-1-1\n    months: [{name: Fireseek, length: 28}, {name: Readying, length: 28}]\n" +
		"    weekdays: [Starday, Sunday, Moonday]\n    weather:\n      - {date: 591-1-1, weather: snowflake}\n"
	mark := r.mark()
	got, summary := r.ok(r.call("apply_seed", map[string]any{"seed": seed}))
	want := "Plan: 1 calendar to create, 0 to update, 0 unchanged; 1 weather entry to create, 0 to update, 0 to delete, 0 unchanged.\n" +
		"calendar \"Greyhawk\": create (done); weather: 1 to create, 0 to update, 0 to delete, 0 unchanged\n" +
		"Applied: 2 of 2 writes done, 0 failed, 0 may have been applied, 0 not tried.\n" +
		"created calendar 1 \"Greyhawk\""
	if summary != want {
		t.Errorf("summary:\n%s\nwant:\n%s", summary, want)
	}
	if got["dry_run"] != false {
		t.Errorf("report %v", got)
	}
	r.wantRequests(mark, "GET calendars", "GET calendars?lastSync=*", "POST calendars", "POST calendars/1/calendar_weathers")
	st := r.state()
	if len(st.Calendars) != 1 || len(st.Weather) != 1 {
		t.Errorf("stored %d calendars and %d entries", len(st.Calendars), len(st.Weather))
	}
}

// Pruning deletes: without confirm the plan comes back and nothing is
// written; with it, apply prunes.
func TestApplySeedPrunesOnlyWhenConfirmed(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	mark := r.mark()
	got, summary := r.ok(r.call("apply_seed", map[string]any{"seed": pruningSeed, "prune": true}))
	if want := "Nothing was written: apply_seed with prune needs confirm: true. The plan:\n" + pruningPlan; summary != want {
		t.Errorf("summary:\n%s\nwant:\n%s", summary, want)
	}
	if got["dry_run"] != true || got["confirm_required"] != true {
		t.Errorf("report %v", got)
	}
	r.wantRequests(mark, "GET calendars", "GET calendars/1/calendar_weathers")
	if n := len(r.state().Weather); n != 5 {
		t.Fatalf("%d entries after an unconfirmed prune", n)
	}

	mark = r.mark()
	got, _ = r.ok(r.call("apply_seed", map[string]any{"seed": pruningSeed, "prune": true, "confirm": true}))
	if got["dry_run"] != false || got["confirm_required"] != nil {
		t.Errorf("report %v", got)
	}
	deletes := 0
	for _, req := range r.since(mark) {
		if strings.HasPrefix(req, "DELETE ") {
			deletes++
		}
	}
	if deletes != 4 {
		t.Errorf("%d deletes sent, want 4: %v", deletes, r.since(mark))
	}
	if n := len(r.state().Weather); n != 2 {
		t.Errorf("%d entries after the prune, want 2", n)
	}
}

// A calendar changed since apply read it: apply's check stops the run,
// nothing is written, and the result says so in apply's words.
func TestApplySeedRefusesAChangeMadeMeanwhile(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	var once sync.Once
	r.mu.Lock()
	r.before = func(req *http.Request) {
		if req.URL.Query().Get("lastSync") != "" {
			once.Do(func() { r.direct("PATCH", "calendars/1", `{"suffix":"AD"}`) })
		}
	}
	r.mu.Unlock()
	mark := r.mark()
	res := r.call("apply_seed", map[string]any{"seed": "calendars:\n  - name: Calendar of Harptos\n    suffix: YK\n"})
	text := r.failed(res)
	if !strings.Contains(text, "changed") || !strings.HasSuffix(text, "(kanka exit 8: the record changed since it was read: nothing was sent; read it again)") {
		t.Errorf("error %q", text)
	}
	r.wantRequests(mark, "GET calendars", "GET calendars?lastSync=*")
	if got := r.state().Calendars[0]["suffix"]; got != "AD" {
		t.Errorf("the suffix is %v: the change made meanwhile was put back", got)
	}
}

// A seed's reminders: applied on the calendar's own entity, counted in the
// result's words; pruning one the seed no longer lists needs confirm, as
// pruning weather does.
func TestApplySeedRemindersPruneOnlyWhenConfirmed(t *testing.T) {
	r := newRig(t, rigOptions{})
	r.seedHarptos()
	two := "calendars:\n  - name: Calendar of Harptos\n    reminders:\n" +
		"      - {date: 1492-Midsummer-1, comment: Midsummer, repeat: year}\n      - {date: 1492-4-3, comment: The fair, length: 3}\n"
	_, summary := r.ok(r.call("apply_seed", map[string]any{"seed": two}))
	if want := "calendar \"Calendar of Harptos\": unchanged; reminders: 2 to create, 0 to update, 0 to delete, 0 unchanged"; !strings.Contains(summary, want) {
		t.Errorf("summary:\n%s\nwant it to hold %s", summary, want)
	}
	one := "calendars:\n  - name: Calendar of Harptos\n    reminders:\n      - {date: 1492-Midsummer-1, comment: Midsummer, repeat: year}\n"
	mark := r.mark()
	got, summary := r.ok(r.call("apply_seed", map[string]any{"seed": one, "prune": true}))
	if got["confirm_required"] != true || !strings.Contains(summary, "reminders: 0 to create, 0 to update, 1 to delete, 1 unchanged") {
		t.Errorf("unconfirmed: %v\n%s", got, summary)
	}
	for _, req := range r.since(mark) {
		if !strings.HasPrefix(req, "GET ") {
			t.Errorf("an unconfirmed prune sent %s", req)
		}
	}
	if n := len(r.state().Reminders); n != 2 {
		t.Fatalf("%d reminders after an unconfirmed prune", n)
	}
	r.ok(r.call("apply_seed", map[string]any{"seed": one, "prune": true, "confirm": true}))
	if n := len(r.state().Reminders); n != 1 {
		t.Errorf("%d reminders after the prune, want 1", n)
	}
}
