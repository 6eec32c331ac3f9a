package calendar

import (
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// Three calendars sharing a name (one with a space the service trims, as
// apply compares names) are one warning listing the three ids, not one per
// repeat; a name only one calendar has is no warning.
func TestExportWarnsOnceOfANameThreeCalendarsShare(t *testing.T) {
	env := newTestEnv(t, "yaml",
		exchange{"GET", "calendars", "", 200, page(1, 1, 45, small(14, "Moon"), small(3, "Moon "), small(8, "Sun"), small(9, "Moon"))},
	)
	if err := env.run("export", "--all"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars")
	want := `warning: 3 calendars are named "Moon" (ids 9, 14, 3); kanka apply refuses a name given twice: rename one first` + "\n"
	if got := env.ErrOut.String(); got != want {
		t.Errorf("stderr:\n%q\nwant\n%q", got, want)
	}
	cmdtest.Golden(t, "export_same_name_thrice.golden", env.Out.String())
}
