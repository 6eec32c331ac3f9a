package mcp_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/pflag"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	mcpcmd "github.com/kanka-cli/kanka/cmd/mcp"
	"github.com/kanka-cli/kanka/cmd/root"
)

// What the server offers: its tools, their annotations and schemas; only
// the reads with --read-only; the global flags its calls run with; its
// log.

// toolHints are each tool's annotations: read-only, destructive,
// idempotent.
var toolHints = map[string][3]bool{
	"list_calendars":  {true, false, true},
	"get_calendar":    {true, false, true},
	"show_month":      {true, false, true},
	"list_weather":    {true, false, true},
	"agenda":          {true, false, true},
	"plan_seed":       {true, false, true},
	"set_weather":     {false, false, true},
	"advance_date":    {false, false, false},
	"apply_seed":      {false, true, false},
	"list_reminders":  {true, false, true},
	"add_reminder":    {false, false, false},
	"update_reminder": {false, false, true},
	"delete_reminder": {false, true, true},
}

func listTools(t *testing.T, r *rig) map[string]*sdk.Tool {
	t.Helper()
	res, err := r.session.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*sdk.Tool{}
	for _, tool := range res.Tools {
		out[tool.Name] = tool
	}
	return out
}

func TestToolsAndTheirAnnotations(t *testing.T) {
	r := newRig(t, rigOptions{})
	tools := listTools(t, r)
	if len(tools) != len(toolHints) {
		t.Errorf("%d tools, want %d", len(tools), len(toolHints))
	}
	for name, hints := range toolHints {
		tool := tools[name]
		if tool == nil {
			t.Errorf("no tool %s", name)
			continue
		}
		a := tool.Annotations
		got := [3]bool{a.ReadOnlyHint, a.DestructiveHint != nil && *a.DestructiveHint, a.IdempotentHint}
		if got != hints {
			t.Errorf("%s: read-only, destructive, idempotent %v, want %v", name, got, hints)
		}
		if tool.Description == "" || tool.Title == "" || tool.OutputSchema == nil {
			t.Errorf("%s: no description, title or output schema", name)
		}
		// Every field says what it takes.
		schema, _ := tool.InputSchema.(map[string]any)
		props, _ := schema["properties"].(map[string]any)
		for field, p := range props {
			if d, _ := p.(map[string]any)["description"].(string); d == "" {
				t.Errorf("%s: field %s has no description", name, field)
			}
		}
		if schema["additionalProperties"] != false {
			t.Errorf("%s takes unknown arguments", name)
		}
	}
	// A date's field names the grammar.
	date := tools["show_month"].InputSchema.(map[string]any)["properties"].(map[string]any)["date"].(map[string]any)["description"].(string)
	for _, form := range []string{"1492-4-3", "1492-Ches-3", "3 Ches 1492", "today", "+3", "-1"} {
		if !strings.Contains(date, form) {
			t.Errorf("show_month's date does not show %q: %s", form, date)
		}
	}
}

func TestReadOnlyOffersTheReadsOnly(t *testing.T) {
	r := newRig(t, rigOptions{readOnly: true})
	var got, want []string
	for name := range listTools(t, r) {
		got = append(got, name)
	}
	for name, hints := range toolHints {
		if hints[0] {
			want = append(want, name)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("tools %v, want %v", got, want)
	}
	mark := r.mark()
	if _, err := r.callCtx(context.Background(), "set_weather", map[string]any{"calendar": 1, "weather": "sun"}); err == nil {
		t.Error("a write tool answered under --read-only")
	}
	r.wantRequests(mark)
}

// Every global flag is either given to the calls or kept by kanka mcp.
func TestEveryGlobalFlagIsForwardedOrKept(t *testing.T) {
	s, _, _, _ := cmdutil.Test()
	cmd, _ := root.NewCmdRoot(s)
	cmd.PersistentFlags().VisitAll(func(f *pflag.Flag) {
		in := slices.Contains(mcpcmd.ForwardedGlobals, f.Name)
		kept := slices.Contains(mcpcmd.KeptGlobals, f.Name)
		if in == kept {
			t.Errorf("global flag --%s is in neither or both lists of cmd/mcp/run.go", f.Name)
		}
	})
}

// The global flags given to kanka mcp that its calls need, as
// --name=value; -o, -q, -y and the like stay kanka mcp's.
func TestGlobalsGivenToTheCalls(t *testing.T) {
	s, _, _, _ := cmdutil.Test()
	cmd, _ := root.NewCmdRoot(s)
	mcp, _, err := cmd.Find([]string{"mcp"})
	if err != nil {
		t.Fatal(err)
	}
	fs := mcp.Flags()
	fs.AddFlagSet(mcp.InheritedFlags())
	if err := fs.Parse([]string{"--sandbox", "-q", "-y", "-o", "json", "--lock-wait", "1s", "-p", "--yes", "--read-only"}); err != nil {
		t.Fatal(err)
	}
	got := mcpcmd.Globals(fs)
	if want := []string{"--lock-wait=1s", "--profile=--yes", "--sandbox=true"}; !slices.Equal(got, want) {
		t.Errorf("globals %q, want %q", got, want)
	}
}

// kanka mcp --debug logs each call, the token hidden.
func TestDebugLogsEachCall(t *testing.T) {
	r := newRig(t, rigOptions{debug: true})
	r.call("list_calendars", map[string]any{})
	r.call("get_calendar", map[string]any{"calendar": 9})
	log := r.log.String()
	if strings.Contains(log, testToken) {
		t.Errorf("the log shows the token:\n%s", log)
	}
	lines := strings.Split(strings.TrimSuffix(log, "\n"), "\n")
	prefix := "kanka mcp: list_calendars: kanka --url=" // the address varies
	if len(lines) != 4 || !strings.HasPrefix(lines[0], prefix) ||
		!strings.HasSuffix(lines[0], " --token=[redacted] --campaign=1 --no-cache --output=json --debug=false calendar list: exit 0") ||
		!strings.HasSuffix(lines[1], " --token=[redacted] --campaign=1 --no-cache --output=json --debug=false calendar get -- 9: exit 4") ||
		lines[2] != "  error: calendar 9 not found in campaign 1" || lines[3] != "  (kanka exit 4: not found)" {
		t.Errorf("log:\n%s", log)
	}
}
