package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// Where there is no system keyring (a server, CI), login saves the token
// in the configuration file and says so, and the token works from there.
// The keyring is made unreachable on Linux (a session bus that is not
// there); elsewhere the test would reach the developer's own keychain,
// so it runs on Linux only.
func TestE2EAuthLoginFallsBackToTheFileWithoutAKeyring(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the keyring is made unreachable through the Secret Service's session bus, which only Linux has")
	}
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv).without("KANKA_TOKEN").without("KANKA_NO_KEYRING")
		k = k.with("DBUS_SESSION_BUS_ADDRESS=unix:path=" + filepath.Join(k.home, "no-session-bus"))
		config := filepath.Join(k.home, "config", "kanka", "config.yaml")

		r := k.runIn(t, sandbox.DefaultToken+"\n", "auth", "login", "--with-token")
		if r.code != 0 || !strings.Contains(r.stderr, "Logged in: the token works for campaign 1; saved in profile \"default\" of "+config+".\n") ||
			!strings.Contains(r.stderr, "\nThe system keyring is not available (") ||
			!strings.Contains(r.stderr, "): the token is in the configuration file instead.\n") ||
			strings.Contains(r.stdout+r.stderr, sandbox.DefaultToken) {
			t.Fatalf("login without a keyring: want exit 0 and the fallback said, the token never shown; %s", r)
		}
		if data, _ := os.ReadFile(config); !strings.Contains(string(data), "token: "+sandbox.DefaultToken) || strings.Contains(string(data), "keyring:") {
			t.Errorf("the config file does not hold the token:\n%s", data)
		}
		r = k.run(t, "auth", "status")
		if r.code != 0 || !strings.Contains(r.stdout, "kept in:   the configuration file\nexpires:   unknown\nstatus:    the token works\n") {
			t.Errorf("auth status: want the token kept in the file, working; %s", r)
		}
		k.ok(t, "auth", "logout")
		if data, _ := os.ReadFile(config); strings.Contains(string(data), sandbox.DefaultToken) {
			t.Errorf("after logout the config file still holds the token:\n%s", data)
		}
	})
}
