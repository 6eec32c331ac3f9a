package main

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// Settings as a user keeps them: `kanka config set` writes a profile, and a
// flag beats the environment, which beats the profile. Which server a
// command reached is read from the servers' request logs.

func TestE2EConfigProfilesAndPrecedence(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		profileSrv, envSrv, flagSrv := startSandbox(t, live), startSandbox(t, live), startSandbox(t, live)
		k := newKanka(t, nil)
		for _, kv := range [][2]string{{"url", profileSrv.Root}, {"token", sandbox.DefaultToken}, {"campaign", "1"}} {
			k.ok(t, "config", "set", kv[0], kv[1])
		}
		r := k.run(t, "config", "list")
		want := "url=" + profileSrv.Root + "\ntoken=sand…\ncampaign=1\n"
		if r.code != 0 || r.stdout != want || strings.Contains(r.stdout+r.stderr, sandbox.DefaultToken) {
			t.Errorf("config list: want %q with the token masked; %s", want, r)
		}

		reached := func(srv *apiServer, args ...string) {
			t.Helper()
			marks := []int{profileSrv.mark(), envSrv.mark(), flagSrv.mark()}
			k := k
			if srv != profileSrv {
				k = k.with("KANKA_URL=" + envSrv.Root)
			}
			k.ok(t, append(args, "calendar", "list", "-o", "id")...)
			for i, s := range []*apiServer{profileSrv, envSrv, flagSrv} {
				got := len(s.since(marks[i]))
				if (s == srv) != (got > 0) {
					t.Errorf("%v: server %d received %d requests; want only the %s server reached",
						args, i, got, map[*apiServer]string{profileSrv: "profile's", envSrv: "environment's", flagSrv: "flag's"}[srv])
				}
			}
		}
		reached(profileSrv)
		reached(envSrv)
		reached(flagSrv, "--url", flagSrv.Root)

		// Another profile has neither campaign nor token: refused before
		// any request, with both ways forward (exit 3, as for a token).
		mark := profileSrv.mark()
		k.ok(t, "-p", "other", "config", "set", "url", profileSrv.Root)
		r = k.run(t, "-p", "other", "calendar", "list")
		if want := "error: no campaign and no API token yet: run `kanka auth login -c ID` (the id is in the campaign's URL), or add --sandbox to try kanka without an account\n"; r.code != 3 || r.stderr != want {
			t.Errorf("a profile without campaign and token: want exit 3 and %q; %s", want, r)
		}
		wantNoRequests(t, profileSrv, mark)
	})
}
