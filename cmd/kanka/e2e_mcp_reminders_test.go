package main

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"
)

// kanka mcp's reminder tools as an assistant calls them: the built binary
// on pipes, against the sandbox served in both modes. A reminder is added,
// listed, changed, shown before it would be deleted and deleted; a
// refusal and a delete without confirm send nothing that writes.
func TestE2EMCPReminderTools(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		k.ok(t, "apply", "-f", harptosSeedFile)
		s := k.startMCP(t, "mcp")
		s.initialize()

		mark := srv.mark()
		r := s.ok("add_reminder", map[string]any{"calendar": "Calendar of Harptos", "date": "1 Midsummer 1492",
			"comment": "Midsummer feast", "repeat": "year", "until": 1500})
		if want := "reminder 1 of calendar 1: 1492-10-1 \"Midsummer feast\", repeats every year until 1500\ncreated reminder 1 on 1492-10-1"; r.summary() != want {
			t.Errorf("add_reminder said %q, want %q", r.summary(), want)
		}
		wantRequests(t, srv.since(mark), "GET calendars?name=Calendar+of+Harptos", "POST entities/1/reminders")

		r = s.ok("list_reminders", map[string]any{"calendar": 1})
		list, _ := r.structured["reminders"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["id"] != 1.0 || list[0].(map[string]any)["recurring_periodicity"] != "year" {
			t.Errorf("list_reminders: %v", r.structured)
		}

		mark = srv.mark()
		r = s.ok("update_reminder", map[string]any{"id": 1, "calendar": 1, "comment": "The feast", "length": 2})
		if want := "reminder 1 of calendar 1: 1492-10-1 \"The feast\", repeats every year until 1500, lasts 2 days"; r.summary() != want {
			t.Errorf("update_reminder said %q, want %q", r.summary(), want)
		}
		wantRequests(t, srv.since(mark), "GET calendars/1/reminders", "PATCH entities/1/reminders/1")

		// Refused in reminder create's words: the calendar read, nothing
		// written.
		mark = srv.mark()
		r = s.call("add_reminder", map[string]any{"calendar": 1, "date": "1492-Ches-31"})
		if want := "error: the reminder is not valid, nothing was sent:\n  date: day 31 does not exist: Ches has 30 days\n(kanka exit 2: invalid input: nothing was sent)"; !r.isError || r.summary() != want {
			t.Errorf("a day that does not exist: %v", r.texts)
		}
		wantRequests(t, srv.since(mark), "GET calendars/1")

		// Without confirm: the reminder is read, not deleted.
		mark = srv.mark()
		r = s.ok("delete_reminder", map[string]any{"id": 1, "calendar": 1})
		if r.structured["deleted"] != false || r.structured["confirm_required"] != true {
			t.Errorf("delete_reminder without confirm: %v", r.structured)
		}
		wantRequests(t, srv.since(mark), "GET calendars/1/reminders")

		mark = srv.mark()
		r = s.ok("delete_reminder", map[string]any{"id": 1, "calendar": 1, "confirm": true})
		mustEqual(t, "delete_reminder", map[string]any{"id": 1.0, "deleted": true}, r.structured)
		wantRequests(t, srv.since(mark), "GET calendars/1/reminders", "DELETE entities/1/reminders/1")
		if r = s.ok("list_reminders", map[string]any{"calendar": 1}); len(r.structured["reminders"].([]any)) != 0 {
			t.Errorf("after the delete: %v", r.structured)
		}

		if code, stderr := s.close(); code != 0 || stderr != "" {
			t.Errorf("kanka mcp ended with exit %d, stderr:\n%s", code, stderr)
		}
	})
}

// --read-only offers list_reminders, and the tools that write reminders
// are no tools.
func TestE2EMCPReadOnlyReminders(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv)
	k.ok(t, "apply", "-f", harptosSeedFile)
	k.ok(t, "reminder", "create", "--calendar", "1", "--date", "1492-4-3", "--comment", "Market day")
	s := k.startMCP(t, "mcp", "--read-only")
	s.initialize()
	if names := s.toolNames(); !slices.Contains(names, "list_reminders") {
		t.Errorf("tools %v", names)
	}
	s.ok("list_reminders", map[string]any{"calendar": 1})
	mark := srv.mark()
	for _, name := range []string{"add_reminder", "update_reminder", "delete_reminder"} {
		answer := s.ask("tools/call", map[string]any{"name": name, "arguments": map[string]any{"id": 1, "calendar": 1, "date": "1492-4-4", "confirm": true}})
		result, _ := answer["result"].(map[string]any)
		if answer["error"] == nil && result["isError"] != true {
			t.Errorf("%s answered under --read-only: %v", name, answer)
		}
	}
	wantNoRequests(t, srv, mark)
	if code, _ := s.close(); code != 0 {
		t.Errorf("exit %d", code)
	}
}

// wantStoredReminder fails unless the server holds one reminder, whose
// written fields are want (JSON), read from its state file.
func wantStoredReminder(t *testing.T, s *dsServer, want string) {
	t.Helper()
	b, err := os.ReadFile(s.data)
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Reminders []map[string]any `json:"reminders"`
	}
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	if len(st.Reminders) != 1 {
		t.Fatalf("the server holds %d reminders, want 1", len(st.Reminders))
	}
	rm := st.Reminders[0]
	got, _ := json.Marshal(map[string]any{"calendar_id": rm["calendar_id"], "comment": rm["comment"], "day": rm["day"],
		"length": rm["length"], "month": rm["month"], "recurring_periodicity": rm["recurring_periodicity"], "year": rm["year"]})
	if string(got) != want {
		t.Errorf("the stored reminder: %s\nwant %s", got, want)
	}
}

// The reminder tools that write take the campaign's lock, as the commands
// do: while another kanka writes, each is refused in the command's words
// with nothing sent (kanka mcp --lock-wait 0 gives its calls no wait);
// the reads go on.
func TestE2EMCPReminderWritesTakeTheCampaignsLock(t *testing.T) {
	t.Parallel()
	srv, hold, release := blockingSandbox(t)
	k := newKanka(t, srv)
	k.ok(t, "apply", "-f", harptosSeedFile)
	k.ok(t, "reminder", "create", "--calendar", "1", "--date", "1492-4-3", "--comment", "Market day")
	holder, command, done := holdCampaign(t, k, hold)
	busy := fmt.Sprintf("error: campaign 1 is being written by another kanka (pid %d: %s); did not wait (--lock-wait 0), and wrote nothing: try again once it is done\n"+
		"(kanka exit 9: another kanka was writing to this campaign all along: nothing was written; try again once it is done)", holder.Process.Pid, command)

	s := k.startMCP(t, "--lock-wait", "0", "mcp")
	s.initialize()
	mark := srv.mark()
	for name, args := range map[string]map[string]any{
		"add_reminder":    {"calendar": 1, "date": "1492-4-4", "comment": "Fair"},
		"update_reminder": {"id": 1, "calendar": 1, "comment": "Fair"},
		"delete_reminder": {"id": 1, "calendar": 1, "confirm": true},
	} {
		if r := s.call(name, args); !r.isError || r.summary() != busy {
			t.Errorf("%s while the campaign is locked: %v\nwant %q", name, r.texts, busy)
		}
	}
	wantNoRequests(t, srv, mark)
	s.ok("list_reminders", map[string]any{"calendar": 1})
	s.ok("delete_reminder", map[string]any{"id": 1, "calendar": 1})

	release()
	if err := <-done; err != nil {
		t.Fatalf("the holder: %v", err)
	}
	s.ok("update_reminder", map[string]any{"id": 1, "calendar": 1, "comment": "Fair"})
	if code, _ := s.close(); code != 0 {
		t.Errorf("exit %d", code)
	}
}
