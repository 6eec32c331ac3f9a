package profile

import (
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// What chose the profile, and where the token came from, as the advice on
// a refused token and `profile current` say them.
func TestProfileChoiceAndTokenSource(t *testing.T) {
	tests := []struct {
		name   string
		flags  []string
		env    map[string]string
		file   string
		choice string
		want   cmdutil.TokenSource
	}{
		{"active, token of the profile", nil, nil, testConfig, ChosenAsActive,
			cmdutil.TokenSource{From: cmdutil.TokenFromProfile, Profile: "main", Login: "kanka auth login"}},
		{"-p, token of the environment", []string{"-p", "other"}, map[string]string{"KANKA_TOKEN": "env-token"}, testConfig, ChosenByFlag,
			cmdutil.TokenSource{From: cmdutil.TokenFromEnv, Profile: "other", Login: "kanka -p other auth login"}},
		{"KANKA_PROFILE, token of the flag", []string{"--token", "flag-token"}, map[string]string{"KANKA_PROFILE": "other"}, testConfig, ChosenByEnv,
			cmdutil.TokenSource{From: cmdutil.TokenFromFlag, Profile: "other", Login: "kanka auth login"}},
		{"default, no token", nil, nil, "profiles:\n  default: {}\n", ChosenByDefault,
			cmdutil.TokenSource{Profile: "default", Login: "kanka auth login"}},
		{"-p with a name the shell must quote", []string{"-p", "my work"}, nil, "", ChosenByFlag,
			cmdutil.TokenSource{Profile: "my work", Login: "kanka -p 'my work' auth login"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clearEnv(t)
			path := writeConfig(t, tt.file)
			t.Setenv("KANKA_CONFIG", path)
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			flags := rootFlags()
			if err := flags.Parse(tt.flags); err != nil {
				t.Fatal(err)
			}
			r, err := Resolve(flags)
			if err != nil {
				t.Fatal(err)
			}
			tt.want.File = path
			if got := r.ProfileChoice(); got != tt.choice {
				t.Errorf("ProfileChoice() = %q, want %q", got, tt.choice)
			}
			if got := r.TokenSource(); got != tt.want {
				t.Errorf("TokenSource() = %+v, want %+v", got, tt.want)
			}
		})
	}
}
