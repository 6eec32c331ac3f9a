package root

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// isolate keeps the developer's environment and configuration out of a test.
func isolate(t *testing.T) string {
	t.Helper()
	for _, k := range []string{"KANKA_URL", "KANKA_TOKEN", "KANKA_CAMPAIGN", "KANKA_PROFILE", "KANKA_DEBUG", "NO_COLOR"} {
		t.Setenv(k, "")
	}
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	path := filepath.Join(t.TempDir(), "config.yaml")
	t.Setenv("KANKA_CONFIG", path)
	return path
}

// runWithFactory runs `kanka [args] use` where `use` calls use(f).
func runWithFactory(t *testing.T, use func(*cmdutil.Factory) error, args ...string) (int, string) {
	t.Helper()
	s, _, _, errOut := cmdutil.Test()
	cmd, f := NewCmdRoot(s)
	cmd.AddCommand(&cobra.Command{Use: "use", RunE: func(*cobra.Command, []string) error { return use(f) }})
	code := execute(context.Background(), cmd, append(args, "use"))
	return code, errOut.String()
}

func useClient(f *cmdutil.Factory) error {
	_, err := f.Client()
	return err
}

func TestClientSettingsErrors(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		profile string
		code    int
		stderr  string
	}{
		{name: "no token", args: []string{"-c", "5"}, code: 3,
			stderr: "error: no API token for profile \"default\"\nRun 'kanka auth login' to save a token in profile \"default\" of PATH, or set KANKA_TOKEN.\n"},
		{name: "first run: neither campaign nor token", args: nil, code: 3,
			stderr: "error: no campaign and no API token yet: run `kanka auth login -c ID` (the id is in the campaign's URL), or add --sandbox to try kanka without an account\n"},
		{name: "no campaign", args: []string{"--token", "t0ken-t0ken"}, code: 2,
			stderr: "error: no campaign: pass --campaign ID, set KANKA_CAMPAIGN, or run `kanka config set campaign ID` (the id is in the campaign's URL)\n"},
		{name: "campaign not a number", args: []string{"--token", "t0ken-t0ken", "-c", "Waterdeep"}, code: 2,
			stderr: "error: campaign must be a positive number (the id in the campaign's URL), not \"Waterdeep\"\n"},
		{name: "token over plain http", args: []string{"--token", "t0ken-t0ken", "-c", "5", "--url", "http://kanka.example/api/1.0"}, code: 2,
			stderr: "error: refusing to send the token over plain http to kanka.example: use https (plain http is allowed only for loopback addresses)\n"},
		{name: "bad url", args: []string{"--token", "t0ken-t0ken", "-c", "5", "--url", "kanka.example"}, code: 2,
			stderr: "error: API URL \"kanka.example\" is not an http or https URL\n"},
		{name: "bad timeout", args: []string{"--timeout", "soon"}, code: 2,
			stderr: "error: --timeout must be a positive duration such as 30s or 2m, not \"soon\"\n"},
		{name: "unknown profile", args: []string{"-p", "work", "--token", "t", "-c", "5"},
			profile: "active: home\nprofiles:\n  home:\n    campaign: 3\n", code: 2},
		{name: "ok on loopback http", args: []string{"--token", "t0ken-t0ken", "-c", "5", "--url", "http://127.0.0.1:9/api/1.0"}, code: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := isolate(t)
			if tt.profile != "" {
				if err := os.WriteFile(path, []byte(tt.profile), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			code, stderr := runWithFactory(t, useClient, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.code, stderr)
			}
			if want := strings.ReplaceAll(tt.stderr, "PATH", path); tt.stderr != "" && stderr != want {
				t.Errorf("stderr:\n%s\nwant:\n%s", stderr, want)
			}
			if strings.Contains(stderr, "t0ken-t0ken") {
				t.Errorf("the token is in stderr: %q", stderr)
			}
		})
	}
	t.Run("unknown profile message", func(t *testing.T) {
		path := isolate(t)
		_ = os.WriteFile(path, []byte("profiles:\n  home: {}\n  play: {}\n"), 0o600)
		_, stderr := runWithFactory(t, useClient, "-p", "work")
		want := "error: " + path + ` holds no profile named "work" (it has home, play); create it with ` + "`kanka -p work auth login`\n"
		if !strings.HasPrefix(stderr, want) {
			t.Errorf("stderr:\n%s\nwant it to start with:\n%s", stderr, want)
		}
	})
	// A typo of a profile's name, by -p or KANKA_PROFILE, is pointed out.
	t.Run("a typo of a profile", func(t *testing.T) {
		path := isolate(t)
		_ = os.WriteFile(path, []byte("profiles:\n  home: {}\n  rehearsal: {}\n"), 0o600)
		want := "error: " + path + ` holds no profile named "rehersal" (it has home, rehearsal); did you mean "rehearsal"?` + "\n"
		code, stderr := runWithFactory(t, useClient, "-p", "rehersal")
		if code != 2 || !strings.HasPrefix(stderr, want) {
			t.Errorf("-p: exit %d, stderr:\n%s\nwant exit 2, stderr starting with:\n%s", code, stderr, want)
		}
		t.Setenv("KANKA_PROFILE", "rehersal")
		code, stderr = runWithFactory(t, useClient)
		if code != 2 || !strings.HasPrefix(stderr, want) {
			t.Errorf("KANKA_PROFILE: exit %d, stderr:\n%s\nwant exit 2, stderr starting with:\n%s", code, stderr, want)
		}
	})
}

func TestOneClientPerRun(t *testing.T) {
	isolate(t)
	code, stderr := runWithFactory(t, func(f *cmdutil.Factory) error {
		a, err := f.Client()
		if err != nil {
			return err
		}
		if b, _ := f.Client(); a != b {
			t.Error("Client returned two clients in one run: they would not share the rate-limit pacing")
		}
		return nil
	}, "--token", "t", "-c", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

func TestPrinterRefusesBadExpressionsAsUsage(t *testing.T) {
	isolate(t)
	usePrinter := func(f *cmdutil.Factory) error {
		_, err := f.Printer()
		return err
	}
	if code, stderr := runWithFactory(t, usePrinter, "-o", "json", "--jq", ".["); code != 2 {
		t.Errorf("--jq '.[': exit %d, want 2; stderr %q", code, stderr)
	}
	if code, stderr := runWithFactory(t, usePrinter, "--template", "{{.name"); code != 2 {
		t.Errorf("--template '{{.name': exit %d, want 2; stderr %q", code, stderr)
	}
	if code, stderr := runWithFactory(t, usePrinter, "-o", "ndjson"); code != 0 {
		t.Errorf("-o ndjson: exit %d, want 0; stderr %q", code, stderr)
	}
}

func TestNoColorFlagTurnsColourOff(t *testing.T) {
	isolate(t)
	s, _, _, _ := cmdutil.Test()
	s.OutTTY = true
	cmd, f := NewCmdRoot(s)
	cmd.AddCommand(&cobra.Command{Use: "use", Run: func(*cobra.Command, []string) {}})
	if code := execute(context.Background(), cmd, []string{"use"}); code != 0 || !f.IO.ColorEnabled() {
		t.Fatalf("colour off on a terminal without --no-color (exit %d)", code)
	}
	cmd, f = NewCmdRoot(s)
	cmd.AddCommand(&cobra.Command{Use: "use", Run: func(*cobra.Command, []string) {}})
	if code := execute(context.Background(), cmd, []string{"--no-color", "use"}); code != 0 || f.IO.ColorEnabled() {
		t.Errorf("colour on with --no-color (exit %d)", code)
	}
}

func TestConfirm(t *testing.T) {
	s, in, _, errOut := cmdutil.Test()
	in.WriteString("y\n\nYES\nno\n")
	ask := confirmer(s, context.Background)
	want := []bool{true, false, true, false, false} // the last one meets the end of input
	for i, w := range want {
		got, err := ask("Delete calendar 3?")
		if err != nil || got != w {
			t.Errorf("answer %d: %v, %v; want %v", i+1, got, err, w)
		}
	}
	if got := errOut.String(); got != strings.Repeat("Delete calendar 3? [y/N] ", 5) {
		t.Errorf("prompts: %q", got)
	}
}

func TestConfirmStopsOnCtrlC(t *testing.T) {
	s, _, _, _ := cmdutil.Test()
	pr, pw := io.Pipe() // a terminal nobody types into
	defer pw.Close()
	s.In = pr
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := confirmer(s, func() context.Context { return ctx })("Delete calendar 3?"); !errors.Is(err, context.Canceled) {
		t.Errorf("err %v, want context.Canceled", err)
	}
}

func TestWaitNoticeSaysOnlyLongWaits(t *testing.T) {
	var buf bytes.Buffer
	notice := waitNotice(&buf)
	notice("retrying after a 503 answer", 400*time.Millisecond)
	notice("for the rate limit's next window", 41600*time.Millisecond)
	notice("for the rate limit's next window", time.Second-time.Microsecond)
	if want := "waiting 42s for the rate limit's next window (Ctrl-C to stop)\nwaiting 1s for the rate limit's next window (Ctrl-C to stop)\n"; buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}
