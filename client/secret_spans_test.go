package client_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// What spells a secret once JSON escapes are decoded is found, whole
// escapes at a time; the rest of the text is left as written.

// redactSpans replaces each span of text with [redacted], as the streams do.
func redactSpans(text string, secrets ...string) string {
	var list [][]byte
	for _, s := range secrets {
		list = append(list, []byte(s))
	}
	var b strings.Builder
	at := 0
	for _, s := range client.SecretSpans([]byte(text), list) {
		b.WriteString(text[at:s.From])
		b.WriteString(client.Redacted)
		at = s.To
	}
	b.WriteString(text[at:])
	return b.String()
}

func TestSecretSpansFindEscapedSecrets(t *testing.T) {
	const tok = "tok-SECRET-4f9a2c"
	for _, tc := range []struct {
		name, text, want string
		secrets          []string
	}{
		{"written", `{"name":"a tok-SECRET-4f9a2c b"}`, `{"name":"a [redacted] b"}`, nil},
		{"every character escaped", `"` + escapeAll(tok) + `"`, `"[redacted]"`, nil},
		{"upper-case hex", `"\u0074\u006F\u006B-SECRET-4f9a2c"`, `"[redacted]"`, nil},
		{"some escaped", `"x t\u006fk-S\u0045CRET-4f9a2\u0063 y"`, `"x [redacted] y"`, nil},
		{"twice, touching", `"\u0074ok-SECRET-4f9a2ctok-SECRET-4f9a2\u0063"`, `"[redacted][redacted]"`, nil},
		{"other escapes kept", `{"u":"https:\/\/x\/y","n":"a\"b\\c\u00e9"}`, `{"u":"https:\/\/x\/y","n":"a\"b\\c\u00e9"}`, nil},
		{"an escaped backslash is no escape", `"\\u0074ok-SECRET-4f9a2c"`, `"\\u0074ok-SECRET-4f9a2c"`, nil},
		{"not an escape", `"\x\u0074ok-SECRET-4f9a2c"`, `"\x[redacted]"`, nil},
		{"a slash of a password", `"p\/ss\/word"`, `"[redacted]"`, []string{"p/ss/word"}},
		{"a surrogate pair", `"k\ud83d\ude00ey!"`, `"[redacted]"`, []string{"k😀ey!"}},
		{"a lone surrogate is no character of it", `"k\ud83dey!"`, `"k\ud83dey!"`, []string{"k😀ey!"}},
		{"a written match inside an escape takes the escape", `"\u0074ok-SECRET-4f9a2c"`, `"[redacted]-4f9a2c"`, []string{"0074ok-SECRET"}},
		{"too short to hide", `"\u0061bc"`, `"\u0061bc"`, []string{"abc"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			secrets := tc.secrets
			if secrets == nil {
				secrets = []string{tok}
			}
			if got := redactSpans(tc.text, secrets...); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// escapeAll writes each character of s as a \uXXXX escape.
func escapeAll(s string) string {
	var b strings.Builder
	for _, r := range s {
		fmt.Fprintf(&b, `\u%04x`, r)
	}
	return b.String()
}

// A text cut in the middle of an escaped secret, or of an escape, holds
// back from the start of it: the next write decides.
func TestSecretMayStart(t *testing.T) {
	secrets := [][]byte{[]byte("tok-SECRET-4f9a2c")}
	for _, tc := range []struct {
		text string
		want int // the offset held back from; -1 is len(text)
	}{
		{`"a b"`, -1},
		{`"a tok-SE`, 3},
		{`"a \u0074ok-S`, 3},
		{`"a \u0074\u006f`, 3},
		{`"a \u00`, 3},
		{`"a \`, 3},
		{`"a \\`, -1},
		{`"a \/`, -1},
		{`"a \u00e9`, -1},
		{`"a \ud83d`, 3},
		{`"a \ud83d\`, 3},
		{`"a \ud83d\ude`, 3},
		{`"a \u0074\u006fX`, -1},
	} {
		want := tc.want
		if want < 0 {
			want = len(tc.text)
		}
		if got := client.SecretMayStart([]byte(tc.text), secrets); got != want {
			t.Errorf("SecretMayStart(%s) = %d, want %d", tc.text, got, want)
		}
	}
}

// Redact, the client's own (errors, the debug log), hides an escaped token
// too.
func TestRedactHidesAnEscapedToken(t *testing.T) {
	got := client.Redact(`{"message":"seen \u0074ok-SECRET-4f9a2c"}`, testToken)
	if want := `{"message":"seen [redacted]"}`; got != want {
		t.Errorf("Redact = %s, want %s", got, want)
	}
}

// Whatever a JSON string holds, once its spans are redacted it is still a
// JSON string, and its value no longer holds the secret.
func FuzzSecretSpans(f *testing.F) {
	const secret = "tok-SECRET"
	for _, seed := range []string{
		`\u0074ok-SECRET`, `a\u0074\u006fk-SECRET b`, `\\u0074ok-SECRET`, `tok-SECRETtok-SECRET`,
		`\ud83d\ude00tok-SECRE\u0054`, `t\/ok`, `\u0074ok-SECRE`, `tok-S\u0045\u0043RET\n`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		var value string
		if json.Unmarshal([]byte(`"`+body+`"`), &value) != nil {
			return // not a JSON string
		}
		redacted := redactSpans(body, secret)
		var after string
		if err := json.Unmarshal([]byte(`"`+redacted+`"`), &after); err != nil {
			t.Fatalf("%q redacted is %q, no JSON string: %v", body, redacted, err)
		}
		if strings.Contains(after, secret) {
			t.Fatalf("%q redacted is %q, which reads %q", body, redacted, after)
		}
	})
}
