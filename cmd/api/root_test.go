package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// `kanka api` in the whole tree, against servers that answer as the live
// service does and as a hostile one might: exit codes, what is printed and
// what is not (the token), and bounded work whatever the server says.

const token = "tok-SECRET-api-7f3e"

// server answers each path with its handler and counts requests.
type server struct {
	*httptest.Server
	mu    sync.Mutex
	count int
	// byPath counts the requests of each path: a walk stopped early may
	// have written a page's request that the server reads only after the
	// command ended, so that a command's own requests are counted by path.
	byPath map[string]int
	auth   []string // the Authorization header of each request
}

func newServer(t *testing.T, routes map[string]http.HandlerFunc) *server {
	t.Helper()
	s := &server{byPath: map[string]int{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.count++
		s.byPath[r.URL.Path]++
		s.auth = append(s.auth, r.Header.Get("Authorization"))
		s.mu.Unlock()
		if h, ok := routes[r.URL.Path]; ok {
			h(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"error":"Page not found"}`)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *server) requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count
}

// requestsTo is how many requests the server read for path.
func (s *server) requestsTo(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.byPath[path]
}

// answer writes status and body as JSON, with headers as "Key", "Value"
// pairs.
func answer(status int, body string, headers ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		for i := 0; i+1 < len(headers); i += 2 {
			w.Header().Add(headers[i], headers[i+1])
		}
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}
}

const campaign = "/api/1.0/campaigns/1/"

// kanka runs kanka against srv with args, on a terminal when tty.
func kanka(t *testing.T, srv *server, tty bool, args ...string) roottest.Result {
	t.Helper()
	roottest.Isolate(t)
	all := append([]string{"--url", srv.URL + "/api/1.0", "--token", token, "-c", "1", "--no-cache"}, args...)
	return roottest.RunStreams(t, context.Background(), "", func(s *cmdutil.IOStreams) {
		if tty {
			s.OutTTY, s.TermWidth = true, 100
		}
	}, all...)
}

func wantRun(t *testing.T, r roottest.Result, code int, stdout, stderr string) {
	t.Helper()
	if r.Code != code || r.Stdout != stdout || r.Stderr != stderr {
		t.Errorf("exit %d, stdout %q, stderr %q\nwant exit %d, stdout %q, stderr %q", r.Code, r.Stdout, r.Stderr, code, stdout, stderr)
	}
}

// Exit codes as every command: 404 is 4, a 422 is 5 with each field's
// message in words, 401 is 3, a bad flag 2 with nothing sent.
func TestExitCodes(t *testing.T) {
	srv := newServer(t, map[string]http.HandlerFunc{
		campaign + "notes/3": answer(404, `{"code":404,"error":"No query results for model [App\\Models\\Note] 3"}`),
		campaign + "calendars": answer(422, `{"code":422,"error":"The name field is required. (and 1 more error)",`+
			`"fields":{"name":["The name field is required."],"month_name.1":["The month_name.1 must be a string."]}}`),
		"/api/1.0/profile": answer(401, `{"code":401,"error":"Invalid authentication token."}`),
	})
	wantRun(t, kanka(t, srv, false, "api", "notes/3"), 4, "",
		"error: GET notes/3: not found (404 No query results for model [App\\Models\\Note] 3)\n")
	wantRun(t, kanka(t, srv, false, "api", "calendars", "-F", "month_name[]=1"), 5, "",
		"error: the server rejected the request: The name field is required. (and 1 more error)\n"+
			"  month 2 name: The month 2 name must be a string.\n"+
			"  name: The name field is required.\n")
	r := kanka(t, srv, false, "api", "/profile")
	if r.Code != 3 || !strings.HasPrefix(r.Stderr, "error: GET "+srv.URL+"/api/1.0/profile: 401 Invalid authentication token.\n") {
		t.Errorf("401: %+v", r)
	}
	before := srv.requests()
	wantRun(t, kanka(t, srv, false, "api", "calendars", "-H", "Authorization: Bearer mine"), 2, "",
		"error: -H \"Authorization: Bearer mine\": the header Authorization cannot be set: the client sends the token itself\n")
	wantRun(t, kanka(t, srv, false, "api", "calendars/../../profile"), 2, "",
		"error: the path \"calendars/../../profile\" has a \"..\" segment: name the route itself, from the campaign or from the API root (/...)\n")
	wantRun(t, kanka(t, srv, false, "api", "--bogus", "calendars"), 2, "",
		"error: unknown flag: --bogus\nRun 'kanka api --help' for usage.\n")
	if n := srv.requests() - before; n != 0 {
		t.Errorf("%d requests sent by refused commands", n)
	}
}

// The token is never printed: not with -i, not with --debug, not when the
// server echoes it in a header, a cookie or the body. Cookies show as
// [redacted].
func TestTokenNeverPrinted(t *testing.T) {
	echo := func(w http.ResponseWriter, r *http.Request) {
		auth := r.Header.Get("Authorization")
		w.Header().Set("X-Echo", auth)
		w.Header().Set("Set-Cookie", "session=abc123; HttpOnly")
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"data":{"you":%q}}`, auth)
	}
	srv := newServer(t, map[string]http.HandlerFunc{campaign + "echo": echo, campaign + "fail": func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(400)
		fmt.Fprintf(w, `{"error":"bad token %s"}`, r.Header.Get("Authorization"))
	}})
	for _, args := range [][]string{
		{"api", "-i", "echo"},
		{"api", "-i", "--debug", "echo"},
		{"api", "--debug", "echo", "--jq", ".data.you"},
		{"api", "-i", "--debug", "fail"},
	} {
		r := kanka(t, srv, false, args...)
		if strings.Contains(r.Stdout+r.Stderr, token) || strings.Contains(r.Stdout+r.Stderr, "abc123") {
			t.Errorf("%v printed a secret:\nstdout %s\nstderr %s", args, r.Stdout, r.Stderr)
		}
		if !strings.Contains(r.Stdout+r.Stderr, "Bearer [redacted]") {
			t.Errorf("%v: the echo is not shown redacted:\nstdout %s\nstderr %s", args, r.Stdout, r.Stderr)
		}
	}
	r := kanka(t, srv, false, "api", "-i", "echo")
	lines := strings.Split(r.Stdout, "\n")
	if len(lines) < 6 || lines[0] != "HTTP/1.1 200 OK" || !strings.Contains(r.Stdout, "\nSet-Cookie: [redacted]\n") ||
		!strings.Contains(r.Stdout, "\nX-Echo: Bearer [redacted]\n") || !strings.HasSuffix(r.Stdout, "\n\n{\"data\":{\"you\":\"Bearer [redacted]\"}}") {
		t.Errorf("-i printed:\n%s", r.Stdout)
	}
}

// A hostile server: whatever it sends, kanka ends, bounded, with one line
// and no panic; control characters never reach a terminal; the token never
// goes to another host.
func TestHostileServer(t *testing.T) {
	var otherAuth []string
	var mu sync.Mutex
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		otherAuth = append(otherAuth, r.Header.Get("Authorization"))
		mu.Unlock()
		fmt.Fprint(w, `{"stolen":false}`)
	}))
	defer other.Close()
	otherURL := strings.Replace(other.URL, "127.0.0.1", "localhost", 1)
	huge := strings.Repeat(`{"id":1,"name":"x"},`, (33<<20)/20)
	srv := newServer(t, map[string]http.HandlerFunc{
		campaign + "endless": func(w http.ResponseWriter, r *http.Request) {
			// A new page of new items after every page, for ever.
			n := 1
			fmt.Sscan(r.URL.Query().Get("page"), &n)
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"data":[{"id":%d,"name":"%s"}],"links":{"next":"%s%sendless?page=%d"}}`,
				n, strings.Repeat("x", 1000), r.Host, campaign, n+1)
		},
		campaign + "again":    answer(200, `{"data":[{"id":1},{"id":2}],"meta":{"last_page":3,"per_page":2,"total":6}}`),
		campaign + "lies":     answer(200, `{"data":[{"id":1}],"meta":{"last_page":9223372036854775807,"per_page":1,"total":9223372036854775807}}`),
		campaign + "huge":     answer(200, `{"data":[`+huge+`{}]}`),
		campaign + "controls": answer(200, "ok \x1b]0;PWNED\x07 \x1b[2J done\n", "X-Evil", "a\u202eb\u009b31m", "Content-Type", "text/plain"),
		campaign + "page":     answer(200, "<html><title>Log in</title></html>", "Content-Type", "text/html"),
		campaign + "away": func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, otherURL+"/x", http.StatusFound)
		},
		campaign + "loop": func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, r.URL.Path, http.StatusFound)
		},
	})
	run := func(tty bool, args ...string) roottest.Result {
		r := kanka(t, srv, tty, args...)
		if strings.Contains(r.Stderr, "internal error") {
			t.Errorf("%v panicked: %s", args, r.Stderr)
		}
		return r
	}

	before := srv.requests()
	r := run(false, "--max-list-size", "16KiB", "api", "endless", "--paginate")
	if r.Code != 1 || r.Stdout != "" || !strings.Contains(r.Stderr, "the server's list passed 16 KiB") {
		t.Errorf("endless pages: %+v", r)
	}
	if n := srv.requests() - before; n > 20 {
		t.Errorf("endless pages: %d requests", n)
	}
	wantRun(t, run(false, "api", "again", "--paginate", "--jq", ".data[].id"), 1, "1\n2\n",
		"error: the server answered page 2 with the items of an earlier page again; stopped\n")
	wantRun(t, run(false, "api", "lies", "--paginate"), 1, "",
		"error: the server claims the list has 9223372036854775807 pages (meta.last_page), more than the 10000 pages a list may have; stopped\n")
	if n := srv.requestsTo(campaign + "lies"); n != 1 {
		t.Errorf("a lying last page: %d requests, want 1", n)
	}
	r = run(false, "api", "huge")
	if r.Code != 1 || r.Stdout != "" || !strings.Contains(r.Stderr, "is larger than 32 MiB; stopped reading") {
		t.Errorf("huge: exit %d, stderr %s", r.Code, r.Stderr)
	}

	// Piped, the body as sent; on a terminal, control characters in caret
	// notation, in the head of -i too (net/http refuses a header with a C0
	// control; a C1 control and a bidirectional override pass it).
	wantRun(t, run(false, "api", "controls"), 0, "ok \x1b]0;PWNED\x07 \x1b[2J done\n", "")
	r = run(true, "api", "-i", "controls")
	if strings.ContainsAny(r.Stdout, "\x1b\x07\u009b\u202e") || !strings.Contains(r.Stdout, "X-Evil: a<U+202E>b^[[31m\n") ||
		!strings.HasSuffix(r.Stdout, "\nok ^[]0;PWNED^G ^[[2J done\n") {
		t.Errorf("terminal: %q", r.Stdout)
	}
	wantRun(t, run(false, "api", "page"), 0, "<html><title>Log in</title></html>", "")

	// A redirect to another host is followed without the token.
	wantRun(t, run(false, "api", "away"), 0, `{"stolen":false}`, "")
	mu.Lock()
	if len(otherAuth) != 1 || otherAuth[0] != "" {
		t.Errorf("the other host saw Authorization %q", otherAuth)
	}
	mu.Unlock()
	wantRun(t, run(false, "api", "loop"), 1, "", "error: stopped after 10 redirects\n")
}
