package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
)

// InProcess returns a RoundTripper that answers requests with New(opts)
// directly, without a socket: `kanka --sandbox` puts it under the client.
// The URL's host is not looked at. A dropped connection (Options.DropRate)
// is an error from RoundTrip, after the write was applied. A state file the
// sandbox will not use (Options.DataPath) is a *StateFileError, from
// InProcess or from RoundTrip, where a served sandbox would answer 500.
func InProcess(opts Options) (http.RoundTripper, error) {
	s, err := New(opts)
	if err != nil {
		return nil, err
	}
	return &inProcess{server: s}, nil
}

type inProcess struct{ server *Server }

// errDropped is what a client sees when the sandbox drops the connection.
var errDropped = errors.New("sandbox: connection dropped after the request was applied (injected fault)")

func (t *inProcess) RoundTrip(req *http.Request) (resp *http.Response, err error) {
	// The server side reads a copy of the request, as a real server would.
	var body []byte
	if req.Body != nil {
		body, err = io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, err
		}
	}
	in := req.Clone(req.Context())
	in.Body = io.NopCloser(bytes.NewReader(body))
	in.ContentLength = int64(len(body))
	in.RequestURI = req.URL.RequestURI()
	if in.Host == "" {
		in.Host = req.URL.Host
	}

	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	defer func() {
		if p := recover(); p != nil {
			if p != http.ErrAbortHandler {
				panic(p)
			}
			resp, err = nil, errDropped
		}
	}()
	if err := t.server.serve(rec, in); err != nil {
		// A state file the sandbox will not use: kanka says so, rather
		// than report a server error.
		return nil, err
	}
	if err := req.Context().Err(); err != nil {
		return nil, err // the latency wait was cut short
	}
	return rec.response(req), nil
}

// recorder is the ResponseWriter of an in-process exchange. It is not a
// Hijacker, so dropConnection panics with http.ErrAbortHandler, which
// RoundTrip turns into an error.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) WriteHeader(status int)      { r.status = status }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }

func (r *recorder) response(req *http.Request) *http.Response {
	length := int64(r.body.Len())
	if req.Method == http.MethodHead {
		length, _ = strconv.ParseInt(r.header.Get("Content-Length"), 10, 64)
	}
	return &http.Response{
		Status:        fmt.Sprintf("%d %s", r.status, http.StatusText(r.status)),
		StatusCode:    r.status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        r.header,
		Body:          io.NopCloser(bytes.NewReader(r.body.Bytes())),
		ContentLength: length,
		Request:       req,
	}
}
