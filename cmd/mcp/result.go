package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
)

// A call's result is what the command did, made safe: its JSON (with the
// token hidden by the run's guarded stdout) as structuredContent, every
// string of it with its control and invisible characters escaped as on a
// terminal; a summary in words, followed by what the command said on
// stderr (escaped there already); and, as the specification asks of a
// tool with structured content, the same JSON as text. A command that
// failed is an error result in the command's own words, with its exit
// code and what it means; a report it printed (apply's: what was
// written) comes with it.

// result is the result of the run o of t for in.
func (t tool[In]) result(in In, o outcome) *sdk.CallToolResult {
	v, parsed := decodeJSON(o.stdout)
	if o.code != cmdutil.ExitOK {
		text := failure(o)
		obj, ok := sanitized(v).(map[string]any)
		if !parsed || !ok {
			return errorText(text)
		}
		// A report of what was done before it failed (apply's).
		report, words := t.shape(in, obj)
		res := errorText(text + "\n" + output.Sanitize(words))
		withStructured(res, report)
		return res
	}
	if !parsed {
		return errorText(fmt.Sprintf("kanka printed no JSON (%d bytes); this is a bug of kanka mcp", len(o.stdout)))
	}
	structured, summary := t.shape(in, sanitized(v))
	res := &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: output.Sanitize(summary) + said(o.stderr)}}}
	withStructured(res, structured)
	return res
}

// withStructured sets res's structured content to v, and adds it as JSON
// text.
func withStructured(res *sdk.CallToolResult, v map[string]any) {
	res.StructuredContent = v
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // a calendar's entry is HTML: readable as it is
	if err := enc.Encode(v); err == nil {
		res.Content = append(res.Content, &sdk.TextContent{Text: strings.TrimSuffix(b.String(), "\n")})
	}
}

// refusal is the result of arguments refused before anything ran.
func refusal(err error) *sdk.CallToolResult {
	return errorText(output.Sanitize(err.Error()) + "\n(nothing was sent)")
}

// errorText is an error result of text alone.
func errorText(text string) *sdk.CallToolResult {
	return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: text}}}
}

// exitMeaning says what an exit code means for what was done.
func exitMeaning(code int) string {
	switch code {
	case cmdutil.ExitUsage:
		return "invalid input: nothing was sent"
	case cmdutil.ExitAuth:
		return "authentication or permission: the token is missing, wrong, or may not do this"
	case cmdutil.ExitNotFound:
		return "not found"
	case cmdutil.ExitValidation:
		return "refused by the server's validation"
	case cmdutil.ExitRateLimit:
		return "the service's rate limit: try again later"
	case cmdutil.ExitDeclined:
		return "declined: nothing was done"
	case cmdutil.ExitChanged:
		return "the record changed since it was read: nothing was sent; read it again"
	case cmdutil.ExitBusy:
		return "another kanka was writing to this campaign all along: nothing was written; try again once it is done"
	case cmdutil.ExitInterrupted:
		return "cancelled: the report says what was written"
	}
	return "the command failed"
}

// failure is what a failed run said, and its exit code in words.
func failure(o outcome) string {
	line := fmt.Sprintf("(kanka exit %d: %s)", o.code, exitMeaning(o.code))
	said := strings.TrimSpace(o.stderr)
	if said == "" {
		return line
	}
	return said + "\n" + line
}

// said is what a run that succeeded said on stderr (what it created, a
// note, a warning), on lines after the summary; "" when nothing.
func said(stderr string) string {
	if s := strings.TrimSpace(stderr); s != "" {
		return "\n" + s
	}
	return ""
}

// decodeJSON is the one JSON value of b, numbers kept as written.
func decodeJSON(b []byte) (any, bool) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false
	}
	return v, true
}

// sanitized is v with every string (keys too) as output.Sanitize shows
// it: a server's text reaches the assistant without control or
// invisible characters (bidi overrides among them).
func sanitized(v any) any {
	switch x := v.(type) {
	case string:
		return output.Sanitize(x)
	case []any:
		for i := range x {
			x[i] = sanitized(x[i])
		}
		return x
	case map[string]any:
		clean := make(map[string]any, len(x))
		for k, e := range x {
			clean[output.Sanitize(k)] = sanitized(e)
		}
		return clean
	}
	return v
}
