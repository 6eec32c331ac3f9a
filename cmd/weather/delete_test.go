package weather

import (
	"errors"
	"slices"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

func TestDeleteWithoutTerminalNeedsYes(t *testing.T) {
	env := newTestEnv(t, "table")
	err := env.run("delete", "--calendar", "5", "41")
	if !isUsage(err) {
		t.Fatalf("error %v is not a usage error", err)
	}
	if want := "delete weather 41 of calendar 5 needs confirmation: run it on a terminal or pass --yes"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if got := env.requests(); len(got) != 0 {
		t.Errorf("requests %q", got)
	}
	if len(env.asked) != 0 {
		t.Errorf("asked %q without a terminal", env.asked)
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
	env.done()
	if got := env.requests(); !slices.Equal(got, []string{"DELETE " + weathersRoute + "/41", "DELETE " + weathersRoute + "/42"}) {
		t.Errorf("requests %q", got)
	}
	if got := env.errOut.String(); got != "deleted weather 41\ndeleted weather 42\n" {
		t.Errorf("stderr %q", got)
	}
	if got := env.out.String(); got != "" {
		t.Errorf("stdout %q", got)
	}
}

func TestDeleteWithGlobalYesAndQuiet(t *testing.T) {
	env := newTestEnv(t, "table")
	env.f.Globals.Yes, env.f.Globals.Quiet = true, true
	env.expect("DELETE "+weathersRoute+"/41", "", 204, "")
	if err := env.run("delete", "--calendar", "5", "41"); err != nil {
		t.Fatal(err)
	}
	env.done()
	if got := env.errOut.String(); got != "" {
		t.Errorf("stderr %q", got)
	}
}

func TestDeleteOnTerminalAsks(t *testing.T) {
	env := newTestEnv(t, "table")
	env.terminal()
	env.answer = true
	env.expect("GET calendars?name=Harptos%21", "", 200, page(1, 1, harptosJSON))
	env.expect("DELETE "+weathersRoute+"/41", "", 204, "")
	env.expect("DELETE "+weathersRoute+"/43", "", 204, "")
	if err := env.run("delete", "--calendar", "Harptos", "41", "43"); err != nil {
		t.Fatal(err)
	}
	env.done()
	if want := []string{"delete 2 weather entries (41, 43) of calendar Harptos"}; !slices.Equal(env.asked, want) {
		t.Errorf("asked %q, want %q", env.asked, want)
	}
}

func TestDeleteDeclinedSendsNothing(t *testing.T) {
	env := newTestEnv(t, "table")
	env.terminal()
	env.answer = false
	err := env.run("delete", "--calendar", "5", "41")
	if !errors.Is(err, cmdutil.ErrSilent) {
		t.Fatalf("error %v", err)
	}
	if len(env.asked) != 1 {
		t.Errorf("asked %q", env.asked)
	}
	if got := env.requests(); len(got) != 0 {
		t.Errorf("requests %q", got)
	}
	if got := env.errOut.String(); got != "nothing was deleted\n" {
		t.Errorf("stderr %q", got)
	}
}

func TestDeleteStopsAtTheFirstFailure(t *testing.T) {
	env := newTestEnv(t, "table")
	env.expect("DELETE "+weathersRoute+"/41", "", 204, "")
	env.expect("DELETE "+weathersRoute+"/42", "", 404, `{"code":404,"error":"No query results for model [App\\Models\\CalendarWeather] 42"}`)
	err := env.run("delete", "--calendar", "5", "41", "42", "43", "--yes")
	if !client.IsNotFound(err) {
		t.Fatalf("error %v is not a not-found error", err)
	}
	env.done() // 43 was not asked: its request would fail the test
	if got, want := env.errOut.String(), "deleted weather 41\ndeleted 1 of 3 (41); deleting weather 42 failed:\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}
