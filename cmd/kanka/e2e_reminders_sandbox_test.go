package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The sandbox's reminders through `kanka api`: served by `kanka sandbox
// serve` in both modes, and in process with --sandbox. Both modes answer
// them as the live service does (reminders.md): 201 on create, 204 on
// delete, 15 a page.

// stateWithElminster is a state file of version 2 holding no calendar and
// one entity, a character, for reminders that are no calendar's.
const stateWithElminster = `{"last_ids":{"calendar":0,"weather":0,"entity":0,"moon":0,"reminder":0},"version":2,
"calendars":[],"weather":[],"reminders":[],"entities":[{"id":50,"name":"Elminster","type":"character","child_id":7}]}`

func writeStateWithElminster(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "state.json")
	if err := os.WriteFile(path, []byte(stateWithElminster), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestE2ESandboxServeReminders(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		base := newKanka(t, nil)
		args := []string{"--data", writeStateWithElminster(t), "--rate", "0"}
		if live {
			args = append(args, "--live")
		}
		served := serveSandbox(t, base, args...)
		k := base.with(served.env...)
		if id := createHarptos(t, k); id != "1" {
			t.Fatalf("calendar %s", id)
		}

		// Create: 201, length null (left out; stored as 1), the end of
		// the repeat as sent (a number), is_recurring from the periodicity.
		created := k.ok(t, "api", "-i", "entities/1/reminders", "-F", "calendar_id=1", "-F", "day=9", "-F", "month=12",
			"-F", "year=1491", "-f", "comment=Midwinter feast", "-f", "recurring_periodicity=year", "-F", "recurring_until=1500")
		if !strings.HasPrefix(created, "HTTP/1.1 201 Created\n") ||
			!strings.Contains(created, `"date":"1491-12-9","day":9,"month":12,"year":1491,"length":null,"comment":"Midwinter feast","is_recurring":true,"recurring_until":1500,"recurring_periodicity":"year"`) {
			t.Fatalf("create -i:\n%s", created)
		}
		// Get: the length stored, the end read back as a string.
		if got := k.ok(t, "api", "entities/1/reminders/1", "--jq", `.data | "\(.length) \(.recurring_until | type) \(.remindable_type)"`); got != "1 string App\\Models\\Entity\n" {
			t.Errorf("get: %q", got)
		}

		// Fifteen more, of the calendar's entity and of Elminster's.
		for i := 2; i <= 16; i++ {
			entity := "1"
			if i%2 == 0 {
				entity = "50"
			}
			k.ok(t, "api", "entities/"+entity+"/reminders", "-F", "calendar_id=1", "-F", "day="+strconv.Itoa(i), "-F", "month=1", "-F", "year=1492")
		}
		if got := k.ok(t, "api", "calendars/1/reminders", "--jq", `"\(.data | length) \(.meta.per_page) \(.meta.total) \(.meta.last_page) \(.sync != null)"`); got != "15 15 16 2 true\n" {
			t.Errorf("page 1 of the calendar's reminders: %q", got)
		}
		// Every page: the reminders of both entities, by id.
		whose := k.ok(t, "api", "--paginate", "calendars/1/reminders", "--jq", `.data[] | "\(.id):\(.remindable_id)"`)
		if want := "1:1\n2:50\n3:1\n4:50\n5:1\n6:50\n7:1\n8:50\n9:1\n10:50\n11:1\n12:50\n13:1\n14:50\n15:1\n16:50\n"; whose != want {
			t.Errorf("calendars/1/reminders --paginate:\n%s", whose)
		}
		if got := k.ok(t, "api", "entities/50/reminders", "--jq", `[.data[].id] | join(",")`); got != "2,4,6,8,10,12,14,16\n" {
			t.Errorf("Elminster's reminders: %q", got)
		}
		if got := k.ok(t, "api", "entities/50", "--jq", `.data | "\(.name) \(.type) \(.child_id)"`); got != "Elminster character 7\n" {
			t.Errorf("entity 50: %q", got)
		}

		// PATCH: what it leaves out is kept; no periodicity, no repeat.
		if got := k.ok(t, "api", "-X", "PATCH", "entities/1/reminders/1", "-f", "recurring_periodicity=", "-F", "length=3",
			"--jq", `.data | "\(.is_recurring) \(.recurring_until) \(.recurring_periodicity) \(.length) \(.comment) \(.date)"`); got != "false null null 3 Midwinter feast 1491-12-9\n" {
			t.Errorf("PATCH: %q", got)
		}

		// Delete: 204, nothing after it; then the reminder is gone.
		if got := k.ok(t, "api", "-i", "-X", "DELETE", "entities/1/reminders/1"); !strings.HasPrefix(got, "HTTP/1.1 204 No Content\n") {
			t.Errorf("DELETE -i: %q", got)
		}
		k.fails(t, 4, "api", "entities/1/reminders/1")
		if got := k.ok(t, "api", "calendars/1/reminders", "--jq", ".meta.total"); got != "15\n" {
			t.Errorf("after the delete, %q reminders", got)
		}
	})
}

// --sandbox, in process (the document's mode): the same answers.
func TestE2EInProcessSandboxReminders(t *testing.T) {
	t.Parallel()
	k := newKanka(t, nil).with("KANKA_SANDBOX_DATA=" + writeStateWithElminster(t))
	if id := strings.TrimSpace(k.ok(t, "--sandbox", "calendar", "create", "-f", harptosFile, "-o", "id")); id != "1" {
		t.Fatalf("calendar %s", id)
	}
	created := k.ok(t, "--sandbox", "api", "-i", "entities/50/reminders", "-F", "calendar_id=1", "-F", "day=1", "-F", "month=1", "-F", "year=1492", "-F", "type_id=2")
	if !strings.HasPrefix(created, "HTTP/1.1 201 Created\n") || !strings.Contains(created, `"remindable_id":50,`) || !strings.Contains(created, `"length":null`) {
		t.Fatalf("create -i:\n%s", created)
	}
	if got := k.ok(t, "--sandbox", "api", "calendars/1/reminders", "--jq", `.data[] | "\(.id) \(.remindable_id) \(.length) \(.type_id)"`); got != "1 50 1 2\n" {
		t.Errorf("list: %q", got)
	}
	if got := k.ok(t, "--sandbox", "api", "-i", "-X", "DELETE", "entities/50/reminders/1"); !strings.HasPrefix(got, "HTTP/1.1 204 No Content\n") {
		t.Errorf("DELETE -i: %q", got)
	}
	// The state file is of version 2, and keeps Elminster.
	state, err := os.ReadFile(strings.TrimPrefix(k.env[len(k.env)-1], "KANKA_SANDBOX_DATA="))
	if err != nil || !strings.Contains(string(state), `"version":2,`) || !strings.Contains(string(state), `"name":"Elminster"`) {
		t.Errorf("state file %s %v", state, err)
	}
}
