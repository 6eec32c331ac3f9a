package calendar

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

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
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"current_year": 1492, "current_month": 4, "current_day": 1}), 200, data(withDate(record, "1492-4-1"))},
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
	// The file reads back as the record: nothing to send (a write would
	// only move its update time).
	update := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(record)})
	if err := update.run("update", "12", "-f", path); err != nil {
		t.Fatal(err)
	}
	if got := update.ErrOut.String(); got != "calendar 12 already has these values; nothing was sent\n" {
		t.Errorf("stderr %q", got)
	}
	// One change beside it: the whole record goes, with the change.
	update = newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"suffix": "AR"}), 200, data(record)},
	)
	if err := update.run("update", "12", "-f", path, "--suffix", "AR"); err != nil {
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
	record := small(12, "Harptos")
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", sentBack(t, record, map[string]any{
			"month_name": []string{"A", "B"}, "month_length": []int{12, 12}, "month_type": []string{"standard", "standard"}, "month_alias": []string{"", ""},
		}), 200, data(record)})
	if err := env.run("update", "12", "-f", path, "--month", "A:12", "--month", "B:12"); err != nil {
		t.Fatal(err)
	}
}

// A file written by `get -o yaml` carries the calendar's updated_at. When
// the calendar was updated since and differs from the file (someone
// changed its type), update -f sends nothing (exit 8): the file holds the
// old values of what changed. The same time, or --force, sends it; no
// request is spent on the check.
func TestUpdateFromAFileOfAnOlderReadIsRefused(t *testing.T) {
	record := readTestdata(t, "record.json")
	path := writeFile(t, "cal.yaml", readTestdata(t, "get.yaml.golden"))
	newer := changedBySomeone(strings.Replace(record, `"updated_at":"2026-02-03T04:05:06.000000Z","updated_by":5`, `"updated_at":"2026-02-04T00:00:00.000000Z","updated_by":8`, 1))

	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(newer)})
	err := env.run("update", "12", "-f", path)
	var changed *cmdutil.ChangedError
	if !errors.As(err, &changed) {
		t.Fatalf("error %v, want a ChangedError", err)
	}
	want := `calendar 12 "Harptos" changed on the server since ` + path + ` was written from it (updated_at 2026-02-03T04:05:06.000000Z then, 2026-02-04T00:00:00.000000Z now) (last changed by user 8). ` +
		`Nothing was sent, so that change stands. Get it again with ` + "`kanka calendar get 12 -o yaml`" + ` and make your change there, or add --force to send ` + path + ` as it is.`
	if err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}

	env = newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(newer)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"suffix": "AR"}), 200, data(newer)})
	if err := env.run("update", "12", "-f", path, "--suffix", "AR", "--force"); err != nil {
		t.Fatal(err)
	}
	env = newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"suffix": "AR"}), 200, data(record)})
	if err := env.run("update", "12", "-f", path, "--suffix", "AR"); err != nil {
		t.Fatal(err)
	}
}

// A record whose answer left out fields the service rebuilds on every
// write (moons, seasons) is not updated: exit 1 names the calendar and
// the fields, and nothing is sent. A file that gives them, or --force,
// sends the update.
func TestUpdateRefusesARecordThatLacksRebuiltFields(t *testing.T) {
	record := readTestdata(t, "record.json")
	partial := strings.NewReplacer(`"seasons":[{"name":"Spring","month":4,"day":19}],`, ``,
		`"moons":[{"name":"Selûne","fullmoon":"30.4375","offset":0,"colour":"white","id":9}],`, `"moons":null,`).Replace(record)
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(partial)})
	err := env.run("update", "12", "--suffix", "Dale")
	var unread *cmdutil.UnreadError
	if !errors.As(err, &unread) {
		t.Fatalf("error %v, want an UnreadError", err)
	}
	want := `calendar 12 "Harptos": the server's answer did not give seasons and moons (left out or null); an update must send them, ` +
		`and sending it without them would clear them there. Nothing was sent. Give them in a file (-f, with the keys of ` +
		"`kanka calendar get -o yaml`" + `) or with their flags. To update anyway and let the service clear them, add --force.`
	if err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}

	// Forced, the update sends what was read: no seasons and no moons.
	forced := sentBack(t, partial, map[string]any{"suffix": "Dale"})
	if strings.Contains(forced, "season_") || strings.Contains(forced, "moon_") {
		t.Fatalf("the forced update sends seasons or moons the answer lacked: %s", forced)
	}
	env = newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(partial)},
		exchange{"PUT", "calendars/12", forced, 200, data(partial)})
	if err := env.run("update", "12", "--suffix", "Dale", "--force"); err != nil {
		t.Fatal(err)
	}
	env = newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(partial)},
		exchange{"PUT", "calendars/12", sentBack(t, partial, map[string]any{"suffix": "Dale",
			"season_name": []string{"Spring"}, "season_month": []int{4}, "season_day": []int{19},
			"moon_name": []string{"Selûne"}, "moon_fullmoon": []float64{30.4375}, "moon_offset": []int{0}, "moon_colour": []string{"white"}, "moon_id": []any{nil},
		}), 200, data(partial)})
	if err := env.run("update", "12", "--suffix", "Dale", "--moon", "Selûne:30.4375:0:white", "--season", "Spring:4:19"); err != nil {
		t.Fatal(err)
	}
}

// The live service's advance route moves the date without moving
// updated_at: a file from `get -o yaml` whose date is no longer the
// calendar's costs one request (the calendars changed since the file's
// updated_at). Listed, the date moved meanwhile: exit 8. Not listed, the
// date was changed in the file: it is sent.
func TestUpdateFromAFileSeesADateMovedByTheRoute(t *testing.T) {
	record := readTestdata(t, "record.json")
	moved := withDate(record, "1492-3-13")
	path := writeFile(t, "cal.yaml", readTestdata(t, "get.yaml.golden"))
	since := "calendars?lastSync=2026-02-03T04%3A05%3A06.000000Z"

	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(moved)},
		exchange{"GET", since, "", 200, page(1, 1, 45, moved)})
	err := env.run("update", "12", "-f", path)
	want := `calendar 12 "Harptos" changed on the server since ` + path + ` was written from it (its date is 1492-3-13 now; the file says 1492-3-12): date. ` +
		`Nothing was sent, so that change stands. Get it again with ` + "`kanka calendar get 12 -o yaml`" + ` and make your change there, or add --force to send ` + path +
		` as it is (also when you changed the date in the file on purpose).`
	if err == nil || err.Error() != want {
		t.Errorf("error\n%v\nwant\n%s", err, want)
	}

	env = newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(moved)},
		exchange{"GET", since, "", 200, page(1, 1, 45)},
		exchange{"PUT", "calendars/12", putBody(t, nil), 200, data(record)})
	if err := env.run("update", "12", "-f", path); err != nil {
		t.Fatal(err)
	}
}

// An answer without updated_at cannot say whether the calendar, which
// differs from the file, changed since the file was written from it: the
// list of calendars changed since then is asked. Listed: exit 8 and
// nothing sent; not listed (the file's own change): sent.
func TestUpdateFromAFileAsksTheListWhenTheAnswerHasNoUpdatedAt(t *testing.T) {
	record := readTestdata(t, "record.json")
	undated := changedBySomeone(regexp.MustCompile(`"updated_at":"[^"]*",`).ReplaceAllString(record, ""))
	if undated == record {
		t.Fatal("record.json has no updated_at to remove")
	}
	path := writeFile(t, "cal.yaml", readTestdata(t, "get.yaml.golden"))
	since := "calendars?lastSync=2026-02-03T04%3A05%3A06.000000Z"

	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(undated)},
		exchange{"GET", since, "", 200, page(1, 1, 45, record)})
	err := env.run("update", "12", "-f", path)
	var changed *cmdutil.ChangedError
	if !errors.As(err, &changed) {
		t.Fatalf("error %v, want a ChangedError", err)
	}
	want := `calendar 12 "Harptos" changed on the server since ` + path + ` was written from it (the service lists it as updated after 2026-02-03T04:05:06.000000Z) (last changed by user 5). ` +
		`Nothing was sent, so that change stands. Get it again with ` + "`kanka calendar get 12 -o yaml`" + ` and make your change there, or add --force to send ` + path + ` as it is.`
	if err.Error() != want {
		t.Errorf("error\n%v\nwant\n%s", err, want)
	}

	env = newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(undated)},
		exchange{"GET", since, "", 200, page(1, 1, 45)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"suffix": "AR"}), 200, data(record)})
	if err := env.run("update", "12", "-f", path, "--suffix", "AR"); err != nil {
		t.Fatal(err)
	}
}

// changedBySomeone is a calendar answer with its type changed, as someone
// else's edit leaves it: it differs from a file written before.
func changedBySomeone(record string) string {
	changed := strings.Replace(record, `"type":"Dalereckoning"`, `"type":"Reckoning of the Dales"`, 1)
	if changed == record {
		panic("the record has no type Dalereckoning to change")
	}
	return changed
}
