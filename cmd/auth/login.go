package auth

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
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
		Long: `Check an API token with one request to the campaign, then save it in the
profile (the active one, or -p NAME), with the URL and campaign when they were
given by flag or environment.

On a terminal the token is asked without echo; with --with-token, or when
stdin is not a terminal, it is read from the first line of stdin.`,
		Example: `  kanka auth login -c 12345
  kanka auth login --with-token -c 12345 < token.txt
  kanka -p work auth login -c 12345`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return loginRun(cmd, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.WithToken, "with-token", false, "read the token from stdin")
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
	c, err := opts.Deps.NewClient(r)
	if err != nil {
		return err
	}
	if err := checkToken(cmd.Context(), c); err != nil {
		if client.IsAuth(err) {
			return &cmdutil.AuthError{Err: fmt.Errorf("the token was refused, nothing was saved: %w", err)}
		}
		return fmt.Errorf("checking the token, nothing was saved: %w", err)
	}

	// The client took the campaign, so it reads as one.
	campaign, _ := profile.ParseCampaign(r.Campaign)
	active := ""
	// Only this login's settings are written, onto the file as it is now:
	// another kanka may have changed it while the token was checked.
	err = profile.Update(cmd.Context(), r.File.Path(), func(f *profile.File) error {
		p := f.Ensure(r.ProfileName)
		p.Token = token
		// Keep where the token works, when the user said it for this login.
		if given(r, "url") {
			p.URL = r.URL
		}
		if given(r, "campaign") && campaign > 0 {
			p.Campaign = campaign
		}
		active = f.ActiveName()
		return nil
	})
	if err != nil {
		return fmt.Errorf("the token works but was not saved: %w", err)
	}
	notice(opts.F, "Logged in: the token works for campaign %s; saved in profile %q of %s.", r.Campaign, r.ProfileName, r.File.Path())
	if active != r.ProfileName {
		notice(opts.F, "The active profile is %q: use -p %s, or make this one active with `kanka config use %s`.", active, r.ProfileName, r.ProfileName)
	}
	return nil
}

// given reports a setting the user gave for this run, as opposed to one
// read from the profile or a default.
func given(r *profile.Resolved, key string) bool {
	s := r.Sources[key]
	return s == profile.FromFlag || s == profile.FromEnv
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
