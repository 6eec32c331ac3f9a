package mcp

import (
	"bytes"
	"context"
	"io"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
)

// Options say what a server runs and how.
type Options struct {
	// Run runs one command line of kanka (cmd/root's Run).
	Run Runner
	// Globals are the global flags every call's command line starts with
	// (Globals: kanka mcp's own, such as --sandbox).
	Globals []string
	// ReadOnly offers the tools that read only.
	ReadOnly bool
	// Version is kanka's, as the server names itself.
	Version string
	// Log is where the server's diagnostics go (kanka mcp's stderr): a
	// cancelled call's outcome, and with Debug a line for every call.
	Log   io.Writer
	Debug bool
	// Heartbeat is how long a call goes without a word before it says it
	// is still working; 0: defaultHeartbeat.
	Heartbeat time.Duration
}

// instructions tell an assistant what the server is for.
const instructions = `kanka reads and writes the calendars of a Kanka campaign (kanka.io): their months, weekdays, moons, seasons, named years and current date, the weather of their days. Start with list_calendars; a calendar is named by its id or its exact name. Dates are written as the calendar has them: year-month-day with months counted from 1, intercalary months included (1492-4-3), a month by name (1492-Ches-3, "3 Ches 1492"), or in days from the current date (today, +3, -1). Writes send only what they change and read, and refuse (with nothing sent) what they cannot do safely; a result with isError says why, in kanka's words.`

// server is one MCP server and the calls it runs.
type server struct {
	opts Options
	sdk  *sdk.Server
}

// NewServer is kanka's MCP server: its tools, each running kanka's own
// command for what it does.
func NewServer(opts Options) *sdk.Server {
	if opts.Heartbeat == 0 {
		opts.Heartbeat = defaultHeartbeat
	}
	s := &server{opts: opts}
	s.sdk = sdk.NewServer(&sdk.Implementation{Name: "kanka", Title: "kanka: Kanka calendars", Version: opts.Version},
		&sdk.ServerOptions{Instructions: instructions, Capabilities: &sdk.ServerCapabilities{}})
	for _, t := range tools() {
		if !opts.ReadOnly || t.reads() {
			t.register(s)
		}
	}
	return s.sdk
}

// A tool of the server: what an assistant sees of it, the command line it
// runs, and how that command's JSON becomes the result.
type tool[In any] struct {
	name, title, description string
	// effect is what the tool may change: its annotations, and whether
	// --read-only offers it.
	effect effect
	// idempotent: a second call with the same arguments changes nothing
	// more.
	idempotent bool
	// output are the keys of the structured result, for its schema.
	output []property
	// command is the command line a call runs, or a refusal in the tool's
	// words (nothing runs).
	command func(In) (invocation, error)
	// shape is the structured result of the command's JSON (already made
	// safe) and a summary of it in words.
	shape func(In, any) (map[string]any, string)
}

// effect is what a tool may change.
type effect int

const (
	reads   effect = iota // nothing
	writes                // what it is asked to, and nothing else
	deletes               // it may remove what is there
)

// registrar is a tool of any input type.
type registrar interface {
	register(*server)
	reads() bool
}

func (t tool[In]) reads() bool { return t.effect == reads }

// register adds t to s.
func (t tool[In]) register(s *server) {
	destructive := t.effect == deletes
	sdk.AddTool(s.sdk, &sdk.Tool{
		Name:        t.name,
		Title:       t.title,
		Description: t.description,
		InputSchema: inputSchema[In](),
		// The result is made here (call), not by the SDK from a Go
		// value: the schema only says its shape.
		OutputSchema: object(t.output),
		Annotations: &sdk.ToolAnnotations{
			Title:           t.title,
			ReadOnlyHint:    t.effect == reads,
			DestructiveHint: &destructive,
			IdempotentHint:  t.idempotent || t.effect == reads,
		},
	}, func(ctx context.Context, req *sdk.CallToolRequest, in In) (*sdk.CallToolResult, any, error) {
		return t.call(ctx, s, req, in), nil, nil
	})
}

// call runs t's command for in, and makes the result of what it did.
func (t tool[In]) call(ctx context.Context, s *server, req *sdk.CallToolRequest, in In) *sdk.CallToolResult {
	inv, err := t.command(in)
	if err != nil {
		return refusal(err)
	}
	o := s.run(ctx, req, inv)
	if inv.printsNothing && o.code == cmdutil.ExitOK && len(o.stdout) == 0 {
		o.stdout = []byte("null")
	}
	res := t.result(in, o)
	// A cancelled call's client may never read its result: what was
	// written is said on stderr too.
	if s.opts.Debug || o.code == cmdutil.ExitInterrupted {
		logCall(s.opts.Log, t.name, o, res)
	}
	return res
}

// run runs inv over buffers, the client told of its progress.
func (s *server) run(ctx context.Context, req *sdk.CallToolRequest, inv invocation) outcome {
	var stdout, stderr bytes.Buffer
	streams := &cmdutil.IOStreams{In: strings.NewReader(inv.stdin), Out: &stdout, ErrOut: &stderr, NoColor: true}
	// Guarded before the progress can read the secrets (Run's own Guard
	// then does nothing).
	streams.Guard()
	p := newProgress(ctx, req, s.opts.Heartbeat, func(m string) string { return streams.RedactString(output.Sanitize(m)) })
	defer p.done()
	streams.Watch = p
	args := append(append(append([]string{}, s.opts.Globals...), callSettings...), inv.args...)
	code := s.opts.Run(ctx, streams, args)
	return outcome{code: code, stdout: stdout.Bytes(), stderr: stderr.String(), line: streams.RedactString(commandLine(args))}
}
