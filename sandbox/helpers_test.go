package sandbox

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"
)

// clock is the fixed time the tests' servers live at.
var clock = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

func fixedNow() time.Time { return clock }

const base = "/api/1.0/campaigns/1/"

// newServer builds a server at the fixed clock.
func newServer(t *testing.T, opts Options) *Server {
	t.Helper()
	if opts.Now == nil {
		opts.Now = fixedNow
	}
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// send makes a raw request with the sandbox token (unless headers say
// otherwise: a header with an empty value is removed).
func send(t testing.TB, h http.Handler, method, path, body string, headers ...string) *httptest.ResponseRecorder {
	t.Helper()
	var r *http.Request
	if body == "" {
		r = httptest.NewRequest(method, "http://sandbox.test"+path, nil)
	} else {
		r = httptest.NewRequest(method, "http://sandbox.test"+path, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
	}
	r.Header.Set("Accept", "application/json")
	r.Header.Set("Authorization", "Bearer "+DefaultToken)
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i+1] == "" {
			r.Header.Del(headers[i])
		} else {
			r.Header.Set(headers[i], headers[i+1])
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// expect checks the status and, unless want is "", that the body is the
// JSON want (compared as values, so spacing does not matter).
func expect(t *testing.T, w *httptest.ResponseRecorder, status int, want string) {
	t.Helper()
	if w.Code != status {
		t.Fatalf("status %d, want %d; body %s", w.Code, status, w.Body)
	}
	if want == "" {
		return
	}
	if !jsonEqual(t, w.Body.Bytes(), []byte(want)) {
		t.Fatalf("body\n%s\nwant\n%s", w.Body, compact(t, want))
	}
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("answer is not JSON: %v: %s", err, a)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("expected body is not JSON: %v: %s", err, b)
	}
	return reflect.DeepEqual(x, y)
}

func compact(t *testing.T, s string) string {
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// decode reads a JSON answer into a generic value.
func decode(t *testing.T, w *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatalf("answer is not a JSON object: %v: %s", err, w.Body)
	}
	return v
}

// dataOf is the "data" object of a single-record answer.
func dataOf(t *testing.T, w *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	d, ok := decode(t, w)["data"].(map[string]any)
	if !ok {
		t.Fatalf("no data object in %s", w.Body)
	}
	return d
}

// minimalCalendar is the smallest valid calendar write.
const minimalCalendar = `{"name":"Harptos","month_name":["Hammer","Alturiak"],"month_length":[30,30],"weekday":["One","Two"]}`

// mustCreate creates a calendar from body and returns its id.
func mustCreate(t *testing.T, h http.Handler, body string) int {
	t.Helper()
	w := send(t, h, "POST", base+"calendars", body)
	if w.Code != 200 && w.Code != 201 {
		t.Fatalf("create: %d %s", w.Code, w.Body)
	}
	return int(dataOf(t, w)["id"].(float64))
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// refusal is a write that the service refuses with 422: the changes made
// to a valid body, and the fields of the answer.
type refusal struct {
	name    string
	live    bool
	changes string
	fields  string
}

// expectRefused creates, on a new server with calendarForWeather, valid
// with each refusal's changes at path (under base), and expects its fields
// answered and nothing stored (stored counts the records).
func expectRefused(t *testing.T, tests []refusal, path, valid string, stored func(*state) int) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newServer(t, Options{Live: tt.live})
			mustCreate(t, s, calendarForWeather)
			w := send(t, s, "POST", base+path, with(t, valid, tt.changes))
			expectFields(t, w.Body.Bytes(), w.Code, tt.fields)
			if n := stored(s.store.(*memStore).st); n != 0 {
				t.Fatalf("%d records stored after a 422", n)
			}
		})
	}
}
