package profile

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/spf13/pflag"
)

// rootFlags are the persistent flags Resolve reads, as the root command
// declares them.
func rootFlags() *pflag.FlagSet {
	fs := pflag.NewFlagSet("kanka", pflag.ContinueOnError)
	fs.String("url", "", "")
	fs.String("token", "", "")
	fs.StringP("campaign", "c", "", "")
	fs.StringP("profile", "p", "", "")
	fs.String("config", "", "")
	fs.Bool("sandbox", false, "")
	fs.Bool("debug", false, "")
	fs.String("max-wait", DefaultMaxWait, "")
	return fs
}

const testConfig = `active: main
profiles:
  main:
    url: https://profile.example/api/1.0
    token: profile-token
    campaign: 30
  other:
    campaign: 31
  play:
    sandbox: true
    token: play-token
`

func TestResolvePrecedence(t *testing.T) {
	tests := []struct {
		name  string
		flags []string
		env   map[string]string
		want  Resolved
	}{
		{
			name: "profile over default",
			want: Resolved{ProfileName: "main", URL: "https://profile.example/api/1.0", Token: "profile-token", Campaign: "30",
				Sources: map[string]Source{"url": FromProfile, "token": FromProfile, "campaign": FromProfile, "sandbox": FromDefault}},
		},
		{
			name: "environment over profile",
			env:  map[string]string{"KANKA_URL": "https://env.example", "KANKA_TOKEN": "env-token", "KANKA_CAMPAIGN": "20", "KANKA_DEBUG": "1"},
			want: Resolved{ProfileName: "main", URL: "https://env.example", Token: "env-token", Campaign: "20", Debug: true,
				Sources: map[string]Source{"url": FromEnv, "token": FromEnv, "campaign": FromEnv, "sandbox": FromDefault}},
		},
		{
			name:  "flag over environment",
			flags: []string{"--url", "https://flag.example", "--token", "flag-token", "-c", "10", "--debug"},
			env:   map[string]string{"KANKA_URL": "https://env.example", "KANKA_TOKEN": "env-token", "KANKA_CAMPAIGN": "20"},
			want: Resolved{ProfileName: "main", URL: "https://flag.example", Token: "flag-token", Campaign: "10", Debug: true,
				Sources: map[string]Source{"url": FromFlag, "token": FromFlag, "campaign": FromFlag, "sandbox": FromDefault}},
		},
		{
			name:  "an empty environment variable does not count",
			flags: []string{"-p", "other"},
			env:   map[string]string{"KANKA_TOKEN": ""},
			want: Resolved{ProfileName: "other", ProfileChosen: true, URL: "https://api.kanka.io/1.0", Campaign: "31",
				Sources: map[string]Source{"url": FromDefault, "token": FromDefault, "campaign": FromProfile, "sandbox": FromDefault}},
		},
		{
			name: "KANKA_PROFILE picks the profile",
			env:  map[string]string{"KANKA_PROFILE": "other"},
			want: Resolved{ProfileName: "other", ProfileChosen: true, URL: "https://api.kanka.io/1.0", Campaign: "31",
				Sources: map[string]Source{"url": FromDefault, "token": FromDefault, "campaign": FromProfile, "sandbox": FromDefault}},
		},
		{
			name:  "-p over KANKA_PROFILE",
			flags: []string{"-p", "main"},
			env:   map[string]string{"KANKA_PROFILE": "other"},
			want: Resolved{ProfileName: "main", ProfileChosen: true, URL: "https://profile.example/api/1.0", Token: "profile-token", Campaign: "30",
				Sources: map[string]Source{"url": FromProfile, "token": FromProfile, "campaign": FromProfile, "sandbox": FromDefault}},
		},
		{
			name:  "--sandbox ignores the environment and the profile's url, token and campaign",
			flags: []string{"--sandbox"},
			env:   map[string]string{"KANKA_TOKEN": "env-token", "KANKA_URL": "https://env.example"},
			want: Resolved{ProfileName: "main", Sandbox: true,
				Sources: map[string]Source{"url": FromDefault, "token": FromDefault, "campaign": FromDefault, "sandbox": FromFlag}},
		},
		{
			name:  "--sandbox keeps the flags",
			flags: []string{"--sandbox", "--token", "wrong", "-c", "5"},
			want: Resolved{ProfileName: "main", Sandbox: true, Token: "wrong", Campaign: "5",
				Sources: map[string]Source{"url": FromDefault, "token": FromFlag, "campaign": FromFlag, "sandbox": FromFlag}},
		},
		{
			name:  "a sandbox profile",
			flags: []string{"-p", "play"},
			want: Resolved{ProfileName: "play", ProfileChosen: true, Sandbox: true,
				Sources: map[string]Source{"url": FromDefault, "token": FromDefault, "campaign": FromDefault, "sandbox": FromProfile}},
		},
		{
			name:  "--sandbox=false over a sandbox profile",
			flags: []string{"-p", "play", "--sandbox=false"},
			want: Resolved{ProfileName: "play", ProfileChosen: true, URL: "https://api.kanka.io/1.0", Token: "play-token",
				Sources: map[string]Source{"url": FromDefault, "token": FromProfile, "campaign": FromDefault, "sandbox": FromFlag}},
		},
		{
			name:  "KANKA_URL turns a sandbox profile off",
			flags: []string{"-p", "play"},
			env:   map[string]string{"KANKA_URL": "http://127.0.0.1:1/api/1.0"},
			want: Resolved{ProfileName: "play", ProfileChosen: true, URL: "http://127.0.0.1:1/api/1.0", Token: "play-token",
				Sources:      map[string]Source{"url": FromEnv, "token": FromProfile, "campaign": FromDefault, "sandbox": FromEnv},
				SandboxOffBy: []string{"KANKA_URL"}},
		},
		{
			name:  "KANKA_TOKEN turns a sandbox profile off",
			flags: []string{"-p", "play"},
			env:   map[string]string{"KANKA_TOKEN": "env-token", "KANKA_CAMPAIGN": "20"},
			want: Resolved{ProfileName: "play", ProfileChosen: true, URL: "https://api.kanka.io/1.0", Token: "env-token", Campaign: "20",
				Sources:      map[string]Source{"url": FromDefault, "token": FromEnv, "campaign": FromEnv, "sandbox": FromEnv},
				SandboxOffBy: []string{"KANKA_TOKEN"}},
		},
		{
			name:  "--url turns a sandbox profile off, beside KANKA_TOKEN",
			flags: []string{"-p", "play", "--url", "http://127.0.0.1:1/api/1.0"},
			env:   map[string]string{"KANKA_TOKEN": "env-token"},
			want: Resolved{ProfileName: "play", ProfileChosen: true, URL: "http://127.0.0.1:1/api/1.0", Token: "env-token",
				Sources:      map[string]Source{"url": FromFlag, "token": FromEnv, "campaign": FromDefault, "sandbox": FromFlag},
				SandboxOffBy: []string{"--url", "KANKA_TOKEN"}},
		},
		{
			name:  "--token turns a sandbox profile off",
			flags: []string{"-p", "play", "--token", "flag-token"},
			env:   map[string]string{"KANKA_TOKEN": "env-token"},
			want: Resolved{ProfileName: "play", ProfileChosen: true, URL: "https://api.kanka.io/1.0", Token: "flag-token",
				Sources:      map[string]Source{"url": FromDefault, "token": FromFlag, "campaign": FromDefault, "sandbox": FromFlag},
				SandboxOffBy: []string{"--token"}},
		},
		{
			name: "the active sandbox profile gives way to KANKA_URL too",
			env:  map[string]string{"KANKA_PROFILE": "play", "KANKA_URL": "https://env.example"},
			want: Resolved{ProfileName: "play", ProfileChosen: true, URL: "https://env.example", Token: "play-token",
				Sources:      map[string]Source{"url": FromEnv, "token": FromProfile, "campaign": FromDefault, "sandbox": FromEnv},
				SandboxOffBy: []string{"KANKA_URL"}},
		},
		{
			name:  "KANKA_CAMPAIGN leaves a sandbox profile on, and is ignored",
			flags: []string{"-p", "play"},
			env:   map[string]string{"KANKA_CAMPAIGN": "20"},
			want: Resolved{ProfileName: "play", ProfileChosen: true, Sandbox: true,
				Sources: map[string]Source{"url": FromDefault, "token": FromDefault, "campaign": FromDefault, "sandbox": FromProfile}},
		},
		{
			name:  "-c leaves a sandbox profile on, and counts",
			flags: []string{"-p", "play", "-c", "5"},
			want: Resolved{ProfileName: "play", ProfileChosen: true, Sandbox: true, Campaign: "5",
				Sources: map[string]Source{"url": FromDefault, "token": FromDefault, "campaign": FromFlag, "sandbox": FromProfile}},
		},
		{
			name:  "--sandbox over a sandbox profile and KANKA_URL keeps the sandbox",
			flags: []string{"-p", "play", "--sandbox", "--token", "wrong"},
			env:   map[string]string{"KANKA_URL": "https://env.example"},
			want: Resolved{ProfileName: "play", ProfileChosen: true, Sandbox: true, Token: "wrong",
				Sources: map[string]Source{"url": FromDefault, "token": FromFlag, "campaign": FromDefault, "sandbox": FromFlag}},
		},
		{
			name:  "a profile the file does not hold",
			flags: []string{"-p", "nope"},
			want: Resolved{ProfileName: "nope", ProfileChosen: true, URL: "https://api.kanka.io/1.0",
				Sources: map[string]Source{"url": FromDefault, "token": FromDefault, "campaign": FromDefault, "sandbox": FromDefault}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.yaml")
			if err := os.WriteFile(path, []byte(testConfig), 0o600); err != nil {
				t.Fatal(err)
			}
			clearEnv(t)
			t.Setenv("KANKA_CONFIG", path)
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			fs := rootFlags()
			if err := fs.Parse(tt.flags); err != nil {
				t.Fatal(err)
			}
			got, err := Resolve(fs)
			if err != nil {
				t.Fatal(err)
			}
			if got.File.Path() != path {
				t.Errorf("config path %q, want %q", got.File.Path(), path)
			}
			got.File = nil
			assertResolved(t, got, &tt.want)
		})
	}
}

func TestResolveConfigPath(t *testing.T) {
	clearEnv(t)
	home := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", home)
	flagPath := filepath.Join(t.TempDir(), "flag.yaml")
	envPath := filepath.Join(t.TempDir(), "env.yaml")

	resolvePath := func(args ...string) string {
		fs := rootFlags()
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		r, err := Resolve(fs)
		if err != nil {
			t.Fatal(err)
		}
		return r.File.Path()
	}
	if got, want := resolvePath(), filepath.Join(home, "kanka", "config.yaml"); got != want {
		t.Errorf("XDG default: %q, want %q", got, want)
	}
	t.Setenv("KANKA_CONFIG", envPath)
	if got := resolvePath(); got != envPath {
		t.Errorf("KANKA_CONFIG: %q, want %q", got, envPath)
	}
	if got := resolvePath("--config", flagPath); got != flagPath {
		t.Errorf("--config: %q, want %q", got, flagPath)
	}
}

func TestResolveReportsABrokenFile(t *testing.T) {
	clearEnv(t)
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte("profiles: [\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("KANKA_CONFIG", path)
	if _, err := Resolve(rootFlags()); err == nil {
		t.Error("a broken file resolved without error")
	}
}

// clearEnv unsets, for the test, what the developer's shell may have set.
func clearEnv(t *testing.T) {
	t.Helper()
	for _, k := range []string{"KANKA_URL", "KANKA_TOKEN", "KANKA_CAMPAIGN", "KANKA_PROFILE", "KANKA_CONFIG", "KANKA_DEBUG", "KANKA_MAX_WAIT", "XDG_CONFIG_HOME"} {
		t.Setenv(k, "")
	}
	t.Setenv("HOME", t.TempDir())
}

func assertResolved(t *testing.T, got, want *Resolved) {
	t.Helper()
	if got.ProfileName != want.ProfileName || got.ProfileChosen != want.ProfileChosen ||
		got.URL != want.URL || got.Token != want.Token || got.Campaign != want.Campaign ||
		got.Sandbox != want.Sandbox || got.Debug != want.Debug {
		t.Errorf("resolved\n %+v\nwant\n %+v", *got, *want)
	}
	// Unless a case says otherwise, max_wait is the default.
	wantMaxWait, wantSource := want.MaxWait, want.Sources["max_wait"]
	if wantMaxWait == "" {
		wantMaxWait, wantSource = DefaultMaxWait, FromDefault
	}
	if got.MaxWait != wantMaxWait || got.Sources["max_wait"] != wantSource {
		t.Errorf("max_wait %q from %s, want %q from %s", got.MaxWait, got.Sources["max_wait"], wantMaxWait, wantSource)
	}
	if !slices.Equal(got.SandboxOffBy, want.SandboxOffBy) {
		t.Errorf("sandbox off by %q, want %q", got.SandboxOffBy, want.SandboxOffBy)
	}
	for _, k := range Keys {
		if k == "max_wait" {
			continue
		}
		if got.Sources[k] != want.Sources[k] {
			t.Errorf("source of %s: %q, want %q", k, got.Sources[k], want.Sources[k])
		}
	}
}

// max_wait resolves like the others: --max-wait > KANKA_MAX_WAIT > the
// profile's max_wait > 2m, as written (the client's settings check it).
func TestResolveMaxWait(t *testing.T) {
	for _, tc := range []struct {
		name, profile, env string
		flags              []string
		want               string
		source             Source
	}{
		{name: "default", want: "2m", source: FromDefault},
		{name: "profile", profile: "10m", want: "10m", source: FromProfile},
		{name: "environment over profile", profile: "10m", env: "30s", want: "30s", source: FromEnv},
		{name: "flag over environment", profile: "10m", env: "30s", flags: []string{"--max-wait", "0"}, want: "0", source: FromFlag},
		{name: "a bad value is kept for the check", profile: "soon", want: "soon", source: FromProfile},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clearEnv(t)
			path := filepath.Join(t.TempDir(), "config.yaml")
			config := "profiles:\n  default:\n    campaign: 1\n"
			if tc.profile != "" {
				config += "    max_wait: " + tc.profile + "\n"
			}
			if err := os.WriteFile(path, []byte(config), 0o600); err != nil {
				t.Fatal(err)
			}
			t.Setenv("KANKA_CONFIG", path)
			t.Setenv("KANKA_MAX_WAIT", tc.env)
			fs := rootFlags()
			if err := fs.Parse(tc.flags); err != nil {
				t.Fatal(err)
			}
			r, err := Resolve(fs)
			if err != nil {
				t.Fatal(err)
			}
			if r.MaxWait != tc.want || r.Sources["max_wait"] != tc.source {
				t.Errorf("max_wait %q from %s, want %q from %s", r.MaxWait, r.Sources["max_wait"], tc.want, tc.source)
			}
		})
	}
}
