package auth

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// LoginOptions are the inputs of `kanka auth login`.
type LoginOptions struct {
	IO   *cmdutil.IOStreams
	F    *cmdutil.Factory
	Deps Deps
	// WithToken reads the token from stdin even on a terminal.
	WithToken bool
	// InsecureStorage saves the token in the configuration file even
	// where a system keyring is available.
	InsecureStorage bool
	// ReadSecret reads a line from the terminal without echoing it.
	ReadSecret func() (string, error)
}

// NewCmdLogin builds `kanka auth login`; runF replaces the run in tests.
func NewCmdLogin(f *cmdutil.Factory, deps Deps, runF func(*LoginOptions) error) *cobra.Command {
	opts := &LoginOptions{IO: f.IO, F: f, Deps: deps}
	var cmd *cobra.Command
	opts.ReadSecret = readTerminalSecret(f.IO, func() context.Context {
		if ctx := cmd.Context(); ctx != nil {
			return ctx
		}
		return context.Background()
	})
	cmd = &cobra.Command{
		Use:   "login",
		Short: "Check a token and save it in the profile",
		Long: `Check an API token with one request to the campaign, then save it for the
profile (the active one, or -p NAME), with the URL and campaign when they were
given as flags (--url, -c). KANKA_URL and KANKA_CAMPAIGN serve the check but
are not saved: the environment is for one shell, the profile for every run.

The token goes to the system keyring (the macOS Keychain, the Secret Service
of a Linux desktop, the Windows Credential Manager) where there is one, and
the profile in the configuration file names its entry. Without a keyring, or
with --insecure-storage or KANKA_NO_KEYRING=1, it goes in the configuration
file (mode 0600). Login says which.

On a terminal the token is asked without echo; with --with-token, or when
stdin is not a terminal, it is read from the first line of stdin.`,
		Example: `  kanka auth login -c 12345
  kanka auth login --with-token -c 12345 < token.txt
  kanka -p work auth login -c 12345
  kanka auth login --insecure-storage -c 12345`,
		Args:        cobra.NoArgs,
		Annotations: output.TextOnly("auth login prints only messages").Annotations(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return loginRun(cmd, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.WithToken, "with-token", false, "read the token from stdin")
	cmd.Flags().BoolVar(&opts.InsecureStorage, "insecure-storage", false, "save the token in the configuration file, not in the system keyring")
	return cmd
}

func loginRun(cmd *cobra.Command, opts *LoginOptions) error {
	r, err := opts.Deps.Resolve()
	if err != nil {
		return err
	}
	token, err := readToken(cmd.Context(), opts)
	if err != nil {
		return err
	}
	// Hidden from all that is printed from now on: a server may echo it.
	opts.IO.Redact(token)
	r.Token = token
	// A login is for a real server: a profile that used the sandbox (the
	// README's set-up makes the default one do) stops, unless --sandbox
	// asks for the sandbox itself.
	sandboxFlag := r.Sources["sandbox"] == profile.FromFlag
	leavesSandbox := !sandboxFlag && r.Profile() != nil && r.Profile().Sandbox
	if !sandboxFlag {
		r.Sandbox = false
	}
	if leavesSandbox {
		// The sandbox set the profile's server aside: it is back.
		prof := r.Profile()
		if r.URL == "" {
			r.URL = cmp.Or(prof.URL, client.DefaultBaseURL)
		}
		if r.Campaign == "" {
			r.Campaign = os.Getenv("KANKA_CAMPAIGN")
		}
		if r.Campaign == "" && prof.Campaign > 0 {
			r.Campaign = strconv.Itoa(prof.Campaign)
		}
	}
	c, err := opts.Deps.NewClient(r)
	if err != nil {
		return err
	}
	if err := checkToken(cmd.Context(), c); err != nil {
		if client.IsAuth(err) {
			return &cmdutil.AuthError{Err: fmt.Errorf("the token was refused, nothing was saved: %w", err), Advice: refusedAdvice(r.Campaign)}
		}
		return fmt.Errorf("checking the token, nothing was saved: %w", err)
	}

	// The client took the campaign, so it reads as one.
	campaign, _ := profile.ParseCampaign(r.Campaign)
	store := storeToken(opts, r, token)
	active := ""
	// Only this login's settings are written, onto the file as it is now:
	// another kanka may have changed it while the token was checked.
	err = profile.Update(cmd.Context(), r.File.Path(), func(f *profile.File) error {
		p := f.Ensure(r.ProfileName)
		p.Token, p.Keyring = token, ""
		if store.entry != "" {
			p.Token, p.Keyring = "", store.entry
		}
		if leavesSandbox {
			p.Sandbox = false
		}
		// Keep where the token works, when the user said it for this
		// login: a KANKA_URL or KANKA_CAMPAIGN of the shell is not saved.
		if given(r, "url") {
			p.URL = r.URL
		}
		if given(r, "campaign") && campaign > 0 {
			p.Campaign = campaign
		}
		active = f.ActiveName()
		return nil
	})
	switch {
	case profile.IsKeyringLeft(err):
		// Saved; only the token it replaced stays in the keyring.
		fmt.Fprintf(opts.IO.ErrOut, "warning: %v\n", err)
	case err != nil:
		store.undo(r)
		return fmt.Errorf("the token works but was not saved: %w", err)
	}
	if store.entry != "" {
		notice(opts.F, "Logged in: the token works for campaign %s; saved in the system keyring for profile %q of %s.", r.Campaign, r.ProfileName, r.File.Path())
	} else {
		notice(opts.F, "Logged in: the token works for campaign %s; saved in profile %q of %s.", r.Campaign, r.ProfileName, r.File.Path())
	}
	if store.why != "" {
		notice(opts.F, "%s", store.why)
	}
	if leavesSandbox {
		notice(opts.F, "Profile %q no longer uses the sandbox (`kanka --sandbox ...` still does, for one command).", r.ProfileName)
	}
	if active != r.ProfileName {
		notice(opts.F, "The active profile is %q: use -p %s, or make this one active with `kanka config use %s`.", active, r.ProfileName, r.ProfileName)
	}
	if unsaved := fromEnv(r, "url", "campaign"); len(unsaved) > 0 {
		notice(opts.F, "%s served the check but %s not saved: `kanka config set` saves a setting in the profile.", strings.Join(unsaved, " and "), cmdutil.Plural(len(unsaved), "was", "were"))
	}
	if os.Getenv("KANKA_TOKEN") != "" {
		notice(opts.F, "KANKA_TOKEN is set in the environment and comes before any profile: unset it to use the token just saved.")
	}
	return nil
}

// refusedAdvice is the way forward from a refused login: the token is the
// one just given, so logging in again with it would only be refused again.
func refusedAdvice(campaign string) string {
	if campaign == "" {
		return "Check that the token is whole and current (Settings > API in Kanka)."
	}
	return fmt.Sprintf("Check that the token is whole and current (Settings > API in Kanka), and that its account can see campaign %s.", campaign)
}

// given reports a setting the user gave as a flag of this login: only
// these are saved. One from the environment is the shell's, for this
// session, and may be meant for another profile.
func given(r *profile.Resolved, key string) bool {
	return r.Sources[key] == profile.FromFlag
}

// fromEnv are the environment variables of keys that gave this run its
// setting.
func fromEnv(r *profile.Resolved, keys ...string) []string {
	var names []string
	for _, key := range keys {
		if r.Sources[key] == profile.FromEnv {
			names = append(names, "KANKA_"+strings.ToUpper(key))
		}
	}
	return names
}

// maxTokenBytes bounds the token read from stdin: a Kanka token is about a
// thousand characters; a wrong input (/dev/zero, a big file) is refused at
// this size instead of being read whole.
const maxTokenBytes = 64 << 10

// readToken asks for the token without echo on a terminal, else reads the
// first line of stdin (at most maxTokenBytes; ctx ends a read that blocks).
func readToken(ctx context.Context, opts *LoginOptions) (string, error) {
	var (
		token string
		err   error
	)
	if opts.IO.InTTY && !opts.WithToken {
		fmt.Fprint(opts.IO.ErrOut, "Paste your Kanka API token (Settings > API in Kanka): ")
		opts.IO.Flush()
		token, err = opts.ReadSecret()
		fmt.Fprintln(opts.IO.ErrOut)
	} else {
		token, err = cmdutil.ReadLine(ctx, opts.IO.In, maxTokenBytes)
	}
	if errors.Is(err, cmdutil.ErrLineTooLong) {
		return "", cmdutil.UsageErrorf("the token on standard input is longer than 64 KiB; is it the right input?")
	}
	if err != nil {
		return "", fmt.Errorf("reading the token: %w", err)
	}
	token = strings.TrimSpace(token)
	if token == "" {
		return "", cmdutil.UsageErrorf("no token given: paste it at the prompt, or pipe it with --with-token")
	}
	return token, nil
}

// readTerminalSecret reads a line from the terminal on stdin without echo.
// Ctrl-C ends it at once and turns the echo back on.
func readTerminalSecret(s *cmdutil.IOStreams, ctx func() context.Context) func() (string, error) {
	return func() (string, error) {
		in, ok := s.In.(*os.File)
		if !ok {
			return "", errors.New("stdin is not a terminal")
		}
		fd := int(in.Fd())
		state, err := term.GetState(fd)
		if err != nil {
			return "", err
		}
		return cmdutil.ReadInterruptibly(ctx(), func() (string, error) {
			b, err := term.ReadPassword(fd)
			return string(b), err
		}, func() { _ = term.Restore(fd, state) })
	}
}
