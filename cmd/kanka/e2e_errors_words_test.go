package main

import (
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A server that fails mid-way is said in words, never in Go's ("EOF",
// "unexpected end of JSON input", "x509: ..."), with exit 1; --debug adds
// Go's own words under it.
func TestE2EServerFailuresInWords(t *testing.T) {
	t.Parallel()
	// hangUp drops the connection without an answer; reset with a
	// TCP reset.
	hangUp := func(reset bool) http.HandlerFunc {
		return func(w http.ResponseWriter, _ *http.Request) {
			conn, _, err := http.NewResponseController(w).Hijack()
			if err != nil {
				return
			}
			if tcp, ok := conn.(*net.TCPConn); ok && reset {
				_ = tcp.SetLinger(0)
			}
			conn.Close()
		}
	}
	// answer answers 200 with body, saying it is length bytes long.
	answer := func(body string, length int) http.HandlerFunc {
		return func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Length", strconv.Itoa(length))
			w.WriteHeader(http.StatusOK)
			_, _ = w.Write([]byte(body))
		}
	}
	for _, tt := range []struct {
		name    string
		handler http.HandlerFunc
		args    []string
		// want is the error line, ORIGIN standing for the server's.
		want, debug string
	}{
		{"closed before answering", hangUp(false), []string{"calendar", "get", "1"},
			"error: reading calendar 1: no answer from ORIGIN: the server closed the connection before answering",
			"debug: GET ORIGIN/api/1.0/campaigns/1/calendars/1: EOF"},
		{"reset before answering", hangUp(true), []string{"calendar", "get", "1"},
			"error: reading calendar 1: no answer from ORIGIN: the server closed the connection before answering", ""},
		{"an answer cut short", answer(`{"data": {"id": 1, "na`, 100), []string{"calendar", "get", "1"},
			"error: reading calendar 1: no answer from ORIGIN: the server's answer was cut short",
			"debug: GET ORIGIN/api/1.0/campaigns/1/calendars/1: unexpected EOF"},
		{"an empty answer", answer("", 0), []string{"calendar", "list"},
			"error: reading page 1: the server's answer was empty",
			"debug: reading page 1: unexpected end of JSON input"},
		{"JSON cut short", answer(`{"data": [{"id": 1, "na`, 23), []string{"calendar", "list"},
			"error: reading page 1: the server's answer was cut short", ""},
		{"JSON of another shape", answer(`{"data": {"id": 1}}`, 19), []string{"calendar", "list"},
			"error: reading page 1: the server's answer is not in the shape kanka reads: data is an object, not a list", ""},
		{"no answer in time", func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
		}, []string{"calendar", "get", "1", "--timeout", "100ms"},
			"error: reading calendar 1: no answer from ORIGIN: the server did not answer within the time limit of one request (see --timeout)", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := startHostile(t, tt.handler)
			k := newHostileKanka(t, srv)
			origin := strings.TrimSuffix(srv.Root, "/api/1.0")
			r := k.runWithin(t, 30*time.Second, "", tt.args...)
			wantRun(t, r, 1, "", strings.ReplaceAll(tt.want, "ORIGIN", origin)+"\n")
			if tt.debug == "" {
				return
			}
			r = k.runWithin(t, 30*time.Second, "", append(tt.args, "--debug")...)
			tail := strings.ReplaceAll(tt.want+"\n"+tt.debug+"\n", "ORIGIN", origin)
			if r.code != 1 || !strings.HasSuffix(r.stderr, "\n"+tail) {
				t.Errorf("with --debug, want exit 1 and stderr ending\n%s\ngot %s", tail, r)
			}
			wantNoSecret(t, r)
		})
	}
}

// A secure connection that fails is said in words: a certificate no
// authority kanka trusts signed, a server that does not speak HTTPS.
func TestE2ESecureConnectionFailuresInWords(t *testing.T) {
	t.Parallel()
	selfSigned := httptest.NewUnstartedServer(http.NotFoundHandler())
	selfSigned.Config.ErrorLog = log.New(io.Discard, "", 0) // the handshakes kanka refuses
	selfSigned.StartTLS()
	t.Cleanup(selfSigned.Close)
	plain := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(plain.Close)
	for _, tt := range []struct{ name, origin, want string }{
		{"certificate of an unknown authority", selfSigned.URL,
			"the server's certificate is not trusted: it is signed by an unknown authority"},
		{"plain HTTP at an https URL", strings.Replace(plain.URL, "http://", "https://", 1),
			"the server does not speak HTTPS at this address (is the URL http://?)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			k := newKanka(t, nil).with("KANKA_URL="+tt.origin+"/api/1.0", "KANKA_TOKEN="+hostileToken, "KANKA_CAMPAIGN=1")
			r := k.runWithin(t, 30*time.Second, "", "calendar", "get", "1")
			wantRun(t, r, 1, "", "error: reading calendar 1: no answer from "+tt.origin+": "+tt.want+"\n")
		})
	}
}

// A calendar file with five problems names all five in one run, each at
// its line, and nothing is sent.
func TestE2EFileProblemsAllAtOnce(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv)
	path := writeFile(t, t.TempDir(), "cal.yaml", `name: Test
weekday: [A, B]
weekdays: [A, B]
months:
  - {name: One, length: 30}
  - {name: Two, length: 30.5}
leap_year_amount: abc
seasons:
  - {name: Spring, month: Sixth, day: 1}
moons:
  - {fullmoon: 29.5}
`)
	mark := srv.mark()
	r := k.run(t, "calendar", "create", "-f", path)
	want := "error: " + path + `: line 2: unknown key "weekday"; did you mean "weekdays"?
` + path + `: line 6: months[2].length: must be a whole number, not 30.5
` + path + `: line 7: leap_year_amount: "abc" is not a whole number
` + path + `: line 9: seasons[1].month: month "Sixth" does not exist in this calendar; the months are 1 One, 2 Two
` + path + `: line 11: moons[1].name: is required
`
	wantRun(t, r, 2, "", want)
	wantNoRequests(t, srv, mark)
}

// A YAML syntax error names the line where it shows: an unclosed { the
// line that opens it.
func TestE2EYAMLSyntaxErrorAtItsLine(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv)
	path := writeFile(t, t.TempDir(), "cal.yaml", "name: Test\nweekdays: [A, B]\nmonths: {name: One\nseasons: []\n")
	r := k.run(t, "calendar", "create", "-f", path)
	wantRun(t, r, 2, "", "error: "+path+": line 3: did not find expected ',' or '}'\n")
}

// calendar edit without a terminal and without VISUAL or EDITOR refuses
// before any request, saying what to set, rather than start vi on an
// input that is no keyboard.
func TestE2EEditWithoutATerminalOrAnEditor(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv)
	mark := srv.mark()
	r := k.runWithin(t, 30*time.Second, "", "calendar", "edit", "1")
	wantRun(t, r, 2, "", `error: no editor to run: standard input is not a terminal, so vi cannot run there; set VISUAL or EDITOR to your editor command (VISUAL="code --wait"), or run kanka calendar edit on a terminal
`)
	wantNoRequests(t, srv, mark)
}
