package root

import (
	"errors"
	"net/url"
	"reflect"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/sandbox"
)

// A state file spoilt while a command runs reaches exitCode through the
// client (the in-process transport's error, wrapped): it still gets its own
// message and code, not "may have been applied".
func TestSandboxStateErrorThroughTheClient(t *testing.T) {
	for _, tt := range []struct {
		damaged bool
		code    int
		line    string
	}{
		{false, 2, "error: /s/p.json is not a kanka sandbox state file (x); it was left untouched: choose another file for the sandbox's state"},
		{true, 1, "error: the sandbox state file /s/p.json is damaged (x); it was left untouched: empty it with 'kanka sandbox reset --data /s/p.json'"},
	} {
		bad := &sandbox.StateFileError{Path: "/s/p.json", Damaged: tt.damaged, Reason: "x"}
		transport := &url.Error{Op: "Post", URL: "http://localhost/api/1.0/campaigns/1/calendars", Err: bad}
		for _, err := range []error{
			bad,
			&client.NotAppliedUnknownError{Method: "POST", URL: transport.URL, Err: transport},
			&client.NetworkError{Method: "GET", URL: transport.URL, Err: transport},
		} {
			code, lines := exitCode(err, "kanka calendar create", false)
			if code != tt.code || !reflect.DeepEqual(lines, []string{tt.line}) {
				t.Errorf("%T: exit %d %q, want %d %q", err, code, lines, tt.code, tt.line)
			}
		}
	}
	// Ctrl-C still wins.
	if code, _ := exitCode(errors.Join(&sandbox.StateFileError{Path: "p"}), "kanka", true); code != 130 {
		t.Errorf("interrupted: exit %d", code)
	}
}
