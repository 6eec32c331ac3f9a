package root

import (
	apicmd "github.com/kanka-cli/kanka/cmd/api"
	"github.com/kanka-cli/kanka/cmd/apply"
	"github.com/kanka-cli/kanka/cmd/auth"
	"github.com/kanka-cli/kanka/cmd/cachecmd"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/completion"
	configcmd "github.com/kanka-cli/kanka/cmd/config"
	"github.com/kanka-cli/kanka/cmd/generate"
	"github.com/kanka-cli/kanka/cmd/importcmd"
	mcpcmd "github.com/kanka-cli/kanka/cmd/mcp"
	"github.com/kanka-cli/kanka/cmd/profilecmd"
	"github.com/kanka-cli/kanka/cmd/reminder"
	"github.com/kanka-cli/kanka/cmd/sandboxcmd"
	"github.com/kanka-cli/kanka/cmd/weather"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// branch is a command under the root, with everything under it, built only
// when a run names it: kanka starts on every Tab of a completion and every
// --help, and building the whole tree (some 60 commands and their flags)
// was a third of the work of `kanka --help`. Until then its stub stands in
// its place: its name, aliases and summary, all the root's help and
// completion read of it. A test holds each stub to what its build makes.
type branch struct {
	stub  *cobra.Command
	build func() *cobra.Command
	built bool
}

// stub is a branch as the root lists it; it never runs (a run that names
// the branch builds it first).
func stub(use, short string, aliases ...string) *cobra.Command {
	return &cobra.Command{Use: use, Short: short, Aliases: aliases, RunE: func(*cobra.Command, []string) error { return nil }}
}

// topicStub is a help topic as the root lists it: it has no run.
func topicStub(use, short string) *cobra.Command { return &cobra.Command{Use: use, Short: short} }

// branches are the root's commands and help topics (flags are the
// global flags, which the `flags` topic lists).
func branches(f *cmdutil.Factory, conn *connector, width int, flags *pflag.FlagSet) []branch {
	list := []branch{
		// The calendar group, with the import of another tool's calendar
		// (cmd/importcmd, which writes through cmd/apply).
		{stub: stub("calendar <command>", "Manage calendars", "calendars", "cal"), build: func() *cobra.Command {
			cmd := calendar.NewCmdCalendar(f)
			cmd.AddCommand(importcmd.NewCmdImport(f, nil))
			return cmd
		}},
		// The weather group, with the commands that make weather up from a
		// climate (cmd/generate).
		{stub: stub("weather <command>", "Manage the weather of a calendar", "weathers"), build: func() *cobra.Command {
			cmd := weather.NewCmdWeather(f)
			cmd.AddCommand(generate.NewCmdGenerate(f, nil), generate.NewCmdClimates(f))
			return cmd
		}},
		{stub: stub("reminder <command>", "Manage the reminders of a calendar", "reminders"),
			build: func() *cobra.Command { return reminder.NewCmdReminder(f) }},
		{stub: stub("apply -f FILE|DIR|- [--dry-run] [--prune] [--set-date] [-v] [-o json]", "Make the campaign hold the calendars a file describes"),
			build: func() *cobra.Command { return apply.NewCmdApply(f, nil) }},
		{stub: stub("sandbox <command>", "Run or reset the local sandbox"),
			build: func() *cobra.Command { return sandboxcmd.NewCmdSandbox(f) }},
		{stub: stub("auth <command>", "Log in, check the token, log out"),
			build: func() *cobra.Command {
				return auth.NewCmdAuth(f, auth.Deps{Resolve: conn.resolve, NewClient: conn.newClient})
			}},
		{stub: stub("config <command>", "Read and change the settings of a profile"),
			build: func() *cobra.Command { return configcmd.NewCmdConfig(f, conn.resolve) }},
		{stub: stub("profile <command>", "List, show and delete the profiles of the configuration file"),
			build: func() *cobra.Command { return profilecmd.NewCmdProfile(f, conn.resolve) }},
		{stub: stub("completion bash|zsh|fish|powershell", "Print the shell completion script"),
			build: func() *cobra.Command { return completion.NewCmdCompletion(f) }},
		{stub: stub("version", "Print the version"), build: func() *cobra.Command { return newCmdVersion(f) }},
		{stub: stub("cache <command>", "Show or empty the local cache"), build: func() *cobra.Command { return cachecmd.NewCmdCache(f) }},
		{stub: stub("api PATH [-X METHOD] [-f|-F key=value]... [--input FILE] [--paginate]", "Send any request to the Kanka API"),
			build: func() *cobra.Command { return apicmd.NewCmdAPI(f) }},
		// The assistant's server runs kanka's commands, this tree's Run.
		{stub: stub("mcp [--read-only]", "Serve the calendars to an AI assistant (MCP)"),
			build: func() *cobra.Command {
				return mcpcmd.NewCmdMCP(f, mcpcmd.Deps{Run: Run, Resolve: func() { _, _ = conn.resolve() }, Version: thisBuild().version})
			}},
	}
	for _, t := range topicSummaries() {
		name := t.name
		list = append(list, branch{stub: topicStub(name, t.short), build: func() *cobra.Command { return helpTopic(name, width, flags) }})
	}
	return list
}
