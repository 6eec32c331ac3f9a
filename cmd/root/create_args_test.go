package root_test

import (
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// create takes no argument: the shell is offered neither file names nor
// records after it, for every resource (resource.NewCreateCmd).
func TestCreateCompletesNoArgument(t *testing.T) {
	roottest.Isolate(t)
	for noun, want := range map[string]string{
		"calendar": ":4\n",
		// cobra offers a required flag not given yet.
		"weather": "--calendar\tthe calendar, by `ID|NAME` (required)\n:4\n",
	} {
		res := roottest.Run(t, "", "__complete", noun, "create", "")
		if res.Stdout != want {
			t.Errorf("%s create: %q, want %q (no file completion)", noun, res.Stdout, want)
		}
	}
}
