package sandbox

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
)

// reply is an answer before it is written, so that the server can decide
// to drop the connection instead (see faults) and HEAD can send the
// headers of GET without the body.
type reply struct {
	status int
	// body is marshalled as JSON; nil sends no body and no Content-Type
	// (the live service's 204).
	body   any
	header http.Header
	// err is the state file error behind a 500 (see storeFailure).
	err error
}

// errorReply is the live service's error body: {"code":N,"error":"..."}.
func errorReply(status int, msg string) reply {
	return reply{status: status, body: object{{"code", status}, {"error", msg}}}
}

// pageNotFound answers a path that is no route: no "code" key, which is how
// a client tells a missing route from a missing record.
func pageNotFound() reply {
	return reply{status: http.StatusNotFound, body: object{{"error", "Page not found"}}}
}

// modelNotFound answers an unknown id, as Laravel's model binding does.
func modelNotFound(model, id string) reply {
	return errorReply(http.StatusNotFound, "No query results for model [App\\Models\\"+model+"] "+id)
}

// serverError is the live service's 500 body.
func serverError(msg string) reply {
	return reply{status: http.StatusInternalServerError, body: object{
		{"code", 500},
		{"error", "Unhandled API error... " + msg},
		{"hint", "The sandbox failed to answer; try again."},
		{"trace", nil},
	}}
}

// storeFailure answers a request the store could not serve: a 500. When the
// state file is one the sandbox will not use, the answer keeps the
// *StateFileError, so that the in-process transport returns it to kanka,
// which says what is wrong with the file, instead of a 500.
func storeFailure(err error) reply {
	rep := serverError(err.Error())
	var bad *StateFileError
	if errors.As(err, &bad) {
		rep.err = bad
	}
	return rep
}

// dataReply wraps one record in {"data": ...}.
func dataReply(status int, record any) reply {
	return reply{status: status, body: object{{"data", record}}}
}

// encoded is rep with its body marshalled, so that it no longer points
// into the state it was made from: change encodes a write's answer while the
// state is the write's alone, writeReply every other. An encoded body is
// kept as it is; one that cannot be marshalled becomes the service's 500,
// with rep's headers.
func (rep reply) encoded() reply {
	if _, done := rep.body.(json.RawMessage); done || rep.body == nil {
		return rep
	}
	b, err := marshal(rep.body)
	if err != nil {
		failed := serverError(err.Error())
		failed.header, failed.err = rep.header, rep.err
		return failed.encoded()
	}
	rep.body = json.RawMessage(b)
	return rep
}

func writeReply(w http.ResponseWriter, r *http.Request, rep reply) {
	rep = rep.encoded()
	for k, v := range rep.header {
		w.Header()[k] = v
	}
	if rep.body == nil {
		w.WriteHeader(rep.status)
		return
	}
	b := rep.body.(json.RawMessage)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(rep.status)
	if r.Method != http.MethodHead {
		w.Write(b)
	}
}

// dropConnection ends the exchange without an answer: the client sees its
// connection closed (or, in process, an error from RoundTrip).
func dropConnection(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			conn.Close()
			return
		}
	}
	// The net/http server closes the connection quietly on this panic; the
	// in-process transport recovers it and fails the round trip.
	panic(http.ErrAbortHandler)
}
