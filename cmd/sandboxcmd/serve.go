package sandboxcmd

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/shellquote"
	"github.com/kanka-cli/kanka/output"
	"github.com/kanka-cli/kanka/sandbox"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// ServeOptions are the settings of `kanka sandbox serve`.
type ServeOptions struct {
	IO *cmdutil.IOStreams

	Addr     string
	DataPath string
	Live     bool
	Rate     string
	Latency  time.Duration
	FailRate float64
	DropRate float64
	Token    string
	Campaign int
	PageSize int
	Seed     uint64
	OmitKeys string
}

// liveRate is the live service's limit for a user without a subscription:
// requests a minute. `serve --live` applies it unless --rate says otherwise.
const liveRate = 30

// shutdownGrace is how long requests in flight may take to finish after
// Ctrl-C.
const shutdownGrace = 5 * time.Second

// NewCmdServe builds `kanka sandbox serve`. runF replaces the run function
// in tests of flag parsing.
func NewCmdServe(f *cmdutil.Factory, runF func(context.Context, *ServeOptions) error) *cobra.Command {
	opts := &ServeOptions{IO: f.IO, Token: sandbox.DefaultToken, Campaign: sandbox.DefaultCampaign}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the sandbox over HTTP",
		Long: `Serve the sandbox over HTTP until Ctrl-C. The lines it prints on stdout set
KANKA_URL, KANKA_TOKEN and KANKA_CAMPAIGN: paste them into another shell, for
kanka or any other client. The global --token and -c/--campaign set what it
accepts (default sandbox-token and 1).

It behaves as the interface document says, or with --live as the live service
does (201 on create, 45 calendars a page, 30 requests a minute ...).
--latency, --fail-rate, --drop-rate and --omit-keys rehearse slow, failing
and cut-off answers. More in docs/sandbox.md.`,
		Example: `  kanka sandbox serve
  kanka sandbox serve -c 7 --token my-test-token
  kanka sandbox serve --addr 127.0.0.1:0 --live --rate 0
  kanka sandbox serve --data ./rehearsal.json --latency 300ms --fail-rate 0.1
  kanka sandbox serve --live --omit-keys updated_at,months`,
		Args:        cobra.NoArgs,
		Annotations: output.TextOnly("sandbox serve prints shell lines that set its address").Annotations(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.fromGlobals(f.Globals, cmd.Flags()); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return serveRun(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Addr, "addr", "127.0.0.1:8080", "`host:port` to listen on (port 0 picks a free port)")
	fl.StringVar(&opts.DataPath, "data", "", "the state's JSON `FILE` (default: in memory)")
	fl.BoolVar(&opts.Live, "live", false, "behave as the live service does, not the document")
	fl.StringVar(&opts.Rate, "rate", "", "rate limit as `N/WINDOW`, such as 90/1m, or 0 for none (default: 30/1m with --live, else none)")
	fl.DurationVar(&opts.Latency, "latency", 0, "add this `duration` to every answer")
	fl.Float64Var(&opts.FailRate, "fail-rate", 0, "answer this `share` (0 to 1) of requests with 500")
	fl.Float64Var(&opts.DropRate, "drop-rate", 0, "apply, then drop, this `share` (0 to 1) of writes")
	fl.IntVar(&opts.PageSize, "page-size", 0, "calendars a page (default 100, or 45 with --live)")
	fl.Uint64Var(&opts.Seed, "seed", 0, "seed of the fault dice (default: random)")
	fl.StringVar(&opts.OmitKeys, "omit-keys", "", "leave keys `KEY,KEY` out of every record answered")
	return cmd
}

// fromGlobals takes the token to accept and the campaign to serve from the
// global --token and -c/--campaign, when given: serve defines no flag of
// its own by those names, which would hide the global ones (and -c).
func (o *ServeOptions) fromGlobals(g *cmdutil.Globals, fl *pflag.FlagSet) error {
	if fl.Changed("token") {
		o.Token = g.Token
	}
	if fl.Changed("campaign") {
		n, err := strconv.Atoi(strings.TrimSpace(g.Campaign))
		if err != nil {
			return cmdutil.UsageErrorf("--campaign must be a positive id, not %q", g.Campaign)
		}
		o.Campaign = n
	}
	return nil
}

// sandboxOptions checks the flags and turns them into sandbox.Options.
func (o *ServeOptions) sandboxOptions() (sandbox.Options, error) {
	so := sandbox.Options{
		Live:             o.Live,
		Token:            o.Token,
		Campaign:         o.Campaign,
		CalendarPageSize: o.PageSize,
		Latency:          o.Latency,
		FailRate:         o.FailRate,
		DropRate:         o.DropRate,
		DataPath:         o.DataPath,
		Seed:             o.Seed,
	}
	switch {
	case strings.TrimSpace(o.Token) == "":
		return so, cmdutil.UsageErrorf("--token must not be empty")
	case o.Campaign < 1:
		return so, cmdutil.UsageErrorf("--campaign must be a positive id, not %d", o.Campaign)
	case o.PageSize < 0:
		return so, cmdutil.UsageErrorf("--page-size must be positive, not %d", o.PageSize)
	case o.Latency < 0:
		return so, cmdutil.UsageErrorf("--latency must not be negative")
	case o.FailRate < 0 || o.FailRate > 1:
		return so, cmdutil.UsageErrorf("--fail-rate must be between 0 and 1, not %v", o.FailRate)
	case o.DropRate < 0 || o.DropRate > 1:
		return so, cmdutil.UsageErrorf("--drop-rate must be between 0 and 1, not %v", o.DropRate)
	}
	switch rate := strings.TrimSpace(o.Rate); {
	case rate == "0": // no limit
	case rate == "" && o.Live:
		so.RateLimit, so.RateWindow = liveRate, time.Minute
	case rate != "":
		n, window, err := parseRate(o.Rate)
		if err != nil {
			return so, err
		}
		so.RateLimit, so.RateWindow = n, window
	}
	if o.OmitKeys != "" {
		for _, k := range strings.Split(o.OmitKeys, ",") {
			if k = strings.TrimSpace(k); k == "" {
				return so, cmdutil.UsageErrorf("--omit-keys must be keys separated by commas, such as updated_at,months, not %q", o.OmitKeys)
			}
			so.OmitKeys = append(so.OmitKeys, k)
		}
	}
	return so, nil
}

// parseRate reads N/WINDOW (30/1m, 90/60s); a bare N is per minute. The
// "0" of no limit is the caller's.
func parseRate(s string) (int, time.Duration, error) {
	countText, windowText, hasWindow := strings.Cut(s, "/")
	n, err := strconv.Atoi(strings.TrimSpace(countText))
	window := time.Minute
	if err == nil && hasWindow {
		window, err = time.ParseDuration(strings.TrimSpace(windowText))
	}
	if err != nil || n < 1 || window <= 0 {
		return 0, 0, cmdutil.UsageErrorf("--rate must be N/WINDOW with N > 0 and a duration, such as 30/1m, or 0 for no limit, not %q", s)
	}
	return n, window, nil
}

func serveRun(ctx context.Context, opts *ServeOptions) error {
	so, err := opts.sandboxOptions()
	if err != nil {
		return err
	}
	handler, err := sandbox.New(so)
	var badState *sandbox.StateFileError
	if errors.As(err, &badState) {
		return err // its own exit code: see cmd/root's exitCode
	}
	if err != nil {
		return cmdutil.UsageErrorf("%v", err)
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %w", opts.Addr, err)
	}
	return serveOn(ctx, opts, handler, ln)
}

// serveOn serves handler on ln until ctx is done, saying first how to
// reach it, and warning when other machines may.
func serveOn(ctx context.Context, opts *ServeOptions, handler http.Handler, ln net.Listener) error {
	url := "http://" + reachableAddr(ln.Addr()) + "/api/1.0"
	fmt.Fprintf(opts.IO.Out, "export KANKA_URL=%s\nexport KANKA_TOKEN=%s\nexport KANKA_CAMPAIGN=%d\n",
		url, shellquote.Quote(opts.Token), opts.Campaign)
	if warning := exposedWarning(ln.Addr()); warning != "" {
		fmt.Fprintln(opts.IO.ErrOut, warning)
	}
	fmt.Fprintf(opts.IO.ErrOut, "Sandbox (%s) serving %s, state %s. Press Ctrl-C to stop.\n",
		modeName(opts.Live), url, stateName(opts.DataPath))

	server := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- server.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("sandbox server stopped: %w", err)
	case <-ctx.Done():
	}
	// The command's context is done (Ctrl-C): let requests in flight finish,
	// so that no write is cut in half, then stop.
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := server.Shutdown(shutdownCtx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("stopping the sandbox: %w", err)
	}
	fmt.Fprintln(opts.IO.ErrOut, "Sandbox stopped.")
	return nil
}

// reachableAddr is the listener's address as a client should dial it: an
// unspecified host (0.0.0.0, ::) becomes the loopback address.
func reachableAddr(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return addr.String()
	}
	ip := tcp.IP
	if ip.IsUnspecified() {
		ip = net.IPv4(127, 0, 0, 1)
	}
	return net.JoinHostPort(ip.String(), strconv.Itoa(tcp.Port))
}

// exposedWarning is the warning that the sandbox listens beyond this
// machine ("" on a loopback address): its token is a test value any
// client is given, so anyone who can reach the address can read and
// change its data. The address is the listener's own, so a name
// (localhost) or an empty host counts as what it was bound to.
func exposedWarning(addr net.Addr) string {
	if tcp, ok := addr.(*net.TCPAddr); ok && tcp.IP.IsLoopback() {
		return ""
	}
	return fmt.Sprintf("warning: the sandbox listens on %s, which other machines may reach, and has no real "+
		"authentication (the token it accepts is a test token, printed as KANKA_TOKEN): anyone who can reach that address can read "+
		"and change its data. Use --addr 127.0.0.1:PORT to keep it on this machine.", addr)
}

func modeName(live bool) string {
	if live {
		return "live mode"
	}
	return "document mode"
}

func stateName(path string) string {
	if path == "" {
		return "in memory"
	}
	return "in " + path
}
