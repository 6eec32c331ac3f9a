package root_test

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// A command that used a token about to expire warns on stderr, once a day;
// never with -q, never in a completion, never in a command that used no
// token.
func TestCommandsWarnOfATokenAboutToExpire(t *testing.T) {
	roottest.Isolate(t)
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	enc := base64.RawURLEncoding.EncodeToString
	exp := time.Now().Add(5*24*time.Hour + time.Hour)
	token := enc([]byte(`{"typ":"JWT"}`)) + "." + enc([]byte(fmt.Sprintf(`{"exp":%d}`, exp.Unix()))) + "." + enc([]byte("sig"))
	srv := roottest.NewServer(t, token, 5)
	srv.Calendars = [][2]any{{1, "Harptos"}}
	t.Setenv("KANKA_URL", srv.APIRoot())
	t.Setenv("KANKA_TOKEN", token)
	t.Setenv("KANKA_CAMPAIGN", "5")

	for _, args := range [][]string{{"version"}, {"-q", "calendar", "list", "-o", "id"}, {"__complete", "calendar", "get", ""}} {
		if res := roottest.Run(t, "", args...); strings.Contains(res.Stderr, "warning") {
			t.Errorf("kanka %s warned: %s", strings.Join(args, " "), res.Stderr)
		}
	}
	res := roottest.Run(t, "", "calendar", "list", "-o", "id")
	want := "warning: the API token in KANKA_TOKEN expires in 5 days ("
	if res.Code != 0 || res.Stdout != "1\n" || !strings.HasPrefix(res.Stderr, want) || strings.Count(res.Stderr, "\n") != 1 {
		t.Errorf("first run: exit %d, stdout %q, stderr %q; want one line starting %q", res.Code, res.Stdout, res.Stderr, want)
	}
	if res := roottest.Run(t, "", "calendar", "list", "-o", "id"); res.Stderr != "" {
		t.Errorf("second run the same day warned again: %q", res.Stderr)
	}
}
