package root

import (
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/weather"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagValues says where the candidates of a flag come from: a flag of
// that name (and placeholder, the `WORD` of its help, when one name is
// two flags), wherever it is in the tree.
type flagValues struct {
	flag string
	// placeholder, when set, is the flag's `WORD`: --month M of `calendar
	// show` is a month of the calendar, --month NAME:LENGTH[:TYPE] of
	// `calendar create` a new month.
	placeholder string
	// command, when set, is the one command whose flag it is (its
	// CommandPath): a flag whose values are that command's own.
	command  string
	complete func(f *cmdutil.Factory, fl *pflag.Flag) cobra.CompletionFunc
}

// valueSources are the flags whose value is one of a set kanka knows, and
// where that set is kept, for the flags that do not say it themselves (a
// field's flag gives its candidates in its resource's flag table:
// resource.Flag.Complete): the client's tables and parsers, the list
// verb's orders. A test walks the tree and fails on a flag whose help
// names a set and that has no completion.
var valueSources = []flagValues{
	{flag: "sort", command: "kanka weather list", complete: fixed(weather.SortKeys())},
	// The date filters' month (resource.DateFilters), of any calendar.
	{flag: "month", placeholder: "M", complete: byFactory(calendar.MonthCompletion)},
}

// completeFlagValues gives every flag of the tree under root that
// valueSources knows its candidates, unless it has some already. It runs
// once the tree is whole, so that a command that gains one of these flags
// gets its completion with it.
func completeFlagValues(root *cobra.Command, f *cmdutil.Factory) {
	var visit func(cmd *cobra.Command)
	visit = func(cmd *cobra.Command) {
		// The command's own flags, persistent ones included: not through
		// cmd.LocalFlags, which copies every flag of its parents into it
		// first (a third of the time kanka took to build its tree, on
		// every run and every Tab of a completion).
		own := func(fl *pflag.Flag) {
			src, ok := valueSourceOf(cmd, fl)
			if !ok {
				return
			}
			if _, has := cmd.GetFlagCompletionFunc(fl.Name); !has {
				_ = cmd.RegisterFlagCompletionFunc(fl.Name, src.complete(f, fl))
			}
		}
		cmd.Flags().VisitAll(own)
		cmd.PersistentFlags().VisitAll(own)
		for _, sub := range cmd.Commands() {
			visit(sub)
		}
	}
	visit(root)
}

// valueSourceOf is where cmd's flag fl takes its values from, if kanka
// knows a set of them.
func valueSourceOf(cmd *cobra.Command, fl *pflag.Flag) (flagValues, bool) {
	for _, src := range valueSources {
		if src.flag != fl.Name {
			continue // most flags: no usage to read, no path to build
		}
		if placeholder, _ := pflag.UnquoteUsage(fl); (src.placeholder == "" || src.placeholder == placeholder) &&
			(src.command == "" || src.command == cmd.CommandPath()) {
			return src, true
		}
	}
	return flagValues{}, false
}

// fixed offers values, as they are.
func fixed(values []string) func(*cmdutil.Factory, *pflag.Flag) cobra.CompletionFunc {
	return func(*cmdutil.Factory, *pflag.Flag) cobra.CompletionFunc {
		return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return values, cobra.ShellCompDirectiveNoFileComp
		}
	}
}

// byFactory is a completion that needs the Factory (the cache, a client).
func byFactory(complete func(*cmdutil.Factory) cobra.CompletionFunc) func(*cmdutil.Factory, *pflag.Flag) cobra.CompletionFunc {
	return func(f *cmdutil.Factory, _ *pflag.Flag) cobra.CompletionFunc { return complete(f) }
}
