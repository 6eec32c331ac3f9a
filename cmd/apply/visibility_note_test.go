package apply

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/sandbox"
)

// A seed written for kanka's old visibility numbering (self stored as 2)
// now plans updates of the entries kanka stored then: the plan says why,
// once.

const wantVisibilityNote = `note: 3 weather entries change visibility as kanka now numbers it, as the service does ` +
	`(1 all, 2 admin, 3 admin-self, 4 self, 5 members): kanka used to store "self" as 2, which the service ` +
	`shows to the campaign's admins, not to the author alone, "admin" as 3 and "self-admin" as 4.`

// visibilityPlan stores Greyhawk's days 1 to 4 with visibility ids stored,
// then plans the seed that gives them wanted (names or numbers).
func visibilityPlan(t *testing.T, stored []int, wanted []string) *Plan {
	t.Helper()
	cp := newCampaign(t, false)
	c, _ := cp.client(sandbox.Options{}, nil)
	seed := func(visibility func(i int) *int) Seed {
		days := weatherDays(len(stored), "seed.yaml")
		for i := range days {
			days[i].Input.VisibilityID = visibility(i)
		}
		return Seed{Calendars: []DesiredCalendar{{Where: "seed.yaml: line 2", Input: greyhawk(), Weather: days}}}
	}
	if _, err := run(t, c, seed(func(i int) *int { return &stored[i] }), PlanOptions{}); err != nil {
		t.Fatal(err)
	}
	want := seed(func(i int) *int {
		id, err := client.ParseVisibility(wanted[i])
		if err != nil {
			t.Fatal(err)
		}
		return &id
	})
	act, err := Read(t.Context(), c, want, 4)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := MakePlan(want, act, PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

func TestPlanSaysOnceWhyVisibilitiesChangeByTheNumbering(t *testing.T) {
	// Stored by the old numbering: self 2, admin 3, self-admin 4; and a
	// change the numbering does not explain (all to members).
	plan := visibilityPlan(t, []int{2, 3, 4, 1}, []string{"self", "admin", "self-admin", "members"})
	var b bytes.Buffer
	PrintPlan(&b, plan, PlanText{})
	want := `calendar "Greyhawk" (id ` + itoa(plan.Calendars[0].ID) + `): unchanged
  weather: 0 to create, 4 to update, 0 to delete, 0 unchanged
` + wantVisibilityNote + `
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 4 to update, 0 to delete, 0 unchanged.
`
	if b.String() != want {
		t.Errorf("plan:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	PrintPlan(&b, plan, PlanText{Entries: EveryEntry})
	if n := strings.Count(b.String(), "note: "); n != 1 || !strings.Contains(b.String(), `visibility: admin -> self`) {
		t.Errorf("the verbose plan has %d notes, want 1, and the change admin -> self:\n%s", n, b.String())
	}

	b.Reset()
	if err := PrintJSON(&b, plan, true); err != nil {
		t.Fatal(err)
	}
	var report struct{ Notes []string }
	if err := json.Unmarshal(b.Bytes(), &report); err != nil || len(report.Notes) != 1 || report.Notes[0] != wantVisibilityNote {
		t.Errorf("-o json notes %q (%v), want the note once", report.Notes, err)
	}
}

func TestPlanWithoutARenumberedVisibilityHasNoNote(t *testing.T) {
	// all to members, and 4 to 2 (self to admin: the opposite of the
	// renumbering) are the seed's own changes.
	plan := visibilityPlan(t, []int{1, 4}, []string{"members", "admin"})
	var b bytes.Buffer
	PrintPlan(&b, plan, PlanText{Entries: EveryEntry})
	if strings.Contains(b.String(), "note:") {
		t.Errorf("a note without a renumbered visibility:\n%s", b.String())
	}
	b.Reset()
	if err := PrintJSON(&b, plan, true); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), `"notes"`) {
		t.Errorf("-o json has notes:\n%s", b.String())
	}
}

func TestTheNoteCountsOneEntry(t *testing.T) {
	plan := visibilityPlan(t, []int{2}, []string{"self"})
	var b bytes.Buffer
	PrintPlan(&b, plan, PlanText{})
	if !strings.Contains(b.String(), "\nnote: 1 weather entry changes visibility as kanka now numbers it") {
		t.Errorf("plan:\n%s", b.String())
	}
}
