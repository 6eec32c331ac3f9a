package cmdutil

import (
	"context"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/spf13/cobra"
)

// CompletionTimeout is how long a completion may take: past it, the shell
// gets no candidates rather than a frozen Tab.
const CompletionTimeout = time.Second

// ForCompletion is the client and the bounded context of one
// completion: Factory.CompletionClient (no rate-limit wait, no retry) when
// set, else Factory.Client.
func ForCompletion(f *Factory, cmd *cobra.Command) (*client.Client, context.Context, context.CancelFunc, error) {
	newClient := f.CompletionClient
	if newClient == nil {
		newClient = f.Client
	}
	c, err := newClient()
	if err != nil {
		return nil, nil, nil, err
	}
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, cancel := context.WithTimeout(ctx, CompletionTimeout)
	return c, ctx, cancel, nil
}

// NoCandidates ends a completion that cannot offer anything: err, when
// set, goes to cobra's completion debug log (BASH_COMP_DEBUG_FILE), never
// to the shell, and no file names are offered in place of candidates.
func NoCandidates(err error) ([]cobra.Completion, cobra.ShellCompDirective) {
	CompletionTrouble(err)
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// CompletionTrouble logs err, when set, to cobra's completion debug log
// only: a completion never prints into the shell.
func CompletionTrouble(err error) {
	if err != nil {
		cobra.CompDebugln("kanka: "+err.Error(), false)
	}
}
