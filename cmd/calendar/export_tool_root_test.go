package calendar_test

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// --format completes its values; a wrong one exits 2, the nearest named,
// before a token is needed, and so does an -o the file is not.
func TestExportFormatThroughTheRoot(t *testing.T) {
	roottest.Isolate(t)
	r := roottest.Run(t, "", "__complete", "calendar", "export", "12", "--format", "")
	if r.Code != 0 || r.Stdout != "yaml\nfantasy-calendar\nsimple-calendar\ncalendarium\n:4\n" {
		t.Errorf("--format: exit %d, stdout %q", r.Code, r.Stdout)
	}
	r = roottest.Run(t, "", "calendar", "export", "12", "--format", "calendarium", "-o", "json")
	if want := "error: calendar export writes YAML, or with --format the tool's file; -o json is not supported\n"; r.Code != 2 || !strings.HasPrefix(r.Stderr, want) {
		t.Errorf("-o json: exit %d, stderr %q; want exit 2 and %q", r.Code, r.Stderr, want)
	}
	r = roottest.Run(t, "", "calendar", "export", "12", "--format", "simple")
	want := "error: --format: unknown format \"simple\"; did you mean \"simple-calendar\"? (one of yaml, fantasy-calendar, simple-calendar, calendarium)\n"
	if r.Code != 2 || r.Stdout != "" || r.Stderr != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and\n%s", r.Code, r.Stdout, r.Stderr, want)
	}
}
