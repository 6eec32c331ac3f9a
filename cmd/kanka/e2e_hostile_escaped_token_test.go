package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A server that echoes the token as JSON escapes ("\u0068\u006f..."), whole
// or in part: what a JSON reader makes of the value is the token, so it is
// redacted wherever kanka writes the server's bytes (-o json and ndjson,
// `kanka api` piped, the cache files), as a literal token is. The rest of
// the answer stays byte for byte as sent ("https:\/\/..." keeps its escapes).

// escapeEvery writes each character of s as a \uXXXX escape.
func escapeEvery(s string) string {
	var b strings.Builder
	for _, r := range s {
		fmt.Fprintf(&b, `\u%04x`, r)
	}
	return b.String()
}

// escapeSome writes every third character of s as an escape, in upper-case
// hex.
func escapeSome(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i%3 == 0 {
			fmt.Fprintf(&b, `\u%04X`, r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// escapedTokenAPI is campaign 1 with calendar 1, whose name holds the token
// escaped whole and whose type holds it escaped in part, and one weather
// entry whose effect holds it escaped whole.
func escapedTokenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	cal := `{"id":1,"name":"echo ` + escapeEvery(hostileToken) + ` end","type":"` + escapeSome(hostileToken) + `",` +
		`"date":"1-1-1","months":[{"name":"A","length":3},{"name":"B","length":3}],"is_private":false,` +
		`"urls":{"view":"https:\/\/kanka.example\/calendars\/1"}}`
	weather := `{"id":7,"calendar_id":1,"year":1,"month":1,"day":2,"weather":"sun","effect":"` + escapeEvery(hostileToken) + `","visibility_id":1}`
	switch path := strings.TrimPrefix(r.URL.Path, campaignPath); path {
	case "calendars":
		fmt.Fprint(w, calendarPage(cal))
	case "calendars/1":
		fmt.Fprintf(w, `{"data":%s}`, cal)
	case "calendars/1/calendar_weathers":
		fmt.Fprintf(w, `{"data":[%s],"links":{"next":null},"meta":{"current_page":1,"last_page":1,"per_page":15,"total":1}}`, weather)
	default:
		http.NotFound(w, r)
	}
}

// The calendar as -o json prints it, the token's escapes redacted and
// every other byte as sent.
const escapedTokenCalendarJSON = `{
  "id": 1,
  "name": "echo [redacted] end",
  "type": "[redacted]",
  "date": "1-1-1",
  "months": [
    {
      "name": "A",
      "length": 3
    },
    {
      "name": "B",
      "length": 3
    }
  ],
  "is_private": false,
  "urls": {
    "view": "https:\/\/kanka.example\/calendars\/1"
  }
}`

// wantNoDecodedToken fails when text, read as JSON text (its escapes
// decoded), holds the token.
func wantNoDecodedToken(t *testing.T, what, text string) {
	t.Helper()
	var decoded strings.Builder
	dec := json.NewDecoder(strings.NewReader(text))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		fmt.Fprint(&decoded, tok, " ")
	}
	if strings.Contains(decoded.String(), hostileToken) || strings.Contains(text, hostileToken) {
		t.Errorf("%s holds the token once decoded:\n%s", what, text)
	}
}

func TestE2EHostileEscapedTokenIsRedacted(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, escapedTokenAPI)
	k := newHostileKanka(t, srv)

	t.Run("get -o json", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "calendar", "get", "1", "-o", "json")
		wantRun(t, r, 0, escapedTokenCalendarJSON+"\n", "")
		wantNoDecodedToken(t, "stdout", r.stdout)
	})
	t.Run("list -o json", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "calendar", "list", "-o", "json")
		want := "[\n  " + strings.ReplaceAll(escapedTokenCalendarJSON, "\n", "\n  ") + "\n]\n"
		wantRun(t, r, 0, want, "")
		wantNoDecodedToken(t, "stdout", r.stdout)
	})
	t.Run("list -o ndjson", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "calendar", "list", "-o", "ndjson")
		wantRun(t, r, 0, compactJSON(escapedTokenCalendarJSON)+"\n", "")
		wantNoDecodedToken(t, "stdout", r.stdout)
	})
	t.Run("api piped", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "api", "calendars/1")
		wantRun(t, r, 0, `{"data":`+compactJSON(escapedTokenCalendarJSON)+`}`, "")
		wantNoDecodedToken(t, "stdout", r.stdout)
	})
	t.Run("debug log", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "--debug", "calendar", "get", "1", "-o", "id")
		if r.code != 0 || !strings.Contains(r.stderr, `"name":"echo [redacted] end","type":"[redacted]"`) {
			t.Errorf("want the answer's log line redacted; %s", r)
		}
		wantNoDecodedToken(t, "stderr", r.stderr)
	})
	t.Run("cache files", func(t *testing.T) {
		k := k.withCache()
		r := k.runWithin(t, secretsBound, "", "calendar", "list", "-o", "id")
		wantRun(t, r, 0, "1\n", "")
		r = k.runWithin(t, secretsBound, "", "weather", "list", "--calendar", "1", "-o", "id")
		wantRun(t, r, 0, "7\n", "")
		// A record that holds the token is not kept, its file neither; the
		// folder exists (the cache was on), and nothing in it holds the
		// token, escaped or not.
		var names []string
		err := filepath.WalkDir(filepath.Join(k.home, ".cache", "kanka"), func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			names = append(names, d.Name())
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, line := range strings.Split(string(b), "\n") {
				wantNoDecodedToken(t, path, line)
			}
			return nil
		})
		if err != nil || len(names) == 0 {
			t.Errorf("the cache folder: %v, %v", names, err)
		}
		for _, name := range names {
			if name == "calendars.jsonl" || name == "weather-1.jsonl" {
				t.Errorf("%s was kept", name)
			}
		}
	})
}

// compactJSON is text without its spaces, escapes kept.
func compactJSON(text string) string {
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(text)); err != nil {
		panic(err)
	}
	return b.String()
}
