package profilecmd

import (
	"iter"
	"strconv"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

func newCmdList(f *cmdutil.Factory, resolve func() (*profile.Resolved, error), runF func(*Options) error) *cobra.Command {
	opts := &Options{F: f, Resolve: resolve}
	return &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List the profiles of the configuration file (never a token)",
		Long: `List the profiles of the configuration file: url, campaign, sandbox and
whether a token is set (never the token). The profile in use is marked with *
under CURRENT; -o json and -o yaml add, for each, whether it is the file's
active one and whether it is the one in use.`,
		Example: `  kanka profile list
  kanka profile list -o json --jq '.[] | select(.token_set) | .name'`,
		Args:        cobra.NoArgs,
		Annotations: textJSONYAML("profile list", "a table").Annotations(),
		RunE: func(*cobra.Command, []string) error {
			return cmdutil.RunOr(runF, listRun)(opts)
		},
	}
}

// listedProfile is one profile as list prints it. Unset settings are null,
// so that every object has the same keys; the token is only said to be
// there or not.
type listedProfile struct {
	Name     string  `json:"name" yaml:"name"`
	URL      *string `json:"url" yaml:"url"`
	Campaign *int    `json:"campaign" yaml:"campaign"`
	Sandbox  bool    `json:"sandbox" yaml:"sandbox"`
	MaxWait  *string `json:"max_wait" yaml:"max_wait"`
	TokenSet bool    `json:"token_set" yaml:"token_set"`
	// Active is the file's active profile (or "default" when it names
	// none); Current is the one this run uses, which -p or KANKA_PROFILE
	// may have chosen instead.
	Active  bool `json:"active" yaml:"active"`
	Current bool `json:"current" yaml:"current"`
}

func listRun(opts *Options) error {
	r, err := opts.Resolve()
	if err != nil {
		return err
	}
	p, err := opts.F.Printer()
	if err != nil {
		return err
	}
	if err := p.PrintList(listed(r), profileKind); err != nil {
		return err
	}
	if p.PrintsText() {
		switch {
		case len(r.File.Profiles) == 0:
			cmdutil.Say(opts.F, "%s holds no profiles yet: `kanka auth login` or `kanka config set KEY VALUE` makes one.", r.File.Path())
		case !r.File.Has(r.ProfileName):
			cmdutil.Say(opts.F, "The profile in use, %q, is not in %s.", r.ProfileName, r.File.Path())
		}
	}
	return nil
}

// listed are the file's profiles, by name.
func listed(r *profile.Resolved) iter.Seq2[output.Record, error] {
	return func(yield func(output.Record, error) bool) {
		for _, name := range r.File.Names() {
			v, err := output.NewValue(listedOf(r, name))
			if !yield(v, err) || err != nil {
				return
			}
		}
	}
}

func listedOf(r *profile.Resolved, name string) listedProfile {
	l := listedProfile{Name: name, Active: name == r.File.ActiveName(), Current: name == r.ProfileName}
	p := r.File.Get(name)
	if p == nil {
		return l // `name:` with nothing under it
	}
	if p.URL != "" {
		u := client.RedactURL(p.URL)
		l.URL = &u
	}
	if p.Campaign != 0 {
		c := p.Campaign
		l.Campaign = &c
	}
	if p.MaxWait != "" {
		w := p.MaxWait
		l.MaxWait = &w
	}
	l.Sandbox, l.TokenSet = p.Sandbox, p.HasToken()
	return l
}

// profileKind is how a profile shows in the table; -o yaml prints the
// listed value.
var profileKind = output.Kind{
	Columns: []output.Column{
		{Header: "CURRENT", Value: func(rec output.Record) string { return mark(of(rec).Current) }},
		{Header: "NAME", Value: func(rec output.Record) string { return of(rec).Name }},
		{Header: "URL", Value: func(rec output.Record) string { return output.Text(of(rec).URL) }},
		{Header: "CAMPAIGN", Value: func(rec output.Record) string {
			if c := of(rec).Campaign; c != nil {
				return strconv.Itoa(*c)
			}
			return ""
		}},
		{Header: "SANDBOX", Value: func(rec output.Record) string { return yes(of(rec).Sandbox) }},
		{Header: "TOKEN", Value: func(rec output.Record) string {
			if of(rec).TokenSet {
				return "set"
			}
			return "none"
		}},
	},
	YAML: output.ValueYAML,
}

func of(rec output.Record) listedProfile { return rec.(output.Value).Of().(listedProfile) }

func mark(b bool) string {
	if b {
		return "*"
	}
	return ""
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return ""
}
