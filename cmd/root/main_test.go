package root

import (
	"os"
	"testing"
)

// TestMain points the cache at a folder of its own: a test that runs the
// tree without roottest.Isolate must not write into the developer's cache.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "kanka-root-test-cache")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
