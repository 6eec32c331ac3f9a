package api_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/api"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// The requests `kanka api` sends and what it prints, on the command
// harness: exact requests (method, route, query, body), exact output.

const calendarsPage = `{"data":[{"id":1,"name":"Harptos"}],"links":{"next":null},"meta":{"current_page":1,"last_page":1,"per_page":45,"total":1}}`

func run(env *cmdtest.Env, args ...string) error {
	return env.Run(api.NewCmdAPI(env.F), args...)
}

// Piped, the answer is printed as the server sent it, byte for byte.
func TestGetPrintsTheAnswerAsSent(t *testing.T) {
	env := cmdtest.New(t, "table", cmdtest.Exchange{Request: "GET calendars", Status: 200, Answer: calendarsPage})
	if err := run(env, "calendars"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != calendarsPage {
		t.Errorf("stdout %q\nwant %q", got, calendarsPage)
	}
	if env.ErrOut.Len() != 0 {
		t.Errorf("stderr %q", env.ErrOut)
	}
}

// The fields of a GET (-X GET: fields alone make a POST) are its query: a
// list's key repeated with its [], a typed value as its text. The path's
// own query is kept.
func TestFieldsOfAGetAreTheQuery(t *testing.T) {
	env := cmdtest.New(t, "table", cmdtest.Exchange{
		Request: "GET calendars?related=1&name=Harptos&is_private=false&tags[]=3&tags[]=5&lastSync=", Status: 200, Answer: calendarsPage})
	err := run(env, "-X", "GET", "calendars?related=1", "-f", "name=Harptos", "-F", "is_private=false", "-f", "tags[]=3", "-F", "tags[]=5", "-F", "lastSync=null")
	if err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars?is_private=false&lastSync=&name=Harptos&related=1&tags%5B%5D=3&tags%5B%5D=5")
}

// With fields and no -X, the request is a POST of a JSON object: strings
// for -f, typed values for -F, lists in the order given (the parallel
// arrays of a calendar), a file's text for @FILE.
func TestFieldsMakeAPost(t *testing.T) {
	dir := t.TempDir()
	entry := filepath.Join(dir, "entry.html")
	if err := os.WriteFile(entry, []byte("<p>Twelve months</p>\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	body := `{"name":"Tiny","month_name":["Hammer","Alturiak"],"month_length":[30,31],"weekday":["Mo","Tu"],
		"is_private":true,"parent":null,"offset":-1.5,"entry":"<p>Twelve months</p>\n","code":"007"}`
	env := cmdtest.New(t, "table", cmdtest.Exchange{Request: "POST calendars", Body: body, Status: 201, Answer: `{"data":{"id":2}}`})
	err := run(env, "calendars", "-f", "name=Tiny",
		"-f", "month_name[]=Hammer", "-F", "month_length[]=30", "-f", "month_name[]=Alturiak", "-F", "month_length[]=31",
		"-f", "weekday[]=Mo", "-f", "weekday[]=Tu", "-F", "is_private=true", "-F", "parent=null", "-F", "offset=-1.5",
		"-F", "entry=@"+entry, "-F", "code=007")
	if err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != `{"data":{"id":2}}` {
		t.Errorf("stdout %q", got)
	}
}

// --input sends the file as it is; fields then go to the query. -X sets
// the method; stdin is read for --input -.
func TestInputIsTheBody(t *testing.T) {
	file := filepath.Join(t.TempDir(), "cal.json")
	doc := "{\n  \"name\": \"Harptos\",\n  \"weekday\": [\"a\", \"b\"]\n}\n"
	if err := os.WriteFile(file, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	env := cmdtest.New(t, "table",
		cmdtest.Exchange{Request: "PUT calendars/1?related=1", Body: doc, Status: 200, Answer: `{"data":{"id":1}}`},
		cmdtest.Exchange{Request: "POST calendars/1/calendar_weather", Body: `{"weather":"sun"}`, Status: 201, Answer: `{"data":{"id":9}}`},
	)
	if err := run(env, "-X", "put", "calendars/1", "--input", file, "-F", "related=1"); err != nil {
		t.Fatal(err)
	}
	env.In.WriteString(`{"weather":"sun"}`)
	if err := run(env, "calendars/1/calendar_weather", "--input", "-"); err != nil {
		t.Fatal(err)
	}
}

// Every mistake is found before any request: exit 2, nothing sent (the
// harness fails on any request).
func TestUsageErrorsSendNothing(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	badJSON := write("bad.json", "{\n  \"name\": \"Harptos\",\n  \"weekday\": [\"a\" \"b\"]\n}\n")
	twoValues := write("two.json", "{}\n{}\n")
	cut := write("cut.json", `{"name": "Harp`)
	latin1 := write("latin1.html", "caf\xe9\n")
	for _, tc := range []struct {
		name string
		args []string
		jq   string
		want string
	}{
		{"parent segment", []string{"../profile"}, "", `the path "../profile" has a ".." segment`},
		{"control character", []string{"calendars\x1b[2J"}, "", "holds a control character (U+001B at byte 9)"},
		{"other host", []string{"https://evil.example/api/1.0/profile"}, "", "refusing to send the token to https://evil.example"},
		{"method", []string{"-X", "TRACE", "calendars"}, "", "-X TRACE: the method must be one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"},
		{"authorization header", []string{"calendars", "-H", "Authorization: Bearer x"}, "", `-H "Authorization: Bearer x": the header Authorization cannot be set: the client sends the token itself`},
		{"content-length header", []string{"calendars", "-H", "content-length: 3"}, "", "the header Content-Length cannot be set"},
		{"header without colon", []string{"calendars", "-H", "X-Trace"}, "", `-H "X-Trace": write "Name: value"`},
		{"field without =", []string{"calendars", "-f", "name"}, "", `-f "name": write key=value`},
		{"empty key", []string{"calendars", "-F", "=1"}, "", `-F "=1": the key is empty`},
		{"nested key", []string{"calendars", "-f", "a[b]=1"}, "", "only key=value and key[]=value are read; send nested values with --input"},
		{"value and list", []string{"calendars", "-f", "tags=1", "-f", "tags[]=2"}, "", "the key tags is given both as a value and as a list (tags[])"},
		{"twice", []string{"calendars", "-f", "name=a", "-f", "name=b"}, "", "the key name is given twice; use name[]=value for a list"},
		{"missing file", []string{"calendars", "-F", "entry=@" + filepath.Join(dir, "none.html")}, "", "none.html: no such file or directory"},
		{"not UTF-8", []string{"calendars", "-F", "entry=@" + latin1}, "", "-F entry=@" + latin1 + ": " + latin1 + ": line 1: is not valid UTF-8 text"},
		{"invalid JSON", []string{"-X", "PUT", "calendars/1", "--input", badJSON}, "", "--input " + badJSON + ": line 3, column 19: is not valid JSON: invalid character '\"' after array element"},
		{"two values", []string{"calendars", "--input", twoValues}, "", "--input " + twoValues + ": line 2, column 1: is not valid JSON: more follows the first value"},
		{"cut short", []string{"calendars", "--input", cut}, "", "--input " + cut + ": line 1, column 15: is not valid JSON: it ends before the value does"},
		{"stdin twice", []string{"calendars", "--input", "-", "-F", "entry=@-"}, "", "-F entry=@-: standard input is read by --input - already"},
		{"paginate a post", []string{"-X", "POST", "calendars", "--paginate"}, "", "--paginate walks the pages of a GET, not of a POST"},
		{"paginate an input", []string{"calendars", "--paginate", "--input", twoValues}, "", "--paginate walks the pages of a GET, which sends no --input"},
		{"bad jq", []string{"calendars"}, ".[", "invalid --jq expression"},
		{"no path", []string{""}, "", "no path given"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := cmdtest.New(t, "table")
			env.F.Globals.JQ = tc.jq
			err := run(env, tc.args...)
			if !cmdtest.IsUsage(err) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v\nwant a usage error with %q", err, tc.want)
			}
			if env.Out.Len() != 0 {
				t.Errorf("stdout %q", env.Out)
			}
		})
	}
	t.Run("-o yaml", func(t *testing.T) {
		env := cmdtest.New(t, "yaml")
		err := run(env, "calendars")
		if !cmdtest.IsUsage(err) || err.Error() != "api prints the server's answer as it was sent; -o yaml is not supported" {
			t.Errorf("err = %v", err)
		}
	})
}

// A 404 on a route kanka has no words for names the path as given; on a
// calendar, the client's words. Both stay not-found errors (exit 4).
func TestNotFound(t *testing.T) {
	env := cmdtest.New(t, "table",
		cmdtest.Exchange{Request: "GET notes/3", Status: 404, Answer: `{"code":404,"error":"No query results for model [App\\Models\\Note] 3"}`},
		cmdtest.Exchange{Request: "GET /api/1.0/profile", Status: 404, Answer: `{"error":"Page not found"}`},
		cmdtest.Exchange{Request: "GET calendars/99", Status: 404, Answer: `{"code":404,"error":"No query results for model [App\\Models\\Calendar] 99"}`},
	)
	for path, want := range map[string]string{
		"notes/3":      `GET notes/3: not found (404 No query results for model [App\Models\Note] 3)`,
		"/profile":     `GET /profile: the server has no such route (404 Page not found)`,
		"calendars/99": "calendar 99 not found in campaign 1",
	} {
		err := run(env, path)
		if !client.IsNotFound(err) || client.Explain(err) != want {
			t.Errorf("%s: %v\nwant %s", path, client.Explain(err), want)
		}
	}
	if env.Out.Len() != 0 {
		t.Errorf("stdout %q", env.Out)
	}
}

// --jq and --template run on the JSON answer with the output package's
// engine; a string prints raw.
func TestJQAndTemplate(t *testing.T) {
	env := cmdtest.New(t, "table",
		cmdtest.Exchange{Request: "GET calendars", Status: 200, Answer: calendarsPage},
		cmdtest.Exchange{Request: "GET calendars", Status: 200, Answer: calendarsPage},
		cmdtest.Exchange{Request: "GET page", Status: 200, Answer: "<html></html>"},
	)
	env.F.Globals.JQ = ".data[] | .name, .id"
	if err := run(env, "calendars"); err != nil {
		t.Fatal(err)
	}
	env.F.Globals.JQ, env.F.Globals.Template = "", `{{range .data}}{{.id}}: {{.name}}{{"\n"}}{{end}}`
	if err := run(env, "calendars"); err != nil {
		t.Fatal(err)
	}
	if got, want := env.Out.String(), "Harptos\n1\n1: Harptos\n"; got != want {
		t.Errorf("stdout %q\nwant %q", got, want)
	}
	err := run(env, "page")
	if err == nil || err.Error() != `--jq and --template read JSON, and the server's answer is not JSON (it starts "<html></html>")` {
		t.Errorf("err = %v", err)
	}
}

// -i prints the status line and the headers, sorted, then the body;
// --silent no body.
func TestIncludeAndSilent(t *testing.T) {
	env := cmdtest.New(t, "table",
		cmdtest.Exchange{Request: "GET calendars/1", Status: 200, Answer: `{"data":{"id":1}}`},
		cmdtest.Exchange{Request: "DELETE calendars/1", Status: 204},
		cmdtest.Exchange{Request: "GET calendars/1", Status: 200, Answer: `{"data":{"id":1}}`},
	)
	if err := run(env, "-i", "calendars/1"); err != nil {
		t.Fatal(err)
	}
	if err := run(env, "-X", "DELETE", "calendars/1", "--include"); err != nil {
		t.Fatal(err)
	}
	if err := run(env, "calendars/1", "--silent"); err != nil {
		t.Fatal(err)
	}
	want := "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"data\":{\"id\":1}}" + "HTTP/1.1 204 No Content\n\n"
	if got := env.Out.String(); got != want {
		t.Errorf("stdout %q\nwant %q", got, want)
	}
}

// On a terminal JSON is indented, and control characters are shown in
// caret notation, in the body and with --jq.
func TestTerminalIndentsAndSanitizes(t *testing.T) {
	// JSON escapes the C0 controls; a C1 control (CSI, U+009B) and a
	// bidirectional override may come as they are.
	hostile := `{"data":[{"id":1,"name":"\u001b]0;PWNED\u0007 ` + "\u009b2J\u202e" + `"}]}`
	env := cmdtest.New(t, "table",
		cmdtest.Exchange{Request: "GET calendars", Status: 200, Answer: hostile},
		cmdtest.Exchange{Request: "GET calendars", Status: 200, Answer: hostile},
	)
	env.Terminal()
	if err := run(env, "calendars"); err != nil {
		t.Fatal(err)
	}
	env.F.Globals.JQ = ".data[0].name"
	if err := run(env, "calendars"); err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"data\": [\n    {\n      \"id\": 1,\n      \"name\": \"\\u001b]0;PWNED\\u0007 ^[[2J<U+202E>\"\n    }\n  ]\n}\n" +
		"^[]0;PWNED^G ^[[2J<U+202E>\n"
	if got := env.Out.String(); got != want {
		t.Errorf("stdout %q\nwant %q", got, want)
	}
}

// --paginate asks for every page with the query kept and prints one
// answer: page 1's envelope with every page's data.
func TestPaginateMerges(t *testing.T) {
	page := func(n int, items, next string) string {
		return `{"data":[` + items + `],"links":{"next":` + next + `},"meta":{"current_page":` + string(rune('0'+n)) + `,"last_page":3,"per_page":2,"total":5},"sync":"2026-01-01"}`
	}
	pages := func() []cmdtest.Exchange { // the harness takes them off the list it is given
		return []cmdtest.Exchange{
			{Request: "GET calendars?name=Cal", Status: 200, Answer: page(1, `{"id":1},{"id":2}`, `"x?page=2"`)},
			{Request: "GET calendars?name=Cal&page=2", Status: 200, Answer: page(2, `{"id":3},{"id":4}`, `"x?page=3"`)},
			{Request: "GET calendars?name=Cal&page=3", Status: 200, Answer: page(3, `{"id":5}`, `null`)},
		}
	}
	env := cmdtest.New(t, "table", pages()...)
	if err := run(env, "calendars", "--paginate", "-f", "name=Cal"); err != nil {
		t.Fatal(err)
	}
	want := `{"data":[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5}],"links":{"next":"x?page=2"},"meta":{"current_page":1,"last_page":3,"per_page":2,"total":5},"sync":"2026-01-01"}` + "\n"
	if got := env.Out.String(); got != want {
		t.Errorf("stdout %q\nwant %q", got, want)
	}
	env.WantSentAnyOrder("GET calendars?name=Cal", "GET calendars?name=Cal&page=2", "GET calendars?name=Cal&page=3")

	// With --jq, the filter runs on each page.
	env = cmdtest.New(t, "table", pages()...)
	env.F.Globals.JQ = `[.meta.current_page, (.data | length)] | @csv`
	if err := run(env, "calendars?name=Cal", "--paginate"); err != nil {
		t.Fatal(err)
	}
	if got, want := env.Out.String(), "1,2\n2,2\n3,1\n"; got != want {
		t.Errorf("stdout %q\nwant %q", got, want)
	}
}

// -X completes with the methods kanka sends.
func TestMethodCompletion(t *testing.T) {
	env := cmdtest.New(t, "table")
	cmd := api.NewCmdAPI(env.F)
	complete, ok := cmd.GetFlagCompletionFunc("method")
	if !ok {
		t.Fatal("-X has no completion")
	}
	got, _ := complete(cmd, nil, "")
	if strings.Join(got, " ") != strings.Join(client.RawMethods, " ") {
		t.Errorf("candidates %v", got)
	}
}
