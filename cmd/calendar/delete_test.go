package calendar

import (
	"errors"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

func TestDeleteWithYes(t *testing.T) {
	env := newTestEnv(t, "",
		exchange{"GET", "calendars?name=Harptos", "", 200, page(1, 1, 45, small(12, "Harptos"))},
		exchange{"DELETE", "calendars/12", "", 204, ""},
		exchange{"DELETE", "calendars/13", "", 200, `{"data":{"id":13}}`},
	)
	if err := env.run("delete", "Harptos", "13", "--yes"); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "" || env.ErrOut.String() != "deleted calendar 12 (Harptos)\ndeleted calendar 13\n" {
		t.Errorf("stdout %q, stderr %q", env.Out.String(), env.ErrOut.String())
	}
	if len(env.Asked) != 0 {
		t.Errorf("asked %q despite --yes", env.Asked)
	}
}

// One calendar named twice (by id and by name) is deleted once.
func TestDeleteSameCalendarTwiceDeletesOnce(t *testing.T) {
	env := newTestEnv(t, "",
		exchange{"GET", "calendars?name=Harptos", "", 200, page(1, 1, 45, small(12, "Harptos"))},
		exchange{"DELETE", "calendars/12", "", 204, ""},
	)
	if err := env.run("delete", "12", "Harptos", "--yes"); err != nil {
		t.Fatal(err)
	}
	if got := env.ErrOut.String(); got != "deleted calendar 12\n" {
		t.Errorf("stderr %q", got)
	}
	if env.Calls() != 2 {
		t.Errorf("%d requests, want the lookup and one DELETE", env.Calls())
	}
}

func TestDeleteQuietWithGlobalYes(t *testing.T) {
	env := newTestEnv(t, "", exchange{"DELETE", "calendars/13", "", 204, ""})
	env.F.Globals.Yes, env.F.Globals.Quiet = true, true
	if err := env.run("delete", "13"); err != nil {
		t.Fatal(err)
	}
	if env.ErrOut.String() != "" {
		t.Errorf("stderr %q", env.ErrOut.String())
	}
}

func TestDeleteWithoutTerminalNeedsYes(t *testing.T) {
	env := newTestEnv(t, "")
	wantUsage(t, env.run("delete", "12", "Harptos"), "delete calendars 12, Harptos needs confirmation: run it on a terminal or pass --yes")
	if env.Calls() != 0 || len(env.Asked) != 0 {
		t.Errorf("%d requests, questions %q", env.Calls(), env.Asked)
	}
}

func TestDeleteOnTerminal(t *testing.T) {
	for _, answer := range []bool{false, true} {
		// On a terminal, one GET names what goes; never with --yes.
		want := []exchange{{"GET", "calendars/12", "", 200, data(small(12, "Barovia"))}}
		if answer {
			want = append(want, exchange{"DELETE", "calendars/12", "", 204, ""})
		}
		env := newTestEnv(t, "", want...)
		env.F.IO.InTTY, env.F.IO.ErrTTY = true, true
		env.Answer = answer
		err := env.run("delete", "12")
		if len(env.Asked) != 1 || env.Asked[0] != `Delete calendar 12 "Barovia"?` {
			t.Errorf("questions %q", env.Asked)
		}
		if answer {
			if err != nil || env.ErrOut.String() != "deleted calendar 12 (Barovia)\n" {
				t.Errorf("yes: error %v, stderr %q", err, env.ErrOut.String())
			}
			continue
		}
		var declined *cmdutil.DeclinedError
		if !errors.As(err, &declined) || err.Error() != "cancelled: nothing was deleted" || env.ErrOut.String() != "" || env.Calls() != 1 {
			t.Errorf("no: error %v, stderr %q, %d requests", err, env.ErrOut.String(), env.Calls())
		}
	}
}

func TestDeleteStopsAtFirstFailure(t *testing.T) {
	env := newTestEnv(t, "",
		exchange{"DELETE", "calendars/12", "", 204, ""},
		// A failure other than "not found" (which is skipped) stops the batch.
		exchange{"DELETE", "calendars/13", "", 403, `{"code":403,"error":"This action is unauthorized."}`},
	)
	err := env.run("delete", "12", "13", "14", "--yes")
	var apiErr *client.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 403 {
		t.Fatalf("error %v does not carry the 403", err)
	}
	var batch *cmdutil.BatchError
	if !errors.As(err, &batch) || err.Error() != apiErr.Error() {
		t.Errorf("error %v is not a BatchError keeping the 403's words", err)
	}
	if env.ErrOut.String() != "deleted calendar 12\ndeleted 1 of 3 (id 12); deleting calendar 13 failed:\n" {
		t.Errorf("stderr %q", env.ErrOut.String())
	}
}

func TestDeleteUnknownNameDeletesNothing(t *testing.T) {
	env := newTestEnv(t, "", exchange{"GET", "calendars?name=Nope", "", 200, page(1, 1, 45)},
		exchange{"GET", "calendars", "", 200, page(1, 1, 45, small(12, "Harptos"))})
	// A lone argument that names nothing fails as its lookup does (of
	// several, it would be skipped: see resource's delete tests).
	err := env.run("delete", "Nope", "--yes")
	var nf *cmdutil.NotFoundError
	if !errors.As(err, &nf) || err.Error() != `nothing was deleted: no calendar named "Nope"` {
		t.Errorf("error %v", err)
	}
}
