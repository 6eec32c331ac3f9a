package auth

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The error of a missing or refused token carries the advice for where the
// token came from: a token of KANKA_TOKEN is not mended by a login, and a
// refused login is not mended by logging in again with the same token.
func TestStatusAndLoginAdviseOnTheTokenTheyHad(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"message":"Unauthenticated."}`))
	}))
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "config.yaml")
	t.Setenv("KANKA_CONFIG", path)
	for _, k := range []string{"KANKA_URL", "KANKA_TOKEN", "KANKA_CAMPAIGN", "KANKA_PROFILE", "KANKA_DEBUG", "KANKA_MAX_WAIT"} {
		t.Setenv(k, "")
	}

	tests := []struct {
		name   string
		env    string // KANKA_TOKEN
		flags  []string
		advice string
	}{
		{"KANKA_TOKEN", "an-env-token", []string{"-p", "work"},
			"The token comes from KANKA_TOKEN, which comes before any profile: unset KANKA_TOKEN or set it to a valid token."},
		{"--token", "", []string{"--token", "a-flag-token"}, "The token comes from --token: pass a valid token."},
		{"no token", "", []string{"-p", "work"}, "Run 'kanka -p work auth login' to save a token in profile \"work\" of " + path + ", or set KANKA_TOKEN."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("KANKA_TOKEN", tt.env)
			deps, f, _ := testDeps(t, srv.URL, tt.flags)
			err := statusRun(testCommand(), &StatusOptions{IO: f.IO, F: f, Deps: deps})
			var auth *cmdutil.AuthError
			if !errors.As(err, &auth) || auth.Advice != tt.advice {
				t.Errorf("status: %v, advice %q; want %q", err, adviceOf(err), tt.advice)
			}
		})
	}

	t.Run("login", func(t *testing.T) {
		deps, f, stdin := testDeps(t, srv.URL, nil)
		stdin.WriteString("a-typed-token\n")
		err := loginRun(testCommand(), &LoginOptions{IO: f.IO, F: f, Deps: deps})
		want := "Check that the token is whole and current (Settings > API in Kanka), and that its account can see campaign 7."
		if got := adviceOf(err); got != want {
			t.Errorf("login: %v, advice %q; want %q", err, got, want)
		}
	})
}

// testDeps resolves the settings from flags (and the environment), with
// every request sent to url for campaign 7; stdin is the Factory's.
func testDeps(t *testing.T, url string, args []string) (Deps, *cmdutil.Factory, *bytes.Buffer) {
	t.Helper()
	flags := pflag.NewFlagSet("kanka", pflag.ContinueOnError)
	flags.String("token", "", "")
	flags.StringP("profile", "p", "", "")
	flags.StringP("campaign", "c", "", "")
	if err := flags.Parse(args); err != nil {
		t.Fatal(err)
	}
	s, in, out, _ := cmdutil.Test()
	f := &cmdutil.Factory{IO: s, Globals: &cmdutil.Globals{},
		Printer: func() (*output.Printer, error) { return output.New(out, output.Options{Format: output.Table}) }}
	deps := Deps{
		Resolve: func() (*profile.Resolved, error) {
			r, err := profile.Resolve(flags)
			if err == nil && r.Campaign == "" {
				r.Campaign = "7"
			}
			return r, err
		},
		NewClient: func(r *profile.Resolved) (*client.Client, error) {
			id, _ := strconv.Atoi(r.Campaign)
			return client.New(client.Config{BaseURL: url, Token: r.Token, Campaign: id, MaxRetries: -1})
		},
	}
	return deps, f, in
}

func testCommand() *cobra.Command {
	cmd := &cobra.Command{}
	cmd.SetContext(context.Background())
	return cmd
}

func adviceOf(err error) string {
	var auth *cmdutil.AuthError
	if errors.As(err, &auth) {
		return auth.Advice
	}
	return ""
}
