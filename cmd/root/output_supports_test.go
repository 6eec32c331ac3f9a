package root_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// applySeed is one calendar with one weather entry, for `kanka apply`.
const applySeed = `calendars:
  - name: Harptos
    months: [{name: Hammer, length: 30}, {name: Alturiak, length: 30}]
    weekdays: [First, Second]
    weather:
      - {date: 1492-1-1, weather: snowflake}
`

// A command that declares the outputs it prints (output.Supports) has the
// root refuse any other -o, and --jq and --template when it writes no
// JSON: exit 2, in words made from the declaration, before the file is
// read and before any request.
func TestUndeclaredOutputIsRefusedBeforeAnyRequest(t *testing.T) {
	seed := filepath.Join(t.TempDir(), "seed.yaml")
	roottest.WriteFile(t, seed, applySeed)
	missing := filepath.Join(t.TempDir(), "missing.yaml")
	// What a command prints is no mistake in how its line is put
	// together: the message says it all, with no "Run --help" line.
	const applyHelp = "\n"
	const exportHelp = "\n"
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"apply", "-f", seed, "-o", "yaml"}, "error: apply prints its plan as text or with -o json, not -o yaml" + applyHelp},
		{[]string{"-o", "ndjson", "apply", "-f", seed, "--dry-run"}, "error: apply prints its plan as text or with -o json, not -o ndjson" + applyHelp},
		{[]string{"apply", "-f", missing, "-o", "id"}, "error: apply prints its plan as text or with -o json, not -o id" + applyHelp},
		{[]string{"calendar", "export", "12", "-o", "json"}, "error: calendar export writes YAML, or with --format the tool's file; -o json is not supported" + exportHelp},
		{[]string{"calendar", "export", "--all", "-o", "JSON"}, "error: calendar export writes YAML, or with --format the tool's file; -o JSON is not supported" + exportHelp},
		{[]string{"calendar", "export", "--all", "-o", "wide"}, "error: calendar export writes YAML, or with --format the tool's file; -o wide is not supported" + exportHelp},
		{[]string{"calendar", "export", "12", "--jq", ".calendars"}, "error: calendar export writes YAML, or with --format the tool's file; --jq and --template are not supported" + exportHelp},
		{[]string{"calendar", "export", "12", "-o", "yaml", "--template", "{{.}}"}, "error: calendar export writes YAML, or with --format the tool's file; --jq and --template are not supported" + exportHelp},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			roottest.Isolate(t)
			srv := roottest.NewServer(t, "a-good-token", 5)
			t.Setenv("KANKA_URL", srv.APIRoot())
			t.Setenv("KANKA_TOKEN", "a-good-token")
			t.Setenv("KANKA_CAMPAIGN", "5")
			res := roottest.Run(t, "", tt.args...)
			if res.Code != 2 || res.Stderr != tt.stderr || res.Stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 2, no stdout, stderr:\n%s", res.Code, res.Stdout, res.Stderr, tt.stderr)
			}
			if n := len(srv.Requests()); n != 0 {
				t.Errorf("%d requests sent", n)
			}
		})
	}
}

// apply's plan is a record of the printer: -o json indents it, --jq and
// --template read it as they read any record, and without them the plan
// is the text.
func TestApplyPlanPrintsThroughThePrinter(t *testing.T) {
	seed := filepath.Join(t.TempDir(), "seed.yaml")
	roottest.WriteFile(t, seed, applySeed)
	const summary = "Plan: 1 calendar to create, 0 to update, 0 unchanged; 1 weather entry to create, 0 to update, 0 to delete, 0 unchanged."
	for _, tt := range []struct {
		name   string
		args   []string
		stdout string
	}{
		{"text", nil, "calendar \"Harptos\": create\n  weather: 1 to create, 0 to update, 0 to delete, 0 unchanged\n" + summary + "\n"},
		{"json", []string{"-o", "json"}, `{
  "dry_run": true,
  "calendars": [
    {
      "where": "SEED: line 2",
      "name": "Harptos",
      "action": "create",
      "status": "planned",
      "weather": {
        "create": 1,
        "update": 0,
        "delete": 0,
        "unchanged": 0,
        "actions": [
          {
            "where": "SEED: line 6",
            "date": "1492-1-1",
            "action": "create",
            "status": "planned"
          }
        ]
      }
    }
  ],
  "summary": "` + summary + `"
}
`},
		{"jq", []string{"--jq", ".summary"}, summary + "\n"},
		{"jq with -o json", []string{"-o", "json", "--jq", ".calendars[].weather.actions[].date"}, "1492-1-1\n"},
		{"template", []string{"--template", "{{.dry_run}} {{range .calendars}}{{.name}} {{.action}}{{end}}\n"}, "true Harptos create\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			roottest.Isolate(t)
			args := append([]string{"--sandbox", "apply", "-f", seed, "--dry-run"}, tt.args...)
			res := roottest.Run(t, "", args...)
			want := strings.ReplaceAll(tt.stdout, "SEED", seed)
			if res.Code != 0 || res.Stdout != want {
				t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant exit 0, stdout:\n%s", res.Code, res.Stderr, res.Stdout, want)
			}
		})
	}
}
