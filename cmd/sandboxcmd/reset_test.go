package sandboxcmd

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/sandbox"
)

// seed creates a calendar in the state file at path and returns the
// in-process transport over it.
func seed(t *testing.T, path string) http.RoundTripper {
	t.Helper()
	rt, err := sandbox.InProcess(sandbox.Options{DataPath: path})
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("POST", "http://x/api/1.0/campaigns/1/calendars", strings.NewReader(calendarBody))
	req.Header.Set("Authorization", "Bearer "+sandbox.DefaultToken)
	resp, err := rt.RoundTrip(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("seed: %v %v", resp, err)
	}
	return rt
}

func calendarCount(t *testing.T, rt http.RoundTripper) string {
	t.Helper()
	req, _ := http.NewRequest("GET", "http://x/api/1.0/campaigns/1/calendars", nil)
	req.Header.Set("Authorization", "Bearer "+sandbox.DefaultToken)
	resp, err := rt.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	i := strings.Index(b.String(), `"total":`)
	return strings.TrimSuffix(b.String()[i+len(`"total":`):], "}}")
}

func TestResetPicksTheStateFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name    string
		args    []string
		globals string
		env     string
		emptied string
	}{
		{"--data", []string{"--data", filepath.Join(dir, "flag.json")}, filepath.Join(dir, "global.json"), filepath.Join(dir, "env.json"), "flag.json"},
		{"--sandbox-data", nil, filepath.Join(dir, "global.json"), filepath.Join(dir, "env.json"), "global.json"},
		{"KANKA_SANDBOX_DATA", nil, "", filepath.Join(dir, "env.json"), "env.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("KANKA_SANDBOX_DATA", tt.env)
			files := map[string]http.RoundTripper{}
			for _, name := range []string{"flag.json", "global.json", "env.json"} {
				files[name] = seed(t, filepath.Join(dir, name))
			}
			streams, _, out, errOut := cmdutil.Test()
			cmd := NewCmdSandbox(&cmdutil.Factory{IO: streams, Globals: &cmdutil.Globals{SandboxData: tt.globals}})
			cmd.SetArgs(append([]string{"reset"}, tt.args...))
			if err := cmd.Execute(); err != nil {
				t.Fatal(err)
			}
			if want := "Sandbox state emptied: " + filepath.Join(dir, tt.emptied) + "\n"; errOut.String() != want || out.Len() != 0 {
				t.Fatalf("stderr %q stdout %q, want stderr %q", errOut, out, want)
			}
			for name, rt := range files {
				got := calendarCount(t, rt)
				if name == tt.emptied && got != "0" {
					t.Fatalf("%s not emptied: total %s", name, got)
				}
				if name != tt.emptied && got == "0" {
					t.Fatalf("%s emptied too", name)
				}
			}
			for _, name := range []string{"flag.json", "global.json", "env.json"} {
				os.Remove(filepath.Join(dir, name))
			}
		})
	}
}

func TestResetDefaultPathUnderXDGDataHome(t *testing.T) {
	dataHome := t.TempDir()
	t.Setenv("KANKA_SANDBOX_DATA", "")
	t.Setenv("XDG_DATA_HOME", dataHome)
	path := filepath.Join(dataHome, "kanka", "sandbox.json")
	rt := seed(t, path)
	streams, _, _, errOut := cmdutil.Test()
	cmd := NewCmdSandbox(&cmdutil.Factory{IO: streams, Globals: &cmdutil.Globals{}})
	cmd.SetArgs([]string{"reset"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got := calendarCount(t, rt); got != "0" {
		t.Fatalf("total %s after reset", got)
	}
	if errOut.String() != "Sandbox state emptied: "+path+"\n" {
		t.Fatalf("stderr %q", errOut)
	}
}
