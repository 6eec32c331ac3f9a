package profile

import (
	"os"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// Source says where a resolved value came from.
type Source string

// The sources of a value, strongest first.
const (
	FromFlag    Source = "flag"
	FromEnv     Source = "environment"
	FromProfile Source = "profile"
	FromDefault Source = "default"
)

// Resolved are the settings of one run.
type Resolved struct {
	// File is the configuration file (possibly not yet on disk).
	File *File
	// ProfileName is the profile in use; ProfileChosen is true when -p or
	// KANKA_PROFILE named it (so a missing one is a mistake, not a default).
	ProfileName   string
	ProfileChosen bool
	// ProfileSource is where ProfileName came from: FromFlag, FromEnv, or
	// FromProfile for the file's active profile (or DefaultName).
	ProfileSource Source

	URL      string
	Token    string
	Campaign string
	Sandbox  bool
	Debug    bool
	// MaxWait is the longest wait for the rate limit, as written: check it
	// with ParseMaxWait, naming Sources["max_wait"].
	MaxWait string

	// TokenFromKeyring is true when the token is the profile's, read from
	// the system keyring (the file holding only its entry).
	TokenFromKeyring bool

	// Sources tells where url, token, campaign and sandbox came from.
	// When a url or token given for this run turned the profile's sandbox
	// off, the sandbox's source is that layer (FromFlag or FromEnv), and
	// SandboxOffBy names what did it.
	Sources map[string]Source
	// SandboxOffBy are the flags and environment variables ("--url",
	// "KANKA_TOKEN") that turned off the sandbox of the profile for this
	// run, in the order url, token; empty when they did not.
	SandboxOffBy []string
}

// Profile returns the profile in use, or nil when the file has none of
// that name.
func (r *Resolved) Profile() *Profile { return r.File.Get(r.ProfileName) }

// envNames are the environment variables of the settings that have one.
var envNames = map[string]string{
	"url":      "KANKA_URL",
	"token":    "KANKA_TOKEN",
	"campaign": "KANKA_CAMPAIGN",
	"debug":    "KANKA_DEBUG",
	"max_wait": "KANKA_MAX_WAIT",
}

// flagName is the flag of a setting: its key with dashes (max_wait is
// --max-wait).
func flagName(key string) string { return strings.ReplaceAll(key, "_", "-") }

// Resolve reads the configuration file and works out each setting:
// flag > environment > profile > default. flags holds the root command's
// persistent flags (url, token, campaign, profile, config, sandbox, debug);
// a flag counts only when it was given.
//
// The sandbox follows the same order. A profile's sandbox is a default for
// the profile, not an order: a url or token given for this run (--url,
// --token, KANKA_URL, KANKA_TOKEN) names a real server, comes before it,
// and turns it off, so that the run resolves url, token and campaign as
// any other (see sandboxOffBy). A campaign alone (-c, KANKA_CAMPAIGN) names
// no server and leaves the sandbox on.
//
// With the sandbox on, the url, token and campaign of the environment and
// of the profile are ignored: they address a real server, and sending a live
// token to the sandbox would only be refused. Flags still count (to rehearse
// a refused token, say); what is left empty the sandbox fills in.
//
// A profile's token in the system keyring is read only when the run
// needs it: no flag or environment gave one, the file holds none, and the
// sandbox is off (readKeyring).
//
// A file that holds a token and that others can read is warned about on
// stderr, once a run (warnIfOpen).
func Resolve(flags *pflag.FlagSet) (*Resolved, error) {
	path, err := configPath(flags)
	if err != nil {
		return nil, err
	}
	file, err := Load(path)
	if err != nil {
		return nil, err
	}
	warnIfOpen(file)
	r := &Resolved{File: file, Sources: map[string]Source{}}
	r.ProfileName, r.ProfileSource = profileName(flags, file)
	r.ProfileChosen = r.ProfileSource != FromProfile
	prof := file.Get(r.ProfileName)
	if prof == nil {
		prof = &Profile{}
	}

	v := viper.New()
	for _, key := range []string{"url", "token", "campaign", "sandbox", "debug", "max_wait"} {
		if f := flags.Lookup(flagName(key)); f != nil {
			if err := v.BindPFlag(key, f); err != nil {
				return nil, err
			}
		}
		if env, ok := envNames[key]; ok {
			if err := v.BindEnv(key, env); err != nil {
				return nil, err
			}
		}
	}
	if err := v.MergeConfigMap(profileValues(prof)); err != nil {
		return nil, err
	}
	v.SetDefault("url", client.DefaultBaseURL)
	v.SetDefault("max_wait", DefaultMaxWait)

	r.URL = v.GetString("url")
	r.Token = v.GetString("token")
	r.Campaign = v.GetString("campaign")
	r.Sandbox = v.GetBool("sandbox")
	r.Debug = v.GetBool("debug")
	r.MaxWait = v.GetString("max_wait")
	for _, key := range Keys {
		r.Sources[key] = sourceOf(flags, key, prof)
	}

	if r.Sandbox && r.Sources["sandbox"] == FromProfile {
		if by, source := sandboxOffBy(r.Sources); len(by) > 0 {
			r.Sandbox, r.Sources["sandbox"], r.SandboxOffBy = false, source, by
		}
	}
	if r.Sandbox {
		for _, key := range []string{"url", "token", "campaign"} {
			if r.Sources[key] != FromFlag {
				r.Sources[key] = FromDefault
				switch key {
				case "url":
					r.URL = ""
				case "token":
					r.Token = ""
				case "campaign":
					r.Campaign = ""
				}
			}
		}
	}
	if !r.Sandbox && r.Sources["token"] == FromDefault && prof.Keyring != "" {
		r.readKeyring(prof.Keyring)
	}
	return r, nil
}

// sandboxOffBy names the url and token given for this run, by flag or
// environment, which come before a profile's sandbox, and the strongest
// layer among them (the sandbox's source when they turn it off). A
// campaign does not count: it names no server, and a KANKA_CAMPAIGN kept
// in the shell for the real service would otherwise send every rehearsal
// with a sandbox profile to api.kanka.io.
func sandboxOffBy(sources map[string]Source) ([]string, Source) {
	var by []string
	source := FromEnv
	for _, key := range []string{"url", "token"} {
		switch sources[key] {
		case FromFlag:
			by, source = append(by, "--"+flagName(key)), FromFlag
		case FromEnv:
			by = append(by, envNames[key])
		}
	}
	return by, source
}

// profileValues are the profile's settings as viper's configuration layer:
// only those set, so that an empty one does not hide the default.
func profileValues(p *Profile) map[string]any {
	m := p.setValues()
	delete(m, "keyring") // where the token is, not a setting
	if p.Campaign != 0 {
		// Text, as --campaign and KANKA_CAMPAIGN give it (Resolved.Campaign).
		m["campaign"] = strconv.Itoa(p.Campaign)
	}
	return m
}

// sourceOf tells which layer gave key its value, checking the layers in
// viper's order.
func sourceOf(flags *pflag.FlagSet, key string, p *Profile) Source {
	if f := flags.Lookup(flagName(key)); f != nil && f.Changed {
		return FromFlag
	}
	if env, ok := envNames[key]; ok && os.Getenv(env) != "" {
		return FromEnv
	}
	if v, _ := p.Get(key); v != "" && v != "false" {
		return FromProfile
	}
	return FromDefault
}

// configPath is --config, else DefaultPath.
func configPath(flags *pflag.FlagSet) (string, error) {
	if f := flags.Lookup("config"); f != nil && f.Changed && f.Value.String() != "" {
		return f.Value.String(), nil
	}
	return DefaultPath()
}

// profileName is -p, else KANKA_PROFILE, else the file's active profile,
// else DefaultName.
func profileName(flags *pflag.FlagSet, file *File) (string, Source) {
	if f := flags.Lookup("profile"); f != nil && f.Changed && f.Value.String() != "" {
		return f.Value.String(), FromFlag
	}
	if env := os.Getenv("KANKA_PROFILE"); env != "" {
		return env, FromEnv
	}
	return file.ActiveName(), FromProfile
}
