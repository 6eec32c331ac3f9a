package auth

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// On a terminal the token is asked without echo: it is read by ReadSecret,
// never from the stdin stream, and never written anywhere but the file.
func TestLoginOnATerminalAsksForTheTokenHidden(t *testing.T) {
	var gotAuth []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotAuth = append(gotAuth, r.Header.Get("Authorization"))
		_, _ = w.Write([]byte(`{"data":[],"meta":{"current_page":1,"last_page":1}}`))
	}))
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "config.yaml")
	t.Setenv("KANKA_CONFIG", path)
	for _, k := range []string{"KANKA_URL", "KANKA_TOKEN", "KANKA_CAMPAIGN", "KANKA_PROFILE"} {
		t.Setenv(k, "")
	}

	s, stdin, stdout, stderr := cmdutil.Test()
	s.InTTY, s.ErrTTY = true, true
	stdin.WriteString("not-the-token\n")
	f := &cmdutil.Factory{IO: s, Globals: &cmdutil.Globals{}}
	flags := pflag.NewFlagSet("kanka", pflag.ContinueOnError)
	flags.String("campaign", "", "")
	if err := flags.Parse([]string{"--campaign", "9"}); err != nil {
		t.Fatal(err)
	}
	opts := &LoginOptions{IO: s, F: f,
		Deps: Deps{
			Resolve: func() (*profile.Resolved, error) { return profile.Resolve(flags) },
			NewClient: func(r *profile.Resolved) (*client.Client, error) {
				id, _ := strconv.Atoi(r.Campaign)
				return client.New(client.Config{BaseURL: srv.URL, Token: r.Token, Campaign: id})
			},
		},
		ReadSecret: func() (string, error) { return " typed-secret-token \n", nil },
	}
	cmd := &cobra.Command{}
	cmd.SetContext(context.Background())
	if err := loginRun(cmd, opts); err != nil {
		t.Fatal(err)
	}
	if len(gotAuth) != 1 || gotAuth[0] != "Bearer typed-secret-token" {
		t.Errorf("requests sent with %q", gotAuth)
	}
	wantErr := "Paste your Kanka API token (Settings > API in Kanka): \n" +
		"Logged in: the token works for campaign 9; saved in profile \"default\" of " + path + ".\n"
	if stderr.String() != wantErr || stdout.String() != "" {
		t.Errorf("stdout %q, stderr:\n%s\nwant:\n%s", stdout, stderr, wantErr)
	}
	file, err := profile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if p := file.Get("default"); p == nil || p.Token != "typed-secret-token" || p.Campaign != 9 {
		t.Errorf("saved %+v", p)
	}
}
