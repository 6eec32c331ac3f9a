// Package mcp holds `kanka mcp`: a Model Context Protocol server over
// stdio (the official Go SDK) whose tools let an AI assistant read the
// month, record the weather, move the date, keep the reminders and apply
// a seed. Each tool
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
Protocol, on stdin and stdout, with the profile, environment and cache of any
command. Each tool runs the kanka command that does the same, with its checks:
a refused input is an error result in that command's words, nothing sent.

Reads: list_calendars, get_calendar, show_month, list_weather, agenda,
list_reminders, plan_seed. Writes (not with --read-only): set_weather (one
day's weather), advance_date (the date alone; more than a day needs keep_weeks),
add_reminder, update_reminder, and two that delete only with confirm: true:
delete_reminder and apply_seed with prune. The token never appears in a result.

Register it in an assistant's servers (Claude Desktop's
claude_desktop_config.json, or any MCP client's):

  {"mcpServers": {"kanka": {"command": "kanka", "args": ["mcp"]}}}

"args": ["--sandbox", "mcp"] tries it on the sandbox. More: docs/mcp.md.`,
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
