package sandboxcmd

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/sandbox"
)

// serve warns on stderr when it listens where other machines may reach it:
// the sandbox's token is a test token, so anyone who can reach it can read
// and change its data. The tests never listen beyond loopback: the listener
// of the warning's test only says it does.

const exposedWarningStart = "warning: the sandbox listens on "

func TestExposedWarning(t *testing.T) {
	tests := []struct {
		addr    net.Addr
		exposed bool
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, false},
		{&net.TCPAddr{IP: net.IPv4(127, 1, 2, 3), Port: 8080}, false},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 8080}, false},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 8080}, true},        // --addr 0.0.0.0:8080
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 8080}, true}, // --addr :8080
		{&net.TCPAddr{IP: net.IPv4(192, 168, 1, 20), Port: 8080}, true},
		{&net.TCPAddr{IP: net.ParseIP("fe80::1"), Port: 8080}, true},
	}
	for _, tt := range tests {
		got := exposedWarning(tt.addr)
		if !tt.exposed {
			if got != "" {
				t.Errorf("%v: warning %q on a loopback address", tt.addr, got)
			}
			continue
		}
		want := exposedWarningStart + tt.addr.String() + ", which other machines may reach, and has no real authentication " +
			"(the token it accepts is a test token, printed as KANKA_TOKEN): anyone who can reach that address can read and " +
			"change its data. Use --addr 127.0.0.1:PORT to keep it on this machine."
		if got != want {
			t.Errorf("%v: warning\n%s\nwant\n%s", tt.addr, got, want)
		}
	}
}

// claimedAddr is a loopback listener that says it listens on addr.
type claimedAddr struct {
	net.Listener
	addr net.Addr
}

func (l claimedAddr) Addr() net.Addr { return l.addr }

func TestServeOnAnExposedAddressWarnsBeforeServing(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	handler, err := sandbox.New(sandbox.Options{Token: sandbox.DefaultToken, Campaign: 1})
	if err != nil {
		t.Fatal(err)
	}
	out, errOut := &syncBuffer{}, &syncBuffer{}
	opts := &ServeOptions{IO: &cmdutil.IOStreams{In: strings.NewReader(""), Out: out, ErrOut: errOut},
		Token: sandbox.DefaultToken, Campaign: 1}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- serveOn(ctx, opts, handler, claimedAddr{ln, &net.TCPAddr{IP: net.IPv4zero, Port: port}})
	}()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(errOut.String(), "Press Ctrl-C") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	stop(t, cancel, done)
	lines := strings.Split(errOut.String(), "\n")
	if len(lines) < 2 || lines[0] != exposedWarning(&net.TCPAddr{IP: net.IPv4zero, Port: port}) ||
		!strings.HasPrefix(lines[1], "Sandbox (document mode) serving http://127.0.0.1:") {
		t.Errorf("stderr %q: want the warning, then the serving line", errOut)
	}
	if strings.Contains(out.String(), "warning") {
		t.Errorf("stdout %q: the warning belongs on stderr", out)
	}
}

// On loopback, by address or by name, nothing new is said.
func TestServeOnLoopbackDoesNotWarn(t *testing.T) {
	for _, addr := range []string{"127.0.0.1:0", "localhost:0"} {
		_, _, errOut, cancel, done := startServe(t, "--addr", addr)
		stop(t, cancel, done)
		if strings.Contains(errOut.String(), "warning") {
			t.Errorf("--addr %s: stderr %q", addr, errOut)
		}
	}
}
