package profile

import (
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/shellquote"
)

// What chose the profile in use, as `profile current` and the -o json of
// `profile list` and `auth status` say it.
const (
	ChosenByFlag    = "flag"        // -p NAME
	ChosenByEnv     = "environment" // KANKA_PROFILE
	ChosenAsActive  = "active"      // the file's active key
	ChosenByDefault = "default"     // nothing: DefaultName
)

// ProfileChoice says what chose the profile in use: ChosenByFlag,
// ChosenByEnv, ChosenAsActive or ChosenByDefault.
func (r *Resolved) ProfileChoice() string {
	switch {
	case r.ProfileSource == FromFlag:
		return ChosenByFlag
	case r.ProfileSource == FromEnv:
		return ChosenByEnv
	case r.File.Active != "":
		return ChosenAsActive
	}
	return ChosenByDefault
}

// LoginCommand is the command that saves a token in the profile in use:
// `kanka auth login`, with -p NAME when -p chose the profile (a later run
// without it would log in to another one). KANKA_PROFILE needs no flag: it
// is still set for the login.
func (r *Resolved) LoginCommand() string {
	if r.ProfileSource == FromFlag {
		return "kanka -p " + shellquote.Quote(r.ProfileName) + " auth login"
	}
	return "kanka auth login"
}

// TokenSource says where the run's token came from, so that the advice on
// a missing or refused token points at what to change (see
// cmdutil.TokenSource).
func (r *Resolved) TokenSource() cmdutil.TokenSource {
	s := cmdutil.TokenSource{Profile: r.ProfileName, File: r.File.Path(), Login: r.LoginCommand()}
	if r.Token == "" {
		return s
	}
	switch r.Sources["token"] {
	case FromFlag:
		s.From = cmdutil.TokenFromFlag
	case FromEnv:
		s.From = cmdutil.TokenFromEnv
	case FromProfile:
		s.From = cmdutil.TokenFromProfile
	}
	return s
}

// Where the run's token is kept, as `auth status -o json` says it
// (Resolved.TokenKeptIn).
const (
	KeptInKeyring = "keyring"     // the profile's, in the system keyring
	KeptInFile    = "config_file" // the profile's, in the configuration file
	KeptInEnv     = "environment" // KANKA_TOKEN
	KeptInFlag    = "flag"        // --token
)

// TokenKeptIn says where the run's token is kept: KeptInKeyring,
// KeptInFile, KeptInEnv or KeptInFlag; "" when the run has none of its
// own (none at all, or the sandbox's).
func (r *Resolved) TokenKeptIn() string {
	if r.Token == "" {
		return ""
	}
	switch r.Sources["token"] {
	case FromFlag:
		return KeptInFlag
	case FromEnv:
		return KeptInEnv
	case FromProfile:
		if r.TokenFromKeyring {
			return KeptInKeyring
		}
		return KeptInFile
	}
	return ""
}
