package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/sandbox"
)

// kanka mcp as an assistant runs it: the built binary on pipes, against
// the sandbox served in both modes and the in-process one (--sandbox).

// mcpTools are the tools kanka mcp offers, as tools/list orders them.
var mcpTools = []string{"add_reminder", "advance_date", "agenda", "apply_seed", "delete_reminder", "get_calendar", "list_calendars",
	"list_reminders", "list_weather", "plan_seed", "set_weather", "show_month", "update_reminder"}

func TestE2EMCPServesAnAssistant(t *testing.T) {
	t.Parallel()
	for _, mode := range []struct {
		name    string
		served  bool
		live    bool
		flags   []string
		advance []string // the requests of a one-day advance
	}{
		// After the move, what the day passed held: the reminders and the
		// weather (the live service's path tried after the document's).
		{"document", true, false, nil, []string{"GET calendars/1", "PUT calendars/1", "GET calendars/1/reminders", "GET calendars/1/calendar_weathers"}},
		{"live", true, true, nil, []string{"GET calendars/1", "POST calendars/1/advance", "GET calendars/1/reminders", "GET calendars/1/calendar_weathers", "GET calendars/1/calendar_weather"}},
		{"in-process", false, false, []string{"--sandbox"}, nil},
	} {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			var srv *apiServer
			if mode.served {
				srv = startSandbox(t, mode.live)
			}
			k := newKanka(t, srv)
			k.ok(t, append(slices.Clone(mode.flags), "apply", "-f", harptosSeedFile)...)

			s := k.startMCP(t, append(slices.Clone(mode.flags), "mcp")...)
			init := s.initialize()
			info, _ := init["serverInfo"].(map[string]any)
			caps, _ := init["capabilities"].(map[string]any)
			if info["name"] != "kanka" || caps["tools"] == nil || !strings.HasPrefix(init["instructions"].(string), "kanka reads and writes the calendars") {
				t.Errorf("initialize answered %v", init)
			}
			if names := s.toolNames(); !slices.Equal(names, mcpTools) {
				t.Errorf("tools %v, want %v", names, mcpTools)
			}

			r := s.ok("list_calendars", map[string]any{})
			mustEqual(t, "list_calendars", map[string]any{"calendars": []any{map[string]any{"id": 1.0, "name": "Calendar of Harptos", "date": "1492-4-1"}}}, r.structured)

			r = s.ok("set_weather", map[string]any{"calendar": "Calendar of Harptos", "date": "1492-Ches-6", "weather": "snowflake", "temperature": "-3°C"})
			if want := "weather of 1492-4-6 on calendar 1: snowflake, temperature -3°C (entry 6)\ncreated weather 6 on 1492-4-6"; r.summary() != want {
				t.Errorf("set_weather said %q, want %q", r.summary(), want)
			}

			r = s.ok("show_month", map[string]any{"calendar": 1, "date": "6 Ches 1492"})
			days, _ := r.structured["days"].([]any)
			sixth, _ := days[5].(map[string]any)
			weather, _ := sixth["weather"].([]any)
			if sixth["date"] != "1492-4-6" || len(weather) != 1 || weather[0].(map[string]any)["weather"] != "snowflake" {
				t.Errorf("show_month's sixth day: %v", sixth)
			}

			mark := 0
			if srv != nil {
				mark = srv.mark()
			}
			r = s.ok("advance_date", map[string]any{"calendar": 1})
			mustEqual(t, "advance_date", map[string]any{"id": 1.0, "name": "Calendar of Harptos", "date": "1492-4-2"}, r.structured["calendar"])
			// The day passed, 1492-4-2, held the seed's weather.
			if passed, _ := r.structured["days_passed"].([]any); len(passed) != 1 || passed[0].(map[string]any)["date"] != "1492-4-2" {
				t.Errorf("advance_date's days_passed: %v", r.structured["days_passed"])
			}
			if srv != nil {
				wantRequests(t, srv.since(mark), mode.advance...)
			}

			// A refusal is a result, in the command's words; nothing sent.
			if srv != nil {
				mark = srv.mark()
			}
			r = s.call("set_weather", map[string]any{"calendar": 1, "date": "1492-13-40", "weather": "sun"})
			if want := "error: the weather entry is not valid, nothing was sent:\n  date: day 40 does not exist: Highharvestide has 1 day\n(kanka exit 2: invalid input: nothing was sent)"; !r.isError || r.summary() != want {
				t.Errorf("a day that does not exist: %v", r.texts)
			}
			if srv != nil {
				wantRequests(t, srv.since(mark), "GET calendars/1")
			}

			// The client asked for progress: each request was told.
			requests := 4 // in process: as the document's
			if mode.advance != nil {
				requests = len(mode.advance)
			}
			if got := s.progressOf("advance_date"); len(got) != requests || got[0] != "request 1: reading calendar 1" || got[2] != "request 3: listing the reminders of calendar 1" {
				t.Errorf("the progress of advance_date: %q", got)
			}

			if code, stderr := s.close(); code != 0 || stderr != "" {
				t.Errorf("kanka mcp ended with exit %d, stderr:\n%s", code, stderr)
			}
		})
	}
}

// --read-only offers the reads, and a write tool is no tool.
func TestE2EMCPReadOnly(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv)
	k.ok(t, "apply", "-f", harptosSeedFile)
	s := k.startMCP(t, "mcp", "--read-only")
	s.initialize()
	if names := s.toolNames(); !slices.Equal(names, []string{"agenda", "get_calendar", "list_calendars", "list_reminders", "list_weather", "plan_seed", "show_month"}) {
		t.Errorf("tools %v", names)
	}
	mark := srv.mark()
	answer := s.ask("tools/call", map[string]any{"name": "set_weather", "arguments": map[string]any{"calendar": 1, "weather": "sun"}})
	result, _ := answer["result"].(map[string]any)
	if answer["error"] == nil && result["isError"] != true {
		t.Errorf("set_weather answered under --read-only: %v", answer)
	}
	wantNoRequests(t, srv, mark)
	if code, _ := s.close(); code != 0 {
		t.Errorf("exit %d", code)
	}
}

// richCalendar is a calendar file with moons, seasons, named years and
// named weeks (which the live service stores and never returns).
const richCalendar = `name: Weeks of the North
date: 1492-1-1
months: [{name: Hammer, length: 30}, {name: Alturiak, length: 30}, {name: Ches, length: 30}]
weekdays: [First, Second, Third, Fourth, Fifth, Sixth, Seventh, Eighth, Ninth, Tenth]
moons: [{name: Selûne, fullmoon: 30.4375, offset: 3, colour: white}]
seasons: [{name: Winter, month: 1, day: 1}, {name: Spring, month: 3, day: 19}]
years: {1491: Year of the Scarlet Witch, 1492: Year of Three Ships Sailing}
weeks: {1: Week of the Wolf, 3: Week of the Hare}
suffix: DR
`

// After an assistant's advance_date, set_weather and add_reminder, the
// calendar the server holds (read from its state file, never through
// kanka) has lost nothing: its months, weekdays, moons, seasons, named
// years and named weeks are as they were; only its date moved. The
// reminder repeats on the moon, whose id is kept.
func TestE2EMCPKeepsEveryPartOfTheCalendar(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		s := startDataSafety(t, sandbox.Options{Live: live})
		k := newKanka(t, s.apiServer)
		if id := k.ok(t, "calendar", "create", "-f", writeFile(t, t.TempDir(), "cal.yaml", richCalendar), "-o", "id"); id != "1\n" {
			t.Fatalf("created %q", id)
		}
		before := s.stored(t, 1)
		if weeks, _ := before["named_weeks"].([]any); live && len(weeks) != 2 {
			t.Fatalf("the live sandbox holds named weeks %v", before["named_weeks"])
		}

		m := k.startMCP(t, "mcp")
		m.initialize()
		m.ok("advance_date", map[string]any{"calendar": "Weeks of the North"})
		m.ok("add_reminder", map[string]any{"calendar": 1, "date": "today", "comment": "Moonfeast", "repeat": "Selûne:full", "length": 2})
		m.ok("advance_date", map[string]any{"calendar": 1, "days": 3, "keep_weeks": true})
		m.ok("set_weather", map[string]any{"calendar": 1, "weather": "snowflake", "temperature": "-5°C"})
		m.ok("set_weather", map[string]any{"calendar": 1, "date": "+1", "weather": "cloud"})
		if code, _ := m.close(); code != 0 {
			t.Errorf("exit %d", code)
		}

		after := s.stored(t, 1)
		if got := s.storedDate(t, 1); got != "1492-1-5" {
			t.Errorf("the date is %s, want 1492-1-5", got)
		}
		// A field never set may come back empty ("" for null: the
		// document's update stores what it is not sent as empty), which
		// loses nothing; every value that was set is kept.
		moved := []string{"current_year", "current_month", "current_day", "updated_at", "calendar_updated_at"}
		for key, was := range withoutKeys(before, moved...) {
			if is := after[key]; !reflect.DeepEqual(was, is) && !(empty(was) && empty(is)) {
				x, _ := json.Marshal(was)
				y, _ := json.Marshal(is)
				t.Errorf("the calendar's %s changed: %s, now %s", key, x, y)
			}
		}
		for _, key := range []string{"months", "weekdays", "moons", "seasons", "years"} {
			if empty(before[key]) {
				t.Errorf("the calendar was made without %s", key)
			}
		}
		if n := len(s.weatherOf(t, 1)); n != 2 {
			t.Errorf("%d weather entries, want 2", n)
		}
		wantStoredReminder(t, s, `{"calendar_id":1,"comment":"Moonfeast","day":2,"length":2,"month":1,"recurring_periodicity":"1_f","year":1492}`)
	})
}

// empty is a JSON value that holds nothing: null, "", 0, false, [] or {}.
func empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case float64:
		return x == 0
	case bool:
		return !x
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// tsSDKEnv names a folder where the TypeScript MCP SDK was installed with
// `npm install --prefix FOLDER @modelcontextprotocol/sdk@1.32`.
const tsSDKEnv = "KANKA_MCP_TS_SDK"

// A client that nobody here wrote, the TypeScript SDK's, starts kanka mcp
// as an assistant would: every tool's schemas are valid JSON Schema, every
// call's arguments hold to its input schema, every tool answers, its
// structured result holds to its output schema (the client checks), and
// it tells the client how it goes.
func TestE2EMCPWithTheTypeScriptClient(t *testing.T) {
	t.Parallel()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH: this test drives kanka mcp with the TypeScript SDK's client")
	}
	dir := os.Getenv(tsSDKEnv)
	if dir == "" {
		t.Skipf("%s is not set: run `npm install --prefix DIR @modelcontextprotocol/sdk@1.32` and set %s=DIR", tsSDKEnv, tsSDKEnv)
	}
	pkg, err := os.ReadFile(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk", "package.json"))
	if err != nil {
		t.Fatalf("%s=%s holds no TypeScript MCP SDK: %v", tsSDKEnv, dir, err)
	}
	var meta struct{ Version string }
	if err := json.Unmarshal(pkg, &meta); err != nil || !strings.HasPrefix(meta.Version, "1.32.") {
		t.Fatalf("%s holds the TypeScript MCP SDK %q, want 1.32.x", tsSDKEnv, meta.Version)
	}

	// Each answer a little late, as the live service's are; the script
	// counts each call's progress as it comes off the wire.
	srv := startServer(t, sandbox.Options{Live: true, Latency: 60 * time.Millisecond}, nil)
	k := newKanka(t, srv)
	k.ok(t, "apply", "-f", harptosSeedFile)
	env := map[string]string{}
	for _, kv := range k.env {
		name, value, _ := strings.Cut(kv, "=")
		env[name] = value
	}
	seed := "calendars:\n  - name: Calendar of Harptos\n    weather:\n      - {date: 1492-4-7, weather: sun}\n"
	type call struct {
		Tool      string         `json:"tool"`
		Arguments map[string]any `json:"arguments"`
	}
	calls := []call{
		{"list_calendars", map[string]any{}},
		{"get_calendar", map[string]any{"calendar": 1}},
		{"show_month", map[string]any{"calendar": "Calendar of Harptos", "date": "1492-Ches-3"}},
		{"list_weather", map[string]any{"calendar": 1, "from": "1492-4-1", "to": "1492-4-3"}},
		{"plan_seed", map[string]any{"seed": seed}},
		{"apply_seed", map[string]any{"seed": seed}},
		{"set_weather", map[string]any{"calendar": 1, "date": "+1", "weather": "cloud", "wind": "calm"}},
		{"advance_date", map[string]any{"calendar": 1, "days": 2, "keep_weeks": true}},
		{"add_reminder", map[string]any{"calendar": 1, "date": "today", "comment": "Market day", "repeat": "Selûne:full"}},
		{"list_reminders", map[string]any{"calendar": "Calendar of Harptos"}},
		{"update_reminder", map[string]any{"id": 1, "calendar": 1, "length": 2}},
		{"delete_reminder", map[string]any{"id": 1, "calendar": 1}},
		{"delete_reminder", map[string]any{"id": 1, "calendar": 1, "confirm": true}},
		{"agenda", map[string]any{"calendar": 1, "days": 30}},
		{"set_weather", map[string]any{"calendar": 1, "date": "1492-13-40", "weather": "sun"}}, // refused
	}
	config, _ := json.Marshal(map[string]any{"sdkDir": dir, "command": binary, "args": []string{"mcp"}, "env": env, "calls": calls})
	configFile := writeFile(t, t.TempDir(), "config.json", string(config))

	cmd := exec.Command(node, absPath("testdata/mcp-ts-client.cjs"), configFile)
	cmd.Env = k.env
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the TypeScript client failed: %v\n%s", err, stderr.String())
	}
	var report struct {
		Tools    []string
		Problems []string
		Stderr   string
		Results  []struct {
			Tool           string
			ArgumentsValid bool
			IsError        bool
			Structured     bool
			Text           string
			Error          string
			Progress       int
		}
	}
	if err := json.Unmarshal([]byte(stdout.String()), &report); err != nil {
		t.Fatalf("the client's report: %v\n%s", err, stdout.String())
	}
	listed := slices.Sorted(slices.Values(report.Tools))
	if !slices.Equal(listed, mcpTools) {
		t.Errorf("the client lists %v, want %v", listed, mcpTools)
	}
	for _, p := range report.Problems {
		t.Errorf("schema: %s", p)
	}
	answered := map[string]bool{}
	for i, r := range report.Results {
		refused := i == len(report.Results)-1
		switch {
		case r.Error != "":
			t.Errorf("%s: the client failed: %s", r.Tool, r.Error)
		case !r.ArgumentsValid:
			t.Errorf("%s: the arguments do not hold to its input schema", r.Tool)
		case refused && (!r.IsError || !strings.HasSuffix(r.Text, "(kanka exit 2: invalid input: nothing was sent)")):
			t.Errorf("%s of a day that does not exist: %q", r.Tool, r.Text)
		case !refused && (r.IsError || !r.Structured):
			t.Errorf("%s: error %v, structured %v: %s", r.Tool, r.IsError, r.Structured, r.Text)
		case r.Progress == 0:
			t.Errorf("%s: no progress notification", r.Tool)
		}
		answered[r.Tool] = true
	}
	if len(answered) != len(mcpTools) {
		t.Errorf("%d tools answered, want %d", len(answered), len(mcpTools))
	}
	if report.Stderr != "" {
		t.Errorf("kanka mcp wrote on stderr:\n%s", report.Stderr)
	}
}
