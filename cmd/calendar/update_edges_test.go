package calendar

import (
	"errors"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// getYAMLWithout is testdata/get.yaml.golden (what `get 12 -o yaml`
// printed) with the line drop taken out, written to a file.
func getYAMLWithout(t *testing.T, drop string) string {
	t.Helper()
	text := readTestdata(t, "get.yaml.golden") + "\n"
	if !strings.Contains(text, drop) {
		t.Fatalf("get.yaml.golden has no line %q", drop)
	}
	return writeFile(t, "cal.yaml", strings.Replace(text, drop, "", 1))
}

// A file with the updated_at of `get -o yaml` whose id line was deleted is
// still checked against the calendar it updates: updated since (and
// different), nothing is sent (exit 8).
func TestUpdateChecksAFileWithUpdatedAtButNoID(t *testing.T) {
	path := getYAMLWithout(t, "id: 12\n")
	newer := changedBySomeone(strings.Replace(readTestdata(t, "record.json"), `"updated_at":"2026-02-03T04:05:06.000000Z","updated_by":5`, `"updated_at":"2026-02-04T00:00:00.000000Z","updated_by":8`, 1))
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(newer)})
	err := env.run("update", "12", "-f", path)
	var changed *cmdutil.ChangedError
	if !errors.As(err, &changed) {
		t.Fatalf("error %v, want a ChangedError (exit 8)", err)
	}
	want := `calendar 12 "Harptos" changed on the server since ` + path + ` was written from it (updated_at 2026-02-03T04:05:06.000000Z then, 2026-02-04T00:00:00.000000Z now) (last changed by user 8). ` +
		`Nothing was sent, so that change stands. Get it again with ` + "`kanka calendar get 12 -o yaml`" + ` and make your change there, or add --force to send ` + path + ` as it is.`
	if err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}
	env.WantSent("GET calendars/12")
}

// A file written from calendar 12 and sent to calendar 13 (its setup
// copied onto another) is not compared with 13's updated_at, which it
// never had: it is sent, with no list request.
func TestUpdateFromAnotherCalendarsFileIsNotChecked(t *testing.T) {
	path := writeFile(t, "cal.yaml", readTestdata(t, "get.yaml.golden"))
	other := strings.NewReplacer(`"id":12,`, `"id":13,`, `"name":"Harptos"`, `"name":"Copy"`,
		`"updated_at":"2026-02-03T04:05:06.000000Z"`, `"updated_at":"2026-03-01T00:00:00.000000Z"`).Replace(readTestdata(t, "record.json"))
	env := newTestEnv(t, "id", exchange{"GET", "calendars/13", "", 200, data(other)},
		exchange{"PUT", "calendars/13", sentBack(t, other, map[string]any{"name": "Harptos"}), 200, data(strings.Replace(other, `"name":"Copy"`, `"name":"Harptos"`, 1))})
	if err := env.run("update", "13", "-f", path); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars/13", "PUT calendars/13")
	if env.Out.String() != "13\n" || env.ErrOut.String() != "" {
		t.Errorf("stdout %q, stderr %q; want stdout \"13\\n\"", env.Out, env.ErrOut)
	}
}
