package calendar

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// The write-only fields (epochs and the three images) are never in a record
// the server sends back, so no read-modify-write test sees them: these
// tests assert that each one given, by flag or by file key, reaches the
// body of the request.

// writeOnlyFlags give every write-only field by flag.
var writeOnlyFlags = []string{
	"--epoch", "First Age", "--epoch", "Dale Reckoning",
	"--image-url", "https://img.test/harptos.png",
	"--entity-image", "0f7a-image", "--entity-header", "9b1c-header",
}

// writeOnlyFileKeys give every write-only field by file key, with values
// that differ from the flags', so that a test can tell which one was sent.
const writeOnlyFileKeys = `epochs: [Elder Age, Age of Humanity]
image_url: https://img.test/from-file.png
entity_image_uuid: 1111-file-image
entity_header_uuid: 2222-file-header
`

// The wire keys of writeOnlyFlags and writeOnlyFileKeys.
var (
	writeOnlyFromFlags = map[string]any{
		"epoch_name":         []string{"First Age", "Dale Reckoning"},
		"image_url":          "https://img.test/harptos.png",
		"entity_image_uuid":  "0f7a-image",
		"entity_header_uuid": "9b1c-header",
	}
	writeOnlyFromFile = map[string]any{
		"epoch_name":         []string{"Elder Age", "Age of Humanity"},
		"image_url":          "https://img.test/from-file.png",
		"entity_image_uuid":  "1111-file-image",
		"entity_header_uuid": "2222-file-header",
	}
)

// minimalFlags and minimalFile are the smallest valid calendar, for create.
var minimalFlags = []string{"--name", "Simple", "--month", "A:10", "--month", "B:10", "--weekday", "X", "--weekday", "Y"}

const (
	minimalFile = "name: Simple\nmonths: [{name: A, length: 10}, {name: B, length: 10}]\nweekdays: [X, Y]\n"
	minimalBody = `{"name":"Simple","month_name":["A","B"],"month_length":[10,10],"month_type":["standard","standard"],
		"month_alias":["",""],"weekday":["X","Y"]}`
)

// writeCalendarFile writes content to a temporary cal.yaml and returns its path.
func writeCalendarFile(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "cal.yaml")
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestGapsUpdateSendsWriteOnlyFieldsFromFlags(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, writeOnlyFromFlags), 200, data(record)},
	)
	if err := env.run(append([]string{"update", "12"}, writeOnlyFlags...)...); err != nil {
		t.Fatal(err)
	}
	if env.Calls() != 2 {
		t.Errorf("%d requests, want the GET and the PUT", env.Calls())
	}
}

func TestGapsUpdateSendsWriteOnlyFieldsFromTheFile(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, writeOnlyFromFile), 200, data(record)},
	)
	if err := env.run("update", "12", "-f", writeCalendarFile(t, writeOnlyFileKeys)); err != nil {
		t.Fatal(err)
	}
}

// Flags beside -f win over the file's write-only fields too.
func TestGapsUpdateWriteOnlyFlagsOverrideTheFile(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, writeOnlyFromFlags), 200, data(record)},
	)
	args := append([]string{"update", "12", "-f", writeCalendarFile(t, writeOnlyFileKeys)}, writeOnlyFlags...)
	if err := env.run(args...); err != nil {
		t.Fatal(err)
	}
}

func TestGapsCreateSendsWriteOnlyFieldsFromFlags(t *testing.T) {
	env := newTestEnv(t, "id", noneNamed("Simple"),
		exchange{"POST", "calendars", withKeys(t, minimalBody, writeOnlyFromFlags), 201, data(small(30, "Simple"))})
	if err := env.run(append(append([]string{"create"}, minimalFlags...), writeOnlyFlags...)...); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "30\n" {
		t.Errorf("stdout %q", env.Out.String())
	}
}

func TestGapsCreateSendsWriteOnlyFieldsFromTheFile(t *testing.T) {
	env := newTestEnv(t, "id", noneNamed("Simple"),
		exchange{"POST", "calendars", withKeys(t, minimalBody, writeOnlyFromFile), 201, data(small(31, "Simple"))})
	if err := env.run("create", "-f", writeCalendarFile(t, minimalFile+writeOnlyFileKeys)); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "31\n" {
		t.Errorf("stdout %q", env.Out.String())
	}
}

func TestGapsCreateWriteOnlyFlagsOverrideTheFile(t *testing.T) {
	env := newTestEnv(t, "id", noneNamed("Simple"),
		exchange{"POST", "calendars", withKeys(t, minimalBody, writeOnlyFromFlags), 201, data(small(32, "Simple"))})
	args := append([]string{"create", "-f", writeCalendarFile(t, minimalFile+writeOnlyFileKeys)}, writeOnlyFlags...)
	if err := env.run(args...); err != nil {
		t.Fatal(err)
	}
}

// A failure after two deletions names both (with the name a lookup found),
// and everything not deleted; it keeps its kind (a 403 exits 3), and
// nothing is sent after it.
func TestGapsDeleteFailureInTheMiddleNamesEveryDeleted(t *testing.T) {
	env := newTestEnv(t, "",
		exchange{"GET", "calendars?name=Harptos", "", 200, page(1, 1, 45, small(12, "Harptos"))},
		exchange{"DELETE", "calendars/12", "", 204, ""},
		exchange{"DELETE", "calendars/13", "", 204, ""},
		exchange{"DELETE", "calendars/14", "", 403, `{"code":403,"error":"This action is unauthorized."}`},
	)
	env.F.Globals.Quiet = true // the summary of a failure stays under --quiet
	err := env.run("delete", "Harptos", "13", "14", "15", "--yes")
	var apiErr *client.Error
	if !client.IsAuth(err) || !errors.As(err, &apiErr) {
		t.Fatalf("error %v does not carry the 403", err)
	}
	if err.Error() != apiErr.Error() {
		t.Errorf("error %q, want the 403's own words", err)
	}
	if env.Calls() != 4 {
		t.Errorf("%d requests, want the lookup and three DELETEs", env.Calls())
	}
	if env.Out.String() != "" || env.ErrOut.String() != "deleted 2 of 4 (ids 12, 13); deleting calendar 14 failed:\n" {
		t.Errorf("stdout %q, stderr %q", env.Out.String(), env.ErrOut.String())
	}
}
