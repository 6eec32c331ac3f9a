package calendar

import (
	"errors"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// An update from a file, run twice: the first run moved the calendar's
// updated_at, so the file is older than the calendar; but the server holds
// exactly the file's values, and kanka can see that. The retry says so,
// sends nothing, exits 0, and asks nothing more than the GET. Only a
// calendar that differs from the file is a conflict (exit 8).

// afterOwnUpdate is record.json as the answer after an update from the
// file: suffix as the file gave it, updated_at moved (by user 5 again).
func afterOwnUpdate(t *testing.T, suffix string) string {
	return strings.NewReplacer(`"suffix":"DR"`, `"suffix":"`+suffix+`"`,
		`"updated_at":"2026-02-03T04:05:06.000000Z"`, `"updated_at":"2026-02-04T00:00:00.000000Z"`).Replace(readTestdata(t, "record.json"))
}

// editedFile is get.yaml.golden with its suffix edited to AR.
func editedFile(t *testing.T, more string) string {
	text := strings.Replace(readTestdata(t, "get.yaml.golden"), "suffix: DR\n", "suffix: AR\n"+more, 1)
	return writeFile(t, "cal.yaml", text)
}

func TestUpdateFromAFileRunTwiceSendsNothingTheSecondTime(t *testing.T) {
	path := editedFile(t, "")
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(afterOwnUpdate(t, "AR"))})
	if err := env.run("update", "12", "-f", path); err != nil {
		t.Fatalf("the retry: %v, want exit 0", err)
	}
	env.WantSent("GET calendars/12")
	if env.Out.String() != "12\n" || env.ErrOut.String() != "calendar 12 already has these values; nothing was sent\n" {
		t.Errorf("stdout %q, stderr %q", env.Out, env.ErrOut)
	}
}

// Values compared as the service stores them: text trimmed, "" as
// nothing (the file's empty format is the answer's null).
func TestUpdateFromAFileComparesAsTheServiceStores(t *testing.T) {
	path := editedFile(t, "format: \"\"\n")
	stored := strings.Replace(afterOwnUpdate(t, "AR"), `"format":""`, `"format":null`, 1)
	stored = strings.Replace(stored, `"name":"Harptos"`, `"name":"Harptos "`, 1)
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(stored)})
	if err := env.run("update", "12", "-f", path); err != nil {
		t.Fatalf("the retry: %v, want exit 0", err)
	}
	env.WantSent("GET calendars/12")
}

// A file that also gives what the service never returns (named weeks)
// cannot be found held: its weeks may not be there. The readable values
// match, so sending reverts nothing; the weeks go again (the same ones:
// a retry of a write that landed changes nothing), exit 0.
func TestUpdateFromAFileWithNamedWeeksSendsThemAgain(t *testing.T) {
	path := editedFile(t, "weeks: {1: Week of the Wolf}\n")
	stored := afterOwnUpdate(t, "AR")
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(stored)},
		exchange{"PUT", "calendars/12", sentBack(t, stored, map[string]any{"week_number": []int{1}, "week_name": []string{"Week of the Wolf"}}), 200, data(stored)})
	if err := env.run("update", "12", "-f", path); err != nil {
		t.Fatalf("the retry: %v, want exit 0", err)
	}
	env.WantSent("GET calendars/12", "PUT calendars/12")
}

// A calendar someone changed since the file was written (its type), with
// the file's own edit in it or not: exit 8, only the GET.
func TestUpdateFromAFileOfAChangedCalendarIsStillRefused(t *testing.T) {
	for _, suffix := range []string{"AR", "DR"} {
		path := editedFile(t, "")
		changed := strings.Replace(afterOwnUpdate(t, suffix), `"type":"Dalereckoning"`, `"type":"Reckoning of the Dales"`, 1)
		env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(changed)})
		err := env.run("update", "12", "-f", path)
		var ch *cmdutil.ChangedError
		if !errors.As(err, &ch) {
			t.Fatalf("suffix %s on the server: error %v, want a ChangedError (exit 8)", suffix, err)
		}
		env.WantSent("GET calendars/12")
	}
}
