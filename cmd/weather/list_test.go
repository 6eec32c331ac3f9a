package weather

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

const weathersRoute = "calendars/5/calendar_weathers"

func TestListWalksEveryPage(t *testing.T) {
	env := newTestEnv(t, "json")
	env.expect("GET "+weathersRoute, "", 200, page(1, 2, weatherJSON(1, 1492, 1, 1, "sun"), weatherJSON(2, 1492, 1, 2, "cloud")))
	env.expect("GET "+weathersRoute+"?page=2", "", 200, page(2, 2, weatherJSON(3, 1492, 1, 3, "snowflake")))
	if err := env.run("list", "--calendar", "5"); err != nil {
		t.Fatal(err)
	}
	// One array of the three entries in order, each byte for byte what the
	// server sent once the indentation is taken out.
	out := env.Out.String()
	if !strings.HasPrefix(out, "[\n  {\n    \"id\": 1,\n    \"calendar_id\": 5,") || !strings.HasSuffix(out, "  }\n]\n") {
		t.Errorf("stdout is not an indented array:\n%s", out)
	}
	var items []json.RawMessage
	if err := json.Unmarshal([]byte(out), &items); err != nil {
		t.Fatal(err)
	}
	sent := []string{weatherJSON(1, 1492, 1, 1, "sun"), weatherJSON(2, 1492, 1, 2, "cloud"), weatherJSON(3, 1492, 1, 3, "snowflake")}
	if len(items) != len(sent) {
		t.Fatalf("%d items, want %d", len(items), len(sent))
	}
	for i, item := range items {
		var compact bytes.Buffer
		if err := json.Compact(&compact, item); err != nil {
			t.Fatal(err)
		}
		if compact.String() != sent[i] {
			t.Errorf("item %d:\n%s\nwant\n%s", i+1, compact.String(), sent[i])
		}
	}
}

func TestListLimitAsksOnlyTheNeededPages(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+weathersRoute, "", 200, page(1, 5, weatherJSON(1, 1492, 1, 1, "sun"), weatherJSON(2, 1492, 1, 2, "sun")))
	env.expect("GET "+weathersRoute+"?page=2", "", 200, page(2, 5, weatherJSON(3, 1492, 1, 3, "sun"), weatherJSON(4, 1492, 1, 4, "sun")))
	if err := env.run("list", "--calendar", "5", "--limit", "3"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != "1\n2\n3\n" {
		t.Errorf("stdout %q", got)
	}
	if got := env.Sent(); !slices.Equal(got, []string{"GET " + weathersRoute, "GET " + weathersRoute + "?page=2"}) {
		t.Errorf("requests %q", got)
	}
}

func TestListFiltersYearAndMonthHereAndLimitCountsKeptEntries(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+weathersRoute, "", 200, page(1, 3,
		weatherJSON(1, 1491, 1, 1, "sun"), weatherJSON(2, 1492, 2, 1, "sun")))
	env.expect("GET "+weathersRoute+"?page=2", "", 200, page(2, 3,
		weatherJSON(3, 1492, 1, 5, "sun"), weatherJSON(4, 1492, 1, 6, "sun")))
	// The walk fetches pages ahead; page 3 may have been asked before the
	// second kept entry stopped it.
	env.maybe("GET "+weathersRoute+"?page=3", 200, page(3, 3, weatherJSON(5, 1492, 1, 7, "sun")))
	if err := env.run("list", "--calendar", "5", "--year", "1492", "--month", "1", "--limit", "2"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != "3\n4\n" {
		t.Errorf("stdout %q", got)
	}
	// No server-side limit: the first request carries no page or limit.
	if got := env.Sent(); got[0] != "GET "+weathersRoute {
		t.Errorf("first request %q", got[0])
	}
}

func TestListFilterWithoutLimitWalksEverything(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+weathersRoute, "", 200, page(1, 2, weatherJSON(1, 1491, 1, 1, "sun"), weatherJSON(2, 1492, 2, 1, "sun")))
	env.expect("GET "+weathersRoute+"?page=2", "", 200, page(2, 2, weatherJSON(3, 1491, 2, 5, "sun")))
	if err := env.run("list", "--calendar", "5", "--month", "2"); err != nil {
		t.Fatal(err)
	}
	// -o id: in the server's order.
	if got := env.Out.String(); got != "2\n3\n" {
		t.Errorf("stdout %q", got)
	}
}

func TestListPageFetchesOnePage(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET "+weathersRoute+"?page=2", "", 200, page(2, 3, weatherJSON(3, 1492, 1, 3, "sun"), weatherJSON(4, 1492, 1, 4, "sun")))
	if err := env.run("list", "--calendar", "5", "--page", "2"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != "3\n4\n" {
		t.Errorf("stdout %q", got)
	}
}

func TestListByCalendarName(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET calendars?name=Harptos", "", 200, page(1, 1, harptosJSON))
	env.expect("GET "+weathersRoute, "", 200, page(1, 1, weatherJSON(1, 1492, 1, 1, "sun")))
	if err := env.run("list", "--calendar", "Harptos"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != "1\n" {
		t.Errorf("stdout %q", got)
	}
}

// A page that fails half way: the table and yaml print nothing, json has
// streamed the first page in an array it leaves open, so that no JSON
// parser takes it for the whole list.
func TestListPageErrorIsReturnedAndNoWholeListPrinted(t *testing.T) {
	for _, format := range []string{"json", "yaml", "table"} {
		t.Run(format, func(t *testing.T) {
			env := newTestEnv(t, format)
			env.expect("GET "+weathersRoute, "", 200, page(1, 2, weatherJSON(1, 1492, 1, 1, "sun")))
			env.expect("GET "+weathersRoute+"?page=2", "", 404, `{"code":404,"error":"No query results for model [App\\Models\\Calendar] 5"}`)
			err := env.run("list", "--calendar", "5")
			if !client.IsNotFound(err) {
				t.Fatalf("error %v is not a not-found error", err)
			}
			got := env.Out.String()
			if format != "json" {
				if got != "" {
					t.Errorf("stdout %q: a half list was printed", got)
				}
				return
			}
			if !strings.HasPrefix(got, "[\n  {\n    \"id\": 1,") || !strings.HasSuffix(got, "\n  }") || json.Valid([]byte(got)) {
				t.Errorf("stdout %q: want the first page in an array left open", got)
			}
		})
	}
}

func listTableEnv(t *testing.T, format string) *testEnv {
	env := newTestEnv(t, format)
	env.expect("GET "+weathersRoute, "", 200, page(1, 1, fullWeatherJSON, weatherJSON(42, 1492, 1, 4, "cloud-sun")))
	return env
}

func TestListTable(t *testing.T) {
	env := listTableEnv(t, "table")
	if err := env.run("list", "--calendar", "5"); err != nil {
		t.Fatal(err)
	}
	cmdtest.Golden(t, "list.golden", env.Out.String())
}

func TestListWide(t *testing.T) {
	env := listTableEnv(t, "wide")
	if err := env.run("list", "--calendar", "5"); err != nil {
		t.Fatal(err)
	}
	cmdtest.Golden(t, "list-wide.golden", env.Out.String())
}

func TestListYAMLIsAListInTheFileShape(t *testing.T) {
	env := listTableEnv(t, "yaml")
	if err := env.run("list", "--calendar", "5"); err != nil {
		t.Fatal(err)
	}
	want := `- id: 41
  date: "1492-1-3"
  weather: snowflake
  temperature: -5°C
  precipitation: light snow
  wind: north, strong
  effect: rivers freeze
  name: First frost
  visibility: self
  calendar_id: 5
  created_by: 9
  created_at: "2026-11-01 10:00:00"
  updated_at: "2026-11-02 11:00:00"
  other_keys:
    is_new: true
- id: 42
  date: "1492-1-4"
  weather: cloud-sun
  visibility: all
  calendar_id: 5
  created_by: 9
  created_at: "2026-11-01 10:00:00"
  updated_at: "2026-11-02 11:00:00"
`
	if got := env.Out.String(); got != want {
		t.Errorf("stdout\n%s\nwant\n%s", got, want)
	}
}

func TestListEmptyTableSaysSoOnStderr(t *testing.T) {
	for _, format := range []string{"table", "json"} {
		t.Run(format, func(t *testing.T) {
			env := newTestEnv(t, format)
			env.expect("GET "+weathersRoute, "", 200, page(1, 1, weatherJSON(1, 1491, 1, 1, "sun")))
			if err := env.run("list", "--calendar", "5", "--year", "1492"); err != nil {
				t.Fatal(err)
			}
			wantOut, wantErr := "", "no weather entries found\n"
			if format == "json" {
				wantOut, wantErr = "[]\n", ""
			}
			if got := env.Out.String(); got != wantOut {
				t.Errorf("stdout %q, want %q", got, wantOut)
			}
			if got := env.ErrOut.String(); got != wantErr {
				t.Errorf("stderr %q, want %q", got, wantErr)
			}
		})
	}
}
