package mcp

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/shellquote"
	"github.com/spf13/pflag"
)

// A tool call runs kanka's own command, in this process, as the command
// line would: the same checks before any request, the same refusal to
// send what was not read, the same conflict checks, the campaign's lock
// and the pacing. Its streams are buffers: what it prints on stdout (-o
// json) becomes the result, what it says on stderr the result's words.

// Runner runs one kanka command line over streams and returns its exit
// code: cmd/root's Run.
type Runner func(ctx context.Context, s *cmdutil.IOStreams, args []string) int

// invocation is a command line of kanka, after the global flags, and what
// it reads on stdin.
type invocation struct {
	args  []string
	stdin string
	// printsNothing: the command prints nothing on stdout (a delete); its
	// result is shaped from nothing (null).
	printsNothing bool
}

// command is the invocation of args.
func command(args ...string) invocation { return invocation{args: args} }

// outcome is what one run left.
type outcome struct {
	code   int
	stdout []byte
	stderr string
	// line is the command line as run, for the log, its secrets hidden.
	line string
}

// callSettings are the global flags every call's run is given after those
// of kanka mcp: the result is JSON, and the run's debug log (which would
// be the result's words) is off whatever KANKA_DEBUG says; kanka mcp
// --debug logs the calls instead.
var callSettings = []string{"--output=json", "--debug=false"}

// commandLine is args as a shell reads them back.
func commandLine(args []string) string {
	words := []string{"kanka"}
	for _, a := range args {
		words = append(words, shellquote.Quote(a))
	}
	return strings.Join(words, " ")
}

// The global flags of kanka mcp that every call's run is given, so that
// the calls go where kanka mcp was pointed: the server, the campaign, the
// profile, the sandbox, the cache and the waits. The others are not: a
// call's output is JSON (-o, --jq, --template, --no-headers), its words
// are the result's (-q, --no-color), an assistant confirms with a tool's
// own confirm argument (-y), and --debug logs the calls on kanka mcp's
// stderr instead. A test holds every global flag to one list or the
// other.
var (
	forwardedGlobals = []string{"url", "token", "campaign", "profile", "config", "sandbox", "sandbox-data",
		"no-cache", "timeout", "max-wait", "lock-wait", "max-list-size"}
	keptGlobals = []string{"output", "jq", "template", "no-headers", "quiet", "no-color", "yes", "debug"}
)

// Globals are the global flags given to kanka mcp that its calls are
// given too, as --name=value.
func Globals(fs *pflag.FlagSet) []string {
	var args []string
	fs.Visit(func(f *pflag.Flag) {
		if slices.Contains(forwardedGlobals, f.Name) {
			args = append(args, flag(f.Name, f.Value.String()))
		}
	})
	return args
}

// logCall writes a call on w: the tool, the command line and its exit
// code, then, when it failed, the result's words.
func logCall(w io.Writer, name string, o outcome, res *sdk.CallToolResult) {
	if w == nil {
		return
	}
	fmt.Fprintf(w, "kanka mcp: %s: %s: exit %d\n", name, o.line, o.code)
	if !res.IsError || len(res.Content) == 0 {
		return
	}
	if tc, ok := res.Content[0].(*sdk.TextContent); ok {
		for _, l := range strings.Split(strings.TrimRight(tc.Text, "\n"), "\n") {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
}
