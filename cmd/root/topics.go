package root

import (
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// A help topic is a command that only explains (`kanka help exit-codes`),
// listed by the root's help under "Additional help topics" as cobra lists
// a command that does not run. README.md's tables "Exit codes" and
// "Environment variables" name the same codes and variables as these: a
// test holds the two to each other.

// topicRow is one line of a topic's table: the names (a code, or variables
// read together) and what they mean.
type topicRow struct {
	names   []string
	meaning string
}

// exitCodes are the exit codes of kanka (cmdutil's Exit constants).
var exitCodes = []topicRow{
	{code(cmdutil.ExitOK), "success"},
	{code(cmdutil.ExitError), "a failure not listed below: the network, a server error, an answer beyond kanka's limits, " +
		"a damaged sandbox state file; an update refused because the server's answer lacked fields it must send " +
		"(nothing sent; --force sends it); a date the service did not keep"},
	{code(cmdutil.ExitUsage), "invalid usage or input, and nothing was sent: an unknown command or flag, a missing or extra " +
		"argument, a bad value, an impossible date, an unknown file key, an unknown -o, a bad --jq or --template, " +
		"an input over its limit"},
	{code(cmdutil.ExitAuth), "authentication or permission (401 or 403, or no token): run 'kanka auth login'"},
	{code(cmdutil.ExitNotFound), "not found"},
	{code(cmdutil.ExitValidation), "rejected by the server's validation, each field on its own line; or a calendar create " +
		"that would duplicate a calendar's name"},
	{code(cmdutil.ExitRateLimit), "the rate limit was still reached after waiting, or asked for a wait longer than --max-wait " +
		"(the message says when to try again)"},
	{code(cmdutil.ExitDeclined), "a confirmation was answered no: nothing was done"},
	{code(cmdutil.ExitChanged), "the record changed on the server since kanka read it (calendar edit, update -f, apply): " +
		"nothing was sent; --force sends anyway"},
	{code(cmdutil.ExitBusy), "another kanka of this machine was writing to the same campaign for all of --lock-wait " +
		"(the message names its pid and command): nothing was written; try again once it is done"},
	{code(cmdutil.ExitInterrupted), "interrupted by Ctrl-C (143 for SIGTERM): kanka ends by the signal, as the shell reports it"},
}

func code(n int) []string { return []string{strconv.Itoa(n)} }

// environment is every environment variable kanka reads: a flag, where
// there is one, comes before it.
var environment = []topicRow{
	{[]string{"KANKA_URL"}, "the API root (--url; default " + defaultURLHelp + ")"},
	{[]string{"KANKA_TOKEN"}, "the API token (--token); it comes before any profile's"},
	{[]string{"KANKA_CAMPAIGN"}, "the campaign id (-c)"},
	{[]string{"KANKA_PROFILE"}, "the profile to use (-p); default the active one"},
	{[]string{"KANKA_CONFIG"}, "the configuration file (--config)"},
	{[]string{"KANKA_DEBUG"}, "1 logs every request and answer to stderr, the token redacted (--debug)"},
	{[]string{"KANKA_MAX_WAIT"}, "the longest wait for the rate limit (--max-wait), a duration such as 5m"},
	{[]string{"KANKA_LOCK_WAIT"}, "the longest wait for another kanka writing to the same campaign (--lock-wait), " +
		"a duration such as 10m; 0 does not wait"},
	{[]string{"KANKA_SANDBOX_DATA"}, "the state file of the built-in sandbox (--sandbox-data)"},
	{[]string{"KANKA_NO_CACHE"}, "1 neither reads nor writes the local cache (--no-cache)"},
	{[]string{"KANKA_NO_KEYRING"}, "1 keeps tokens out of the system keyring: 'kanka auth login' saves the token " +
		"in the configuration file, and a profile's token in the keyring is not read"},
	{[]string{"NO_COLOR"}, "set and not empty: no colour in the output (--no-color)"},
	{[]string{"VISUAL", "EDITOR"}, "the editor of 'kanka calendar edit': VISUAL, else EDITOR, else vi"},
	{[]string{"XDG_CONFIG_HOME"}, "where the configuration file is when KANKA_CONFIG is not set: " +
		"$XDG_CONFIG_HOME/kanka/config.yaml (default ~/.config)"},
	{[]string{"XDG_CACHE_HOME"}, "the cache directory (KANKA_NO_CACHE=1 bypasses the cache): $XDG_CACHE_HOME/kanka " +
		"(default ~/.cache/kanka on Linux)"},
	{[]string{"XDG_STATE_HOME"}, "where kanka notes the day it last warned of a token about to expire, and keeps " +
		"the locks of the campaigns it writes to: $XDG_STATE_HOME/kanka (default ~/.local/state)"},
	{[]string{"XDG_DATA_HOME"}, "where the sandbox keeps its state when KANKA_SANDBOX_DATA is not set: " +
		"$XDG_DATA_HOME/kanka/sandbox.json (default ~/.local/share)"},
	{[]string{"LC_ALL", "LC_CTYPE", "LANG"}, "the first one set says whether 'kanka calendar show' draws with " +
		"Unicode (a UTF-8 locale) or ASCII"},
	{[]string{"HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY"}, "a proxy for the requests, by Go's usual rules"},
	{[]string{"GOMEMLIMIT"}, "the memory the Go runtime tries to stay under; kanka's default is 64MiB"},
}

// helpTopics are the topic commands, their tables wrapped to width.
func helpTopics(width int) []*cobra.Command {
	return []*cobra.Command{
		{
			Use:   "exit-codes",
			Short: "The exit codes of kanka and what each means",
			Long: "The exit code of kanka says how a command ended; the message on stderr says why.\n\n" +
				topicTable(exitCodes, width),
		},
		{
			Use:   "environment",
			Short: "The environment variables kanka reads",
			Long: "The environment variables kanka reads. A flag comes before its variable, and a variable " +
				"before the profile of the configuration file.\n\n" +
				topicTable(environment, width),
		},
	}
}

// topicTable lays rows out in two columns, the meanings wrapped to width;
// names too wide for the first column have a line of their own.
func topicTable(rows []topicRow, width int) string {
	const widest = 20
	nameWidth := 0
	for _, r := range rows {
		if n := columns(strings.Join(r.names, ", ")); n <= widest {
			nameWidth = max(nameWidth, n)
		}
	}
	indent := strings.Repeat(" ", 2+nameWidth+2)
	var lines []string
	for _, r := range rows {
		names := "  " + strings.Join(r.names, ", ")
		if columns(names) > 2+nameWidth {
			lines = append(lines, names)
			names = indent
		} else {
			names += strings.Repeat(" ", columns(indent)-columns(names))
		}
		lines = append(lines, wrapWords(strings.Fields(r.meaning), width, names, indent)...)
	}
	return strings.Join(lines, "\n")
}
