package root

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/internal/cache"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/pflag"
)

// sandboxBaseURL is the API root the in-process sandbox answers on; no
// request leaves the process, so the host is only a name.
const sandboxBaseURL = "http://localhost/api/1.0"

// connector builds what the Factory hands out from the root command's
// persistent flags, once they are parsed.
type connector struct {
	io      *cmdutil.IOStreams
	globals *cmdutil.Globals
	flags   *pflag.FlagSet

	resolveOnce sync.Once
	resolved    *profile.Resolved
	resolveErr  error

	activityOnce sync.Once
	activityOf   *cmdutil.Activity

	clientOnce sync.Once
	client     *client.Client
	clientErr  error

	// cacheOf is the run's cache, opened with the first client; nil when
	// off.
	cacheOnce sync.Once
	cacheOf   *cache.Cache
	cacheErr  error

	// lock is the run's hold of its campaign's lock (lockCampaign).
	lock campaignLock
}

// cache is Factory.Cache: the cache the run's client keeps up to date.
func (c *connector) cache() *cache.Cache {
	if _, err := c.factoryClient(); err != nil {
		return nil
	}
	return c.cacheOf
}

// resolve works out url, token, campaign and the rest (flag > env >
// profile > default), once per run.
func (c *connector) resolve() (*profile.Resolved, error) {
	c.resolveOnce.Do(func() {
		c.resolved, c.resolveErr = profile.Resolve(c.flags)
		if c.resolved != nil {
			hideSecrets(c.io, c.resolved.Token, c.resolved.URL)
		}
		if profile.IsInvalidValue(c.resolveErr) {
			// A mistyped configuration file is invalid input: exit 2.
			c.resolveErr = &cmdutil.UsageError{Err: c.resolveErr}
		}
	})
	return c.resolved, c.resolveErr
}

// factoryClient is Factory.Client: one client per run, so that every
// request of a command shares the pacing of the rate limit.
func (c *connector) factoryClient() (*client.Client, error) {
	c.clientOnce.Do(func() {
		r, err := c.resolve()
		if err != nil {
			c.clientErr = err
			return
		}
		if r.ProfileChosen && !r.File.Has(r.ProfileName) {
			c.clientErr = missingProfile(r)
			return
		}
		c.client, c.clientErr = c.newClient(r)
	})
	return c.client, c.clientErr
}

// missingProfile refuses a profile that -p or KANKA_PROFILE named and the
// file lacks: the one meant when the name looks like a typo of it, else
// how to create it (exit 2).
func missingProfile(r *profile.Resolved) error {
	return &cmdutil.UsageError{Err: r.File.UnknownProfile(r.ProfileName)}
}

// newClient builds a client for the settings r; auth login uses it with the
// token being checked.
func (c *connector) newClient(r *profile.Resolved) (*client.Client, error) {
	return c.newClientWith(r, nil)
}

// completionClient is Factory.CompletionClient: a shell waits on it at
// every Tab, so it never waits for the rate limit, never retries, logs
// nothing (stderr would reach the terminal) and gives a request at most
// cmdutil.CompletionTimeout.
func (c *connector) completionClient() (*client.Client, error) {
	r, err := c.resolve()
	if err != nil {
		return nil, err
	}
	if r.ProfileChosen && !r.File.Has(r.ProfileName) {
		return nil, missingProfile(r)
	}
	return c.newClientWith(r, func(cfg *client.Config) {
		cfg.MaxRetries, cfg.RateLimitRetries, cfg.MaxWait = -1, -1, -1
		cfg.Timeout = min(cfg.Timeout, cmdutil.CompletionTimeout)
		cfg.OnExchange, cfg.OnWait = nil, nil
	})
}

// newClientWith is newClient with edit, when set, applied to the settings
// last.
func (c *connector) newClientWith(r *profile.Resolved, edit func(*client.Config)) (*client.Client, error) {
	timeout, err := parseTimeout(c.globals.Timeout)
	if err != nil {
		return nil, err
	}
	maxWait, err := maxWaitOf(r)
	if err != nil {
		return nil, err
	}
	cfg := client.Config{
		BaseURL:   r.URL,
		Token:     r.Token,
		UserAgent: userAgent(),
		Timeout:   timeout,
		MaxWait:   maxWait,
	}
	if r.Campaign != "" {
		if cfg.Campaign, err = profile.ParseCampaign(r.Campaign); err != nil {
			return nil, &cmdutil.UsageError{Err: err}
		}
	}
	if r.Sandbox {
		if err := c.useSandbox(&cfg); err != nil {
			return nil, err
		}
	}
	if cfg.Campaign == 0 && cfg.Token == "" {
		// A first run: both are missing, and both ways forward are said.
		return nil, &cmdutil.AuthError{Err: errors.New("no campaign and no API token yet: run `kanka auth login -c ID` (the id is in the campaign's URL), or add --sandbox to try kanka without an account")}
	}
	if cfg.Campaign == 0 {
		return nil, cmdutil.UsageErrorf("no campaign: pass --campaign ID, set KANKA_CAMPAIGN, or run `kanka config set campaign ID` (the id is in the campaign's URL)")
	}
	if cfg.Token == "" {
		return nil, cmdutil.NoToken(r.TokenSource())
	}
	// auth login's token, or the sandbox's, may be new here.
	hideSecrets(c.io, cfg.Token, cfg.BaseURL)
	if edit == nil {
		c.lock.key = campaignKey{host: lockHost(c.globals, r, cfg), campaign: cfg.Campaign}
	}
	if r.Debug {
		cfg.OnExchange = client.DebugLogger(c.io.ErrOut)
	}
	// A completion (edit set) draws nothing: the shell owns the terminal.
	activity := c.activity(r)
	switch {
	case r.Debug:
		cfg.OnWait = waitNotice(c.io.ErrOut) // lines among the log's
	case activity != nil && edit == nil:
		cfg.Transport = activityTransport{next: cfg.Transport, activity: activity}
		cfg.OnWait = countdown(activity)
	case c.io.ErrTTY && !c.globals.Quiet:
		cfg.OnWait = waitNotice(c.io.ErrOut)
	}
	if w := c.io.Watch; w != nil && edit == nil {
		cfg.Transport = watchTransport{next: cfg.Transport, watch: w}
		cfg.OnWait = watchWaits(cfg.OnWait, w)
	}
	c.cacheOnce.Do(func() { c.cacheOf, c.cacheErr = openCache(c.globals, r, cfg) })
	if c.cacheErr != nil {
		return nil, c.cacheErr
	}
	if c.cacheOf != nil {
		cfg.Observer = c.cacheOf
		cfg.LiveWeatherPath = c.cacheOf.KnowsLiveWeatherPath()
	}
	if edit != nil {
		edit(&cfg)
	}
	cl, err := client.New(cfg)
	if err != nil {
		// A bad URL, or a token that would go over plain http: nothing was
		// sent, the settings are wrong.
		return nil, &cmdutil.UsageError{Err: err}
	}
	return cl, nil
}

// activity is the run's spinner and countdown, nil when stderr is not a
// terminal, with -q, or with --debug (whose log has the stderr).
func (c *connector) activity(r *profile.Resolved) *cmdutil.Activity {
	c.activityOnce.Do(func() {
		c.activityOf = cmdutil.NewActivity(c.io, c.globals.Quiet || r.Debug)
	})
	return c.activityOf
}

// hideSecrets has the streams hide token and the password of url's user
// info from all they print, server data included.
func hideSecrets(s *cmdutil.IOStreams, token, url string) {
	s.Redact(token)
	s.Redact(client.URLPassword(url))
}

// useSandbox points cfg at the in-process sandbox, with its token and
// campaign unless flags gave others.
func (c *connector) useSandbox(cfg *client.Config) error {
	transport, err := sandboxTransport(c.globals.SandboxData)
	if err != nil {
		return err
	}
	cfg.Transport = transport
	cfg.BaseURL = sandboxBaseURL
	if cfg.Token == "" {
		cfg.Token = sandboxToken
	}
	if cfg.Campaign == 0 {
		cfg.Campaign = sandboxCampaign
	}
	return nil
}

// parseTimeout reads --timeout.
func parseTimeout(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, cmdutil.UsageErrorf("--timeout must be a positive duration such as 30s or 2m, not %q", s)
	}
	return d, nil
}

// maxWaitOf reads the run's longest wait for the rate limit, naming where
// a bad one came from. 0 ("never wait") is negative for the client, whose
// zero is its default.
func maxWaitOf(r *profile.Resolved) (time.Duration, error) {
	d, err := profile.ParseMaxWait(r.MaxWait)
	if err != nil {
		from := fmt.Sprintf("max_wait of profile %q in %s", r.ProfileName, r.File.Path())
		switch r.Sources["max_wait"] {
		case profile.FromFlag:
			from = "--max-wait"
		case profile.FromEnv:
			from = "KANKA_MAX_WAIT"
		}
		return 0, cmdutil.UsageErrorf("%s %s", from, err)
	}
	if d == 0 {
		return -1, nil
	}
	return d, nil
}

// printer is Factory.Printer. A --jq or --template that does not compile
// is invalid input: exit 2, before any request. output.New parses -o (the
// root's pre-run has refused a bad one already).
func (c *connector) printer() (*output.Printer, error) {
	// What a table leaves out to fit the terminal is said on stderr,
	// unless -q.
	var notes io.Writer
	if !c.globals.Quiet {
		notes = c.io.ErrOut
	}
	p, err := output.New(c.io.Out, output.Options{
		Format:    output.Format(c.globals.Output),
		JQ:        c.globals.JQ,
		Template:  c.globals.Template,
		NoHeaders: c.globals.NoHeaders,
		Color:     c.io.ColorEnabled() && !c.globals.NoColor,
		Width:     c.io.TermWidth,
		Redact:    c.io.RedactString,
		Notes:     notes,
	})
	if err != nil {
		return nil, &cmdutil.UsageError{Err: err}
	}
	return p, nil
}

// confirmer is Factory.Confirm: a y/N question on stderr, answered by a
// line of stdin. The reader is kept so that a second question does not lose
// what the first one buffered.
// Ctrl-C at the question ends the command (exit 130).
func confirmer(s *cmdutil.IOStreams, ctx func() context.Context) func(string) (bool, error) {
	var in *bufio.Reader
	return func(question string) (bool, error) {
		if in == nil {
			in = bufio.NewReader(s.In)
		}
		fmt.Fprintf(s.ErrOut, "%s [y/N] ", question)
		s.Flush() // the whole question is on screen before the answer is read
		line, err := cmdutil.ReadInterruptibly(ctx(), func() (string, error) { return in.ReadString('\n') }, nil)
		if errors.Is(err, context.Canceled) {
			fmt.Fprintln(s.ErrOut)
			return false, err
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return false, err
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "y", "yes":
			return true, nil
		}
		return false, nil
	}
}

// waitNotice says why the command is quiet during a long wait (the rate
// limit's window can be a minute away); short retry pauses go unsaid.
func waitNotice(w io.Writer) func(string, time.Duration) {
	return func(reason string, d time.Duration) {
		// A wait for "1s" is measured a hair later, at 0.99999s: round first.
		if rounded := d.Round(100 * time.Millisecond); rounded >= time.Second {
			fmt.Fprintf(w, "waiting %s %s (Ctrl-C to stop)\n", d.Round(time.Second), reason)
		}
	}
}

// withTokenAdvice gives a 401 or 403 that a command ended with the advice
// for where the run's token came from (cmdutil.WithTokenAdvice).
func (c *connector) withTokenAdvice(err error) error {
	if err == nil || c.resolved == nil {
		return err
	}
	return cmdutil.WithTokenAdvice(err, c.resolved.TokenSource())
}
