package weather

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The order of a list is for the format: a table (and wide, and yaml, which
// people read and edit) is by date, one day's entries by id; json, ndjson
// and id are data, printed in the server's order as pages arrive, whatever
// the case of -o. Nothing is said on stderr.
func TestListOrderFollowsTheFormat(t *testing.T) {
	serverOrder := []int{1, 2, 3, 4, 5, 6}
	byDate := []int{3, 5, 2, 4, 6, 1}
	for _, tc := range []struct {
		format string
		want   []int
	}{
		{"table", byDate},
		{"wide", byDate},
		{"yaml", byDate},
		{"json", serverOrder},
		{"ndjson", serverOrder},
		{"NDJSON", serverOrder},
		{"id", serverOrder},
		{"Id", serverOrder},
	} {
		t.Run(tc.format, func(t *testing.T) {
			env := newTestEnv(t, tc.format)
			datesPages(env)
			if err := env.run("list", "--calendar", "5"); err != nil {
				t.Fatal(err)
			}
			if got := idsIn(t, tc.format, env.Out.String()); !slices.Equal(got, tc.want) {
				t.Errorf("ids in the order %v, want %v\n%s", got, tc.want, env.Out.String())
			}
			if got := env.ErrOut.String(); got != "" {
				t.Errorf("stderr %q, want nothing", got)
			}
			env.WantSent(datesWalk...)
		})
	}
}

// --sort date asked for with a format that streams sorts it too, and says
// on stderr that the whole list is held first (-q silences it); with a
// table, which is by date anyway, nothing is said. --sort id keeps the
// server's order in every format.
func TestListSortDateWithAStreamingFormatSaysItHoldsTheList(t *testing.T) {
	const note = "--sort date: every weather entry is read and held before the first is printed; leave --sort out to stream them in the server's order\n"
	for _, tc := range []struct {
		format string
		args   []string
		want   []int
		stderr string
	}{
		{"ndjson", []string{"--sort", "date"}, []int{3, 5, 2, 4, 6, 1}, note},
		{"json", []string{"--sort", "date"}, []int{3, 5, 2, 4, 6, 1}, note},
		{"ID", []string{"--sort", "date"}, []int{3, 5, 2, 4, 6, 1}, note},
		{"id", []string{"--sort", "date", "-q"}, []int{3, 5, 2, 4, 6, 1}, ""},
		{"table", []string{"--sort", "date"}, []int{3, 5, 2, 4, 6, 1}, ""},
		{"table", []string{"--sort", "id"}, []int{1, 2, 3, 4, 5, 6}, ""},
		{"ndjson", []string{"--sort", "id"}, []int{1, 2, 3, 4, 5, 6}, ""},
	} {
		t.Run(tc.format+" "+strings.Join(tc.args, " "), func(t *testing.T) {
			env := newTestEnv(t, tc.format)
			datesPages(env)
			if err := env.run(append([]string{"list", "--calendar", "5"}, tc.args...)...); err != nil {
				t.Fatal(err)
			}
			if got := idsIn(t, tc.format, env.Out.String()); !slices.Equal(got, tc.want) {
				t.Errorf("ids in the order %v, want %v\n%s", got, tc.want, env.Out.String())
			}
			if got := env.ErrOut.String(); got != tc.stderr {
				t.Errorf("stderr %q\nwant   %q", got, tc.stderr)
			}
		})
	}
}

// --limit takes the first entries in the server's order and asks for no
// further page; a table, or --sort date, then prints them by date.
func TestListLimitThenSortsForPeople(t *testing.T) {
	for _, tc := range []struct {
		format string
		args   []string
	}{{"table", nil}, {"id", []string{"--sort", "date", "-q"}}} {
		t.Run(tc.format, func(t *testing.T) {
			env := newTestEnv(t, tc.format)
			env.expect("GET "+weathersRoute, "", 200, page(1, 2,
				weatherJSON(1, 1492, 2, 1, "snowflake"), weatherJSON(2, 1492, 1, 3, "sun"), weatherJSON(3, 1491, 1, 30, "cloud")))
			env.maybe("GET "+weathersRoute+"?page=2", 200, page(2, 2))
			if err := env.run(append([]string{"list", "--calendar", "5", "--limit", "2"}, tc.args...)...); err != nil {
				t.Fatal(err)
			}
			if got := idsIn(t, tc.format, env.Out.String()); !slices.Equal(got, []int{2, 1}) {
				t.Errorf("ids %v, want [2 1]", got)
			}
		})
	}
}

// -o ndjson streams: the entries of the pages read before a failure are
// printed already, as the manual promises of ndjson and id.
func TestListNDJSONStreamsThePagesBeforeAFailure(t *testing.T) {
	env := newTestEnv(t, "ndjson")
	env.expect("GET "+weathersRoute, "", 200, page(1, 2, weatherJSON(2, 1492, 1, 3, "sun"), weatherJSON(1, 1492, 2, 1, "snowflake")))
	env.expect("GET "+weathersRoute+"?page=2", "", 500, `{"message":"Server Error"}`)
	err := env.run("list", "--calendar", "5")
	if err == nil {
		t.Fatal("no error")
	}
	want := weatherJSON(2, 1492, 1, 3, "sun") + "\n" + weatherJSON(1, 1492, 2, 1, "snowflake") + "\n"
	if got := env.Out.String(); got != want {
		t.Errorf("stdout\n%s\nwant the first page, as the server sent it\n%s", got, want)
	}
}

// idsIn are the ids of the entries out prints in format, in order.
func idsIn(t *testing.T, format, out string) []int {
	t.Helper()
	var ids []int
	switch strings.ToLower(format) {
	case "json":
		var items []struct{ ID int }
		if err := json.Unmarshal([]byte(out), &items); err != nil {
			t.Fatalf("not a JSON array: %v\n%s", err, out)
		}
		for _, it := range items {
			ids = append(ids, it.ID)
		}
		return ids
	}
	for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var field string
		switch strings.ToLower(format) {
		case "ndjson":
			var it struct{ ID int }
			if err := json.Unmarshal([]byte(line), &it); err != nil {
				t.Fatalf("line %d is not JSON: %v", i+1, err)
			}
			ids = append(ids, it.ID)
			continue
		case "yaml":
			var ok bool
			if field, ok = strings.CutPrefix(line, "- id: "); !ok {
				continue
			}
		case "table", "wide":
			if i == 0 {
				continue // the header
			}
			field = strings.Fields(line)[0]
		default:
			field = line
		}
		id, err := strconv.Atoi(field)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		ids = append(ids, id)
	}
	return ids
}
