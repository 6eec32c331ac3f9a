package root_test

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// An unknown flag gets the nearest flag of the command, its own or a
// global one, as a mistyped command gets the nearest command (exit 2).
func TestUnknownFlagSuggestsTheNearest(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"calendar", "list", "--limt", "3"}, "unknown flag: --limt; did you mean --limit?"},
		{[]string{"calendar", "list", "--limt=3"}, "unknown flag: --limt; did you mean --limit?"},
		{[]string{"calendar", "list", "--campain", "3"}, "unknown flag: --campain; did you mean --campaign?"},
		{[]string{"weather", "list", "--calender", "1"}, "unknown flag: --calender; did you mean --calendar?"},
		{[]string{"apply", "--dryrun"}, "unknown flag: --dryrun; did you mean --dry-run?"},
		{[]string{"calendar", "list", "--frobnicate"}, "unknown flag: --frobnicate"},
		{[]string{"calendar", "list", "-Z"}, "unknown shorthand flag: 'Z' in -Z"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			roottest.Isolate(t)
			r := roottest.Run(t, "", tt.args...)
			if r.Code != 2 || !strings.HasPrefix(r.Stderr, "error: "+tt.want+"\nRun 'kanka ") {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and:\nerror: %s", r.Code, r.Stderr, tt.want)
			}
		})
	}
}

// A value a flag cannot parse is said in the house's words, naming the
// flag and the value, not Go's parser (exit 2, nothing sent).
func TestBadFlagValuesAreSaidInWords(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"weather", "list", "--calendar", "1", "--year", "abc"}, `--year "abc": not a whole number`},
		{[]string{"calendar", "list", "--limit", "99999999999999999999"}, `--limit "99999999999999999999": out of range`},
		{[]string{"calendar", "delete", "1", "--yes=maybe"}, `--yes "maybe": not true or false`},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			roottest.Isolate(t)
			r := roottest.Run(t, "", tt.args...)
			// A bad value is said alone: --help would not say what is
			// wrong with it.
			if r.Code != 2 || r.Stderr != "error: "+tt.want+"\n" {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and:\nerror: %s", r.Code, r.Stderr, tt.want)
			}
		})
	}
}
