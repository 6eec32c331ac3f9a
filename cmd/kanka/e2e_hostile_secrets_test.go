package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// Hostile servers that echo the request's secrets or send control
// characters: the token, a URL's password and terminal escapes never reach
// what kanka prints, except where asked for (-o json shows the data, the
// token in it redacted, control characters escaped by JSON itself).

// secretsBound is how long one run may take: a 5xx is retried three
// times, with waits of up to 2 s.
const secretsBound = 20 * time.Second

// calendarJSON is a calendar object with the given name, as the server
// sends it (control characters JSON-escaped).
func calendarJSON(id int, name string) string {
	b, err := json.Marshal(map[string]any{"id": id, "name": name, "type": "", "date": "1-1-1",
		"months": []map[string]any{{"name": "A", "length": 3}, {"name": "B", "length": 3}}, "is_private": false})
	if err != nil {
		panic(err)
	}
	return string(b)
}

// calendarPage is the one page of a list holding items.
func calendarPage(items ...string) string {
	return fmt.Sprintf(`{"data":[%s],"links":{"first":null,"last":null,"prev":null,"next":null},`+
		`"meta":{"current_page":1,"from":1,"last_page":1,"per_page":100,"to":%d,"total":%d}}`,
		strings.Join(items, ","), len(items), len(items))
}

// echoing answers every request with status and the body that format makes
// of the request's Authorization header ("Bearer <token>").
func echoing(status int, contentType, format string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		fmt.Fprintf(w, format, r.Header.Get("Authorization"))
	}
}

// echoingItem answers the list and calendar 1 with a calendar whose name is
// the Authorization header and whose type is the token alone.
func echoingItem(w http.ResponseWriter, r *http.Request) {
	auth := r.Header.Get("Authorization")
	item := calendarJSON(1, auth)
	item = strings.Replace(item, `"type":""`, fmt.Sprintf(`"type":%q`, strings.TrimPrefix(auth, "Bearer ")), 1)
	w.Header().Set("Content-Type", "application/json")
	if strings.HasSuffix(r.URL.Path, "/calendars") {
		fmt.Fprint(w, calendarPage(item))
		return
	}
	fmt.Fprintf(w, `{"data":%s}`, item)
}

func TestE2EHostileSecretsEchoedTokenIsRedacted(t *testing.T) {
	t.Parallel()
	envTokenAdvice := "The token comes from KANKA_TOKEN, which comes before any profile: unset KANKA_TOKEN or set it to a valid token.\n"
	tests := []struct {
		name    string
		handler http.HandlerFunc
		args    []string
		stdin   string
		code    int
		// stdout is the whole of stdout when stdoutHas is empty, else
		// stdoutHas is a part of it.
		stdout, stdoutHas string
		// stderr is the whole of stderr without --debug, and its end with
		// it (after the log); {root} is the API root.
		stderr string
		// debugLine is the start of a line the --debug log must hold.
		debugLine string
		requests  int
	}{
		{
			name:    "401 body",
			handler: echoing(401, "application/json", `{"message":"Unauthenticated: %s"}`),
			args:    []string{"calendar", "list"}, code: 3,
			stderr:    "error: listing the calendars of campaign 1: 401 Unauthenticated: Bearer [redacted]\n" + envTokenAdvice,
			debugLine: `< {"message":"Unauthenticated: Bearer [redacted]"}`,
			requests:  1,
		},
		{
			name:    "500 body",
			handler: echoing(500, "application/json", `{"message":"Server Error: header was %s"}`),
			args:    []string{"calendar", "get", "1"}, code: 1,
			stderr:    "error: reading calendar 1: 500 Server Error: header was Bearer [redacted]\n",
			debugLine: `< {"message":"Server Error: header was Bearer [redacted]"}`,
			requests:  4,
		},
		{
			name:    "422 field message",
			handler: echoing(422, "application/json", `{"message":"The given data was invalid.","errors":{"name":["name must not be %s"]}}`),
			args:    []string{"calendar", "list"}, code: 5,
			stderr:    "error: the server rejected the request: The given data was invalid.\n  name: name must not be Bearer [redacted]\n",
			debugLine: `< {"message":"The given data was invalid.","errors":{"name":["name must not be Bearer [redacted]"]}}`,
			requests:  1,
		},
		{
			name:    "text/plain 502",
			handler: echoing(502, "text/plain", "upstream refused Authorization: %s"),
			args:    []string{"calendar", "list"}, code: 1,
			stderr:    "error: listing the calendars of campaign 1: 502 upstream refused Authorization: Bearer [redacted]\n",
			debugLine: "< upstream refused Authorization: Bearer [redacted]",
			requests:  4,
		},
		{
			name:    "200 item in a table",
			handler: echoingItem,
			args:    []string{"calendar", "list"}, code: 0,
			stdout: "ID  NAME               TYPE        DATE   MONTHS  PRIVATE\n" +
				"1   Bearer [redacted]  [redacted]  1-1-1  2       no\n",
			debugLine: `< {"data":[{"date":"1-1-1","id":1,"is_private":false,"months":[{"length":3,"name":"A"},{"length":3,"name":"B"}],"name":"Bearer [redacted]","type":"[redacted]"}],`,
			requests:  1,
		},
		{
			name:    "200 item in a detail view",
			handler: echoingItem,
			args:    []string{"calendar", "get", "1"}, code: 0,
			stdoutHas: "Name:       Bearer [redacted]\nType:       [redacted]\n",
			debugLine: `< {"data":{"date":"1-1-1","id":1,"is_private":false,"months":[{"length":3,"name":"A"},{"length":3,"name":"B"}],"name":"Bearer [redacted]","type":"[redacted]"}}`,
			requests:  1,
		},
		{
			name:    "200 item as JSON",
			handler: echoingItem,
			args:    []string{"calendar", "get", "1", "-o", "json"}, code: 0,
			stdout: `{
  "date": "1-1-1",
  "id": 1,
  "is_private": false,
  "months": [
    {
      "length": 3,
      "name": "A"
    },
    {
      "length": 3,
      "name": "B"
    }
  ],
  "name": "Bearer [redacted]",
  "type": "[redacted]"
}
`,
			debugLine: `< {"data":{"date":"1-1-1","id":1,"is_private":false,"months":[{"length":3,"name":"A"},{"length":3,"name":"B"}],"name":"Bearer [redacted]","type":"[redacted]"}}`,
			requests:  1,
		},
		{
			name:    "auth login refused",
			handler: echoing(401, "application/json", `{"message":"Unauthenticated: %s"}`),
			args:    []string{"auth", "login", "--with-token", "-c", "1"}, stdin: hostileToken + "\n", code: 3,
			stderr: "error: the token was refused, nothing was saved: listing the calendars of campaign 1: 401 Unauthenticated: Bearer [redacted]\n" +
				"Check that the token is whole and current (Settings > API in Kanka), and that its account can see campaign 1.\n",
			debugLine: `< {"message":"Unauthenticated: Bearer [redacted]"}`,
			requests:  1,
		},
		{
			name:    "auth login that fails",
			handler: echoing(502, "text/plain", "upstream refused Authorization: %s"),
			args:    []string{"auth", "login", "--with-token", "-c", "1"}, stdin: hostileToken + "\n", code: 1,
			stderr:    "error: checking the token, nothing was saved: listing the calendars of campaign 1: 502 upstream refused Authorization: Bearer [redacted]\n",
			debugLine: "< upstream refused Authorization: Bearer [redacted]",
			requests:  4,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := startHostile(t, tt.handler)
			k := newHostileKanka(t, srv)
			if tt.stdin != "" {
				// The token is only known from stdin, as at a first login.
				k = k.without("KANKA_TOKEN")
			}
			stderr := strings.ReplaceAll(tt.stderr, "{root}", srv.Root)
			stdoutOK := func(r result) bool {
				if tt.stdoutHas != "" {
					return strings.Contains(r.stdout, tt.stdoutHas)
				}
				return r.stdout == tt.stdout
			}

			mark := srv.mark()
			r := k.runWithin(t, secretsBound, tt.stdin, tt.args...)
			if r.code != tt.code || r.stderr != stderr || !stdoutOK(r) {
				t.Errorf("want exit %d, stdout %q%q, stderr %q; %s", tt.code, tt.stdout, tt.stdoutHas, stderr, r)
			}
			wantNoSecret(t, r, "Bearer "+hostileToken)
			if got := len(srv.since(mark)); got != tt.requests {
				t.Errorf("%d requests, want %d", got, tt.requests)
			}

			args := append([]string{"--debug"}, tt.args...)
			r = k.runWithin(t, secretsBound, tt.stdin, args...)
			// --debug adds the request under the error: set aside, the
			// rest ends as without it.
			if r.code != tt.code || !stdoutOK(r) || !strings.HasSuffix(withoutDebugLines(r.stderr), stderr) || !strings.Contains(r.stderr, "\n"+tt.debugLine) {
				t.Errorf("--debug: want exit %d, the log line %q and stderr ending %q; %s", tt.code, tt.debugLine, stderr, r)
			}
			wantNoSecret(t, r, "Bearer "+hostileToken)
		})
	}
}

// userInfoServer answers every request with an empty list, or a 404 for
// calendar 1, and records the Authorization header of each.
type userInfoServer struct {
	mu    sync.Mutex
	auths []string
}

func (u *userInfoServer) serve(w http.ResponseWriter, r *http.Request) {
	u.mu.Lock()
	u.auths = append(u.auths, r.Header.Get("Authorization"))
	u.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if strings.HasSuffix(r.URL.Path, "/calendars/1") {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"code":404,"error":"Calendar not found."}`)
		return
	}
	fmt.Fprint(w, calendarPage())
}

func TestE2EHostileSecretsURLPasswordIsMasked(t *testing.T) {
	t.Parallel()
	const password = "s3cret-pass"
	u := &userInfoServer{}
	srv := startHostile(t, u.serve)
	withPassword := strings.Replace(srv.Root, "http://", "http://user:"+password+"@", 1)
	masked := strings.Replace(srv.Root, "http://", "http://user:xxxxx@", 1)
	k := newHostileKanka(t, srv).with("KANKA_URL=" + withPassword)

	t.Run("config", func(t *testing.T) {
		k := k.without("KANKA_URL")
		k.ok(t, "config", "set", "url", withPassword)
		r := k.runWithin(t, secretsBound, "", "config", "list")
		if r.code != 0 || r.stdout != "url="+masked+"\n" || r.stderr != "" {
			t.Errorf("config list: want url=%s; %s", masked, r)
		}
		wantNoSecret(t, r, password)
		r = k.runWithin(t, secretsBound, "", "config", "get", "url")
		if r.code != 0 || r.stdout != masked+"\n" {
			t.Errorf("config get url: want %s; %s", masked, r)
		}
		wantNoSecret(t, r, password)
		r = k.runWithin(t, secretsBound, "", "config", "set", "url", "ftp://user:"+password+"@example.com/api")
		want := "error: url must be an http or https URL such as https://api.kanka.io/1.0, not \"ftp://user:xxxxx@example.com/api\"\n"
		if r.code != 2 || r.stderr != want {
			t.Errorf("config set url: want exit 2 and %q; %s", want, r)
		}
		wantNoSecret(t, r, password)
	})

	t.Run("auth status", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "auth", "status")
		if r.code != 0 || !strings.Contains(r.stdout, "url:       "+masked+" (environment)\n") {
			t.Errorf("auth status: want the URL masked; %s", r)
		}
		wantNoSecret(t, r, password)
	})

	t.Run("debug", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "--debug", "calendar", "list")
		if r.code != 0 || !strings.HasPrefix(r.stderr, "> GET "+masked+"/campaigns/1/calendars\n") {
			t.Errorf("--debug: want the URL masked; %s", r)
		}
		wantNoSecret(t, r, password)
	})

	t.Run("error message", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "calendar", "get", "1")
		want := "error: calendar 1 not found in campaign 1\n"
		if r.code != 4 || r.stderr != want {
			t.Errorf("want exit 4 and %q; %s", want, r)
		}
		wantNoSecret(t, r, password)
		r = k.runWithin(t, secretsBound, "", "--debug", "calendar", "get", "1")
		want += "debug: GET " + masked + "/campaigns/1/calendars/1: 404 Calendar not found.\n"
		if r.code != 4 || !strings.HasSuffix(r.stderr, "\n"+want) {
			t.Errorf("--debug: want exit 4 and stderr ending %q; %s", want, r)
		}
		wantNoSecret(t, r, password)
	})

	// The user info is never sent: the Bearer header takes the place of the
	// Basic authorization net/http would make of it.
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, a := range u.auths {
		if a != "Bearer "+hostileToken {
			t.Errorf("the server received Authorization %q, want the bearer token", a)
		}
	}
}

// hostileName holds what a terminal obeys: a window title (OSC 0) ended by
// BEL, a clear screen (CSI), a forged link (OSC 8 ended by ST), DEL and a
// C1 CSI.
const hostileName = "\x1b]0;PWNED\a\x1b[2J\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\\x7f\u009b31m"

// escapedName is hostileName as kanka shows it.
const escapedName = "^[]0;PWNED^G^[[2J^[]8;;https://evil.example/^[\\click^[]8;;^[\\^?^[[31m"

func TestE2EHostileSecretsControlCharactersAreEscaped(t *testing.T) {
	t.Parallel()
	item := calendarJSON(1, hostileName)
	srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Method != http.MethodGet:
			w.WriteHeader(http.StatusUnprocessableEntity)
			b, _ := json.Marshal(map[string]any{"message": "Rejected " + hostileName, "errors": map[string][]string{"name": {"bad " + hostileName}}})
			w.Write(b)
		case strings.HasSuffix(r.URL.Path, "/calendars"):
			fmt.Fprint(w, calendarPage(item))
		case strings.HasSuffix(r.URL.Path, "/calendars/1"):
			fmt.Fprintf(w, `{"data":%s}`, item)
		default:
			http.NotFound(w, r)
		}
	})
	k := newHostileKanka(t, srv)
	noRawControls := func(t *testing.T, r result) {
		t.Helper()
		if strings.ContainsAny(r.stdout+r.stderr, "\x1b\a\x7f\u009b") {
			t.Errorf("a control character was printed raw; %s", r)
		}
	}

	t.Run("table", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "calendar", "list")
		want := "ID  NAME" + strings.Repeat(" ", len(escapedName)-2) + "TYPE  DATE   MONTHS  PRIVATE\n" +
			"1   " + escapedName + "        1-1-1  2       no\n"
		if r.code != 0 || r.stdout != want {
			t.Errorf("want exit 0 and\n%s; %s", want, r)
		}
		noRawControls(t, r)
	})

	t.Run("detail view", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "calendar", "get", "1")
		if r.code != 0 || !strings.Contains(r.stdout, "Name:       "+escapedName+"\n") {
			t.Errorf("want the name escaped; %s", r)
		}
		noRawControls(t, r)
	})

	t.Run("error message", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "calendar", "create", "--name", "x",
			"--month", "A:3", "--month", "B:3", "--weekday", "x", "--weekday", "y")
		want := "error: the server rejected the request: Rejected " + escapedName + "\n  name: bad " + escapedName + "\n"
		if r.code != 5 || r.stderr != want {
			t.Errorf("want exit 5 and %q; %s", want, r)
		}
		noRawControls(t, r)
	})

	t.Run("debug log", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "--debug", "calendar", "list", "-o", "id")
		if r.code != 0 || r.stdout != "1\n" {
			t.Errorf("want exit 0 and the id; %s", r)
		}
		noRawControls(t, r)
	})

	t.Run("json stays exact", func(t *testing.T) {
		r := k.runWithin(t, secretsBound, "", "calendar", "get", "1", "-o", "json")
		var got map[string]any
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &got) != nil || got["name"] != hostileName {
			t.Errorf("want the exact name in JSON; %s", r)
		}
		if !strings.Contains(r.stdout, `"name": "\u001b]0;PWNED\u0007\u001b[2J`) {
			t.Errorf("want JSON's own escapes; %s", r)
		}
	})
}
