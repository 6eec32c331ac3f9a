package root

import (
	"slices"
	"strings"

	"github.com/spf13/pflag"
)

// The global flags work under every command. `kanka --help` shows the few
// most runs use (commonFlags); `kanka help flags` shows them all, grouped
// by what they set, as kubectl's `options` does.

// commonFlags are the global flags `kanka --help` shows, in its order.
var commonFlags = []string{"campaign", "profile", "sandbox", "output", "jq", "quiet", "debug"}

// flagGroups are the headings of `kanka help flags` and the flags under
// each; a global flag in none is listed under the last, "Other".
var flagGroups = []struct {
	heading string
	names   []string
}{
	{"Where the requests go", []string{"campaign", "profile", "sandbox", "url", "token", "config", "sandbox-data"}},
	{"Output", []string{"output", "jq", "template", "no-headers", "no-color", "quiet", "debug"}},
	{"Waits and limits", []string{"timeout", "max-wait", "lock-wait", "max-list-size", "no-cache"}},
	{"Other", []string{"yes"}},
}

// globalFlagsTopic is the text of `kanka help flags`: every flag of fs in
// its group, each group's usages wrapped to width.
func globalFlagsTopic(fs *pflag.FlagSet, width int) string {
	text := []string{strings.Join(wrapWords(strings.Fields(`Global flags work under every command, before or after it
(kanka -o json calendar list, kanka calendar list -o json). A setting comes from its flag, else its
environment variable ('kanka help environment'), else the profile in use of the configuration file,
else its default.`), width, "", ""), "\n")}
	grouped := map[string]bool{}
	for _, g := range flagGroups {
		for _, n := range g.names {
			grouped[n] = true
		}
	}
	for i, g := range flagGroups {
		names := g.names
		if i == len(flagGroups)-1 {
			fs.VisitAll(func(f *pflag.Flag) {
				if !grouped[f.Name] {
					names = append(slices.Clone(names), f.Name)
				}
			})
		}
		if set := flagsNamed(fs, names); set.HasAvailableFlags() {
			text = append(text, g.heading+":\n"+flagUsages(set, flagLayout{}, width))
		}
	}
	return strings.Join(text, "\n\n")
}

// flagsNamed is a flag set of the flags of fs named, in that order.
func flagsNamed(fs *pflag.FlagSet, names []string) *pflag.FlagSet {
	set := pflag.NewFlagSet("", pflag.ContinueOnError)
	set.SortFlags = false
	for _, n := range names {
		if f := fs.Lookup(n); f != nil && !f.Hidden {
			set.AddFlag(f)
		}
	}
	return set
}
