package resource

import (
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// CompleteIDs completes a record argument with the ids of the records
// known gives for the command line (those of the calendar --calendar
// names), each described by about ("41\t1492-1-3 snowflake"). A problem
// of known goes to cobra's completion debug log, never to the shell; the
// records it gave anyway are offered.
func CompleteIDs[T output.Record](known func(cmd *cobra.Command) ([]T, error), about func(T) string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		records, err := known(cmd)
		cmdutil.CompletionTrouble(err)
		return idCandidates(records, toComplete, about), cobra.ShellCompDirectiveNoFileComp
	}
}

// idCandidates are the ids of records that start with prefix, each
// described by about.
func idCandidates[T output.Record](records []T, prefix string, about func(T) string) []cobra.Completion {
	var out []cobra.Completion
	for _, r := range records {
		if id := strconv.Itoa(r.RecordID()); strings.HasPrefix(id, prefix) {
			out = append(out, cobra.CompletionWithDesc(id, about(r)))
		}
	}
	return out
}
