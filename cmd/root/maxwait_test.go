package root_test

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// A --max-wait, KANKA_MAX_WAIT or profile max_wait that is not a duration
// is invalid input: exit 2, naming where it came from, nothing sent.
func TestBadMaxWaitIsAUsageError(t *testing.T) {
	const must = `must be a duration such as 2m or 90s (0 never waits), not `
	for _, tc := range []struct {
		name, flag, env, profile string
		want                     string
	}{
		{name: "flag", flag: "soon", want: `--max-wait ` + must + `"soon"`},
		{name: "negative flag", flag: "-1m", want: `--max-wait ` + must + `"-1m"`},
		{name: "environment", env: "10", want: `KANKA_MAX_WAIT ` + must + `"10"`},
		{name: "profile", profile: "forever", want: `max_wait of profile "default" in CONFIG ` + must + `"forever"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := roottest.Isolate(t)
			srv := roottest.NewServer(t, "tok", 3)
			if tc.profile != "" {
				roottest.WriteFile(t, path, "profiles:\n  default:\n    max_wait: "+tc.profile+"\n")
			}
			t.Setenv("KANKA_MAX_WAIT", tc.env)
			args := []string{"--url", srv.APIRoot(), "--token", "tok", "-c", "3"}
			if tc.flag != "" {
				args = append(args, "--max-wait="+tc.flag)
			}
			r := roottest.Run(t, "", append(args, "calendar", "list")...)
			want := "error: " + tc.want + "\n"
			if tc.profile != "" {
				want = "error: " + strings.Replace(tc.want, "CONFIG", path, 1) + "\n"
			}
			if r.Code != 2 || r.Stderr != want {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 2, stderr:\n%s", r.Code, r.Stderr, want)
			}
			if n := len(srv.Requests()); n != 0 {
				t.Errorf("%d requests sent, want none", n)
			}
		})
	}
}
