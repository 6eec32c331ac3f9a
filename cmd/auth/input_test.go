package auth_test

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// A token read from stdin is capped: a wrong input (a big file, /dev/zero)
// is refused at 64 KiB, and nothing is sent.
func TestLoginRefusesATokenLongerThan64KiB(t *testing.T) {
	roottest.Isolate(t)
	srv := roottest.NewServer(t, goodToken, 5)
	res := roottest.Run(t, strings.Repeat("x", 64<<10+1), "--url", srv.APIRoot(), "-c", "5", "auth", "login", "--with-token")
	want := "error: the token on standard input is longer than 64 KiB; is it the right input?\n"
	if res.Code != 2 || res.Stderr != want {
		t.Errorf("exit %d, stderr %q; want 2, %q", res.Code, res.Stderr, want)
	}
	if reqs := srv.Requests(); len(reqs) != 0 {
		t.Errorf("requests %+v, want none", reqs)
	}
}
