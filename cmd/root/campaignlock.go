package root

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/internal/campaignlock"
	"github.com/kanka-cli/kanka/internal/lockfile"
	"github.com/kanka-cli/kanka/internal/shellquote"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/pflag"
)

// defaultLockWait is how long a writer waits for another kanka writing to
// the same campaign: an apply or a generated season of a few hundred
// writes takes minutes at the live service's 30 requests a minute, and a
// wait on a terminal says whom it waits for and ends with Ctrl-C.
const defaultLockWait = "10m"

// lockWaitUsage is the help of --lock-wait.
const lockWaitUsage = "longest wait for another kanka of this machine writing to the same campaign, a `duration` " +
	"(an apply of a few hundred writes holds it for minutes at the live limit); a longer one ends the command (exit 9), " +
	"0 never waits (env KANKA_LOCK_WAIT)"

// campaignKey is what a campaign's lock is keyed by: the server and the
// campaign, whatever the profile or the token.
type campaignKey struct {
	host     string
	campaign int
}

// campaignLock is the run's hold of its campaign's lock.
type campaignLock struct {
	mu   sync.Mutex
	key  campaignKey
	held *lockfile.Lock
}

// lockWaitOf reads the run's --lock-wait: the flag when given, else
// KANKA_LOCK_WAIT, else defaultLockWait; an error names where a bad one
// came from (exit 2).
func lockWaitOf(flags *pflag.FlagSet, g *cmdutil.Globals) (time.Duration, error) {
	value, from := g.LockWait, "--lock-wait"
	if f := flags.Lookup("lock-wait"); f == nil || !f.Changed {
		if env, ok := os.LookupEnv("KANKA_LOCK_WAIT"); ok && strings.TrimSpace(env) != "" {
			value, from = env, "KANKA_LOCK_WAIT"
		}
	}
	if value == "" {
		value = defaultLockWait
	}
	d, err := time.ParseDuration(strings.TrimSpace(value))
	if err != nil || d < 0 {
		return 0, cmdutil.UsageErrorf("%s must be a duration such as 30s or 10m, or 0 not to wait, not %q", from, value)
	}
	return d, nil
}

// lockHost tells servers apart for the campaign's lock: the API root's host
// (lower case, without a default port) and path; for the in-process
// sandbox, its state file, its links resolved (two state files are two
// servers, and two names of one file are one).
func lockHost(g *cmdutil.Globals, r *profile.Resolved, cfg client.Config) string {
	if r.Sandbox {
		return "sandbox:" + realPath(sandboxDataPath(g.SandboxData))
	}
	u, err := url.Parse(cfg.BaseURL)
	if err != nil {
		return cfg.BaseURL
	}
	host := strings.ToLower(u.Hostname())
	if port := u.Port(); port != "" && !(u.Scheme == "https" && port == "443") && !(u.Scheme == "http" && port == "80") {
		host += ":" + port
	}
	return host + strings.TrimRight(u.Path, "/")
}

// realPath is path absolute with its links resolved, as far as they exist:
// a state file not made yet is named by its resolved folder.
func realPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(path)); err == nil {
		return filepath.Join(dir, filepath.Base(path))
	}
	return path
}

// commandLine is the run's command as a shell reads it back, the program
// by its name: what a waiting kanka shows of this one.
func commandLine(args []string) string {
	if len(args) == 0 {
		return "kanka"
	}
	words := []string{filepath.Base(args[0])}
	for _, a := range args[1:] {
		words = append(words, shellquote.Quote(a))
	}
	return strings.Join(words, " ")
}

// lockCampaign is Factory.CampaignLock: the lock of the run's campaign on
// its server, under kanka's state folder, taken once a run (the client is
// built first: it knows the server and the campaign). It notes this
// process and its command line, the token hidden; on a terminal a wait
// says whom it waits for.
func (c *connector) lockCampaign(ctx context.Context) error {
	c.lock.mu.Lock()
	defer c.lock.mu.Unlock()
	if c.lock.held != nil {
		return nil
	}
	if _, err := c.factoryClient(); err != nil {
		return err
	}
	wait, err := lockWaitOf(c.flags, c.globals)
	if err != nil {
		return err
	}
	dir, err := stateDir()
	if err != nil {
		return fmt.Errorf("no folder for the lock of campaign %d (set XDG_STATE_HOME): %w", c.lock.key.campaign, err)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	key := c.lock.key
	var onWait func(campaignlock.Holder)
	if c.io.ErrTTY && !c.globals.Quiet {
		onWait = func(h campaignlock.Holder) {
			fmt.Fprintln(c.io.ErrOut, output.Sanitize(fmt.Sprintf("waiting for another kanka writing to campaign %d (%s), %s at most (Ctrl-C to stop)", key.campaign, h, wait)))
		}
	}
	if w := c.io.Watch; w != nil {
		told := onWait
		onWait = func(h campaignlock.Holder) {
			w.Waiting(fmt.Sprintf("for another kanka writing to campaign %d (%s)", key.campaign, h), wait)
			if told != nil {
				told(h)
			}
		}
	}
	held, err := campaignlock.Acquire(ctx, campaignlock.Options{
		Path:     campaignlock.Path(dir, key.host, key.campaign),
		Campaign: key.campaign,
		Wait:     wait,
		Me:       campaignlock.Holder{PID: os.Getpid(), Command: c.io.RedactString(commandLine(os.Args))},
		OnWait:   onWait,
	})
	var (
		busy       *campaignlock.BusyError
		notRegular *lockfile.NotRegularError
	)
	switch {
	case err == nil:
	case errors.As(err, &busy), errors.As(err, &notRegular), ctx.Err() != nil:
		return err // each says it all
	default:
		// The state folder cannot hold it (read-only, not a folder).
		return fmt.Errorf("cannot lock campaign %d for writing in %s: %w; set XDG_STATE_HOME to a folder kanka can write to", key.campaign, dir, err)
	}
	c.lock.held = held
	return nil
}

// releaseCampaign releases the run's campaign lock, if it took it.
func (c *connector) releaseCampaign() {
	c.lock.mu.Lock()
	defer c.lock.mu.Unlock()
	c.lock.held.Unlock()
	c.lock.held = nil
}
