package root

import (
	"bytes"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A server's message cannot command the terminal: its control characters
// are shown escaped in the error lines, whatever stream they go to.
func TestErrorLinesEscapeControlCharacters(t *testing.T) {
	err := &client.Error{Method: "GET", URL: "https://h/api", StatusCode: 500,
		Message: "boom \x1b]0;PWNED\a\x1b[2J", Fields: map[string][]string{"name": {"\u009b31mred"}}}
	_, lines := exitCode(err, "kanka calendar list", false)
	var out bytes.Buffer
	printError(&out, lines)
	want := "error: GET https://h/api: 500 boom ^[]0;PWNED^G^[[2J\n  name: ^[[31mred\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}
