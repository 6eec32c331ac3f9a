// Package mcp holds `kanka mcp`: a Model Context Protocol server over
// stdio (the official Go SDK) whose tools let an AI assistant read the
// month, record the weather, move the date and apply a seed. Each tool
// runs kanka's own command in this process (run.go), so that an
// assistant's write takes the same path as the command line's: its checks
// before any request, its refusal to send what it did not read, its
// conflict checks, the campaign's lock and the pacing.
package mcp

import (
	"io"
	"os"
	"strconv"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
)

// Deps are what kanka mcp needs of the root.
type Deps struct {
	// Run runs one command line of kanka (cmd/root's Run).
	Run Runner
	// Resolve works out the run's settings, which has the streams hide
	// its token: the protocol on stdout is guarded by them too. Its error
	// is left to the calls, which report it.
	Resolve func()
	// Version is kanka's version.
	Version string
}

// NewCmdMCP builds `kanka mcp`.
func NewCmdMCP(f *cmdutil.Factory, deps Deps) *cobra.Command {
	var readOnly bool
	cmd := &cobra.Command{
		Use:   "mcp [--read-only]",
		Short: "Serve the calendars to an AI assistant (MCP)",
		Long: `Serve the campaign's calendars to an AI assistant over the Model Context
Protocol, on stdin and stdout: the assistant starts kanka mcp and calls its
tools. kanka mcp uses the active profile, environment and cache like every
command, and --sandbox, -p, -c, --url, --token and the other connection flags
given to it apply to every call. Nothing but the protocol is written on stdout;
diagnostics go to stderr.

Tools that read only:
  list_calendars   the calendars: id, name, current date
  get_calendar     one calendar: months, weekdays, moons, seasons, named years,
                   leap years, date
  show_month       a month day by day: weekday, moon phases, season, weather
  list_weather     a calendar's weather entries between two days
  plan_seed        what a seed document would change, nothing written

Tools that write (not offered with --read-only):
  set_weather      the weather of one day: creates the day's entry or updates
                   the fields given; nothing else changes
  advance_date     moves a calendar's current date forward; only the date
                   changes. A move of more than one day needs keep_weeks
                   (false: one update, which on Kanka's service clears named
                   weeks set in the web interface; true: one request a day)
  apply_seed       what kanka apply does: creates and updates calendars and
                   weather, never deletes a calendar; with prune it deletes
                   the weather entries the seed does not list, and then needs
                   confirm: true (without it, it returns the plan)

Each call runs the kanka command that does the same (calendar list, calendar
get, calendar show, weather list, weather set, calendar advance, apply) with
its checks: a refused input, a record changed since it was read, or a
calendar whose answer lacks a field the update must send is an error result
in that command's words, with nothing sent. Writes wait for one another (the
campaign's lock), and for the rate limit. A client that asks for progress is
told of each request and wait; a cancelled call stops as Ctrl-C stops a
command, and its result says what was written. The token never appears in a
result; a server's text comes with its control characters escaped.

To register kanka with an assistant (Claude Desktop's claude_desktop_config.json,
or any MCP client's servers), give the command and its arguments:

  {"mcpServers": {"kanka": {"command": "kanka", "args": ["mcp"]}}}

With "args": ["--sandbox", "mcp"] it uses the built-in sandbox, to try it
without an account (seed it first: kanka --sandbox apply -f FILE), and with
["-p", "NAME", "mcp", "--read-only"] a profile, reading only. kanka mcp --debug
logs each call's command line and exit code on stderr.`,
		Example: `  kanka --sandbox mcp
  kanka mcp --read-only
  kanka -p rehearsal mcp`,
		Args:        cobra.NoArgs,
		Annotations: output.TextOnly("mcp speaks the Model Context Protocol on stdout").Annotations(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if deps.Resolve != nil {
				deps.Resolve()
			}
			var log io.Writer
			if !f.Quiet() {
				log = f.IO.ErrOut
			}
			server := NewServer(Options{
				Run:      deps.Run,
				Globals:  Globals(cmd.Flags()),
				ReadOnly: readOnly,
				Version:  deps.Version,
				Log:      log,
				Debug:    debugOn(cmd),
			})
			if f.IO.InTTY && log != nil {
				cmdutil.Say(f, "%s", "kanka mcp serves an AI assistant on stdin and stdout: register it in the assistant's configuration ('kanka help mcp'). Ctrl-D ends it.")
			}
			return serve(cmd, server, f.IO)
		},
	}
	cmd.Flags().BoolVar(&readOnly, "read-only", false, "offer only the tools that read")
	return cmd
}

// debugOn reports --debug, else KANKA_DEBUG: kanka mcp then logs its
// calls.
func debugOn(cmd *cobra.Command) bool {
	if f := cmd.Flags().Lookup("debug"); f != nil && f.Changed {
		on, _ := strconv.ParseBool(f.Value.String())
		return on
	}
	on, _ := strconv.ParseBool(os.Getenv("KANKA_DEBUG"))
	return on
}

// serve runs server on s's stdin and stdout until the client closes
// stdin (exit 0) or the run is interrupted (130).
func serve(cmd *cobra.Command, server *sdk.Server, s *cmdutil.IOStreams) error {
	t := &sdk.IOTransport{Reader: io.NopCloser(s.In), Writer: flushing{s}}
	err := server.Run(cmd.Context(), t)
	if ctxErr := cmd.Context().Err(); ctxErr != nil {
		return ctxErr
	}
	if err == io.EOF {
		return nil
	}
	return err
}

// flushing writes the protocol on the guarded stdout, every message out
// at once (the guard may hold back the end of a write).
type flushing struct{ s *cmdutil.IOStreams }

func (w flushing) Write(b []byte) (int, error) {
	n, err := w.s.Out.Write(b)
	w.s.Flush()
	return n, err
}

func (w flushing) Close() error { return nil }
