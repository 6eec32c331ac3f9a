package root_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// version -o json and yaml say what the build knows: the version (without
// release flags, the module's from the build info: "(devel)" for a test
// binary), its commit and date (null unless
// known: a test binary records no git revision), and Go's version, os and
// arch.
func TestVersionAsJSONAndYAML(t *testing.T) {
	roottest.Isolate(t)
	res := roottest.Run(t, "", "version", "-o", "json")
	want := fmt.Sprintf(`{
  "version": "(devel)",
  "commit": null,
  "date": null,
  "go_version": %q,
  "os": %q,
  "arch": %q
}
`, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	if res.Code != 0 || res.Stdout != want || res.Stderr != "" {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", res.Code, res.Stderr, res.Stdout, want)
	}

	defer func(v, c, d string) { root.Version, root.Commit, root.Date = v, c, d }(root.Version, root.Commit, root.Date)
	root.Version, root.Commit, root.Date = "1.4.0", "3f2a9c1", "2026-01-09T10:00:00Z"
	res = roottest.Run(t, "", "version", "-o", "yaml")
	wantYAML := fmt.Sprintf("version: 1.4.0\ncommit: 3f2a9c1\ndate: \"2026-01-09T10:00:00Z\"\ngo_version: %s\nos: %s\narch: %s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	if res.Code != 0 || res.Stdout != wantYAML {
		t.Errorf("-o yaml: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", res.Code, res.Stderr, res.Stdout, wantYAML)
	}
	if res := roottest.Run(t, "", "version", "--jq", ".version"); res.Stdout != "1.4.0\n" {
		t.Errorf("--jq .version: %q", res.Stdout)
	}
	// The text stays one line.
	if res := roottest.Run(t, "", "version"); res.Stdout != "kanka 1.4.0 (3f2a9c1)\n" {
		t.Errorf("text: %q", res.Stdout)
	}
	res = roottest.Run(t, "", "version", "-o", "ndjson")
	if want := "error: version prints a line, or -o json or yaml, not -o ndjson\n"; res.Code != 2 || res.Stderr != want {
		t.Errorf("-o ndjson: exit %d, stderr %q, want %q", res.Code, res.Stderr, want)
	}
}
