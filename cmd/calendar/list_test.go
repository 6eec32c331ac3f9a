package calendar

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

func TestListWalksEveryPage(t *testing.T) {
	env := newTestEnv(t, "json",
		exchange{"GET", "calendars", "", 200, page(1, 3, 2, small(1, "One"), small(2, "Two"))},
		exchange{"GET", "calendars?page=2", "", 200, page(2, 3, 2, small(3, "Three"), small(4, "Four"))},
		exchange{"GET", "calendars?page=3", "", 200, page(3, 3, 2, small(5, "Five"))},
	)
	if err := env.run("list"); err != nil {
		t.Fatal(err)
	}
	// Every key the server sent, in the server's order of pages.
	want := "[" + strings.Join([]string{small(1, "One"), small(2, "Two"), small(3, "Three"), small(4, "Four"), small(5, "Five")}, ",") + "]"
	if !cmdtest.SameJSON(want, env.Out.String()) || !strings.HasSuffix(env.Out.String(), "]\n") {
		t.Errorf("stdout:\n%s\nwant\n%s", env.Out.String(), want)
	}
}

func TestListLimitAsksOnlyNeededPages(t *testing.T) {
	// Five pages of two: three calendars need pages 1 and 2 only.
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars", "", 200, page(1, 5, 2, small(1, "One"), small(2, "Two"))},
		exchange{"GET", "calendars?page=2", "", 200, page(2, 5, 2, small(3, "Three"), small(4, "Four"))},
	)
	if err := env.run("list", "--limit", "3"); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "1\n2\n3\n" || env.Calls() != 2 {
		t.Errorf("stdout %q after %d requests", env.Out.String(), env.Calls())
	}
}

func TestListOnePage(t *testing.T) {
	env := newTestEnv(t, "ndjson",
		exchange{"GET", "calendars?page=2", "", 200, page(2, 5, 2, small(3, "Three"), small(4, "Four"))},
	)
	if err := env.run("list", "--page", "2", "--limit", "1"); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != small(3, "Three")+"\n" {
		t.Errorf("stdout %q", env.Out.String())
	}
}

func TestListFiltersInQuery(t *testing.T) {
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars?name=Harptos%21&type=Old&is_private=true&tags%5B%5D=3&tags%5B%5D=7&lastSync=2026-01-01T00%3A00%3A00.000000Z", "", 200,
			page(1, 1, 45, small(2, "Harptos"), small(3, "Harptos II"))},
	)
	err := env.run("list", "--name", "Harptos", "--exact", "--type", "Old", "--private", "--tag", "3", "--tag", "7", "--since", "2026-01-01")
	if err != nil {
		t.Fatal(err)
	}
	// The exact filter is checked again here: "Harptos II" is dropped.
	if env.Out.String() != "2\n" {
		t.Errorf("stdout %q", env.Out.String())
	}
}

func TestListEmptyTable(t *testing.T) {
	for _, quiet := range []bool{false, true} {
		env := newTestEnv(t, "", exchange{"GET", "calendars?type=None", "", 200, page(1, 1, 45)})
		env.F.Globals.Quiet = quiet
		if err := env.run("list", "--type", "None"); err != nil {
			t.Fatal(err)
		}
		wantErr := "no calendars found\n"
		if quiet {
			wantErr = ""
		}
		if env.Out.String() != "" || env.ErrOut.String() != wantErr {
			t.Errorf("quiet=%v: stdout %q, stderr %q", quiet, env.Out.String(), env.ErrOut.String())
		}
	}
}

func TestListEmptyJSONIsAnArray(t *testing.T) {
	env := newTestEnv(t, "json", exchange{"GET", "calendars", "", 200, page(1, 1, 45)})
	if err := env.run("list"); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "[]\n" || env.ErrOut.String() != "" {
		t.Errorf("stdout %q, stderr %q", env.Out.String(), env.ErrOut.String())
	}
}

func TestListTables(t *testing.T) {
	for _, format := range []string{"table", "wide"} {
		t.Run(format, func(t *testing.T) {
			env := newTestEnv(t, format,
				exchange{"GET", "calendars", "", 200, page(1, 1, 45, readTestdata(t, "record.json"), small(13, "Simple"))})
			if err := env.run("list"); err != nil {
				t.Fatal(err)
			}
			cmdtest.Golden(t, "list_"+format+".golden", env.Out.String())
		})
	}
}

func TestListBadOutputSendsNothing(t *testing.T) {
	env := newTestEnv(t, "xml")
	wantUsage(t, env.run("list"), "")
	if env.Calls() != 0 {
		t.Errorf("%d requests sent", env.Calls())
	}
}

func TestListNDJSONStreamsBeforeAFailedPage(t *testing.T) {
	env := newTestEnv(t, "ndjson",
		exchange{"GET", "calendars", "", 200, page(1, 2, 1, small(1, "One"))},
		exchange{"GET", "calendars?page=2", "", 500, `{"code":500,"error":"Unhandled API error"}`},
	)
	err := env.run("list")
	if err == nil || !strings.Contains(err.Error(), "page 2 of 2") {
		t.Errorf("error %v", err)
	}
	// The line printed before the failure stays: it was streamed.
	if env.Out.String() != small(1, "One")+"\n" {
		t.Errorf("stdout %q", env.Out.String())
	}
}
