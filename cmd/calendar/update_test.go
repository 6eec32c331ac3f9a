package calendar

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// putBody is testdata/record_put.json (the record sent back unchanged) with
// some keys replaced.
func putBody(t *testing.T, changes map[string]any) string {
	t.Helper()
	var body map[string]any
	if err := json.Unmarshal([]byte(readTestdata(t, "record_put.json")), &body); err != nil {
		t.Fatal(err)
	}
	for k, v := range changes {
		body[k] = v
	}
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestUpdateNameSendsTheFullRecord(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"name": "Calendar of Harptos"}), 200, data(record)},
	)
	if err := env.run("update", "12", "--name", "Calendar of Harptos"); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "12\n" {
		t.Errorf("stdout %q", env.Out.String())
	}
}

func TestUpdateByNameReusesTheLookup(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars?name=Harptos", "", 200, page(1, 1, 45, record)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"current_year": 1492, "current_month": 4, "current_day": 1}), 200, data(record)},
	)
	if err := env.run("update", "Harptos", "--date", "1492-4-1"); err != nil {
		t.Fatal(err)
	}
	if env.Calls() != 2 {
		t.Errorf("%d requests", env.Calls())
	}
}

func TestUpdateMonthReplacesTheList(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{
			"month_name": []string{"Hammer", "Alturiak", "Ches", "Tarsakh"}, "month_length": []int{30, 30, 30, 30},
			"month_type": []string{"standard", "standard", "standard", "standard"}, "month_alias": []string{"", "", "", ""},
			// A moon named again keeps its id, so it is updated, not re-created.
			"moon_name": []string{"Selûne", "Tears"}, "moon_fullmoon": []float64{30, 12}, "moon_offset": []int{0, 0},
			"moon_colour": []string{"grey", "grey"}, "moon_id": []any{9, nil},
		}), 200, data(record)},
	)
	err := env.run("update", "12", "--month", "Hammer:30", "--month", "Alturiak:30", "--month", "Ches:30", "--month", "Tarsakh:30",
		"--moon", "Selûne:30", "--moon", "Tears:12")
	if err != nil {
		t.Fatal(err)
	}
}

func TestUpdateFileKeepsWhatItLeavesOut(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{
			"weekday": []string{"Moonday", "Sunday"}, "suffix": "AR", "is_private": false,
		}), 200, data(record)},
	)
	env.In.WriteString("weekdays: [Moonday, Sunday]\nsuffix: DR\nis_private: true\n")
	// Flags override the file.
	if err := env.run("update", "12", "-f", "-", "--suffix", "AR", "--public"); err != nil {
		t.Fatal(err)
	}
}

func TestUpdateRoundTripsGetYAML(t *testing.T) {
	record := readTestdata(t, "record.json")
	get := newTestEnv(t, "yaml", exchange{"GET", "calendars/12", "", 200, data(record)})
	if err := get.run("get", "12"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "cal.yaml")
	if err := os.WriteFile(path, get.Out.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	update := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, nil), 200, data(record)},
	)
	if err := update.run("update", "12", "-f", path); err != nil {
		t.Fatal(err)
	}
}

func TestUpdateInvalidResultSendsNoWrite(t *testing.T) {
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))})
	// The current date (month 3) and season (month 4) do not fit two months.
	err := env.run("update", "12", "--month", "A:10", "--month", "B:10")
	wantUsage(t, err, "the calendar is not valid, nothing was sent:\n  season 1: month 4 does not exist: the calendar has 2 months\n  date: month 3 does not exist: the calendar has 2 months")
}

func TestUpdateNotFound(t *testing.T) {
	env := newTestEnv(t, "id", exchange{"GET", "calendars/99", "", 404, `{"code":404,"error":"No query results for model [App\\Models\\Calendar] 99"}`})
	err := env.run("update", "99", "--name", "X")
	var apiErr *client.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 404 {
		t.Errorf("error %v", err)
	}
}

// A replacement list no calendar can have is refused before the GET.
func TestUpdateShortListSendsNothing(t *testing.T) {
	env := newTestEnv(t, "id") // no exchange: any request fails the test
	err := env.run("update", "12", "--month", "A:10", "--weekday", "x")
	wantUsage(t, err, "the calendar is not valid, nothing was sent:\n  months: at least 2 are required, 1 given\n  weekdays: at least 2 are required, 1 given")
}

// Flags beside -f override the file: a one-month list in the file that
// --month replaces is no reason to refuse.
func TestUpdateFlagsOverrideAShortListInTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "one.yaml")
	if err := os.WriteFile(path, []byte("months: [{name: Solo, length: 30}]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(small(12, "Harptos"))},
		exchange{"PUT", "calendars/12", `{"name":"Harptos","type":"","current_year":1,"current_month":1,"current_day":1,
			"month_name":["A","B"],"month_length":[10,10],"month_type":["standard","standard"],"month_alias":["",""],
			"weekday":["X","Y"],"year_number":[],"year_name":[],"season_name":[],"season_month":[],"season_day":[],
			"moon_name":[],"moon_fullmoon":[],"moon_offset":[],"moon_colour":[],"moon_id":[],
			"is_private":false}`, 200, data(small(12, "Harptos"))})
	if err := env.run("update", "12", "-f", path, "--month", "A:10", "--month", "B:10"); err != nil {
		t.Fatal(err)
	}
}
