package root

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// A write refused on our side because it would clash with the campaign
// (a second calendar of one name) exits 5, as a server's 422 does, with
// its message alone.
func TestConflictExits5(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", &cmdutil.ConflictError{Err: errors.New(`a calendar named "H" already exists (id 12): update it, or pass --allow-duplicate`)})
	code, out, errOut := runStub(t, context.Background(), err, "--calendar", "1")
	want := "error: a calendar named \"H\" already exists (id 12): update it, or pass --allow-duplicate\n"
	if cmdutil.ExitValidation != 5 || code != 5 || out != "" || errOut != want {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
