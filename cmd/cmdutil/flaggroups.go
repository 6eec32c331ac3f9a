package cmdutil

import (
	"strings"

	"github.com/spf13/cobra"
)

// A command with many flags (calendar create and update take a flag per
// field of a calendar) lists them in its help under headings, by what they
// describe, rather than as one long list. The help (cmd/root) reads these
// annotations.
const (
	// FlagGroupAnnotation, on a flag, is the heading its command's help
	// lists it under.
	FlagGroupAnnotation = "kanka_help_group"
	// FlagGroupsAnnotation, on a command, is the order of its headings,
	// one a line.
	FlagGroupsAnnotation = "kanka_help_groups"
)

// FlagGroup is a heading of a command's help and the flags listed under it.
type FlagGroup struct {
	Heading string
	Flags   []string
}

// GroupFlags lists the local flags of cmd under the headings of groups, in
// their order, after the flags of no group. A name cmd has no flag of is
// skipped.
func GroupFlags(cmd *cobra.Command, groups ...FlagGroup) {
	headings := make([]string, 0, len(groups))
	for _, g := range groups {
		headings = append(headings, g.Heading)
		for _, name := range g.Flags {
			if cmd.Flags().Lookup(name) != nil {
				_ = cmd.Flags().SetAnnotation(name, FlagGroupAnnotation, []string{g.Heading})
			}
		}
	}
	if cmd.Annotations == nil {
		cmd.Annotations = map[string]string{}
	}
	cmd.Annotations[FlagGroupsAnnotation] = strings.Join(headings, "\n")
}
