package client_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"go.yaml.in/yaml/v3"
)

// The visibilities are named as the service numbers them (its enum and
// GET visibilities), not as the interface document labels them: 2 is
// shown to the admins, 4 to the author alone.
var serviceVisibilities = map[int]string{1: "all", 2: "admin", 3: "admin-self", 4: "self", 5: "members"}

func TestVisibilityNamesAreTheServices(t *testing.T) {
	for id, name := range serviceVisibilities {
		if got := client.VisibilityName(id); got != name {
			t.Errorf("VisibilityName(%d) = %q, want %q", id, got, name)
		}
		for _, s := range []string{name, " " + name + " ", strconv.Itoa(id)} {
			if got, err := client.ParseVisibility(s); err != nil || got != id {
				t.Errorf("ParseVisibility(%q) = %d, %v, want %d", s, got, err, id)
			}
		}
	}
	if got := client.VisibilityNames(); !slices.Equal(got, []string{"all", "admin", "admin-self", "self", "members"}) {
		t.Errorf("VisibilityNames() = %q, want the five in the order of their ids", got)
	}
	if got := []int{client.VisibilityAll, client.VisibilityAdmin, client.VisibilityAdminSelf, client.VisibilitySelf, client.VisibilityMembers}; !slices.Equal(got, []int{1, 2, 3, 4, 5}) {
		t.Errorf("the visibility constants are %v, want 1 to 5 in the service's order", got)
	}
}

// self-admin, the document's name for the author and the admins, is read
// as admin-self (3), which is what the service calls that; it is never
// written or offered.
func TestSelfAdminIsAnotherSpellingOfAdminSelf(t *testing.T) {
	for _, s := range []string{"self-admin", "Self-Admin", " self-admin"} {
		if got, err := client.ParseVisibility(s); err != nil || got != client.VisibilityAdminSelf {
			t.Errorf("ParseVisibility(%q) = %d, %v, want 3", s, got, err)
		}
	}
	if slices.Contains(client.VisibilityNames(), "self-admin") {
		t.Error("self-admin is offered as a name of its own")
	}
}

func TestVisibilityOutsideOneToFive(t *testing.T) {
	for id, want := range map[int]string{0: "0", 6: "6", -1: "-1"} {
		if got := client.VisibilityName(id); got != want {
			t.Errorf("VisibilityName(%d) = %q, want the number", id, got)
		}
	}
	for _, bad := range []string{"", "0", "6", "everyone", "admins", "selfadmin"} {
		_, err := client.ParseVisibility(bad)
		if want := strconv.Quote(bad) + " is not a visibility: use all, admin, admin-self, self, members or 1 to 5"; err == nil || err.Error() != want {
			t.Errorf("ParseVisibility(%q): %v, want %q", bad, err, want)
		}
	}
}

// Who sees each, in the service's terms, for help and completion.
func TestVisibilityAudience(t *testing.T) {
	want := map[int]string{
		1: "everyone who can see the campaign",
		2: "the campaign's admins",
		3: "the admins and the author",
		4: "the author alone",
		5: "the campaign's members",
	}
	for id, who := range want {
		if got := client.VisibilityAudience(id); got != who {
			t.Errorf("VisibilityAudience(%d) = %q, want %q", id, got, who)
		}
	}
	if got := client.VisibilityAudience(9); got != "" {
		t.Errorf("VisibilityAudience(9) = %q, want none", got)
	}
}

// An entry stored with 2, 3 or 4 is read, shown and written back by the
// service's names (the detail view's line: cmd/weather's tests).
func TestStoredVisibilityReadAsTheServiceMeansIt(t *testing.T) {
	for id, name := range map[int]string{2: "admin", 3: "admin-self", 4: "self"} {
		var w client.Weather
		if err := w.UnmarshalJSON([]byte(`{"id":7,"calendar_id":1,"year":1492,"month":1,"day":1,"weather":"sun","visibility_id":` + strconv.Itoa(id) + `}`)); err != nil {
			t.Fatal(err)
		}
		if got := w.Visibility(); got != name {
			t.Errorf("visibility_id %d is shown as %q, want %q", id, got, name)
		}
		file, err := yaml.Marshal(w)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(file), "\nvisibility: "+name+"\n") {
			t.Errorf("visibility_id %d is written to a file as\n%s\nwant visibility: %s", id, file, name)
		}
	}
}

// The changes the renumbering makes of what an earlier kanka stored: self
// 2 to 4, admin 3 to 2, self-admin 4 to 3; no other.
func TestVisibilityRenumbered(t *testing.T) {
	want := map[[2]int]bool{{2, 4}: true, {3, 2}: true, {4, 3}: true}
	for from := 0; from <= 6; from++ {
		for to := 0; to <= 6; to++ {
			if got := client.VisibilityRenumbered(from, to); got != want[[2]int{from, to}] {
				t.Errorf("VisibilityRenumbered(%d, %d) = %v", from, to, got)
			}
		}
	}
}
