package calendar

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

func TestCompletion(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"data":[{"id":4,"name":"Harptos"},{"id":9,"name":"Barovian"}],"meta":{"current_page":1,"last_page":1}}`))
	}))
	defer srv.Close()
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: "t", Campaign: 1})
	if err != nil {
		t.Fatal(err)
	}
	s, _, out, errOut := cmdutil.Test()
	f := &cmdutil.Factory{IO: s, Globals: &cmdutil.Globals{}, Client: func() (*client.Client, error) { return c, nil }}
	cmd := &cobra.Command{}
	cmd.SetContext(context.Background())

	got, directive := Completion(f)(cmd, nil, "Bar")
	if !reflect.DeepEqual(got, []string{"Barovian\t9"}) || directive != cobra.ShellCompDirectiveNoFileComp {
		t.Errorf("got %q, %v", got, directive)
	}

	// No client (no token, say): no candidates, nothing printed.
	f.Client = func() (*client.Client, error) { return nil, errors.New("no API token") }
	got, directive = Completion(f)(cmd, nil, "")
	if got != nil || directive != cobra.ShellCompDirectiveNoFileComp || out.Len()+errOut.Len() != 0 {
		t.Errorf("without a client: %q, %v, output %q %q", got, directive, out, errOut)
	}
}
