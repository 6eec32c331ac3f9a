// Package root builds the kanka command tree and turns its errors into exit
// codes.
package root

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/internal/suggest"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func init() {
	// Run the root's persistent pre-run (flag checks) even under commands
	// that have their own.
	cobra.EnableTraverseRunHooks = true
}

// softMemoryLimit is the heap the Go runtime collects harder to stay
// under (GOMEMLIMIT, when the environment sets none). It fails nothing: a
// command that needs more gets it, at some CPU spent in collections, which
// a client paced by a rate limit can spare. Without it the heap grows to
// twice what is live before each collection: the largest answers the
// client's bounds let through (client.MaxRecordBytes) took 100 to 153 MiB
// at their peak, and 70 to 100 MiB with it (measured: issue 17).
const softMemoryLimit = 64 << 20

// Main runs kanka with args and returns the exit code. Ctrl-C or SIGTERM
// cancels the run's context; a second one kills at once. A run the signal
// ended does not return: once it has cleaned up and said "interrupted", the
// process dies by that same signal (see dieBy), so that a shell loop or
// make running kanka stops too.
func Main(args []string) int {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(softMemoryLimit)
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	ctx, cancel := context.WithCancel(context.Background())
	var got atomic.Value
	go func() {
		sig, ok := <-sigs
		if !ok {
			return
		}
		got.Store(sig)
		// Restore the defaults: the next signal ends the process.
		signal.Reset(os.Interrupt, syscall.SIGTERM)
		cancel()
	}()
	code := Run(ctx, cmdutil.System(), args)
	signal.Stop(sigs)
	cancel()
	if sig, ok := got.Load().(os.Signal); ok && code == cmdutil.ExitInterrupted {
		dieBy(sig)
	}
	return code
}

// Run builds the command tree on streams s and runs args.
func Run(ctx context.Context, s *cmdutil.IOStreams, args []string) int {
	// Guarded before any command holds the streams: the token is hidden
	// from all that is printed once it is known (see connector.resolve).
	// Completion candidates go to a shell, which shows them: escaped as on
	// a terminal.
	if len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd) {
		s.ForShell()
	}
	s.Guard()
	defer s.Flush()
	t := newTree(s)
	t.grow(args)
	return execute(ctx, t.root, args)
}

// execute runs cmd and maps its error to an exit code, printing it. A
// panic is a bug: it is printed on one line as one, and ends with exit 1,
// not with a stack trace and Go's exit 2, which means bad usage here.
func execute(ctx context.Context, cmd *cobra.Command, args []string) (code int) {
	defer func() {
		if p := recover(); p != nil {
			printError(cmd.ErrOrStderr(), []string{internalError(p)})
			code = cmdutil.ExitError
		}
	}()
	if err := unknownSubcommandFirst(cmd, args); err != nil {
		code, lines := exitCode(err, cmd.CommandPath(), false)
		if c, _, findErr := cmd.Find(args); findErr == nil {
			code, lines = exitCode(err, c.CommandPath(), false)
		}
		printError(cmd.ErrOrStderr(), lines)
		return code
	}
	cmd.SetArgs(args)
	ran, err := cmd.ExecuteContextC(ctx)
	path := cmd.CommandPath()
	if ran != nil {
		path = ran.CommandPath()
	}
	code, lines := exitCode(err, path, ctx.Err() != nil)
	if len(lines) > 0 && code != cmdutil.ExitInterrupted && debugOn(cmd) {
		// The request right under the message it explains (and the
		// message's indented lines), before any hint.
		at := 1
		for at < len(lines) && strings.HasPrefix(lines[at], "  ") {
			at++
		}
		lines = append(append(append([]string{}, lines[:at]...), debugLines(err)...), lines[at:]...)
	}
	printError(cmd.ErrOrStderr(), lines)
	return code
}

// NewCmdRoot builds the whole command tree over streams s, with the Factory
// its commands share.
func NewCmdRoot(s *cmdutil.IOStreams) (*cobra.Command, *cmdutil.Factory) {
	t := newTree(s)
	t.growAll()
	return t.root, t.f
}

// tree is the command tree of one run: the root, and under it a stub of
// each branch (branches.go) until the run names it.
type tree struct {
	root     *cobra.Command
	f        *cmdutil.Factory
	conn     *connector
	branches []branch
}

// newTree builds the root, its flags and Factory, and the stubs of its
// branches.
func newTree(s *cmdutil.IOStreams) *tree {
	f := &cmdutil.Factory{IO: s, Globals: &cmdutil.Globals{}}
	cmd := &cobra.Command{
		Use:   "kanka <command>",
		Short: "Manage the calendars of a Kanka campaign, their weather and reminders",
		Long:  `Manage the calendars of a Kanka campaign, their weather and reminders.`,
		Example: `  kanka --sandbox calendar list          # try it without an account
  kanka auth login -c 12345              # then with your campaign's id
  kanka weather list --calendar 1 -o json --jq '.[].weather'`,
		Version:       thisBuild().line(),
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          unknownSubcommand,
		RunE:          func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.SetVersionTemplate("{{.Version}}\n")
	setHelp(cmd, s)
	cmd.SetIn(s.In)
	cmd.SetOut(s.Out)
	cmd.SetErr(s.ErrOut)
	cmd.CompletionOptions.DisableDefaultCmd = true
	cmd.SetFlagErrorFunc(flagError)
	addGlobalFlags(cmd, f.Globals)
	// Declared here, cobra's --version gets no -v: -v is apply's --verbose.
	cmd.Flags().Bool("version", false, "print the version")
	cmd.PersistentPreRunE = func(c *cobra.Command, _ []string) error {
		return checkGlobals(c, f)
	}

	conn := &connector{io: s, globals: f.Globals, flags: cmd.PersistentFlags()}
	f.Client = conn.factoryClient
	f.CompletionClient = conn.completionClient
	f.Cache = conn.cache
	f.Printer = conn.printer
	f.CampaignLock = conn.lockCampaign
	f.Confirm = confirmer(s, func() context.Context {
		if ctx := cmd.Context(); ctx != nil {
			return ctx
		}
		return context.Background()
	})
	completeGlobalFlags(cmd, conn.resolve)

	t := &tree{root: cmd, f: f, conn: conn, branches: branches(f, conn, helpWidthOf(s), cmd.PersistentFlags())}
	for _, b := range t.branches {
		cmd.AddCommand(b.stub)
	}
	cmd.SetHelpCommand(newCmdHelp())
	t.finish(cmd)
	return t
}

// grow builds the branches args name (by name or alias, anywhere in args:
// a flag's value that happens to be one only builds a branch more), in
// place of their stubs; naming completion builds them all (its scripts
// are made from the tree).
func (t *tree) grow(args []string) {
	named := map[string]bool{}
	for _, a := range args {
		named[a] = true
	}
	if named["completion"] {
		t.growAll()
		return
	}
	for i, b := range t.branches {
		if b.built {
			continue
		}
		for _, name := range append([]string{b.stub.Name()}, b.stub.Aliases...) {
			if named[name] {
				t.growBranch(i)
				break
			}
		}
	}
}

// growAll builds every branch.
func (t *tree) growAll() {
	for i := range t.branches {
		if !t.branches[i].built {
			t.growBranch(i)
		}
	}
}

func (t *tree) growBranch(i int) {
	b := &t.branches[i]
	t.root.RemoveCommand(b.stub)
	cmd := b.build()
	t.root.AddCommand(cmd)
	b.built = true
	t.finish(cmd)
}

// finish gives cmd and every command under it what the root gives every
// command: usage errors named, the flags of a known set their
// completions, the token's advice and expiry warning after it runs.
func (t *tree) finish(cmd *cobra.Command) {
	markUsageErrors(cmd)
	completeFlagValues(cmd, t.f) // the branch is whole: every flag of a known set
	afterRun(cmd, t.conn)
}

// afterRun walks the tree so that every command, once it ran, names where
// a refused token came from (its 401 or 403) and what to do there, warns of
// the run's token when it expires soon or has expired (a command that did
// not read the settings, help or version, used no token and says
// nothing), and releases the campaign's lock it took.
func afterRun(cmd *cobra.Command, c *connector) {
	for _, sub := range cmd.Commands() {
		afterRun(sub, c)
	}
	if run := cmd.RunE; run != nil {
		cmd.RunE = func(cc *cobra.Command, args []string) error {
			defer c.releaseCampaign()
			err := c.withTokenAdvice(run(cc, args))
			if c.resolved != nil && !c.globals.Quiet {
				warnIfExpiring(c.io.ErrOut, c.resolved, time.Now(), stateDir)
			}
			return err
		}
	}
}

// addGlobalFlags declares the persistent flags, bound to g.
func addGlobalFlags(cmd *cobra.Command, g *cmdutil.Globals) {
	fl := cmd.PersistentFlags()
	fl.StringVar(&g.URL, "url", "", "API root `URL` (env KANKA_URL; default "+defaultURLHelp+")")
	fl.StringVar(&g.Token, "token", "", "API `token` (env KANKA_TOKEN; prefer `kanka auth login`)")
	fl.StringVarP(&g.Campaign, "campaign", "c", "", "campaign `ID` (env KANKA_CAMPAIGN)")
	fl.StringVarP(&g.Profile, "profile", "p", "", "profile `NAME` (env KANKA_PROFILE; else the active one)")
	fl.StringVar(&g.ConfigPath, "config", "", "configuration `FILE` (env KANKA_CONFIG; default $XDG_CONFIG_HOME/kanka/config.yaml)")
	fl.StringVarP(&g.Output, "output", "o", string(output.Table), "output `format`: table, wide, json, yaml, ndjson or id")
	fl.StringVar(&g.JQ, "jq", "", "filter the JSON output with a jq `expression` (with -o json or ndjson, or no -o)")
	fl.StringVar(&g.Template, "template", "", "format the JSON output with a Go `template` (with -o json or ndjson, or no -o)")
	fl.BoolVar(&g.NoHeaders, "no-headers", false, "print tables without their header line")
	fl.BoolVar(&g.Sandbox, "sandbox", false, "use the built-in sandbox instead of a server")
	fl.StringVar(&g.SandboxData, "sandbox-data", "", "the sandbox's state `FILE` (env KANKA_SANDBOX_DATA)")
	fl.BoolVar(&g.NoCache, "no-cache", false, "neither read nor write the local cache (env KANKA_NO_CACHE=1)")
	fl.BoolVar(&g.Debug, "debug", false, "log every request and answer to stderr, token redacted (env KANKA_DEBUG)")
	fl.BoolVar(&g.NoColor, "no-color", false, "never colour the output (env NO_COLOR)")
	fl.StringVar(&g.Timeout, "timeout", "30s", "time limit of one request, a `duration` such as 30s or 2m")
	fl.StringVar(&g.MaxWait, "max-wait", profile.DefaultMaxWait, "longest wait for the rate limit, a `duration`; a longer one ends the command (exit 6), 0 never waits (env KANKA_MAX_WAIT)")
	fl.StringVar(&g.LockWait, "lock-wait", defaultLockWait, lockWaitUsage)
	fl.StringVar(&g.MaxListSize, "max-list-size", defaultMaxListSize, "most bytes read of one list, all its pages together, a `size` such as 8MiB or 64MiB; a longer list ends the command (exit 1)")
	fl.BoolVarP(&g.Quiet, "quiet", "q", false, "print no messages, only data and errors")
	fl.BoolVarP(&g.Yes, "yes", "y", false, "answer yes to every confirmation")
}

const defaultURLHelp = "https://api.kanka.io/1.0"

// defaultMaxListSize is client.DefaultMaxListBytes as --max-list-size
// writes it.
var defaultMaxListSize = strconv.Itoa(client.DefaultMaxListBytes>>20) + "MiB"

// checkGlobals refuses bad global flag values before any request (exit 2):
// the one place -o is parsed and checked against the command that runs.
func checkGlobals(cmd *cobra.Command, f *cmdutil.Factory) error {
	if _, err := output.ParseFormat(f.Globals.Output); err != nil {
		return &cmdutil.UsageError{Err: err}
	}
	if _, err := parseTimeout(f.Globals.Timeout); err != nil {
		return err
	}
	if _, err := profile.ParseMaxWait(f.Globals.MaxWait); err != nil {
		return cmdutil.UsageErrorf("--max-wait %s", err)
	}
	if _, err := lockWaitOf(cmd.Flags(), f.Globals); err != nil {
		return err
	}
	maxList, err := client.ParseByteSize(f.Globals.MaxListSize)
	if err != nil {
		return cmdutil.UsageErrorf("--max-list-size %s", err)
	}
	// Every walk of the command runs under its context, which carries the
	// bound of a list to the client.
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	cmd.SetContext(client.WithMaxListBytes(ctx, maxList))
	if f.Globals.NoColor {
		f.IO.NoColor = true
	}
	// Cobra checks these after the pre-runs and returns plain errors; checked
	// here, they become usage errors.
	if err := cmd.ValidateRequiredFlags(); err != nil {
		return usageError(err)
	}
	if err := cmd.ValidateFlagGroups(); err != nil {
		return usageError(err)
	}
	// A command that prints some formats only says so in its annotations
	// (output.Supports); checked last, where the commands once checked it.
	if err := output.Unsupported(cmd.Annotations, f.Globals.Output, f.Globals.JQ, f.Globals.Template); err != nil {
		return &cmdutil.UsageError{Err: err}
	}
	given := cmd.Flags().Changed("output")
	if err := output.CheckTransform(f.Globals.Output, given, f.Globals.JQ, f.Globals.Template); err != nil {
		return &cmdutil.UsageError{Err: err}
	}
	return nil
}

// markUsageErrors walks the tree so that every argument error is a usage
// error (exit 2): cobra's own are plain errors. A command that only groups
// others answers an unknown subcommand with an error, not with its help.
func markUsageErrors(cmd *cobra.Command) {
	for _, c := range cmd.Commands() {
		markUsageErrors(c)
	}
	switch {
	case cmd.HasSubCommands() && !cmd.Runnable():
		cmd.Args = unknownSubcommand
		cmd.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
	case cmd.Args != nil:
		cmd.Args = cmdutil.NamedArgs(cmd.Args) // a missing argument named from the Use line
	}
}

// unknownSubcommand is the Args of a command that only groups others.
func unknownSubcommand(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
	if near, ok := suggest.Nearest(args[0], subcommandNames(cmd)); ok {
		msg += fmt.Sprintf("; did you mean %q?", near)
	}
	return usageError(errors.New(msg))
}

// subcommandNames are the names of cmd's visible subcommands and help
// topics, then their aliases: on a tie, the name is suggested.
func subcommandNames(cmd *cobra.Command) []string {
	var names, aliases []string
	for _, c := range cmd.Commands() {
		if !c.IsAvailableCommand() && !c.IsAdditionalHelpTopicCommand() && c.Name() != "help" {
			continue
		}
		names = append(names, c.Name())
		aliases = append(aliases, c.Aliases...)
	}
	return append(names, aliases...)
}

// unknownSubcommandFirst finds, before any flag is parsed, a word that
// names no subcommand of the group it follows: `kanka weather lst
// --calendar 1` is an unknown command "lst", not an unknown flag
// --calendar (the group, having no --calendar, would fail on it first).
func unknownSubcommandFirst(root *cobra.Command, args []string) error {
	root.InitDefaultHelpCmd() // cobra adds `help` only when it executes
	c, rest, err := root.Find(args)
	if err != nil || c == nil || !c.HasAvailableSubCommands() {
		return nil
	}
	flags := c.Flags()
	flags.AddFlagSet(c.InheritedFlags())
	// As cobra's own search does: a flag takes the next word as its value
	// unless it is a known switch, has "=", or is a group of shorthands.
	takesValue := func(f *pflag.Flag) bool { return f == nil || f.NoOptDefVal == "" }
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			return nil
		case strings.HasPrefix(a, "--"):
			if !strings.Contains(a, "=") && takesValue(flags.Lookup(a[2:])) {
				i++
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			if len(a) == 2 && takesValue(flags.ShorthandLookup(a[1:])) {
				i++
			}
		case strings.HasPrefix(a, "__"):
			return nil // cobra's hidden completion commands
		default:
			return unknownSubcommand(c, []string{a})
		}
	}
	return nil
}

// debugOn reports whether --debug or KANKA_DEBUG asks for the requests to
// be shown: then an error's message is followed by the request it is about.
func debugOn(cmd *cobra.Command) bool {
	if f := cmd.PersistentFlags().Lookup("debug"); f != nil && f.Changed {
		on, _ := strconv.ParseBool(f.Value.String())
		return on
	}
	on, _ := strconv.ParseBool(os.Getenv("KANKA_DEBUG"))
	return on
}

// usageError is err as a usage error of the command line (exit 2, and
// the hint to read --help), unless it is a usage error already.
func usageError(err error) error { return cmdutil.AsCommandLine(err) }
