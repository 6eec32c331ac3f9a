// Package api holds `kanka api`, the escape hatch: any request to the
// Kanka API with kanka's authentication, pacing, retries, redaction and
// exit codes, for what kanka has no command for yet (as `gh api` is for
// GitHub). The request goes through the client's Raw and RawPages; the
// answer is printed as the server sent it.
package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// Options are the arguments and flags of `kanka api`.
type Options struct {
	Factory *cmdutil.Factory
	Ctx     context.Context

	Path string
	// Method is -X as given, "" when it was not.
	Method string
	// Fields are -f and -F in the order given.
	Fields []fieldArg
	// Headers are -H as given ("Name: value").
	Headers  []string
	Input    string
	Include  bool
	Silent   bool
	Paginate bool
}

// outputs is what `kanka api` prints: the answer, JSON most often.
var outputs = output.Supports{Says: "api prints the server's answer as it was sent", Always: output.JSON}

// NewCmdAPI builds `kanka api`.
func NewCmdAPI(f *cmdutil.Factory) *cobra.Command {
	opts := &Options{Factory: f}
	cmd := &cobra.Command{
		Use:   "api PATH [-X METHOD] [-f|-F key=value]... [--input FILE] [--paginate]",
		Short: "Send any request to the Kanka API",
		Long: `Send any request to the Kanka API, with kanka's token, pacing, retries and
exit codes: for what kanka has no command for yet (other entities, a field the
commands do not know). PATH is a route under the campaign (calendars/2), or
from the API root when it starts with a slash (/profile).

-f key=value sends a string, -F key=value a typed value (a number, true, null,
@FILE): they make the JSON body, or the query of a GET. The answer is printed
as the server sent it. More in docs/api.md.`,
		Example: `  kanka api calendars
  kanka api calendars/1 --jq '.data.name'
  kanka api calendars/1/calendar_weather --paginate --jq '.data[].weather'
  kanka api calendars/1/calendar_weather -f weather=sun -F year=1492 -F month=4 -F day=9
  kanka api calendars/1/calendar_weather/5 --jq '.data | .weather = "snowflake"' > entry.json
  kanka api -X PUT calendars/1/calendar_weather/5 --input entry.json
  kanka api -i calendars/1 --silent`,
		Args:        cobra.ExactArgs(1),
		Annotations: outputs.Annotations(),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := cmdutil.RefuseNonUTF8Flags(cmd.Flags()); err != nil {
				return err
			}
			opts.Path, opts.Ctx = args[0], cmd.Context()
			return run(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Method, "method", "X", "", "the HTTP `METHOD` (default GET, POST with a body)")
	fl.VarP(&fieldsValue{list: &opts.Fields}, "raw-field", "f", "add a string field `key=value` (key[]= for a list)")
	fl.VarP(&fieldsValue{list: &opts.Fields, typed: true}, "field", "F", "add a typed field `key=value`: true, false, null, a number, @FILE, @-")
	fl.StringArrayVarP(&opts.Headers, "header", "H", nil, "add a header `\"Name: value\"`")
	fl.StringVar(&opts.Input, "input", "", "send `FILE` (- for standard input) as the JSON body")
	fl.BoolVarP(&opts.Include, "include", "i", false, "print the status line and headers before the body")
	fl.BoolVar(&opts.Silent, "silent", false, "print no body")
	fl.BoolVar(&opts.Paginate, "paginate", false, "walk every page of a list")
	_ = cmd.RegisterFlagCompletionFunc("method", cobra.FixedCompletions(client.RawMethods, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// request is what run sends, read from the options before any request.
type request struct {
	client.RawRequest
	printer *printer
}

func run(opts *Options) error {
	req, err := readRequest(opts)
	if err != nil {
		return err
	}
	// What is not a read may write to the campaign: under its lock.
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		if err := opts.Factory.LockCampaign(opts.Ctx); err != nil {
			return err
		}
	}
	c, err := opts.Factory.Client()
	if err != nil {
		return err
	}
	if opts.Paginate {
		return explained(walkPages(opts.Ctx, c, req), req.Method, opts.Path)
	}
	ans, err := c.Raw(opts.Ctx, req.RawRequest)
	if ans != nil {
		// An error answer's head and body are printed with -i: what
		// curl -i shows, beside the error in words on stderr.
		if printErr := printAnswer(req.printer, ans, err); printErr != nil && err == nil {
			err = printErr
		}
	}
	return explained(err, req.Method, opts.Path)
}

// printAnswer prints a successful answer, or with -i the head and body
// of an error answer.
func printAnswer(p *printer, ans *client.RawAnswer, failed error) error {
	if failed == nil {
		return p.answer(ans)
	}
	if !p.include {
		return nil
	}
	if err := p.head(ans); err != nil || p.silent {
		return err
	}
	raw := *p
	raw.transform = nil // a filter is for the answer asked for, not for the error
	return raw.body(ans.Body)
}

// readRequest reads and checks everything before any request: the method,
// the path, the headers, the printer, the fields and the body (exit 2,
// nothing sent, for any mistake).
func readRequest(opts *Options) (*request, error) {
	f := opts.Factory
	method := strings.ToUpper(opts.Method)
	switch {
	case method != "" && !slices.Contains(client.RawMethods, method):
		return nil, cmdutil.UsageErrorf("-X %s: the method must be one of %s", opts.Method, strings.Join(client.RawMethods, ", "))
	case method == "" && (opts.Paginate || len(opts.Fields) == 0 && opts.Input == ""):
		method = http.MethodGet
	case method == "":
		method = http.MethodPost
	}
	switch {
	case opts.Paginate && method != http.MethodGet:
		return nil, cmdutil.UsageErrorf("--paginate walks the pages of a GET, not of a %s", method)
	case opts.Paginate && opts.Input != "":
		return nil, cmdutil.CommandLineErrorf("--paginate walks the pages of a GET, which sends no --input; give the query with -f or -F")
	}
	if err := client.CheckRawPath(opts.Path); err != nil {
		return nil, &cmdutil.UsageError{Err: err}
	}
	header, err := readHeaders(opts.Headers)
	if err != nil {
		return nil, err
	}
	p, err := newPrinter(f.IO.Out, f.IO.OutTTY, f.IO.TermWidth, f.Globals.JQ, f.Globals.Template, opts.Include, opts.Silent)
	if err != nil {
		return nil, &cmdutil.UsageError{Err: err}
	}
	stdin := stdinOnce{}
	if opts.Input == "-" {
		stdin.by = "--input -"
	}
	fields, err := readFields(opts.Fields, func(flag, key, path string) (string, error) {
		if path == "-" {
			if err := stdin.take(flag + " " + key + "=@-"); err != nil {
				return "", err
			}
		}
		data, err := cmdutil.ReadInput(opts.Ctx, f.IO, path)
		if err != nil {
			return "", err
		}
		return fileText(data, flag, key, path)
	})
	if err != nil {
		return nil, err
	}
	req := &request{RawRequest: client.RawRequest{Method: method, Path: opts.Path, Header: header}, printer: p}
	switch {
	case opts.Input != "":
		data, err := cmdutil.ReadInput(opts.Ctx, f.IO, opts.Input)
		if err != nil {
			return nil, err
		}
		if err := checkInputJSON(data, opts.Input); err != nil {
			return nil, err
		}
		req.Body, req.Query = data, fieldsQuery(fields)
	case method == http.MethodGet || method == http.MethodHead:
		req.Query = fieldsQuery(fields)
	case len(fields) > 0:
		if req.Body, err = fieldsBody(fields); err != nil {
			return nil, err
		}
	}
	return req, nil
}

// stdinOnce refuses a second reader of standard input: it can be read
// once.
type stdinOnce struct{ by string }

func (s *stdinOnce) take(who string) error {
	if s.by != "" {
		return cmdutil.CommandLineErrorf("%s: standard input is read by %s already; it can be read once", who, s.by)
	}
	s.by = who
	return nil
}

// readHeaders reads the -H values ("Name: value").
func readHeaders(given []string) (http.Header, error) {
	header := http.Header{}
	for _, h := range given {
		name, value, ok := strings.Cut(h, ":")
		if !ok {
			return nil, cmdutil.UsageErrorf("-H %q: write \"Name: value\"", h)
		}
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if err := client.CheckRawHeader(name, value); err != nil {
			return nil, cmdutil.UsageErrorf("-H %q: %s", h, err)
		}
		header.Add(name, value)
	}
	return header, nil
}

// walkPages prints the pages of the list: each page through --jq or
// --template as it comes, else one answer once every page is read.
func walkPages(ctx context.Context, c *client.Client, req *request) error {
	p := req.printer
	var first *client.RawPage
	var items []json.RawMessage
	for page, err := range c.RawPages(ctx, req.RawRequest) {
		if err != nil {
			return err
		}
		if err := p.head(page.RawAnswer); err != nil {
			return err
		}
		if p.transform != nil || !page.List {
			if err := p.body(page.Body); err != nil {
				return err
			}
			continue
		}
		if first == nil {
			first = page
		}
		items = append(items, page.Items...)
	}
	if first == nil {
		return nil
	}
	merged, err := mergedList(first.Body, items)
	if err != nil {
		return err
	}
	if !p.terminal {
		merged = append(merged, '\n')
	}
	return p.body(merged)
}

// explained is err as `kanka api` reports it: a refused request is a
// usage error (nothing was sent); a 404 on a route kanka has no words for
// names the path as given, with the server's message (the client's words
// would name the campaign as the record not found). It still unwraps to
// the client's error: the exit code and --debug read it.
func explained(err error, method, path string) error {
	var invalid *client.InvalidRequestError
	if errors.As(err, &invalid) {
		return &cmdutil.UsageError{Err: err}
	}
	var apiErr *client.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusNotFound ||
		client.Action(apiErr.Method, apiErr.URL) != apiErr.Method+" "+apiErr.URL {
		return err
	}
	what := "not found"
	if apiErr.RouteNotFound {
		what = "the server has no such route"
	}
	return &notFound{msg: fmt.Sprintf("%s %s: %s (404 %s)", method, path, what, apiErr.Message), err: err}
}

// notFound is a 404 said with the path as given.
type notFound struct {
	msg string
	err error
}

func (e *notFound) Error() string { return e.msg }
func (e *notFound) Unwrap() error { return e.err }
