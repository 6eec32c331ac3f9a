package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// `kanka api` against the sandbox, in the document's mode and the live
// service's: the requests it sends, what it prints, its exit codes.

func TestE2EAPI(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live, CalendarPageSize: 2}, nil)
		k := newKanka(t, srv)

		// A calendar from fields: the parallel arrays in order.
		mark := srv.mark()
		id := k.ok(t, "api", "calendars", "-f", "name=Tiny", "-f", "month_name[]=Hammer", "-F", "month_length[]=30",
			"-f", "month_name[]=Alturiak", "-F", "month_length[]=31", "-f", "weekday[]=Mo", "-f", "weekday[]=Tu", "--jq", ".data.id")
		if id != "1\n" {
			t.Fatalf("created calendar %q", id)
		}
		wantRequests(t, srv.since(mark), "POST calendars")
		months := k.ok(t, "api", "calendars/1", "--jq", `[.data.months[] | "\(.name):\(.length)"] | join(",")`)
		if months != "Hammer:30,Alturiak:31\n" {
			t.Errorf("months %q", months)
		}
		for _, name := range []string{"Tiny 2", "Other", "Tiny 3"} {
			k.ok(t, "api", "calendars", "-f", "name="+name, "-f", "month_name[]=A", "-F", "month_length[]=3",
				"-f", "month_name[]=B", "-F", "month_length[]=3", "-f", "weekday[]=Mo", "-f", "weekday[]=Tu")
		}

		// Every page, the filter kept on each; one answer, or --jq on each page.
		mark = srv.mark()
		if got := k.ok(t, "api", "calendars", "--paginate", "-f", "name=Tiny", "--jq", ".data[].name"); got != "Tiny\nTiny 2\nTiny 3\n" {
			t.Errorf("--paginate --jq: %q", got)
		}
		wantRequests(t, srv.since(mark), "GET calendars?name=Tiny", "GET calendars?name=Tiny&page=2")
		merged := decodeObject(t, k.ok(t, "api", "calendars", "--paginate"))
		if data, _ := merged["data"].([]any); len(data) != 4 {
			t.Errorf("merged answer holds %d calendars, want 4: %v", len(data), merged)
		}
		// Piped, a single answer is the server's bytes.
		if got := k.ok(t, "api", "calendars?page=2"); !strings.HasPrefix(got, `{"data":[{"id":3,`) {
			t.Errorf("page 2 as sent: %.60s", got)
		}

		// Weather on the live path, which both modes answer; a PUT of a file.
		k.ok(t, "api", "calendars/1/calendar_weather", "-f", "weather=sun", "-F", "year=1", "-F", "month=1", "-F", "day=2")
		entry := filepath.Join(k.home, "entry.json")
		if err := os.WriteFile(entry, []byte("{\n  \"weather\": \"snowflake\", \"year\": 1, \"month\": 1, \"day\": 2\n}\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if got := k.ok(t, "api", "-X", "PUT", "calendars/1/calendar_weather/1", "--input", entry, "--jq", ".data.weather"); got != "snowflake\n" {
			t.Errorf("PUT --input: %q", got)
		}
		del := k.ok(t, "api", "-i", "-X", "DELETE", "calendars/1/calendar_weather/1")
		wantDel := "HTTP/1.1 200 OK\n"
		if live {
			wantDel = "HTTP/1.1 204 No Content\n"
		}
		if !strings.HasPrefix(del, wantDel) {
			t.Errorf("DELETE -i: %q", del)
		}

		// Exit codes: 404 (a record, a route), 422 with the fields in words.
		r := k.fails(t, 4, "api", "calendars/99")
		if r.stderr != "error: calendar 99 not found in campaign 1\n" {
			t.Errorf("404: %q", r.stderr)
		}
		r = k.fails(t, 4, "api", "notes")
		if r.stderr != "error: GET notes: the server has no such route (404 Page not found)\n" {
			t.Errorf("404 route: %q", r.stderr)
		}
		r = k.fails(t, 5, "api", "calendars", "-F", "type=1")
		if !strings.HasPrefix(r.stderr, "error: the server rejected the request: ") || !strings.Contains(r.stderr, "\n  name: ") {
			t.Errorf("422: %q", r.stderr)
		}

		// The token is never printed, with -i and --debug.
		r = k.run(t, "api", "-i", "--debug", "calendars/1")
		if r.code != 0 || strings.Contains(r.stdout+r.stderr, sandbox.DefaultToken) || !strings.HasPrefix(r.stdout, "HTTP/1.1 200 OK\n") ||
			!strings.Contains(r.stderr, "> Authorization: Bearer [redacted]") {
			t.Errorf("-i --debug: %s", r)
		}

		// Refused before anything is sent.
		mark = srv.mark()
		for _, args := range [][]string{
			{"api", "../profile"},
			{"api", "http://evil.example/api/1.0/campaigns/1/calendars"},
			{"api", "calendars", "-H", "Authorization: Bearer x"},
			{"api", "-X", "PUT", "calendars/1", "--input", filepath.Join(k.home, "missing.json")},
		} {
			k.fails(t, 2, args...)
		}
		wantNoRequests(t, srv, mark)
	})
}

// The root path and {campaign}, against the sandbox: the campaign's
// calendars reached from the API root.
func TestE2EAPIFromTheRoot(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		mark := srv.mark()
		var page struct {
			Data []struct{ Name string } `json:"data"`
		}
		if err := json.Unmarshal([]byte(k.ok(t, "api", "/campaigns/{campaign}/calendars")), &page); err != nil || len(page.Data) != 1 || page.Data[0].Name != "Calendar of Harptos" {
			t.Errorf("from the root: %+v, %v", page, err)
		}
		wantRequests(t, srv.since(mark), "GET calendars")
	})
}

// A write through `kanka api` reaches the local cache: the entry it
// changed is read again by the next command, not shown as it was. (The
// cache checks the page that holds its tail: an entry of an earlier page,
// changed behind its back, would be shown as it was read.)
func TestE2EAPIWritesReachTheCache(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live, WeatherPageSize: 2}, nil)
		k := newKanka(t, srv).withCache()
		createHarptos(t, k)
		for _, day := range []string{"3", "4", "5"} {
			k.ok(t, "weather", "create", "--calendar", "1", "--date", "1492-4-"+day, "--weather", "sun")
		}
		shown := func() string {
			return k.ok(t, "calendar", "show", "1", "-o", "json", "--jq", `[.days[] | .weather[] | .weather] | join(",")`)
		}
		if got := shown(); got != "sun,sun,sun\n" {
			t.Fatalf("before: %q", got)
		}
		entry := filepath.Join(k.home, "entry.json")
		if err := os.WriteFile(entry, []byte(`{"weather":"snowflake","year":1492,"month":4,"day":3}`), 0o600); err != nil {
			t.Fatal(err)
		}
		k.ok(t, "api", "-X", "PUT", "calendars/1/calendar_weather/1", "--input", entry)
		if got := shown(); got != "snowflake,sun,sun\n" {
			t.Errorf("after the PUT: %q", got)
		}
		k.ok(t, "api", "-X", "DELETE", "calendars/1/calendar_weather/1")
		if got := shown(); got != "sun,sun\n" {
			t.Errorf("after the DELETE: %q", got)
		}
	})
}
