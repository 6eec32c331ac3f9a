package apply

import (
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// A calendar apply creates is said on stderr with its id and name, as
// calendar create says it, in text and with -o json (stdout keeps the
// plan or the report); -q silences it.
func TestApplySaysEachCalendarItCreated(t *testing.T) {
	for _, tc := range []struct {
		format  string
		quiet   bool
		wantErr string
	}{
		{"", false, "created calendar 6 \"Eberron\"\n"},
		{"json", false, "created calendar 6 \"Eberron\"\n"},
		{"", true, ""},
	} {
		env := cmdtest.New(t, tc.format,
			ok("GET calendars", "", listOf()),
			ok(lastSync, "", listOf()),
			created("POST calendars", `{"name":"Eberron","month_name":["Zarantyr","Olarune"],"month_length":[28,28],"month_type":["standard","standard"],"month_alias":["",""],"weekday":["Sul","Mol"]}`,
				one(`{"id":6,"name":"Eberron"}`)),
		)
		env.F.Globals.Quiet = tc.quiet
		env.In.WriteString("calendars:\n  - name: Eberron\n    months: [{name: Zarantyr, length: 28}, {name: Olarune, length: 28}]\n    weekdays: [Sul, Mol]\n")
		if err := runApply(env, "-f", "-"); err != nil {
			t.Fatal(err)
		}
		if got := env.ErrOut.String(); got != tc.wantErr {
			t.Errorf("-o %q, quiet %v: stderr %q, want %q", tc.format, tc.quiet, got, tc.wantErr)
		}
	}
}
