package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/output"
)

// What `kanka api` prints. Piped, the body is the bytes the server sent
// (its token redacted): a script reads exactly the answer. On a terminal,
// JSON is indented, and every control character of the answer is shown in
// caret notation by the guarded stdout (output.TerminalWriter), the head
// of -i too: a server's answer never commands the terminal. --jq and
// --template run on the JSON with the output package's engine, as under
// every command.

// printer writes heads and bodies of answers to stdout.
type printer struct {
	out      io.Writer // stdout
	terminal bool
	// transform runs --jq or --template; nil without them.
	transform *output.Printer
	include   bool // -i: each answer's status line and headers first
	silent    bool // --silent: no body
}

// newPrinter builds the printer; a --jq or --template that does not
// compile is a usage error before any request (output.New says which).
func newPrinter(out io.Writer, terminal bool, width int, jq, template string, include, silent bool) (*printer, error) {
	p := &printer{out: out, terminal: terminal, include: include, silent: silent}
	if jq != "" || template != "" {
		t, err := output.New(out, output.Options{Format: output.JSON, JQ: jq, Template: template, Width: width})
		if err != nil {
			return nil, err
		}
		p.transform = t
	}
	return p, nil
}

// answer prints one answer: its head with -i, then its body.
func (p *printer) answer(a *client.RawAnswer) error {
	if err := p.head(a); err != nil {
		return err
	}
	return p.body(a.Body)
}

// head prints the status line and the headers, sorted, then an empty line,
// with -i. Cookies are shown as [redacted]: they are credentials too.
func (p *printer) head(a *client.RawAnswer) error {
	if !p.include {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n", a.Proto, a.Status)
	names := make([]string, 0, len(a.Header))
	for name := range a.Header {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, v := range a.Header[name] {
			if redactedHeaders[http.CanonicalHeaderKey(name)] {
				v = client.Redacted
			}
			fmt.Fprintf(&b, "%s: %s\n", name, v)
		}
	}
	b.WriteString("\n")
	_, err := io.WriteString(p.out, b.String())
	return err
}

// redactedHeaders are the headers of an answer whose values -i never
// shows.
var redactedHeaders = map[string]bool{"Set-Cookie": true, "Set-Cookie2": true, "Cookie": true, "Authorization": true, "Proxy-Authorization": true}

// body prints an answer's body: through --jq or --template when given,
// else as the server sent it (indented on a terminal when it is JSON).
func (p *printer) body(body []byte) error {
	if p.silent || len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	if p.transform != nil {
		if !json.Valid(body) {
			return fmt.Errorf("--jq and --template read JSON, and the server's answer is not JSON (it starts %q)", start(body))
		}
		return p.transform.PrintOne(rawRecord(body), output.Kind{})
	}
	if !p.terminal {
		_, err := p.out.Write(body)
		return err
	}
	shown := body
	if json.Valid(body) {
		var buf bytes.Buffer
		if err := json.Indent(&buf, bytes.TrimSpace(body), "", "  "); err == nil {
			shown = buf.Bytes()
		}
	}
	if !bytes.HasSuffix(shown, []byte("\n")) {
		shown = append(append([]byte(nil), shown...), '\n')
	}
	_, err := p.out.Write(shown)
	return err
}

// start is the first characters of a body, for a message.
func start(body []byte) string {
	s := strings.TrimSpace(string(body))
	if len(s) > 40 {
		cut := 40
		for cut > 0 && s[cut]&0xc0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// rawRecord is an answer as the output package's printers take it: --jq
// and --template run on its JSON.
type rawRecord []byte

func (r rawRecord) RawJSON() json.RawMessage { return json.RawMessage(r) }
func (r rawRecord) RecordID() int            { return 0 }
