package root_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// A --sandbox-data file the sandbox will not use stops the command before
// any request, with its own message and exit code, and no usage hint.
func TestSandboxStateFileRefused(t *testing.T) {
	for name, tt := range map[string]struct {
		file, content string
		code          int
		message       string
	}{
		"package.json": {"package.json", `{"name":"app"}`, 2,
			`%s is not a kanka sandbox state file (unknown key "name"); it was left untouched: choose another file for the sandbox's state`},
		"damaged": {"sandbox.json", `{"last_ids":{"calendar":1`, 1,
			"the sandbox state file %[1]s is damaged (not JSON: unexpected EOF); it was left untouched: empty it with 'kanka sandbox reset --data %[1]s'"},
	} {
		t.Run(name, func(t *testing.T) {
			roottest.Isolate(t)
			path := filepath.Join(t.TempDir(), tt.file)
			if err := os.WriteFile(path, []byte(tt.content), 0o600); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{
				{"calendar", "list"},
				{"calendar", "create", "--name", "Harptos", "--month", "Hammer:30", "--month", "Alturiak:30", "--weekday", "One", "--weekday", "Two"},
			} {
				res := roottest.Run(t, "", append([]string{"--sandbox", "--sandbox-data", path}, args...)...)
				want := "error: " + fmt.Sprintf(tt.message, path) + "\n"
				if res.Code != tt.code || res.Stderr != want || res.Stdout != "" {
					t.Errorf("%v: exit %d, stdout %q, stderr:\n%s\nwant exit %d, stderr:\n%s", args, res.Code, res.Stdout, res.Stderr, tt.code, want)
				}
			}
			if b, _ := os.ReadFile(path); string(b) != tt.content {
				t.Errorf("the file became %q", b)
			}
		})
	}
}
