package calendar

import (
	"errors"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

func TestGetByID(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "json", exchange{"GET", "calendars/12", "", 200, data(record)})
	if err := env.run("get", "12"); err != nil {
		t.Fatal(err)
	}
	// Exactly what the server sent, every key (entry_parsed, urls ...) kept.
	if !cmdtest.SameJSON(record, env.Out.String()) {
		t.Errorf("stdout %s", env.Out.String())
	}
}

func TestGetByNameCostsOneRequest(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id", exchange{"GET", "calendars?name=Harptos", "", 200, page(1, 1, 45, record)})
	if err := env.run("get", "Harptos"); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "12\n" || env.Calls() != 1 {
		t.Errorf("stdout %q after %d requests", env.Out.String(), env.Calls())
	}
}

func TestGetAmbiguousName(t *testing.T) {
	env := newTestEnv(t, "json", exchange{"GET", "calendars?name=Harptos", "", 200, page(1, 1, 45, small(2, "Harptos"), small(5, "Harptos"))})
	err := env.run("get", "Harptos")
	wantUsage(t, err, "2 calendars are named \"Harptos\"; use an id:\n  2\tHarptos\ttype -\tdate 1-1-1\n  5\tHarptos\ttype -\tdate 1-1-1")
	if env.Out.String() != "" {
		t.Errorf("stdout %q", env.Out.String())
	}
}

func TestGetNoMatch(t *testing.T) {
	env := newTestEnv(t, "json", exchange{"GET", "calendars?name=Nope", "", 200, page(1, 1, 45, small(2, "Nope not"))})
	err := env.run("get", "Nope")
	var nf *cmdutil.NotFoundError
	if !errors.As(err, &nf) || err.Error() != `no calendar named "Nope"; did you mean "Nope not" (id 2)?` {
		t.Errorf("error %v", err)
	}
}

// A name no calendar's name contains may be a typo the service's substring
// filter cannot see: the first page of calendars, one more request, finds
// the name that holds it but for a swap or a letter.
func TestGetMistypedNameSuggestsTheNearName(t *testing.T) {
	env := newTestEnv(t, "json",
		exchange{"GET", "calendars?name=Harptso", "", 200, emptyPage},
		exchange{"GET", "calendars", "", 200, page(1, 1, 45, small(2, "Greyhawk"), small(5, "Calendar of Harptos"))})
	err := env.run("get", "Harptso")
	var nf *cmdutil.NotFoundError
	if !errors.As(err, &nf) || err.Error() != `no calendar named "Harptso"; did you mean "Calendar of Harptos" (id 5)?` {
		t.Errorf("error %v", err)
	}
	env.WantSent("GET calendars?name=Harptso", "GET calendars")
}

// The suggestion is a bonus: when its request fails, the name is still
// not found (exit 4), without a suggestion.
func TestGetMistypedNameWhenTheSuggestionFails(t *testing.T) {
	env := newTestEnv(t, "json",
		exchange{"GET", "calendars?name=Harptso", "", 200, emptyPage},
		exchange{"GET", "calendars", "", 500, `{"message":"Server Error"}`})
	err := env.run("get", "Harptso")
	var nf *cmdutil.NotFoundError
	if !errors.As(err, &nf) || err.Error() != `no calendar named "Harptso"` {
		t.Errorf("error %v", err)
	}
}

func TestGetDetailView(t *testing.T) {
	env := newTestEnv(t, "table", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))})
	if err := env.run("get", "12"); err != nil {
		t.Fatal(err)
	}
	cmdtest.Golden(t, "get_detail.golden", env.Out.String())
}

// detailView is what `kanka calendar get` prints of record (a calendar as
// the server answers it; its id is 12) when piped: the detail view, which
// TestGetDetailView holds to its golden.
func detailView(t *testing.T, record string) string {
	t.Helper()
	env := newTestEnv(t, "table", exchange{"GET", "calendars/12", "", 200, data(record)})
	if err := env.run("get", "12"); err != nil {
		t.Fatal(err)
	}
	return env.Out.String()
}

func TestGetYAMLIsTheFileShape(t *testing.T) {
	env := newTestEnv(t, "yaml", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))})
	if err := env.run("get", "12"); err != nil {
		t.Fatal(err)
	}
	cmdtest.Golden(t, "get.yaml.golden", env.Out.String())
}

func TestGetDetailViewOfABareCalendar(t *testing.T) {
	env := newTestEnv(t, "", exchange{"GET", "calendars/13", "", 200, data(small(13, "Simple"))})
	if err := env.run("get", "13"); err != nil {
		t.Fatal(err)
	}
	cmdtest.Golden(t, "get_detail_bare.golden", env.Out.String())
}

func TestCommandTree(t *testing.T) {
	cmd := NewCmdCalendar(&cmdutil.Factory{})
	for _, path := range [][]string{{"list"}, {"ls"}, {"get"}, {"create"}, {"update"}, {"delete"}, {"rm"}} {
		if c, _, err := cmd.Find(path); err != nil || c == cmd {
			t.Errorf("calendar %s: not found (%v)", path[0], err)
		}
	}
	if got := cmd.Aliases; len(got) != 2 || got[0] != "calendars" || got[1] != "cal" {
		t.Errorf("aliases %q", got)
	}
}

// A preset's name (or its setting) is not its calendar's: the lookup
// that finds no calendar of that name suggests the calendar the preset
// makes, when the campaign has it, from the page the typo's lookup read
// (no more requests).
func TestGetPresetNameSuggestsThePresetsCalendar(t *testing.T) {
	for _, tc := range []struct{ arg, query, want string }{
		{"eberron", "eberron", `no calendar named "eberron"; did you mean "Galifar Calendar" (id 3), the calendar of the eberron preset?`},
		{"Forgotten Realms", "Forgotten+Realms", `no calendar named "Forgotten Realms"; did you mean "Calendar of Harptos" (id 5), the calendar of the harptos preset?`},
		{"greyhawk", "greyhawk", `no calendar named "greyhawk"`},
	} {
		env := newTestEnv(t, "json",
			exchange{"GET", "calendars?name=" + tc.query, "", 200, emptyPage},
			exchange{"GET", "calendars", "", 200, page(1, 1, 45, small(2, "Oerth"), small(3, "Galifar Calendar"), small(5, "Calendar of Harptos"))})
		err := env.run("get", tc.arg)
		var nf *cmdutil.NotFoundError
		if !errors.As(err, &nf) || err.Error() != tc.want {
			t.Errorf("get %q: error %v\nwant %s", tc.arg, err, tc.want)
		}
		env.WantSent("GET calendars?name="+tc.query, "GET calendars")
	}
}
