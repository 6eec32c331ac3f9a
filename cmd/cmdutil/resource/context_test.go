package resource

import (
	"context"
	"testing"

	"github.com/spf13/cobra"
)

// A verb runs under its command's context: Ctrl-C cancels it there, and
// the bounds the root puts in it (--max-list-size) are read from it. A
// command run outside Execute has none, and gets an empty one.
func TestContextIsTheCommandsOwn(t *testing.T) {
	type key struct{}
	cmd := &cobra.Command{}
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), key{}, "set by the root"))
	cmd.SetContext(ctx)
	cancel()
	got := Context(cmd)
	if got.Value(key{}) != "set by the root" || got.Err() == nil {
		t.Errorf("Context gave %v (value %v, err %v), not the command's own", got, got.Value(key{}), got.Err())
	}
	if got := Context(&cobra.Command{}); got == nil || got.Err() != nil {
		t.Errorf("without one: %v", got)
	}
}
