package calendar

import (
	"errors"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

func TestDeleteWithYes(t *testing.T) {
	env := newTestEnv(t, "",
		exchange{"GET", "calendars?name=Harptos%21", "", 200, page(1, 1, 45, small(12, "Harptos"))},
		exchange{"DELETE", "calendars/12", "", 204, ""},
		exchange{"DELETE", "calendars/13", "", 200, `{"data":{"id":13}}`},
	)
	if err := env.run("delete", "Harptos", "13", "--yes"); err != nil {
		t.Fatal(err)
	}
	if env.out.String() != "" || env.errOut.String() != "deleted calendar 12 (Harptos)\ndeleted calendar 13\n" {
		t.Errorf("stdout %q, stderr %q", env.out.String(), env.errOut.String())
	}
	if len(env.questions) != 0 {
		t.Errorf("asked %q despite --yes", env.questions)
	}
}

// One calendar named twice (by id and by name) is deleted once.
func TestDeleteSameCalendarTwiceDeletesOnce(t *testing.T) {
	env := newTestEnv(t, "",
		exchange{"GET", "calendars?name=Harptos%21", "", 200, page(1, 1, 45, small(12, "Harptos"))},
		exchange{"DELETE", "calendars/12", "", 204, ""},
	)
	if err := env.run("delete", "12", "Harptos", "--yes"); err != nil {
		t.Fatal(err)
	}
	if got := env.errOut.String(); got != "deleted calendar 12\n" {
		t.Errorf("stderr %q", got)
	}
	if env.calls() != 2 {
		t.Errorf("%d requests, want the lookup and one DELETE", env.calls())
	}
}

func TestDeleteQuietWithGlobalYes(t *testing.T) {
	env := newTestEnv(t, "", exchange{"DELETE", "calendars/13", "", 204, ""})
	env.f.Globals.Yes, env.f.Globals.Quiet = true, true
	if err := env.run("delete", "13"); err != nil {
		t.Fatal(err)
	}
	if env.errOut.String() != "" {
		t.Errorf("stderr %q", env.errOut.String())
	}
}

func TestDeleteWithoutTerminalNeedsYes(t *testing.T) {
	env := newTestEnv(t, "")
	wantUsage(t, env.run("delete", "12", "Harptos"), "delete calendars 12, Harptos needs confirmation: run it on a terminal or pass --yes")
	if env.calls() != 0 || len(env.questions) != 0 {
		t.Errorf("%d requests, questions %q", env.calls(), env.questions)
	}
}

func TestDeleteOnTerminal(t *testing.T) {
	for _, answer := range []bool{false, true} {
		var want []exchange
		if answer {
			want = append(want, exchange{"DELETE", "calendars/12", "", 204, ""})
		}
		env := newTestEnv(t, "", want...)
		env.f.IO.InTTY, env.f.IO.ErrTTY = true, true
		env.confirmAnswer = answer
		err := env.run("delete", "12")
		if len(env.questions) != 1 || env.questions[0] != "delete calendar 12" {
			t.Errorf("questions %q", env.questions)
		}
		if answer {
			if err != nil || env.errOut.String() != "deleted calendar 12\n" {
				t.Errorf("yes: error %v, stderr %q", err, env.errOut.String())
			}
			continue
		}
		if !errors.Is(err, cmdutil.ErrSilent) || env.errOut.String() != "cancelled: nothing was deleted\n" || env.calls() != 0 {
			t.Errorf("no: error %v, stderr %q, %d requests", err, env.errOut.String(), env.calls())
		}
	}
}

func TestDeleteStopsAtFirstFailure(t *testing.T) {
	env := newTestEnv(t, "",
		exchange{"DELETE", "calendars/12", "", 204, ""},
		exchange{"DELETE", "calendars/13", "", 404, `{"code":404,"error":"No query results for model [App\\Models\\Calendar] 13"}`},
	)
	err := env.run("delete", "12", "13", "14", "--yes")
	var apiErr *client.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 404 {
		t.Fatalf("error %v does not carry the 404", err)
	}
	want := "deleting calendar 13: " + apiErr.Error() + "\ndeleted: 12\nnot deleted: 13, 14"
	if err.Error() != want {
		t.Errorf("error:\n got  %q\n want %q", err.Error(), want)
	}
	if env.errOut.String() != "deleted calendar 12\n" {
		t.Errorf("stderr %q", env.errOut.String())
	}
}

func TestDeleteUnknownNameDeletesNothing(t *testing.T) {
	env := newTestEnv(t, "", exchange{"GET", "calendars?name=Nope%21", "", 200, page(1, 1, 45)})
	err := env.run("delete", "12", "Nope", "--yes")
	var nf *cmdutil.NotFoundError
	if !errors.As(err, &nf) || err.Error() != `nothing was deleted: no calendar is named "Nope"` {
		t.Errorf("error %v", err)
	}
}
