package client_test

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// The token goes only to the scheme, host and port of the API's URL. Go's
// http client keeps Authorization on a redirect to the same host name,
// whatever its port or scheme: a redirect from the API's port to another
// port of the same machine, or from http to https on the same port, would
// carry it. Such a redirect is followed, as one to another host is, without
// the token.

// authSeen records the Authorization headers a server received.
type authSeen struct {
	mu   sync.Mutex
	auth []string
}

func (a *authSeen) record(r *http.Request) {
	a.mu.Lock()
	a.auth = append(a.auth, r.Header.Get("Authorization"))
	a.mu.Unlock()
}

// handler records each request and answers body.
func (a *authSeen) handler(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a.record(r)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}
}

func (a *authSeen) got() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.auth...)
}

const elsewhereCalendar = `{"data":{"id":1,"name":"from elsewhere"}}`

func TestRedirectToAnotherPortOfTheSameHostDropsTheToken(t *testing.T) {
	var other authSeen
	elsewhere := httptest.NewServer(other.handler(elsewhereCalendar))
	defer elsewhere.Close()
	var api authSeen
	apiSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		api.record(r)
		if strings.HasSuffix(r.URL.Path, "/calendars/1") {
			http.Redirect(w, r, elsewhere.URL+r.URL.Path, http.StatusTemporaryRedirect)
			return
		}
		// A redirect within the API's own origin keeps the token.
		http.Redirect(w, r, strings.Replace(r.URL.Path, "/calendars/2", "/calendars/1", 1), http.StatusTemporaryRedirect)
	}))
	defer apiSrv.Close()
	if host(elsewhere.URL) != host(apiSrv.URL) {
		t.Fatalf("the two servers are on %s and %s: the test needs one host", elsewhere.URL, apiSrv.URL)
	}
	c, _ := realClient(t, apiSrv.URL)

	cal, err := c.GetCalendar(context.Background(), 2)
	if err != nil || cal.Name != "from elsewhere" {
		t.Fatalf("GetCalendar = %v, %v; want the other port's answer, followed", cal, err)
	}
	if got := other.got(); len(got) != 1 || got[0] != "" {
		t.Errorf("the other port saw Authorization %q, want none", got)
	}
	if got := api.got(); len(got) != 2 || got[0] != "Bearer "+testToken || got[1] != "Bearer "+testToken {
		t.Errorf("the API saw Authorization %q, want the token on both of its requests", got)
	}
}

func TestRedirectFromHTTPToHTTPSOnTheSamePortDropsTheToken(t *testing.T) {
	var secure authSeen
	plainURL, secureURL, transport := bothSchemesOnOnePort(t,
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, strings.Replace(plainURL(r), "http://", "https://", 1), http.StatusTemporaryRedirect)
		}),
		secure.handler(elsewhereCalendar))
	if strings.TrimPrefix(plainURL, "http://") != strings.TrimPrefix(secureURL, "https://") {
		t.Fatalf("%s and %s: the test needs one host and port", plainURL, secureURL)
	}
	c, _ := realClient(t, plainURL, func(cfg *client.Config) { cfg.Transport = transport })

	cal, err := c.GetCalendar(context.Background(), 1)
	if err != nil || cal.Name != "from elsewhere" {
		t.Fatalf("GetCalendar = %v, %v; want the https answer, followed", cal, err)
	}
	if got := secure.got(); len(got) != 1 || got[0] != "" {
		t.Errorf("https on the same port saw Authorization %q, want none", got)
	}
}

// plainURL is the URL r was sent to over plain http.
func plainURL(r *http.Request) string { return "http://" + r.Host + r.URL.RequestURI() }

func host(u string) string {
	h, _, _ := net.SplitHostPort(strings.TrimPrefix(strings.TrimPrefix(u, "http://"), "https://"))
	return h
}

// bothSchemesOnOnePort serves plain on http and secure on https, both on
// one port of loopback (a TLS handshake tells them apart), and returns
// their URLs and a transport that trusts the https side.
func bothSchemesOnOnePort(t *testing.T, plain, secure http.Handler) (plainURL, secureURL string, transport http.RoundTripper) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	plainL, tlsL := newChanListener(ln.Addr()), newChanListener(ln.Addr())
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				plainL.Close()
				tlsL.Close()
				return
			}
			go func() {
				br := bufio.NewReader(conn)
				first, err := br.Peek(1)
				if err != nil {
					conn.Close()
					return
				}
				peeked := &peekedConn{Conn: conn, r: br}
				if first[0] == 0x16 { // a TLS handshake record
					tlsL.put(peeked)
				} else {
					plainL.put(peeked)
				}
			}()
		}
	}()
	ps := httptest.NewUnstartedServer(plain)
	ps.Listener = plainL
	ps.Start()
	ts := httptest.NewUnstartedServer(secure)
	ts.Listener = tlsL
	ts.StartTLS()
	t.Cleanup(func() {
		ln.Close()
		ps.Close()
		ts.Close()
	})
	return ps.URL, ts.URL, ts.Client().Transport
}

// chanListener is a listener whose connections are put into it.
type chanListener struct {
	addr  net.Addr
	conns chan net.Conn
	once  sync.Once
	done  chan struct{}
}

func newChanListener(addr net.Addr) *chanListener {
	return &chanListener{addr: addr, conns: make(chan net.Conn), done: make(chan struct{})}
}

func (l *chanListener) put(c net.Conn) {
	select {
	case l.conns <- c:
	case <-l.done:
		c.Close()
	}
}

func (l *chanListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *chanListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

func (l *chanListener) Addr() net.Addr { return l.addr }

// peekedConn is a connection whose first bytes were read into r.
type peekedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *peekedConn) Read(b []byte) (int, error) { return c.r.Read(b) }
