package resource_test

import (
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
)

// A spec that gives no summary of get or delete has the usual one, in its
// nouns; one it gives is kept.
func TestHelpSummaryDefaultsToTheNouns(t *testing.T) {
	env := cmdtest.New(t, "table")
	s := weatherSpec()
	for _, tt := range []struct{ got, want string }{
		{resource.NewGetCmd(env.F, s).Short, "Show one weather entry"},
		{resource.NewDeleteCmd(env.F, s).Short, "Delete weather entries"},
		{resource.NewGetCmd(env.F, calendarSpec()).Short, "Show one calendar"},
	} {
		if tt.got != tt.want {
			t.Errorf("summary %q, want %q", tt.got, tt.want)
		}
	}
	s.GetHelp.Short = "Show a day's weather"
	if got := resource.NewGetCmd(env.F, s).Short; got != s.GetHelp.Short {
		t.Errorf("summary %q, want the spec's", got)
	}
}
