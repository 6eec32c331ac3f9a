package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// Data safety end to end: the built binary never loses, reverts or
// misplaces a user's data. What an answer left out is never wiped, a
// change made elsewhere is never put back, what kanka cannot read (named
// weeks) is kept when a file gives it, a write lands on the record it is
// meant for, and every date kanka prints is accepted back.
//
// The server is the sandbox with its state in a file, behind a proxy the
// test programs (dsServer): it records request bodies, can rewrite the
// sandbox's answers (a broken or older deployment) and can act before a
// request reaches the sandbox (someone else's change at the worst moment).
// What the server holds is read from the state file, never through kanka
// or the proxy, so that neither can hide a loss.

// dsServer is a sandbox with a state file behind a programmable proxy.
type dsServer struct {
	*apiServer
	live bool
	// data is the sandbox's state file.
	data string
	// inner is the sandbox itself, without the proxy.
	inner http.Handler

	mu     sync.Mutex
	bodies []dsSent
	// hook runs before a request reaches the sandbox; when it returns
	// true it has answered the request itself.
	hook func(w http.ResponseWriter, r *http.Request) bool
	// rewrite changes the sandbox's answer to a request.
	rewrite func(r *http.Request, status int, body []byte) []byte
}

// dsSent is one request as the proxy received it.
type dsSent struct {
	Method, Path string
	Body         []byte
}

// startDataSafety serves a sandbox with opts and a fresh state file behind
// the proxy.
func startDataSafety(t *testing.T, opts sandbox.Options) *dsServer {
	t.Helper()
	s := &dsServer{live: opts.Live, data: filepath.Join(t.TempDir(), "state.json")}
	opts.DataPath = s.data
	s.apiServer = startServer(t, opts, func(inner http.Handler) http.Handler {
		s.inner = inner
		return http.HandlerFunc(s.serve)
	})
	return s
}

func (s *dsServer) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	s.mu.Lock()
	s.bodies = append(s.bodies, dsSent{Method: r.Method, Path: strings.TrimPrefix(r.URL.Path, campaignPath), Body: body})
	hook, rewrite := s.hook, s.rewrite
	s.mu.Unlock()
	if hook != nil && hook(w, r) {
		return
	}
	if rewrite == nil {
		s.inner.ServeHTTP(w, r)
		return
	}
	rec := httptest.NewRecorder()
	s.inner.ServeHTTP(rec, r)
	out := rewrite(r, rec.Code, rec.Body.Bytes())
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.Header().Del("Content-Length")
	w.WriteHeader(rec.Code)
	_, _ = w.Write(out)
}

// setHook and setRewrite program the proxy (nil: pass everything on).
func (s *dsServer) setHook(hook func(w http.ResponseWriter, r *http.Request) bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hook = hook
}

func (s *dsServer) setRewrite(rewrite func(r *http.Request, status int, body []byte) []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rewrite = rewrite
}

// sentBodies are the bodies of the requests with method and path (the
// campaign prefix left out) received so far.
func (s *dsServer) sentBodies(method, path string) []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []map[string]any
	for _, b := range s.bodies {
		if b.Method == method && b.Path == path {
			var obj map[string]any
			_ = json.Unmarshal(b.Body, &obj)
			out = append(out, obj)
		}
	}
	return out
}

// dsState is the sandbox's state file: every record as stored, named
// weeks and nulls included.
type dsState struct {
	Calendars []map[string]any `json:"calendars"`
	Weather   []map[string]any `json:"weather"`
}

func (s *dsServer) state(t *testing.T) dsState {
	t.Helper()
	b, err := os.ReadFile(s.data)
	if err != nil {
		t.Fatal(err)
	}
	var st dsState
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatalf("the state file: %v", err)
	}
	return st
}

// stored is calendar id as the server holds it.
func (s *dsServer) stored(t *testing.T, id int) map[string]any {
	t.Helper()
	for _, c := range s.state(t).Calendars {
		if c["id"] == float64(id) {
			return c
		}
	}
	t.Fatalf("the server holds no calendar %d", id)
	return nil
}

// storedWeather is weather entry id as the server holds it, nil when it
// holds none.
func (s *dsServer) storedWeather(t *testing.T, id int) map[string]any {
	t.Helper()
	for _, w := range s.state(t).Weather {
		if w["id"] == float64(id) {
			return w
		}
	}
	return nil
}

// weatherOf are the entries of calendar id as the server holds them.
func (s *dsServer) weatherOf(t *testing.T, id int) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, w := range s.state(t).Weather {
		if w["calendar_id"] == float64(id) {
			out = append(out, w)
		}
	}
	return out
}

// direct sends a request to the sandbox itself, past the proxy and the
// recorder, and returns the answer's status and body.
func (s *dsServer) direct(method, path, body string) (int, []byte) {
	r := httptest.NewRequest(method, campaignPath+path, strings.NewReader(body))
	r.Header.Set("Authorization", "Bearer "+sandbox.DefaultToken)
	r.Header.Set("Accept", "application/json")
	r.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.inner.ServeHTTP(rec, r)
	return rec.Code, rec.Body.Bytes()
}

// elsewhere is another kanka session on the same campaign (the web
// interface, a colleague): a second sandbox over the same state file,
// whose requests the proxy never sees. It returns the session and its
// KANKA_URL.
func (s *dsServer) elsewhere(t *testing.T) (*kanka, string) {
	t.Helper()
	other := startServer(t, sandbox.Options{Live: s.live, DataPath: s.data}, nil)
	return newKanka(t, other), other.Root
}

// runNoT runs the binary without a *testing.T, for a proxy hook (which
// runs on the server's goroutine); the error is the run's failure.
func (k *kanka) runNoT(args ...string) (result, error) {
	cmd, stdout, stderr := k.command("", args...)
	err := cmd.Run()
	r := result{args: args, stdout: stdout.String(), stderr: stderr.String()}
	if exit, ok := err.(*exec.ExitError); ok {
		r.code, err = exit.ExitCode(), nil
	}
	if err == nil && r.code != 0 {
		err = fmt.Errorf("%s", r)
	}
	return r, err
}

// editJSON applies edit to every record of an answer ({"data": object} or
// {"data": [objects]}); a body that is not such an answer is returned as
// it is.
func editJSON(body []byte, edit func(obj map[string]any)) []byte {
	var top map[string]any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&top); err != nil {
		return body
	}
	switch data := top["data"].(type) {
	case map[string]any:
		edit(data)
	case []any:
		for _, item := range data {
			if obj, ok := item.(map[string]any); ok {
				edit(obj)
			}
		}
	default:
		return body
	}
	out, err := json.Marshal(top)
	if err != nil {
		return body
	}
	return out
}

// calendarPaths are the paths whose answers hold calendars.
var calendarPaths = regexp.MustCompile(`^calendars(/\d+)?$`)

// isCalendarAnswer reports a request whose answer holds calendars.
func isCalendarAnswer(r *http.Request) bool {
	return calendarPaths.MatchString(strings.TrimPrefix(r.URL.Path, campaignPath))
}

// isWeatherAnswer reports a request whose answer holds weather entries.
func isWeatherAnswer(r *http.Request) bool {
	return strings.Contains(r.URL.Path, "/calendar_weather")
}

// emptyAsNull is a stored record with every empty value ("", 0, [],
// null) as null, at the top level: the forms in which the document's
// answers show one and the same nothing.
func emptyAsNull(obj map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range obj {
		switch x := v.(type) {
		case string:
			if x == "" {
				v = nil
			}
		case float64:
			if x == 0 {
				v = nil
			}
		case []any:
			if len(x) == 0 {
				v = nil
			}
		}
		out[k] = v
	}
	return out
}

// mustEqual fails when the server's record changed.
func mustEqual(t *testing.T, what string, before, after any) {
	t.Helper()
	if !reflect.DeepEqual(before, after) {
		t.Errorf("%s changed:\nbefore %v\nafter  %v", what, before, after)
	}
}

// unreadMessage is kanka's refusal of an update whose answer left keys
// out; supply is what it says to do about it.
func unreadMessage(id int, name, keys, supply string) string {
	return fmt.Sprintf("error: calendar %d %q: the server's answer did not give %s (left out or null); an update must send them, "+
		"and sending it without them would clear them there. Nothing was sent. %s. To update anyway and let the service clear them, add --force.\n",
		id, name, keys, supply)
}

const (
	supplyCalendar = "Give them in a file (-f, with the keys of `kanka calendar get -o yaml`) or with their flags"
	supplyApply    = "Give them in the file"
	supplyAdvance  = "Give them first with `kanka calendar update 1 -f FILE`"
	supplyEdit     = "Give them in this file"
)

// A server whose calendar answers leave out moons, seasons and is_private
// (an older deployment, a proxy), or send them as null: every command that
// would write the calendar back refuses, so the user's moons and seasons
// are never wiped; only the reads are sent. --force sends the update, and
// the live service then clears what was not sent (as the message says).
func TestE2EDataSafetyUnreadKeysAreNeverWiped(t *testing.T) {
	t.Parallel()
	servers := []struct {
		name  string
		start func(t *testing.T, live bool) *dsServer
	}{
		{"left out", func(t *testing.T, live bool) *dsServer {
			return startDataSafety(t, sandbox.Options{Live: live, OmitKeys: []string{"moons", "seasons", "is_private"}})
		}},
		{"null", func(t *testing.T, live bool) *dsServer {
			s := startDataSafety(t, sandbox.Options{Live: live})
			s.setRewrite(func(r *http.Request, status int, body []byte) []byte {
				if !isCalendarAnswer(r) {
					return body
				}
				return editJSON(body, func(obj map[string]any) {
					obj["moons"], obj["seasons"], obj["is_private"] = nil, nil, nil
				})
			})
			return s
		}},
	}
	for _, server := range servers {
		t.Run(server.name, func(t *testing.T) {
			t.Parallel()
			eachMode(t, func(t *testing.T, live bool) {
				s := server.start(t, live)
				k := newKanka(t, s.apiServer)
				if id := strings.TrimSpace(k.ok(t, "calendar", "create", "-f", harptosFile, "--private", "-o", "id")); id != "1" {
					t.Fatalf("created calendar %q", id)
				}
				before := s.stored(t, 1)
				if moons, _ := before["moons"].([]any); len(moons) != 1 || before["is_private"] != true || len(before["seasons"].([]any)) != 4 {
					t.Fatalf("the calendar as created: %v", before)
				}
				opened := filepath.Join(t.TempDir(), "opened")
				editor := editorScript(t, `touch `+opened+`; sed -i 's/^suffix: DR$/suffix: X/' "$1"`)
				seed := writeFile(t, t.TempDir(), "seed.yaml", "calendars:\n  - name: Calendar of Harptos\n    type: Reckoning of the Dales\n")
				refused := unreadMessage(1, "Calendar of Harptos", "seasons and moons", supplyCalendar)
				moveNote := ""
				if live {
					moveNote = "note: a move of 2 days is one full update of the calendar, which clears named weeks set in the web interface (kanka cannot read them); --keep-weeks moves one day at a time instead\n"
				}
				cases := []struct {
					name     string
					k        *kanka
					args     []string
					stderr   string
					requests []string
				}{
					{"advance by 2 days", k, []string{"calendar", "advance", "1", "--days", "2"}, moveNote + unreadMessage(1, "Calendar of Harptos", "seasons and moons", supplyAdvance), []string{"GET calendars/1"}},
					{"update a field", k, []string{"calendar", "update", "1", "--suffix", "X"}, refused, []string{"GET calendars/1"}},
					{"apply a change of type", k, []string{"apply", "-f", seed}, unreadMessage(1, "Calendar of Harptos", "seasons and moons", supplyApply), []string{"GET calendars"}},
				}
				for _, c := range cases {
					t.Run(c.name, func(t *testing.T) {
						mark := s.mark()
						r := c.k.run(t, c.args...)
						if r.code != 1 || r.stderr != c.stderr || r.stdout != "" {
							t.Errorf("want exit 1 and stderr\n%s\ngot %s", c.stderr, r)
						}
						wantRequests(t, s.since(mark), c.requests...)
						mustEqual(t, "the stored calendar", before, s.stored(t, 1))
					})
				}
				// edit opens the calendar with the problem on top, so that
				// the missing keys can be written in; an edit that does not
				// give them is kept, not sent (exit 1).
				t.Run("edit", func(t *testing.T) {
					mark := s.mark()
					r := k.with("VISUAL="+editor).run(t, "calendar", "edit", "1")
					head := strings.TrimSuffix(unreadMessage(1, "Calendar of Harptos", "seasons and moons", supplyEdit), "\n")
					if r.code != 1 || !strings.HasPrefix(r.stderr, head+"\n(the edit was not sent; it is kept in ") || r.stdout != "" {
						t.Errorf("want exit 1 and stderr starting\n%s\ngot %s", head, r)
					}
					if _, err := os.Stat(opened); err != nil {
						t.Errorf("the editor was not opened to give the missing keys")
					}
					wantRequests(t, s.since(mark), "GET calendars/1")
					mustEqual(t, "the stored calendar", before, s.stored(t, 1))
				})

				// --force: the update goes, without the keys it could not
				// read; the live service clears what was left out, the
				// document's keeps it. is_private, which no write
				// rebuilds, is not sent and stays.
				t.Run("update --force", func(t *testing.T) {
					mark := s.mark()
					k.ok(t, "calendar", "update", "1", "--suffix", "X", "--force", "-o", "id")
					wantRequests(t, s.since(mark), "GET calendars/1", "PUT calendars/1")
					puts := s.sentBodies("PUT", "calendars/1")
					sent := puts[len(puts)-1]
					for _, key := range []string{"moon_name", "season_name", "is_private"} {
						if _, ok := sent[key]; ok {
							t.Errorf("the forced update sent %s, which it did not read: %v", key, sent[key])
						}
					}
					after := s.stored(t, 1)
					if after["suffix"] != "X" || after["is_private"] != true {
						t.Errorf("after update --force: suffix %v, is_private %v", after["suffix"], after["is_private"])
					}
					wantMoons, wantSeasons := before["moons"], before["seasons"]
					if live {
						wantMoons, wantSeasons = []any{}, []any{}
					}
					mustEqual(t, "moons (as --force said)", wantMoons, after["moons"])
					mustEqual(t, "seasons (as --force said)", wantSeasons, after["seasons"])
					mustEqual(t, "months", before["months"], after["months"])
				})

				// The refusal of `calendar edit` ends "add --force", and
				// edit's --force is meant to send "even when it lacks
				// fields the service rebuilds" (EditOptions.Force): with
				// it the editor must open and the edit go.
				t.Run("edit --force", func(t *testing.T) {
					forced := editorScript(t, `sed -i 's/^suffix: X$/suffix: Y/' "$1"`)
					mark := s.mark()
					k.with("VISUAL="+forced).ok(t, "calendar", "edit", "1", "--force", "-o", "id")
					wantRequests(t, s.since(mark), "GET calendars/1", "PUT calendars/1")
					if got := s.stored(t, 1)["suffix"]; got != "Y" {
						t.Errorf("suffix after edit --force: %v", got)
					}
				})
			})
		})
	}
}

// looseTypes rewrites a calendar answer as older records hold it: booleans
// as 0 and 1, lengths, offsets and the leap rule's numbers as strings.
func looseTypes(obj map[string]any) {
	for _, key := range []string{"is_private", "has_leap_year", "skip_year_zero"} {
		switch obj[key] {
		case true:
			obj[key] = 1
		case false:
			obj[key] = 0
		}
	}
	for _, key := range []string{"start_offset", "leap_year_amount", "leap_year_offset", "leap_year_start", "leap_year_month"} {
		if n, ok := obj[key].(json.Number); ok {
			obj[key] = n.String()
		}
	}
	for _, list := range []struct{ key, field string }{{"months", "length"}, {"moons", "offset"}} {
		items, _ := obj[list.key].([]any)
		for _, item := range items {
			if m, ok := item.(map[string]any); ok {
				if n, ok := m[list.field].(json.Number); ok {
					m[list.field] = n.String()
				}
			}
		}
	}
}

// Booleans answered as 0/1 and numbers as strings are read for what they
// are and written back as they were: a private calendar stays private, a
// public one public, and the leap rule, months and moons stay exactly as
// stored after an update of the suffix.
func TestE2EDataSafetyLooseTypesAreWrittenBackExactly(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		s := startDataSafety(t, sandbox.Options{Live: live})
		k := newKanka(t, s.apiServer)
		k.ok(t, "calendar", "create", "-f", harptosFile, "--private", "-o", "id")
		k.ok(t, "calendar", "create", "--name", "Greyhawk", "--month", "Fireseek:28", "--month", "Readying:28",
			"--weekday", "Starday", "--weekday", "Sunday", "--date", "591-1-1", "-o", "id")
		s.setRewrite(func(r *http.Request, status int, body []byte) []byte {
			if !isCalendarAnswer(r) {
				return body
			}
			return editJSON(body, looseTypes)
		})
		// The rewrite is what the binary sees.
		if got := k.ok(t, "calendar", "get", "1", "--jq", `[.is_private, .has_leap_year, .months[0].length] | @json`); got != `[1,1,"30"]`+"\n" {
			t.Fatalf("the proxy does not rewrite the answers: %s", got)
		}
		for id, private := range map[int]bool{1: true, 2: false} {
			before := s.stored(t, id)
			if before["is_private"] != private {
				t.Fatalf("calendar %d: is_private %v", id, before["is_private"])
			}
			mark := s.mark()
			k.ok(t, "calendar", "update", fmt.Sprint(id), "--suffix", "X", "-o", "id")
			path := fmt.Sprintf("calendars/%d", id)
			wantRequests(t, s.since(mark), "GET "+path, "PUT "+path)
			puts := s.sentBodies("PUT", path)
			sent := puts[len(puts)-1]
			// A flag read as 0 or 1 is sent as a boolean: the document's
			// service (and older ones) may not take a number.
			if sent["is_private"] != private || sent["has_leap_year"] != before["has_leap_year"] {
				t.Errorf("calendar %d: sent is_private %v, has_leap_year %v", id, sent["is_private"], sent["has_leap_year"])
			}
			after := s.stored(t, id)
			if after["suffix"] != "X" {
				t.Errorf("calendar %d: suffix %v", id, after["suffix"])
			}
			// The document's answers show a null as "" or 0, which an
			// update then sends back: the same value for its API.
			mustEqual(t, fmt.Sprintf("calendar %d (but its suffix)", id),
				emptyAsNull(withoutKeys(before, "suffix", "updated_at", "calendar_updated_at")),
				emptyAsNull(withoutKeys(after, "suffix", "updated_at", "calendar_updated_at")))
		}
	})
}

// A weather answer without its temperature (the key left out, or null)
// does not make kanka send an empty one: the update of the wind sends no
// temperature key, and the server keeps the temperature it holds.
func TestE2EDataSafetyWeatherUpdateKeepsWhatItDidNotRead(t *testing.T) {
	t.Parallel()
	for _, how := range []string{"left out", "null"} {
		t.Run(how, func(t *testing.T) {
			t.Parallel()
			eachMode(t, func(t *testing.T, live bool) {
				s := startDataSafety(t, sandbox.Options{Live: live})
				k := newKanka(t, s.apiServer)
				createHarptos(t, k)
				k.ok(t, "weather", "create", "--calendar", "1", "-f", hammerFile, "-o", "id")
				before := s.storedWeather(t, 2)
				if before["temperature"] != "-10°C" {
					t.Fatalf("entry 2 as created: %v", before)
				}
				s.setRewrite(func(r *http.Request, status int, body []byte) []byte {
					if !isWeatherAnswer(r) {
						return body
					}
					return editJSON(body, func(obj map[string]any) {
						if how == "null" {
							obj["temperature"] = nil
						} else {
							delete(obj, "temperature")
						}
					})
				})
				mark := s.mark()
				k.ok(t, "weather", "update", "--calendar", "1", "2", "--wind", "calm", "-o", "id")
				path := "calendars/1/" + weatherPath(live) + "/2"
				if live { // the first request of the process finds the live path
					wantRequests(t, s.since(mark), "GET calendars/1/calendar_weathers/2", "GET "+path, "PUT "+path)
				} else {
					wantRequests(t, s.since(mark), "GET "+path, "PUT "+path)
				}
				puts := s.sentBodies("PUT", path)
				if len(puts) != 1 {
					t.Fatalf("%d PUTs of entry 2", len(puts))
				}
				if v, ok := puts[0]["temperature"]; ok {
					t.Errorf("the update sent temperature %#v, which it did not read", v)
				}
				if puts[0]["wind"] != "calm" || puts[0]["weather"] != "cloud" {
					t.Errorf("the update sent %v", puts[0])
				}
				after := s.storedWeather(t, 2)
				if after["temperature"] != "-10°C" || after["wind"] != "calm" {
					t.Errorf("entry 2 after the update: temperature %v, wind %v", after["temperature"], after["wind"])
				}
				mustEqual(t, "entry 2 (but its wind)", emptyAsNull(withoutKeys(before, "wind", "updated_at")), emptyAsNull(withoutKeys(after, "wind", "updated_at")))
			})
		})
	}
}

// changeWhileEditing is an editor step that first has someone else change
// the calendar (kanka against url, a server over the same campaign; its
// exit code is written to done), then makes the user's own change.
func changeWhileEditing(url, done, change string, args ...string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = "'" + a + "'"
	}
	return fmt.Sprintf(`KANKA_URL=%s %s %s >%s.out 2>&1; echo $? >%s; %s`, url, binary, strings.Join(quoted, " "), done, done, change)
}

// keptEdit is the path of the file `calendar edit` kept, from its message.
var keptEdit = regexp.MustCompile("Your edit is kept in (\\S+): run `")

// Someone changes the calendar while the user's editor is open: kanka
// reads it again before sending, sends nothing (exit 8), names what
// changed and keeps the user's edit in its file, and the other change
// stands. With --force the user's edit goes, as the help says, putting
// back what the other change touched.
func TestE2EDataSafetyEditNeverRevertsAChangeMadeMeanwhile(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		s := startDataSafety(t, sandbox.Options{Live: live})
		k := newKanka(t, s.apiServer)
		createHarptos(t, k)
		_, url := s.elsewhere(t)
		done := filepath.Join(t.TempDir(), "elsewhere")

		editor := editorScript(t, changeWhileEditing(url, done, `sed -i 's/^suffix: DR$/suffix: Dalereckoning/' "$1"`,
			"calendar", "update", "1", "--type", "Changed elsewhere", "-o", "id"))
		mark := s.mark()
		r := k.with("VISUAL="+editor).run(t, "calendar", "edit", "1")
		if code, _ := os.ReadFile(done); string(code) != "0\n" {
			out, _ := os.ReadFile(done + ".out")
			t.Fatalf("the change made elsewhere failed: exit %s%s", code, out)
		}
		m := keptEdit.FindStringSubmatch(r.stderr)
		if m == nil {
			t.Fatalf("want exit 8 naming the kept edit; %s", r)
		}
		kept := m[1]
		t.Cleanup(func() { os.Remove(kept) })
		want := "error: calendar 1 \"Calendar of Harptos\" changed on the server while the editor was open (last changed by user 1): type. " +
			"Nothing was sent, so that change stands. Your edit is kept in " + kept + ": run `kanka calendar edit 1` again to edit the calendar as it is now, " +
			"or send yours anyway with `kanka calendar update 1 -f " + kept + " --force`.\n"
		if r.code != 8 || r.stderr != want || r.stdout != "" {
			t.Errorf("want exit 8 and stderr\n%s\ngot %s", want, r)
		}
		// The read, the read again before sending; no PUT.
		wantRequests(t, s.since(mark), "GET calendars/1", "GET calendars/1")
		if text, err := os.ReadFile(kept); err != nil || !strings.Contains(string(text), "\nsuffix: Dalereckoning\n") {
			t.Errorf("the kept edit %s does not hold the user's change (%v):\n%s", kept, err, text)
		}
		if cal := s.stored(t, 1); cal["type"] != "Changed elsewhere" || cal["suffix"] != "DR" {
			t.Errorf("after the refused edit: type %v, suffix %v", cal["type"], cal["suffix"])
		}

		// --force: no second read, the edit goes, and with it the type
		// the editor was opened with.
		forced := editorScript(t, changeWhileEditing(url, done, `sed -i 's/^suffix: DR$/suffix: Dalereckoning/' "$1"`,
			"calendar", "update", "1", "--type", "Changed again", "-o", "id"))
		mark = s.mark()
		k.with("VISUAL="+forced).ok(t, "calendar", "edit", "1", "--force", "-o", "id")
		if code, _ := os.ReadFile(done); string(code) != "0\n" {
			t.Fatalf("the change made elsewhere failed: exit %s", code)
		}
		wantRequests(t, s.since(mark), "GET calendars/1", "PUT calendars/1")
		if cal := s.stored(t, 1); cal["type"] != "Changed elsewhere" || cal["suffix"] != "Dalereckoning" {
			t.Errorf("after edit --force: type %v, suffix %v", cal["type"], cal["suffix"])
		}

		// The live service's advance route moves the date and leaves
		// updated_at alone: the edit still sees that the date changed.
		if !live {
			return
		}
		advanced := editorScript(t, changeWhileEditing(url, done, `sed -i 's/^suffix: .*$/suffix: DR/' "$1"`, "calendar", "advance", "1"))
		mark = s.mark()
		r = k.with("VISUAL="+advanced).run(t, "calendar", "edit", "1")
		if m := keptEdit.FindStringSubmatch(r.stderr); m != nil {
			t.Cleanup(func() { os.Remove(m[1]) })
		}
		if r.code != 8 || !strings.HasPrefix(r.stderr, "error: calendar 1 \"Calendar of Harptos\" changed on the server while the editor was open (last changed by user 1): date. Nothing was sent") {
			t.Errorf("an advance by the route while the editor was open: want exit 8 naming the date; %s", r)
		}
		wantRequests(t, s.since(mark), "GET calendars/1", "GET calendars/1")
		if got := s.storedDate(t, 1); got != "1492-4-2" {
			t.Errorf("the date advanced meanwhile is %s", got)
		}
	})
}

// updatedAtLine is the updated_at a `get -o yaml` file carries.
var updatedAtLine = regexp.MustCompile(`(?m)^updated_at: ['"]?([^'"\n]+)['"]?$`)

// A file written by `calendar get -o yaml`, edited, then sent with
// `calendar update -f` after someone else updated the calendar: nothing is
// sent (exit 8), since the file holds the old values of what they changed;
// their change stands. --force sends the file as it is.
func TestE2EDataSafetyStaleFileIsNeverSent(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		s := startDataSafety(t, sandbox.Options{Live: live})
		k := newKanka(t, s.apiServer)
		createHarptos(t, k)
		other, _ := s.elsewhere(t)
		yamlText := k.ok(t, "calendar", "get", "1", "-o", "yaml")
		then := updatedAtLine.FindStringSubmatch(yamlText)
		if then == nil {
			t.Fatalf("get -o yaml has no updated_at:\n%s", yamlText)
		}
		file := writeFile(t, t.TempDir(), "cal.yaml", strings.Replace(yamlText, "\nsuffix: DR\n", "\nsuffix: Dalereckoning\n", 1))

		other.ok(t, "calendar", "update", "1", "--type", "Changed elsewhere", "-o", "id")
		now := decodeObject(t, other.ok(t, "calendar", "get", "1", "-o", "json"))["updated_at"]
		mark := s.mark()
		r := k.run(t, "calendar", "update", "1", "-f", file)
		want := fmt.Sprintf("error: calendar 1 \"Calendar of Harptos\" changed on the server since %s was written from it (updated_at %s then, %s now) (last changed by user 1). "+
			"Nothing was sent, so that change stands. Get it again with `kanka calendar get 1 -o yaml` and make your change there, or add --force to send %s as it is.\n",
			file, then[1], now, file)
		if r.code != 8 || r.stderr != want || r.stdout != "" {
			t.Errorf("want exit 8 and stderr\n%s\ngot %s", want, r)
		}
		wantRequests(t, s.since(mark), "GET calendars/1")
		if cal := s.stored(t, 1); cal["type"] != "Changed elsewhere" || cal["suffix"] != "DR" {
			t.Errorf("after the refused update: type %v, suffix %v", cal["type"], cal["suffix"])
		}

		mark = s.mark()
		k.ok(t, "calendar", "update", "1", "-f", file, "--force", "-o", "id")
		wantRequests(t, s.since(mark), "GET calendars/1", "PUT calendars/1")
		if cal := s.stored(t, 1); cal["type"] != "Dalereckoning" || cal["suffix"] != "Dalereckoning" {
			t.Errorf("after update -f --force: type %v, suffix %v", cal["type"], cal["suffix"])
		}
	})
}

// The cron job's `calendar advance` moves the live calendar's date with
// the service's route, which does not move the updated_at a `get -o yaml`
// file carries. A file written before it and sent after it must not put
// the date back.
func TestE2EDataSafetyStaleFileAfterAnAdvanceByTheRoute(t *testing.T) {
	t.Parallel()
	s := startDataSafety(t, sandbox.Options{Live: true})
	k := newKanka(t, s.apiServer)
	createHarptos(t, k)
	yamlText := k.ok(t, "calendar", "get", "1", "-o", "yaml")
	file := writeFile(t, t.TempDir(), "cal.yaml", strings.Replace(yamlText, "\nsuffix: DR\n", "\nsuffix: Dalereckoning\n", 1))
	other, _ := s.elsewhere(t)
	if out := other.ok(t, "calendar", "advance", "1"); out != "1492-4-1 -> 1492-4-2 (2 Ches, Year of Three Ships Sailing DR)\n" {
		t.Fatalf("advance: %q", out)
	}
	r := k.run(t, "calendar", "update", "1", "-f", file)
	if got := s.storedDate(t, 1); got != "1492-4-2" {
		t.Errorf("the date advanced meanwhile was put back: %s; %s", got, r)
	}
	if r.code != 8 || !strings.Contains(r.stderr, "(its date is 1492-4-2 now; the file says 1492-4-1): date.") {
		t.Errorf("want exit 8 naming the date moved meanwhile; %s", r)
	}
}

// onLastSync is a proxy hook that runs change (once) when apply's check of
// what changed arrives, before the sandbox answers it: the worst moment,
// after apply read the campaign and made its plan, before its first write.
func onLastSync(change func()) func(w http.ResponseWriter, r *http.Request) bool {
	var once sync.Once
	return func(w http.ResponseWriter, r *http.Request) bool {
		if r.Method == "GET" && r.URL.Query().Get("lastSync") != "" {
			once.Do(change)
		}
		return false
	}
}

// Someone changes a calendar apply is about to update, or creates one it
// is about to create, between apply's read and its first write: apply
// writes nothing (exit 8) and the other change stands; --force then writes
// (planned with the campaign as it is by then).
func TestE2EDataSafetyApplyNeverRevertsAChangeMadeMeanwhile(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		s := startDataSafety(t, sandbox.Options{Live: live})
		k := newKanka(t, s.apiServer)
		createHarptos(t, k)
		other, _ := s.elsewhere(t)
		// The run elsewhere happens on the server's goroutine: its
		// outcome comes back on a channel.
		type outcome struct {
			r   result
			err error
		}
		ran := make(chan outcome, 1)
		changeElsewhere := func(args ...string) func() {
			return func() {
				r, err := other.runNoT(args...)
				ran <- outcome{r, err}
			}
		}
		changed := func(t *testing.T) result {
			t.Helper()
			select {
			case o := <-ran:
				if o.err != nil {
					t.Fatalf("the change made elsewhere: %v", o.err)
				}
				return o.r
			default:
				t.Fatal("no change was made elsewhere: apply sent no lastSync check")
			}
			return result{}
		}
		next := " Nothing was sent, so that change stands. Run kanka apply again to plan with the campaign as it is now, or add --force to apply the plan anyway.\n"

		t.Run("a calendar to update", func(t *testing.T) {
			seed := writeFile(t, t.TempDir(), "seed.yaml", "calendars:\n  - name: Calendar of Harptos\n    suffix: Dalereckoning\n")
			s.setHook(onLastSync(changeElsewhere("calendar", "update", "1", "--type", "Changed elsewhere", "-o", "id")))
			defer s.setHook(nil)
			mark := s.mark()
			r := k.run(t, "apply", "-f", seed)
			changed(t)
			wantOut := "calendar \"Calendar of Harptos\" (id 1): update\n  suffix: \"DR\" -> \"Dalereckoning\"\n" +
				"Plan: 0 calendars to create, 1 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.\n"
			wantErr := "error: calendar 1 \"Calendar of Harptos\" changed on the server since apply read it (last changed by user 1): type." + next
			if r.code != 8 || r.stdout != wantOut || r.stderr != wantErr {
				t.Errorf("want exit 8, stdout\n%s\nstderr\n%s\ngot %s", wantOut, wantErr, r)
			}
			wantRequests(t, s.since(mark), "GET calendars", changedCheck)
			if cal := s.stored(t, 1); cal["type"] != "Changed elsewhere" || cal["suffix"] != "DR" {
				t.Errorf("after the refused apply: type %v, suffix %v", cal["type"], cal["suffix"])
			}

			mark = s.mark()
			r = k.run(t, "apply", "-f", seed, "--force")
			if r.code != 0 || !strings.HasSuffix(r.stdout, "Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.\n") {
				t.Errorf("apply --force: %s", r)
			}
			wantRequests(t, s.since(mark), "GET calendars", "PUT calendars/1")
			if cal := s.stored(t, 1); cal["type"] != "Changed elsewhere" || cal["suffix"] != "Dalereckoning" {
				t.Errorf("after apply --force: type %v, suffix %v", cal["type"], cal["suffix"])
			}
		})
		t.Run("a date moved by the route", func(t *testing.T) {
			if !live {
				t.Skip("the interface document has no advance route")
			}
			// The route leaves updated_at alone; lastSync sees it.
			seed := writeFile(t, t.TempDir(), "seed.yaml", "calendars:\n  - name: Calendar of Harptos\n    suffix: DR\n")
			s.setHook(onLastSync(changeElsewhere("calendar", "advance", "1")))
			defer s.setHook(nil)
			mark := s.mark()
			r := k.run(t, "apply", "-f", seed)
			changed(t)
			wantErr := "error: calendar 1 \"Calendar of Harptos\" changed on the server since apply read it (last changed by user 1): date." + next
			if r.code != 8 || r.stderr != wantErr {
				t.Errorf("want exit 8 and stderr\n%s\ngot %s", wantErr, r)
			}
			wantRequests(t, s.since(mark), "GET calendars", changedCheck)
			if cal := s.stored(t, 1); cal["suffix"] != "Dalereckoning" || s.storedDate(t, 1) != "1492-4-2" {
				t.Errorf("after the refused apply: suffix %v, date %s", cal["suffix"], s.storedDate(t, 1))
			}
		})
		t.Run("a calendar to create", func(t *testing.T) {
			seed := writeFile(t, t.TempDir(), "seed.yaml", "calendars:\n  - name: Greyhawk\n    months: [{name: Fireseek, length: 28}, {name: Readying, length: 28}]\n    weekdays: [Starday, Sunday]\n")
			s.setHook(onLastSync(changeElsewhere("calendar", "create", "--name", "Greyhawk", "--month", "Fireseek:28", "--month", "Readying:28",
				"--weekday", "Starday", "--weekday", "Sunday", "-o", "id")))
			defer s.setHook(nil)
			mark := s.mark()
			r := k.run(t, "apply", "-f", seed)
			if made := changed(t); made.stdout != "2\n" {
				t.Fatalf("the calendar created elsewhere: %s", made)
			}
			wantErr := "error: the campaign (calendar 2 \"Greyhawk\" was created or renamed) changed on the server since apply read it, with the name of a calendar the plan creates (last changed by user 1)." + next
			if r.code != 8 || r.stderr != wantErr {
				t.Errorf("want exit 8 and stderr\n%s\ngot %s", wantErr, r)
			}
			wantRequests(t, s.since(mark), "GET calendars", changedCheck)
			if n := len(s.state(t).Calendars); n != 2 {
				t.Errorf("%d calendars after the refused apply, want 2 (no second Greyhawk)", n)
			}
		})
	})
}

// weeksCalendar is a calendar file with named weeks, on date.
func weeksCalendar(date string) string {
	return `name: Weeks of the North
date: ` + date + `
months: [{name: Hammer, length: 30}, {name: Alturiak, length: 30}]
weekdays: [First, Second, Third, Fourth, Fifth, Sixth, Seventh, Eighth, Ninth, Tenth]
moons: [{name: Selûne, fullmoon: 30.4375, offset: 0, colour: white}]
weeks: {1: Week of the Wolf, 3: Week of the Hare}
`
}

// asSeed is a calendar file as the one calendar of a seed.
func asSeed(calendar string) string {
	lines := strings.Split(strings.TrimSuffix(calendar, "\n"), "\n")
	return "calendars:\n  - " + strings.Join(lines, "\n    ") + "\n"
}

// The live service never returns named weeks and clears them on every
// calendar write that leaves them out. Given in a file, kanka keeps them:
// create stores them, apply of a changed seed (a new date, set with
// --set-date) sends them again, an
// unchanged re-apply writes nothing, and a one-day advance (the service's
// route) or --keep-weeks leaves them alone. A longer move is one full
// update, which clears them: kanka says so on stderr.
func TestE2EDataSafetyNamedWeeksFromAFileAreKept(t *testing.T) {
	t.Parallel()
	s := startDataSafety(t, sandbox.Options{Live: true})
	k := newKanka(t, s.apiServer)
	dir := t.TempDir()
	weeks := []any{map[string]any{"number": 1.0, "name": "Week of the Wolf"}, map[string]any{"number": 3.0, "name": "Week of the Hare"}}
	wantState := func(t *testing.T, what, date string, weeks []any) {
		t.Helper()
		cal := s.stored(t, 1)
		if got := s.storedDate(t, 1); got != date {
			t.Errorf("%s: the date is %s, want %s", what, got, date)
		}
		mustEqual(t, what+": the named weeks", weeks, cal["named_weeks"])
		if moons, _ := cal["moons"].([]any); len(moons) != 1 {
			t.Errorf("%s: moons %v", what, cal["moons"])
		}
	}

	if id := k.ok(t, "calendar", "create", "-f", writeFile(t, dir, "cal.yaml", weeksCalendar("1492-1-1")), "-o", "id"); id != "1\n" {
		t.Fatalf("created %q", id)
	}
	wantState(t, "created", "1492-1-1", weeks)

	seed := writeFile(t, dir, "seed.yaml", asSeed(weeksCalendar("1492-1-5")))
	mark := s.mark()
	r := k.run(t, "apply", "-f", seed, "--set-date")
	if r.code != 0 || r.stderr != "" || !strings.Contains(r.stdout, "  date: 1492-1-1 -> 1492-1-5 (--set-date)\n") {
		t.Errorf("apply of a new date: %s", r)
	}
	wantRequests(t, s.since(mark), "GET calendars", changedCheck, "PUT calendars/1")
	if puts := s.sentBodies("PUT", "calendars/1"); len(puts) != 1 || fmt.Sprint(puts[0]["week_name"]) != "[Week of the Wolf Week of the Hare]" {
		t.Errorf("apply's update sent week names %v", puts)
	}
	wantState(t, "applied", "1492-1-5", weeks)

	mark = s.mark()
	r = k.run(t, "apply", "-f", seed)
	if r.code != 0 || !strings.HasSuffix(r.stdout, "Nothing to change.\n") {
		t.Errorf("re-apply: %s", r)
	}
	wantRequests(t, s.since(mark), "GET calendars")
	wantState(t, "re-applied", "1492-1-5", weeks)

	// After each move, what the days passed held is read (nothing is
	// written): the reminders, the weather (the live path found again).
	passed := []string{"GET calendars/1/reminders", "GET calendars/1/calendar_weathers", "GET calendars/1/calendar_weather"}
	mark = s.mark()
	r = k.run(t, "calendar", "advance", "1")
	if r.code != 0 || r.stdout != "1492-1-5 -> 1492-1-6 (6 Hammer, 1492)\n" || r.stderr != "" {
		t.Errorf("advance one day: %s", r)
	}
	wantRequests(t, s.since(mark), append([]string{"GET calendars/1", "POST calendars/1/advance"}, passed...)...)
	wantState(t, "advanced a day", "1492-1-6", weeks)

	mark = s.mark()
	r = k.run(t, "calendar", "advance", "1", "--days", "3", "--keep-weeks")
	if r.code != 0 || r.stdout != "1492-1-6 -> 1492-1-9 (9 Hammer, 1492)\n" ||
		r.stderr != "Moving 3 days one day at a time: 3 requests (about 1 minute at 30 requests a minute).\n" {
		t.Errorf("advance --days 3 --keep-weeks: %s", r)
	}
	wantRequests(t, s.since(mark), append([]string{"GET calendars/1", "POST calendars/1/advance", "POST calendars/1/advance", "POST calendars/1/advance"}, passed...)...)
	wantState(t, "advanced 3 days a day at a time", "1492-1-9", weeks)

	mark = s.mark()
	r = k.run(t, "calendar", "advance", "1", "--days", "3")
	note := "note: a move of 3 days is one full update of the calendar, which clears named weeks set in the web interface (kanka cannot read them); --keep-weeks moves one day at a time instead\n"
	if r.code != 0 || r.stdout != "1492-1-9 -> 1492-1-12 (12 Hammer, 1492)\n" || r.stderr != note {
		t.Errorf("advance --days 3: want the note\n%s\ngot %s", note, r)
	}
	wantRequests(t, s.since(mark), append([]string{"GET calendars/1", "PUT calendars/1"}, passed...)...)
	wantState(t, "advanced 3 days in one update", "1492-1-12", []any{})
}

// greyhawkSeed is a seed of one new calendar with three weather entries.
const greyhawkSeed = `calendars:
  - name: Greyhawk
    months: [{name: Fireseek, length: 28}, {name: Readying, length: 28}]
    weekdays: [Starday, Sunday, Moonday]
    weather:
      - {date: 591-1-1, weather: snowflake}
      - {date: 591-1-2, weather: cloud}
      - {date: 591-1-3, weather: sun}
`

// A create answered with another calendar's id (a proxy's cache, a
// misrouted answer): apply writes none of the new calendar's weather,
// since it cannot know where it would land, says so (exit 1), and the
// calendar whose id came back keeps its weather untouched. The next run
// finds the calendar by its name and finishes.
func TestE2EDataSafetyCreateAnsweredWithAnotherCalendar(t *testing.T) {
	t.Parallel()
	answers := []struct {
		name   string
		rename bool
		doubt  string
	}{
		{"its id", false, `the server's answer to creating calendar "Greyhawk" has the id of calendar 1, which existed already`},
		{"its id and name", true, `the server's answer to creating calendar "Greyhawk" describes calendar 1 "Calendar of Harptos"`},
	}
	for _, answer := range answers {
		t.Run(answer.name, func(t *testing.T) {
			t.Parallel()
			eachMode(t, func(t *testing.T, live bool) {
				s := startDataSafety(t, sandbox.Options{Live: live})
				k := newKanka(t, s.apiServer)
				createHarptos(t, k)
				k.ok(t, "weather", "create", "--calendar", "1", "-f", hammerFile, "-o", "id")
				harptosWeather := s.weatherOf(t, 1)
				s.setRewrite(func(r *http.Request, status int, body []byte) []byte {
					if r.Method != "POST" || strings.TrimPrefix(r.URL.Path, campaignPath) != "calendars" || status >= 300 {
						return body
					}
					return editJSON(body, func(obj map[string]any) {
						obj["id"] = 1
						if answer.rename {
							obj["name"] = "Calendar of Harptos"
						}
					})
				})
				seed := writeFile(t, t.TempDir(), "seed.yaml", greyhawkSeed)
				mark := s.mark()
				r := k.run(t, "apply", "-f", seed)
				wantErr := "error: 0 of 4 writes done, 0 failed, 1 may have been applied, 3 not tried; run apply again to finish (nothing is made twice): " + answer.doubt + "\n"
				if r.code != 1 || r.stderr != wantErr || !strings.HasSuffix(r.stdout, "\nApplied: 0 of 4 writes done, 0 failed, 1 may have been applied, 3 not tried.\n") {
					t.Errorf("want exit 1 and stderr\n%s\ngot %s", wantErr, r)
				}
				// No weather request at all: nothing read, nothing posted.
				wantRequests(t, s.since(mark), "GET calendars", changedCheck, "POST calendars")
				mustEqual(t, "calendar 1's weather", harptosWeather, s.weatherOf(t, 1))

				// The next run, with honest answers, finds Greyhawk (id
				// 2) by its name and writes its weather there.
				s.setRewrite(nil)
				r = k.run(t, "apply", "-f", seed)
				if r.code != 0 || !strings.HasPrefix(r.stdout, "calendar \"Greyhawk\" (id 2): unchanged\n  weather: 3 to create") {
					t.Errorf("the next run: %s", r)
				}
				if n := len(s.weatherOf(t, 2)); n != 3 {
					t.Errorf("calendar 2 has %d weather entries, want 3", n)
				}
				if n := len(s.state(t).Calendars); n != 2 {
					t.Errorf("%d calendars, want 2", n)
				}
				mustEqual(t, "calendar 1's weather", harptosWeather, s.weatherOf(t, 1))
			})
		})
	}
}

// A weather list that holds an entry of another calendar (a server that
// ignores the calendar in the path): kanka treats it as none of this
// calendar's business. `apply --prune` does not delete it and `weather
// set` on its date does not update it; both warn, naming it.
func TestE2EDataSafetyForeignWeatherIsNeverTouched(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		s := startDataSafety(t, sandbox.Options{Live: live})
		k := newKanka(t, s.apiServer)
		createHarptos(t, k)
		k.ok(t, "weather", "create", "--calendar", "1", "-f", hammerFile, "-o", "id") // entries 1..5
		k.ok(t, "calendar", "create", "--name", "Greyhawk", "--month", "Fireseek:28", "--month", "Readying:28",
			"--weekday", "Starday", "--weekday", "Sunday", "--date", "1492-1-1", "-o", "id")
		if id := k.ok(t, "weather", "set", "--calendar", "2", "--date", "1492-1-7", "--weather", "wind", "--temperature", "3C", "-o", "id"); id != "6\n" {
			t.Fatalf("Greyhawk's entry: %q", id)
		}
		wp := weatherPath(live)
		status, body := s.direct("GET", "calendars/2/"+wp+"/6", "")
		var foreign struct {
			Data map[string]any `json:"data"`
		}
		if err := json.Unmarshal(body, &foreign); status != 200 || err != nil {
			t.Fatalf("entry 6: %d %s", status, body)
		}
		// Calendar 1's weather list also holds entry 6, of calendar 2.
		s.setRewrite(func(r *http.Request, status int, body []byte) []byte {
			if r.Method != "GET" || status != 200 || !regexp.MustCompile(`^calendars/1/calendar_weathers?$`).MatchString(strings.TrimPrefix(r.URL.Path, campaignPath)) {
				return body
			}
			var page map[string]any
			if err := json.Unmarshal(body, &page); err != nil {
				return body
			}
			page["data"] = append(page["data"].([]any), foreign.Data)
			out, _ := json.Marshal(page)
			return out
		})
		entry6 := s.storedWeather(t, 6)
		warning := "warning: the weather list of calendar 1 holds entry 6, which says it is of calendar 2; it is ignored\n"

		t.Run("apply --prune", func(t *testing.T) {
			// Days 1..4 as they are; day 5 is not in the seed: pruned.
			seed := writeFile(t, t.TempDir(), "seed.yaml", `calendars:
  - name: Calendar of Harptos
    weather:
      - {date: 1492-1-1, weather: snowflake}
      - {date: 1492-1-2, weather: cloud}
      - {date: 1492-1-3, weather: sun}
      - {date: 1492-1-4, weather: wind}
`)
			mark := s.mark()
			r := k.run(t, "apply", "-f", seed, "--prune")
			if r.code != 0 || r.stderr != warning || !strings.HasSuffix(r.stdout, "Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.\n") {
				t.Errorf("want exit 0, one write and the warning\n%s\ngot %s", warning, r)
			}
			reads := []string{"GET calendars"}
			if live {
				reads = append(reads, "GET calendars/1/calendar_weathers")
			}
			wantRequests(t, s.since(mark), append(reads, "GET calendars/1/"+wp, changedCheck, "DELETE calendars/1/"+wp+"/5")...)
			if s.storedWeather(t, 5) != nil {
				t.Errorf("entry 5 was not pruned")
			}
			mustEqual(t, "entry 6, of calendar 2", entry6, s.storedWeather(t, 6))
		})
		t.Run("weather set on its date", func(t *testing.T) {
			mark := s.mark()
			r := k.run(t, "weather", "set", "--calendar", "1", "--date", "1492-1-7", "--weather", "fog", "-o", "id")
			if r.code != 0 || r.stdout != "7\n" || r.stderr != warning+"created weather 7 on 1492-1-7\n" {
				t.Errorf("want a new entry 7 and the warning; %s", r)
			}
			reads := []string{"GET calendars/1"}
			if live {
				reads = append(reads, "GET calendars/1/calendar_weathers")
			}
			wantRequests(t, s.since(mark), append(reads, "GET calendars/1/"+wp, "POST calendars/1/"+wp)...)
			mustEqual(t, "entry 6, of calendar 2", entry6, s.storedWeather(t, 6))
			if w := s.storedWeather(t, 7); w == nil || w["calendar_id"] != 1.0 || w["weather"] != "fog" {
				t.Errorf("entry 7: %v", w)
			}
		})
	})
}

// A seed whose calendar name has trailing spaces: the live service stores
// the name trimmed, and a re-run must still find the calendar it made
// rather than make another every time.
func TestE2EDataSafetyTrimmedNameIsFoundAgain(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		s := startDataSafety(t, sandbox.Options{Live: live})
		k := newKanka(t, s.apiServer)
		seed := writeFile(t, t.TempDir(), "seed.yaml", `calendars:
  - name: "Harptos  "
    months: [{name: Hammer, length: 30}, {name: Alturiak, length: 30}]
    weekdays: [First, Second, Third]
`)
		mark := s.mark()
		r := k.run(t, "apply", "-f", seed)
		if r.code != 0 || !strings.HasSuffix(r.stdout, "Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.\n") {
			t.Errorf("first apply: %s", r)
		}
		wantRequests(t, s.since(mark), "GET calendars", changedCheck, "POST calendars")
		want := "Harptos  "
		if live {
			want = "Harptos"
		}
		if got := s.stored(t, 1)["name"]; got != want {
			t.Errorf("stored name %q, want %q", got, want)
		}
		for run := 2; run <= 3; run++ {
			mark = s.mark()
			r = k.run(t, "apply", "-f", seed)
			wantOut := fmt.Sprintf("calendar %q (id 1): unchanged\n", want) +
				"Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.\nNothing to change.\n"
			if r.code != 0 || r.stdout != wantOut || r.stderr != "" {
				t.Errorf("run %d: want exit 0 and\n%s\ngot %s", run, wantOut, r)
			}
			wantRequests(t, s.since(mark), "GET calendars")
		}
		if n := len(s.state(t).Calendars); n != 1 {
			t.Errorf("%d calendars, want 1", n)
		}
	})
}

// Two calendars share the seed's name: apply cannot know which one the
// seed means, stops before any write naming both ids, and creates no
// third.
func TestE2EDataSafetyTwoCalendarsOfOneName(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		s := startDataSafety(t, sandbox.Options{Live: live})
		k := newKanka(t, s.apiServer)
		for range 2 {
			k.ok(t, "calendar", "create", "--name", "Harptos", "--month", "Hammer:30", "--month", "Alturiak:30",
				"--weekday", "First", "--weekday", "Second", "--allow-duplicate", "-o", "id")
		}
		before := s.state(t)
		seed := writeFile(t, t.TempDir(), "seed.yaml", "calendars:\n  - name: Harptos\n    type: Dalereckoning\n    weather:\n      - {date: 1492-1-1, weather: sun}\n")
		mark := s.mark()
		r := k.run(t, "apply", "-f", seed)
		want := "error: the input is not valid, nothing was sent:\n  " + seed + ": line 2: calendar \"Harptos\": 2 calendars have this name (ids 1, 2): pin one with id: N\n"
		if r.code != 2 || r.stderr != want || r.stdout != "" {
			t.Errorf("want exit 2 and stderr\n%s\ngot %s", want, r)
		}
		wantRequests(t, s.since(mark), "GET calendars")
		mustEqual(t, "the campaign", before, s.state(t))
	})
}

// storedDate is calendar id's current date as the server holds it.
func (s *dsServer) storedDate(t *testing.T, id int) string {
	t.Helper()
	cal := s.stored(t, id)
	return fmt.Sprintf("%v-%v-%v", cal["current_year"], cal["current_month"], cal["current_day"])
}

// Shieldmeet, 2 Midsummer 1492 (a leap day: Midsummer has 1 day, 2 in
// years divisible by 4): the live service clamps a write's day to the
// month's base length, so kanka steps onto the leap day with the advance
// route and the date is the one asked. Without the route the date cannot
// be reached: kanka fails (exit 1) naming both dates, never reports done.
func TestE2EDataSafetyLeapDayIsReachedOrReported(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		s := startDataSafety(t, sandbox.Options{Live: live})
		k := newKanka(t, s.apiServer)
		createHarptos(t, k)
		mark := s.mark()
		r := k.run(t, "calendar", "update", "1", "--date", "2 Midsummer 1492", "--jq", ".date")
		if r.code != 0 || r.stdout != "1492-10-2\n" || r.stderr != "" {
			t.Errorf("update --date onto Shieldmeet: %s", r)
		}
		want := []string{"GET calendars/1", "PUT calendars/1"}
		if live {
			want = append(want, "POST calendars/1/advance")
		}
		wantRequests(t, s.since(mark), want...)
		if got := s.storedDate(t, 1); got != "1492-10-2" {
			t.Errorf("the server's date is %s", got)
		}
	})
	t.Run("live without the route", func(t *testing.T) {
		t.Parallel()
		s := startDataSafety(t, sandbox.Options{Live: true})
		k := newKanka(t, s.apiServer)
		createHarptos(t, k)
		s.setHook(func(w http.ResponseWriter, r *http.Request) bool {
			if !strings.HasSuffix(r.URL.Path, "/advance") {
				return false
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"error":"Page not found"}`)
			return true
		})
		mark := s.mark()
		r := k.run(t, "calendar", "update", "1", "--date", "1492-10-2", "-o", "id")
		want := "error: calendar 1: the service stored the date 1492-10-1, not 1492-10-2 (it keeps a day only up to the month's base length, and has no route to step onto a leap day)\n"
		if r.code != 1 || r.stderr != want || r.stdout != "" {
			t.Errorf("want exit 1 and stderr\n%s\ngot %s", want, r)
		}
		wantRequests(t, s.since(mark), "GET calendars/1", "PUT calendars/1", "POST calendars/1/advance")
		if got := s.storedDate(t, 1); got != "1492-10-1" {
			t.Errorf("the server's date is %s", got)
		}
	})
}

// movedTo is the date a `calendar advance` line names, as it writes it:
// "1492-4-1 -> 1492-4-4 (4 Ches, Year of Three Ships Sailing DR)".
var movedTo = regexp.MustCompile(`^(\S+) -> (\S+) \((.+)\)\n$`)

// The date `calendar advance` prints is a date the user will copy into the
// next command: every --date and --to takes it back, and means the same
// day (a weather entry on it, the month shown, the calendar's date).
func TestE2EDataSafetyPrintedDatesReadBack(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		s := startDataSafety(t, sandbox.Options{Live: live})
		k := newKanka(t, s.apiServer)
		createHarptos(t, k)
		moves := []struct {
			start string
			args  []string
			to    string
			text  string
			month string // the month `calendar show` heads with
		}{
			{"1492-4-1", []string{"--days", "3"}, "1492-4-4", "4 Ches, Year of Three Ships Sailing DR", "Ches"},
			{"1492-9-30", []string{"--days", "2"}, "1492-10-2", "2 Midsummer, Year of Three Ships Sailing DR", "Midsummer"},
			{"1492-17-30", []string{"--months", "2"}, "1493-2-1", "1 Midwinter, 1493 DR", "Midwinter"},
		}
		for _, m := range moves {
			t.Run(m.to, func(t *testing.T) {
				k.ok(t, "calendar", "update", "1", "--date", m.start, "-o", "id")
				out := k.ok(t, append([]string{"calendar", "advance", "1"}, m.args...)...)
				parts := movedTo.FindStringSubmatch(out)
				if parts == nil || parts[1] != m.start || parts[2] != m.to || parts[3] != m.text {
					t.Fatalf("advance printed %q, want %s -> %s (%s)", out, m.start, m.to, m.text)
				}
				text := parts[3]

				id := strings.TrimSpace(k.ok(t, "weather", "set", "--calendar", "1", "--date", text, "--weather", "sun", "-o", "id"))
				n, _ := strconv.Atoi(id)
				if w := s.storedWeather(t, n); w == nil || fmt.Sprintf("%v-%v-%v", w["year"], w["month"], w["day"]) != m.to {
					t.Errorf("weather set --date %q stored %v, want %s", text, w, m.to)
				}
				if got := k.ok(t, "weather", "list", "--calendar", "1", "--date", text, "-o", "id"); got != id+"\n" {
					t.Errorf("weather list --date %q: %q, want %s", text, got, id)
				}
				if got := k.ok(t, "calendar", "show", "1", "--date", text, "--no-weather"); !strings.HasPrefix(strings.TrimSpace(got), m.month+" ") {
					t.Errorf("calendar show --date %q:\n%s", text, got)
				}
				k.ok(t, "calendar", "update", "1", "--date", "1491-1-1", "-o", "id")
				if got := k.ok(t, "calendar", "advance", "1", "--to", text); !strings.HasPrefix(got, "1491-1-1 -> "+m.to+" (") {
					t.Errorf("advance --to %q: %q", text, got)
				}
				if got := s.storedDate(t, 1); got != m.to {
					t.Errorf("after advance --to %q the date is %s", text, got)
				}
				k.ok(t, "calendar", "update", "1", "--date", "1491-1-1", "-o", "id")
				k.ok(t, "calendar", "update", "1", "--date", text, "-o", "id")
				if got := s.storedDate(t, 1); got != m.to {
					t.Errorf("after update --date %q the date is %s", text, got)
				}
			})
		}
	})
}
