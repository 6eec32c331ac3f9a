package auth

import (
	"fmt"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// StatusOptions are the inputs of `kanka auth status`.
type StatusOptions struct {
	IO   *cmdutil.IOStreams
	F    *cmdutil.Factory
	Deps Deps
	// Now is the clock the expiry is measured with (time.Now when nil).
	Now func() time.Time
}

// NewCmdStatus builds `kanka auth status`; runF replaces the run in tests.
func NewCmdStatus(f *cmdutil.Factory, deps Deps, runF func(*StatusOptions) error) *cobra.Command {
	opts := &StatusOptions{IO: f.IO, F: f, Deps: deps}
	return &cobra.Command{
		Use:   "status",
		Short: "Show the settings in use and whether the token works",
		Long: `Show the profile, URL, campaign and token (masked) in use, where each comes
from, and whether the token works (one request). Exits with 3 when it does not.
The profile line says whether the profile in use is the active one. The token
is said to be kept in the system keyring, the configuration file, KANKA_TOKEN
or --token, and to expire when it says so itself (Kanka's personal access
tokens last a year).

-o json and -o yaml print the same as one object; the token is only said to
be set, and shown masked, never whole.`,
		Example: `  kanka auth status
  kanka -p work auth status
  kanka --sandbox auth status
  kanka auth status -o json --jq .status`,
		Args:        cobra.NoArgs,
		Annotations: statusOutputs.Annotations(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return statusRun(cmd, opts)
		},
	}
}

// statusOutputs are what auth status prints; the root refuses any other -o.
var statusOutputs = output.Supports{
	Says:    "auth status prints text, or -o json or yaml",
	Formats: []output.Format{output.Table, output.JSON, output.YAML},
}

// The states of the token, as -o json says them.
const (
	tokenWorks   = "works"
	tokenRefused = "refused"
	noToken      = "not_logged_in"
)

func statusRun(cmd *cobra.Command, opts *StatusOptions) error {
	r, err := opts.Deps.Resolve()
	if err != nil {
		return err
	}
	p, err := opts.F.Printer()
	if err != nil {
		return err
	}
	if !p.PrintsText() {
		return statusValueRun(cmd, opts, r, p)
	}
	out := opts.IO.Out
	fmt.Fprintf(out, "profile:   %s in %s\n", profileAndSource(r), r.File.Path())
	if r.Sandbox {
		fmt.Fprintf(out, "url:       the built-in sandbox (%s)\n", r.Sources["sandbox"])
	} else {
		fmt.Fprintf(out, "url:       %s (%s)\n", client.RedactURL(r.URL), r.Sources["url"])
	}
	fmt.Fprintf(out, "campaign:  %s\n", valueAndSource(r, "campaign", r.Campaign))
	token := ""
	if r.Token != "" {
		token = profile.MaskToken(r.Token)
	}
	fmt.Fprintf(out, "token:     %s\n", valueAndSource(r, "token", token))
	if place := r.TokenKeptIn(); place != "" {
		fmt.Fprintf(out, "kept in:   %s\n", keptInWords[place])
		fmt.Fprintf(out, "expires:   %s\n", expiryWords(r.Token, opts.now()))
	}

	state, err := check(cmd, opts, r)
	switch state {
	case noToken:
		fmt.Fprintln(out, "status:    not logged in")
	case tokenRefused:
		fmt.Fprintln(out, "status:    the token does not work")
	case tokenWorks:
		fmt.Fprintln(out, "status:    the token works")
	}
	return err
}

// check spends one request to learn whether the run's token works: its
// state (tokenWorks, tokenRefused, noToken), and the error the command
// ends with, which names where a missing or refused token came from. A
// failure that says nothing of the token (the network, say) has no state.
func check(cmd *cobra.Command, opts *StatusOptions, r *profile.Resolved) (string, error) {
	if r.Token == "" && !r.Sandbox {
		return noToken, cmdutil.NoToken(r.TokenSource())
	}
	c, err := opts.Deps.NewClient(r)
	if err != nil {
		return "", err
	}
	if err := checkToken(cmd.Context(), c); err != nil {
		if client.IsAuth(err) {
			return tokenRefused, cmdutil.WithTokenAdvice(err, r.TokenSource())
		}
		return "", err
	}
	return tokenWorks, nil
}

// statusValue is auth status with -o json or yaml. A setting with no value
// is null, and so is its source (the sandbox's own is "sandbox"); the token
// is only said to be set, and shown masked.
type statusValue struct {
	Profile string `json:"profile" yaml:"profile"`
	// ProfileSource is profile.ChosenByFlag, ChosenByEnv, ChosenAsActive
	// or ChosenByDefault.
	ProfileSource  string  `json:"profile_source" yaml:"profile_source"`
	ActiveProfile  string  `json:"active_profile" yaml:"active_profile"`
	Config         string  `json:"config" yaml:"config"`
	URL            *string `json:"url" yaml:"url"`
	URLSource      *string `json:"url_source" yaml:"url_source"`
	Sandbox        bool    `json:"sandbox" yaml:"sandbox"`
	Campaign       *int    `json:"campaign" yaml:"campaign"`
	CampaignSource *string `json:"campaign_source" yaml:"campaign_source"`
	TokenSet       bool    `json:"token_set" yaml:"token_set"`
	Token          *string `json:"token" yaml:"token"`
	TokenSource    *string `json:"token_source" yaml:"token_source"`
	// TokenKeptIn is profile.KeptInKeyring, KeptInFile, KeptInEnv or
	// KeptInFlag; TokenExpires is when the token says it expires.
	TokenKeptIn  *string    `json:"token_kept_in" yaml:"token_kept_in"`
	TokenExpires *time.Time `json:"token_expires" yaml:"token_expires"`
	// Status is tokenWorks, tokenRefused or noToken.
	Status string `json:"status" yaml:"status"`
}

// statusValueRun prints the status as one value once the token is checked,
// and ends as the text does (exit 3 for a missing or refused token). A
// check that fails otherwise prints nothing: the status is not known.
func statusValueRun(cmd *cobra.Command, opts *StatusOptions, r *profile.Resolved, p *output.Printer) error {
	state, err := check(cmd, opts, r)
	if state == "" {
		return err
	}
	v := statusValue{
		Profile:       r.ProfileName,
		ProfileSource: r.ProfileChoice(),
		ActiveProfile: r.File.ActiveName(),
		Config:        r.File.Path(),
		Sandbox:       r.Sandbox,
		TokenSet:      r.Token != "",
		Status:        state,
	}
	if r.Sandbox {
		v.URLSource = text("sandbox")
	} else {
		v.URL, v.URLSource = text(client.RedactURL(r.URL)), sourceOf(r, "url", r.URL)
	}
	if id, err := profile.ParseCampaign(r.Campaign); err == nil {
		v.Campaign = &id
	}
	v.CampaignSource = sourceOf(r, "campaign", r.Campaign)
	if r.Token != "" {
		v.Token = text(profile.MaskToken(r.Token))
	}
	v.TokenSource = sourceOf(r, "token", r.Token)
	v.TokenKeptIn = text(r.TokenKeptIn())
	if expires, ok := profile.TokenExpiry(r.Token); ok {
		v.TokenExpires = &expires
	}
	if printErr := output.PrintValue(p, v); printErr != nil {
		return printErr
	}
	return err
}

// sourceOf is where the value of key came from: the sandbox's own when it
// filled it in, nil when there is none.
func sourceOf(r *profile.Resolved, key, value string) *string {
	switch {
	case value != "":
		return text(string(r.Sources[key]))
	case r.Sandbox:
		return text("sandbox")
	}
	return nil
}

func text(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// valueAndSource is "value (source)", or "none" when there is no value.
func valueAndSource(r *profile.Resolved, key, value string) string {
	if value == "" {
		if r.Sandbox {
			return "the sandbox's"
		}
		return "none"
	}
	return fmt.Sprintf("%s (%s)", value, r.Sources[key])
}

// profileAndSource is the profile in use and why: "work (active)", or
// "play (flag; the active profile is work)" when -p or KANKA_PROFILE chose
// another than the active one.
func profileAndSource(r *profile.Resolved) string {
	active := r.File.ActiveName()
	if r.ProfileName == active {
		return r.ProfileName + " (active)"
	}
	return fmt.Sprintf("%s (%s; the active profile is %s)", r.ProfileName, r.ProfileSource, active)
}

// now is the status's clock: Now, else the time.
func (opts *StatusOptions) now() time.Time {
	if opts.Now != nil {
		return opts.Now()
	}
	return time.Now()
}

// keptInWords are the places of a token as the text says them.
var keptInWords = map[string]string{
	profile.KeptInKeyring: "the system keyring",
	profile.KeptInFile:    "the configuration file",
	profile.KeptInEnv:     "KANKA_TOKEN",
	profile.KeptInFlag:    "--token",
}

// expiryWords is when token expires and how far that is from now, or
// "unknown" for a token that does not say (one that is not a JWT).
func expiryWords(token string, now time.Time) string {
	expires, ok := profile.TokenExpiry(token)
	if !ok {
		return "unknown"
	}
	if expires.After(now) {
		return fmt.Sprintf("%s (%s)", profile.ExpiryDate(expires), profile.ExpiresIn(expires, now))
	}
	return fmt.Sprintf("%s (expired %s)", profile.ExpiryDate(expires), profile.ExpiresIn(expires, now))
}
