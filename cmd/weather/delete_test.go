package weather

import (
	"errors"
	"slices"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

func TestDeleteWithoutTerminalNeedsYes(t *testing.T) {
	env := newTestEnv(t, "table")
	err := env.run("delete", "--calendar", "5", "41")
	if !cmdtest.IsUsage(err) {
		t.Fatalf("error %v is not a usage error", err)
	}
	if want := "delete weather 41 of calendar 5 needs confirmation: run it on a terminal or pass --yes"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if got := env.Sent(); len(got) != 0 {
		t.Errorf("requests %q", got)
	}
	if len(env.Asked) != 0 {
		t.Errorf("asked %q without a terminal", env.Asked)
	}
}

func TestDeleteWithYes(t *testing.T) {
	env := newTestEnv(t, "table")
	env.expect("DELETE "+weathersRoute+"/41", "", 204, "")
	env.expect("DELETE "+weathersRoute+"/42", "", 200, `{"deleted":true}`)
	// 41 given twice is deleted once.
	if err := env.run("delete", "--calendar", "5", "41", "42", "41", "--yes"); err != nil {
		t.Fatal(err)
	}
	if got := env.Sent(); !slices.Equal(got, []string{"DELETE " + weathersRoute + "/41", "DELETE " + weathersRoute + "/42"}) {
		t.Errorf("requests %q", got)
	}
	if got := env.ErrOut.String(); got != "deleted weather 41\ndeleted weather 42\n" {
		t.Errorf("stderr %q", got)
	}
	if got := env.Out.String(); got != "" {
		t.Errorf("stdout %q", got)
	}
}

func TestDeleteWithGlobalYesAndQuiet(t *testing.T) {
	env := newTestEnv(t, "table")
	env.F.Globals.Yes, env.F.Globals.Quiet = true, true
	env.expect("DELETE "+weathersRoute+"/41", "", 204, "")
	if err := env.run("delete", "--calendar", "5", "41"); err != nil {
		t.Fatal(err)
	}
	if got := env.ErrOut.String(); got != "" {
		t.Errorf("stderr %q", got)
	}
}

func TestDeleteOnTerminalAsks(t *testing.T) {
	env := newTestEnv(t, "table")
	env.Terminal()
	env.Answer = true
	env.expect("GET calendars?name=Harptos", "", 200, page(1, 1, harptosJSON))
	// On a terminal, one GET an entry names what goes.
	env.expect("GET "+weathersRoute+"/41", "", 200, one(weatherJSON(41, 1492, 1, 1, "sun")))
	env.expect("GET "+weathersRoute+"/43", "", 200, one(weatherJSON(43, 1492, 1, 3, "snowflake")))
	env.expect("DELETE "+weathersRoute+"/41", "", 204, "")
	env.expect("DELETE "+weathersRoute+"/43", "", 204, "")
	if err := env.run("delete", "--calendar", "Harptos", "41", "43"); err != nil {
		t.Fatal(err)
	}
	if want := []string{"Delete 2 weather entries: 41 (1492-1-1 sun), 43 (1492-1-3 snowflake) of calendar Harptos?"}; !slices.Equal(env.Asked, want) {
		t.Errorf("asked %q, want %q", env.Asked, want)
	}
}

func TestDeleteDeclinedSendsNothing(t *testing.T) {
	env := newTestEnv(t, "table")
	env.Terminal()
	env.Answer = false
	env.expect("GET "+weathersRoute+"/41", "", 200, one(weatherJSON(41, 1492, 1, 1, "sun")))
	err := env.run("delete", "--calendar", "5", "41")
	var declined *cmdutil.DeclinedError
	if !errors.As(err, &declined) || err.Error() != "cancelled: nothing was deleted" {
		t.Fatalf("error %v", err)
	}
	if want := []string{"Delete weather 41 (1492-1-1 sun) of calendar 5?"}; !slices.Equal(env.Asked, want) {
		t.Errorf("asked %q", env.Asked)
	}
	if got := env.Sent(); len(got) != 1 {
		t.Errorf("requests %q, want the one GET that names the entry", got)
	}
	if got := env.ErrOut.String(); got != "" {
		t.Errorf("stderr %q", got)
	}
}

func TestDeleteStopsAtTheFirstFailure(t *testing.T) {
	env := newTestEnv(t, "table")
	env.expect("DELETE "+weathersRoute+"/41", "", 204, "")
	// A failure other than "not found" (which is skipped) stops the batch.
	env.expect("DELETE "+weathersRoute+"/42", "", 403, `{"code":403,"error":"This action is unauthorized."}`)
	err := env.run("delete", "--calendar", "5", "41", "42", "43", "--yes")
	if !client.IsAuth(err) {
		t.Fatalf("error %v is not the server's refusal", err)
	}
	if got, want := env.ErrOut.String(), "deleted weather 41\ndeleted 1 of 3 (id 41); deleting weather 42 failed:\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}
