package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The sandbox is a server: a page number or an id at the edge of int gets
// a page or an error answer, never a panic, in process (--sandbox) and
// served (`kanka sandbox serve`).

const hugePage = "9223372036854775807"

// wantEmptyHugePage checks an answer to ?page=hugePage: an empty page that
// says it is that page, and nothing on stderr.
func wantEmptyHugePage(t *testing.T, r result) {
	t.Helper()
	if r.code != 0 || r.stderr != "" {
		t.Errorf("want exit 0 and nothing on stderr; %s", r)
		return
	}
	var page struct {
		Data []any `json:"data"`
		Meta struct {
			CurrentPage json.Number `json:"current_page"`
		} `json:"meta"`
	}
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	dec.UseNumber()
	if err := dec.Decode(&page); err != nil || page.Data == nil || len(page.Data) != 0 || page.Meta.CurrentPage != hugePage {
		t.Errorf("want an empty page %s (%v); %s", hugePage, err, r)
	}
}

func TestE2ESandboxAnswersAHugePage(t *testing.T) {
	t.Parallel()
	k := newKanka(t, nil).with("KANKA_SANDBOX_DATA=" + filepath.Join(t.TempDir(), "state.json"))
	k.ok(t, "--sandbox", "calendar", "create", "-f", harptosFile)
	k.ok(t, "--sandbox", "weather", "create", "--calendar", "1", "--date", "1492-1-1", "--weather", "sun")
	for _, route := range []string{"calendars", "calendars/1/calendar_weathers"} {
		wantEmptyHugePage(t, k.run(t, "--sandbox", "api", route+"?page="+hugePage))
	}
}

func TestE2ESandboxServeAnswersAHugePage(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		k := newKanka(t, nil)
		args := []string{"--data", filepath.Join(t.TempDir(), "served.json")}
		if live {
			args = append(args, "--live")
		}
		served := serveSandbox(t, k, args...)
		client := k.with(served.env...)
		client.ok(t, "calendar", "create", "-f", harptosFile)
		client.ok(t, "weather", "create", "--calendar", "1", "--date", "1492-1-1", "--weather", "sun")
		for _, route := range []string{"calendars", "calendars/1/calendar_weather"} {
			wantEmptyHugePage(t, client.run(t, "api", route+"?page="+hugePage))
		}
		if code, _ := served.stop(); code != 0 || strings.Contains(served.stderr.String(), "goroutine") || strings.Contains(served.stderr.String(), "panic") {
			t.Errorf("sandbox serve: exit %d, stderr %q", code, served.stderr)
		}
	})
}

// A state file whose calendar counter is at the largest id: the create is
// refused with what the sandbox says, and the file is left as it was.
func TestE2ESandboxRefusesACreateWhenItsIDsAreSpent(t *testing.T) {
	t.Parallel()
	state := filepath.Join(t.TempDir(), "state.json")
	spent := []byte(`{"last_ids":{"calendar":9223372036854775807,"weather":0,"entity":0,"moon":0},"calendars":[],"weather":[]}` + "\n")
	if err := os.WriteFile(state, spent, 0o600); err != nil {
		t.Fatal(err)
	}
	k := newKanka(t, nil)
	r := k.run(t, "--sandbox", "--sandbox-data", state, "calendar", "create", "-f", harptosFile)
	if r.code != 1 || r.stdout != "" || !strings.HasPrefix(r.stderr, "error: creating a calendar in campaign 1: 507 The sandbox has handed out the largest calendar id, 9223372036854775807, and never hands out one twice") {
		t.Errorf("want exit 1 with the sandbox's 507; %s", r)
	}
	if after, _ := os.ReadFile(state); !bytes.Equal(after, spent) {
		t.Errorf("the state file changed to %s", after)
	}
}
