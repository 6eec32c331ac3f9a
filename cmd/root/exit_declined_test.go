package root

import (
	"context"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// A declined confirmation has its own exit code, and says so without
// "error:" (nothing went wrong; nothing was done).
func TestDeclinedExits7(t *testing.T) {
	code, out, errOut := runStub(t, context.Background(), &cmdutil.DeclinedError{Nothing: "nothing was deleted"}, "--calendar", "1")
	if cmdutil.ExitDeclined != 7 || code != 7 || out != "" || errOut != "cancelled: nothing was deleted\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
