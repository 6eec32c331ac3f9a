package cachecmd_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// cache dir prints $XDG_CACHE_HOME/kanka; cache clear empties it, says so
// on stderr, and exits 0 when there is nothing to empty too.
func TestCacheDirAndClear(t *testing.T) {
	roottest.Isolate(t)
	xdg := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", xdg)
	root := filepath.Join(xdg, "kanka")

	r := roottest.Run(t, "", "cache", "dir")
	if r.Code != 0 || r.Stdout != root+"\n" {
		t.Fatalf("cache dir: exit %d, stdout %q; want %q", r.Code, r.Stdout, root+"\n")
	}
	kept := filepath.Join(root, "p", "h", "7", "calendars.jsonl")
	roottest.WriteFile(t, kept, "{}\n")
	r = roottest.Run(t, "", "cache", "clear")
	if r.Code != 0 || r.Stderr != "emptied the cache "+root+"\n" {
		t.Errorf("cache clear: exit %d, stderr %q", r.Code, r.Stderr)
	}
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Errorf("the cache is still there: %v", err)
	}
	if r = roottest.Run(t, "", "cache", "clear", "-q"); r.Code != 0 || r.Stderr != "" {
		t.Errorf("cache clear of nothing, quiet: exit %d, stderr %q", r.Code, r.Stderr)
	}
}
