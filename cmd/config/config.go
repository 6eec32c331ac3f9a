// Package config holds `kanka config`: read and change the settings of a
// profile in the configuration file.
package config

import (
	"context"
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// Options are the inputs of the config verbs.
type Options struct {
	IO      *cmdutil.IOStreams
	F       *cmdutil.Factory
	Resolve func() (*profile.Resolved, error)
	// Ctx ends a wait for the file's lock (Ctrl-C).
	Ctx   context.Context
	Key   string
	Value string
	// Name is the profile of `config use`.
	Name string
}

var keysHelp = `Keys:
  url       the API root, such as https://api.kanka.io/1.0
  token     the API token (prefer ` + "`kanka auth login`" + `, which checks it)
  campaign  the campaign id, a positive number
  sandbox   true to use the built-in sandbox, false otherwise
  max_wait  the longest wait for the rate limit, such as 2m (0 never waits)`

// NewCmdConfig builds `kanka config` and its verbs. resolve gives the run's
// configuration file and profile (the active one, or -p NAME).
func NewCmdConfig(f *cmdutil.Factory, resolve func() (*profile.Resolved, error)) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config <command>",
		Short: "Read and change the settings of a profile",
		Long: `Read and change the settings of a profile in the configuration file
($KANKA_CONFIG, else $XDG_CONFIG_HOME/kanka/config.yaml): the active profile,
or the one named by -p. A change keeps the file's comments and order, and
waits for another kanka changing the file at the same time.

` + keysHelp,
		Example: `  kanka config set campaign 12345
  kanka config list
  kanka -p rehearsal config set sandbox true
  kanka config use rehearsal`,
	}
	cmd.AddCommand(
		newCmdGet(f, resolve, nil),
		newCmdSet(f, resolve, nil),
		newCmdList(f, resolve, nil),
		newCmdUse(f, resolve, nil),
	)
	return cmd
}

func newCmdGet(f *cmdutil.Factory, resolve func() (*profile.Resolved, error), runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, Resolve: resolve}
	return &cobra.Command{
		Use:   "get KEY",
		Short: "Print the value of a key (the token masked)",
		Long:  "Print the value of a key of the profile; the token is shown masked.\n\n" + keysHelp,
		Example: `  kanka config get campaign
  kanka -p rehearsal config get url`,
		Args:        cobra.ExactArgs(1),
		ValidArgs:   profile.Keys,
		Annotations: output.TextOnly("config get prints one value").Annotations(),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Key = args[0]
			return cmdutil.RunOr(runF, getRun)(opts)
		},
	}
}

func newCmdSet(f *cmdutil.Factory, resolve func() (*profile.Resolved, error), runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, F: f, Resolve: resolve}
	return &cobra.Command{
		Use:   "set KEY VALUE",
		Short: "Change the value of a key (an empty value removes it)",
		Long: "Change the value of a key of the profile, creating the profile if needed; an empty value removes the key.\n" +
			"A profile named by -p or KANKA_PROFILE does not become the active one: `kanka config use NAME` does that.\n\n" + keysHelp,
		Example: `  kanka config set campaign 12345
  kanka config set max_wait 5m
  kanka config set url ""
  kanka -p rehearsal config set sandbox true`,
		Args:        cobra.ExactArgs(2),
		ValidArgs:   profile.Keys,
		Annotations: output.TextOnly("config set prints nothing").Annotations(),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Ctx = cmd.Context()
			opts.Key, opts.Value = args[0], args[1]
			return cmdutil.RunOr(runF, setRun)(opts)
		},
	}
}

func newCmdList(f *cmdutil.Factory, resolve func() (*profile.Resolved, error), runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IO, F: f, Resolve: resolve}
	return &cobra.Command{
		Use:   "list",
		Short: "Print the keys the profile sets (the token masked)",
		Long: `Print the keys the profile sets, one key=value a line, the token masked;
-o json and -o yaml print them as one object (an empty one when the profile
sets none), the token masked too.`,
		Example: `  kanka config list
  kanka -p rehearsal config list
  kanka config list -o json --jq .campaign`,
		Args:        cobra.NoArgs,
		Annotations: listOutputs.Annotations(),
		RunE: func(*cobra.Command, []string) error {
			return cmdutil.RunOr(runF, listRun)(opts)
		},
	}
}

func getRun(opts *Options) error {
	p, err := runProfile(opts)
	if err != nil {
		return err
	}
	value, err := p.Get(opts.Key)
	if err != nil {
		return &cmdutil.UsageError{Err: err}
	}
	fmt.Fprintln(opts.IO.Out, shown(opts.Key, value))
	return nil
}

func setRun(opts *Options) error {
	r, err := opts.Resolve()
	if err != nil {
		return err
	}
	// A bad key or value is refused before the file is locked.
	if err := new(profile.Profile).Set(opts.Key, opts.Value); err != nil {
		return &cmdutil.UsageError{Err: err}
	}
	return update(opts.Ctx, r, func(f *profile.File) error {
		// Set on a copy of the profile as it is now, not as it was when
		// this run started: another kanka may have changed it since.
		var p profile.Profile
		if old := f.Get(r.ProfileName); old != nil {
			p = *old
		}
		if err := p.Set(opts.Key, opts.Value); err != nil {
			return err
		}
		// Never made the active one: -p is for this run (see File.Put).
		f.Put(r.ProfileName, p)
		return nil
	})
}

// update changes the configuration file under its lock (profile.Update);
// a key or profile the file cannot take is bad input, exit 2.
func update(ctx context.Context, r *profile.Resolved, change func(*profile.File) error) error {
	err := profile.Update(ctx, r.File.Path(), change)
	if profile.IsInvalidValue(err) {
		return &cmdutil.UsageError{Err: err}
	}
	return err
}

// listOutputs are what config list prints; the root refuses any other -o.
var listOutputs = output.Supports{
	Says:    "config list prints key=value lines, or -o json or yaml",
	Formats: []output.Format{output.Table, output.JSON, output.YAML},
}

// listedKeys are the keys a profile sets as list prints them with -o json
// or yaml: the shape of a profile in the file, the token masked.
type listedKeys struct {
	URL   string `json:"url,omitempty" yaml:"url,omitempty"`
	Token string `json:"token,omitempty" yaml:"token,omitempty"`
	// Keyring is the system keyring's entry that holds the token.
	Keyring  string `json:"keyring,omitempty" yaml:"keyring,omitempty"`
	Campaign int    `json:"campaign,omitempty" yaml:"campaign,omitempty"`
	Sandbox  bool   `json:"sandbox,omitempty" yaml:"sandbox,omitempty"`
	MaxWait  string `json:"max_wait,omitempty" yaml:"max_wait,omitempty"`
}

func listRun(opts *Options) error {
	p, err := runProfile(opts)
	if err != nil {
		return err
	}
	printer, err := opts.F.Printer()
	if err != nil {
		return err
	}
	if !printer.PrintsText() {
		keys := listedKeys{URL: client.RedactURL(p.URL), Keyring: p.Keyring, Campaign: p.Campaign, Sandbox: p.Sandbox, MaxWait: p.MaxWait}
		if p.Token != "" {
			keys.Token = profile.MaskToken(p.Token)
		}
		return output.PrintValue(printer, keys)
	}
	for _, key := range profile.Keys {
		value, _ := p.Get(key)
		if value == "" || (key == "sandbox" && !p.Sandbox) {
			continue
		}
		fmt.Fprintf(opts.IO.Out, "%s=%s\n", key, strings.TrimSpace(shown(key, value)))
	}
	if p.Keyring != "" {
		fmt.Fprintf(opts.IO.Out, "keyring=%s\n", p.Keyring)
	}
	return nil
}

// runProfile is the run's profile (the active one, or -p NAME) as the file
// holds it; one the file does not hold yet reads as empty, every key unset.
func runProfile(opts *Options) (*profile.Profile, error) {
	r, err := opts.Resolve()
	if err != nil {
		return nil, err
	}
	if p := r.Profile(); p != nil {
		return p, nil
	}
	return &profile.Profile{}, nil
}

// shown is a value as get and list print it: the token masked, and the
// password of the URL's user info.
func shown(key, value string) string {
	switch key {
	case "token":
		return profile.MaskToken(value)
	case "url":
		return client.RedactURL(value)
	}
	return value
}
