package main

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// A mistyped profile name stops a command before any request, pointing at
// the profile meant; a refused token says where it came from and what to
// do there, never to log in when the token comes before any profile.

func TestE2EAMistypedProfileIsPointedOut(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv)
	k.ok(t, "-p", "rehearsal", "config", "set", "sandbox", "true")
	mark := srv.mark()
	want := "error: " + k.configPath() + ` holds no profile named "rehersal" (it has rehearsal); did you mean "rehearsal"?` + "\n"
	r := k.run(t, "-p", "rehersal", "calendar", "list")
	if r.code != 2 || r.stderr != want {
		t.Errorf("-p: want exit 2 and\n%s%s", want, r)
	}
	r = k.with("KANKA_PROFILE=rehersal").run(t, "calendar", "list")
	if r.code != 2 || r.stderr != want {
		t.Errorf("KANKA_PROFILE: want exit 2 and\n%s%s", want, r)
	}
	// A name like none of them still says how to create it.
	r = k.run(t, "-p", "party", "calendar", "list")
	if r.code != 2 || !strings.Contains(r.stderr, "create it with `kanka -p party auth login`") {
		t.Errorf("-p party: want exit 2 and how to create it; %s", r)
	}
	wantNoRequests(t, srv, mark)
}

func TestE2EARefusedTokenNamesItsSource(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv).without("KANKA_TOKEN")
	k.ok(t, "config", "set", "token", "a-token-of-the-profile")

	r := k.fails(t, 3, "calendar", "list")
	want := "The token comes from profile \"default\" in " + k.configPath() + ": run 'kanka auth login' to save a valid token.\n"
	if !strings.HasSuffix(r.stderr, want) {
		t.Errorf("a token of the profile: want the advice\n%s%s", want, r)
	}
	r = k.with("KANKA_TOKEN=a-token-of-the-shell").fails(t, 3, "calendar", "list")
	want = "The token comes from KANKA_TOKEN, which comes before any profile: unset KANKA_TOKEN or set it to a valid token.\n"
	if !strings.HasSuffix(r.stderr, want) || strings.Contains(r.stderr, "auth login") {
		t.Errorf("a token of KANKA_TOKEN: want only the advice\n%s%s", want, r)
	}
	r = k.with("KANKA_TOKEN="+sandbox.DefaultToken).fails(t, 3, "--token", "a-token-of-the-flag", "auth", "status")
	want = "The token comes from --token: pass a valid token.\n"
	if !strings.HasSuffix(r.stderr, want) || !strings.Contains(r.stdout, "status:    the token does not work\n") {
		t.Errorf("a token of --token: want the advice\n%s%s", want, r)
	}
}
