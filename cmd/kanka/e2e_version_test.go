package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// kanka version is honest about a build from a checkout: `go install
// ./cmd/kanka` in a git clone stamps Go's pseudo-version of the commit
// (v0.0.0-TIME-COMMIT), which the line says is no release, and -o json
// gives the commit and its time. The clone is of this repository's HEAD;
// the test is skipped where there is no git or no repository.
func TestE2EVersionOfACheckoutBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kanka a second time")
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	top, err := exec.Command(git, "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skip("not a git checkout")
	}
	t.Parallel()
	clone := filepath.Join(t.TempDir(), "kanka")
	if out, err := exec.Command(git, "clone", "--quiet", strings.TrimSpace(string(top)), clone).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	head := gitOutput(t, git, clone, "rev-parse", "HEAD")
	if tags := gitOutput(t, git, clone, "tag", "--points-at", "HEAD"); tags != "" {
		t.Skipf("HEAD is tagged %s: the build is a release's version", tags)
	}
	when, err := time.Parse(time.RFC3339, gitOutput(t, git, clone, "log", "-1", "--format=%cI"))
	if err != nil {
		t.Fatal(err)
	}
	committed := when.UTC().Format(time.RFC3339)

	bin := filepath.Join(t.TempDir(), "kanka")
	build := exec.Command("go", "build", "-buildvcs=true", "-o", bin, "./cmd/kanka")
	build.Dir = clone
	build.Env = append(os.Environ(), "GOFLAGS=-buildvcs=true")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build in the clone: %v\n%s", err, out)
	}
	run := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(bin, args...).Output()
		if err != nil {
			t.Fatalf("kanka %s: %v", strings.Join(args, " "), err)
		}
		return string(out)
	}

	line := run("version")
	// The pseudo-version's time is the commit's, in UTC.
	pseudo := "-" + when.UTC().Format("20060102150405") + "-"
	wantEnd := " (no release: a build of commit " + head[:12] + " of " + committed + ")\n"
	if !strings.HasPrefix(line, "kanka v") || !strings.HasSuffix(line, head[:12]+wantEnd) || !strings.Contains(line, pseudo) {
		t.Errorf("kanka version: %q\nwant kanka v...%s...-%s%s", line, pseudo, head[:12], wantEnd)
	}
	if v := run("--version"); v != line {
		t.Errorf("--version %q, version %q", v, line)
	}
	var info map[string]any
	if err := json.Unmarshal([]byte(run("version", "-o", "json")), &info); err != nil {
		t.Fatal(err)
	}
	if version := strings.TrimPrefix(strings.TrimSuffix(line, wantEnd), "kanka "); info["version"] != version || info["commit"] != head || info["date"] != committed {
		t.Errorf("version -o json: %v\nwant version %s, commit %s, date %s", info, version, head, committed)
	}
}

// gitOutput is git's answer in dir, trimmed.
func gitOutput(t *testing.T, git, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command(git, append([]string{"-C", dir}, args...)...).Output()
	if err != nil {
		t.Fatalf("git %s: %v", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out))
}
