package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/sandbox"
)

// The calendar verbs of the built binary against the sandbox in both modes.

// documentCalendarKeys are the calendar fields of the interface document.
var documentCalendarKeys = []string{
	"id", "name", "entry", "image", "image_full", "image_thumb", "has_custom_image",
	"is_private", "entity_id", "tags", "created_at", "created_by", "updated_at", "updated_by",
	"type", "date", "parameters", "months", "start_offset", "weekdays", "years", "seasons",
	"moons", "suffix", "has_leap_year", "leap_year_amount", "leap_year_month",
	"leap_year_offset", "leap_year_start",
}

// liveCalendarExtras are the keys the live calendar resource adds
// (live-service.md); -o json must keep them.
var liveCalendarExtras = []string{
	"entry_parsed", "tooltip", "focus_x", "focus_y", "image_uuid", "header_full",
	"header_uuid", "has_custom_header", "is_template", "is_attributes_private", "status_id",
	"status", "urls", "format", "skip_year_zero",
}

func TestE2ECalendarCreateAndList(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		// A stopped clock, so that -o wide's UPDATED column is known.
		updated := time.Date(1492, 4, 1, 12, 30, 0, 0, time.UTC)
		srv := startServer(t, sandbox.Options{Live: live, Now: func() time.Time { return updated }}, nil)
		k := newKanka(t, srv)

		created := decodeObject(t, k.ok(t, "calendar", "create", "-f", harptosFile, "-o", "json"))
		want := documentCalendarKeys
		if live {
			want = append(append([]string(nil), want...), liveCalendarExtras...)
		}
		var missing []string
		for _, key := range want {
			if _, ok := created[key]; !ok {
				missing = append(missing, key)
			}
		}
		if len(missing) > 0 {
			t.Errorf("create -o json lacks keys %v", missing)
		}
		if created["id"] != 1.0 || created["name"] != "Calendar of Harptos" || created["date"] != "1492-4-1" {
			t.Errorf("created id %v, name %v, date %v", created["id"], created["name"], created["date"])
		}
		if months, _ := created["months"].([]any); len(months) != 17 {
			t.Errorf("created %d months, want 17", len(months))
		}
		k.ok(t, "calendar", "create", "--name", "Harptos Lite", "--month", "Frost:10", "--month", "Thaw:10",
			"--weekday", "Oneday", "--weekday", "Twoday", "-o", "id")

		t.Run("table", func(t *testing.T) {
			got := k.ok(t, "calendar", "list")
			want := "ID  NAME                 TYPE           DATE      MONTHS  PRIVATE\n" +
				"1   Calendar of Harptos  Dalereckoning  1492-4-1  17      no\n" +
				"2   Harptos Lite                        1-1-1     2       no\n"
			if got != want {
				t.Errorf("calendar list:\n%s\nwant:\n%s", got, want)
			}
		})
		t.Run("no headers", func(t *testing.T) {
			got := k.ok(t, "calendar", "list", "--no-headers", "--name", "Lite")
			if want := "2  Harptos Lite    1-1-1  2  no\n"; got != want {
				t.Errorf("calendar list --no-headers:\n%q\nwant:\n%q", got, want)
			}
		})
		t.Run("wide", func(t *testing.T) {
			got := k.ok(t, "calendar", "list", "-o", "wide")
			want := "ID  NAME                 TYPE           DATE      MONTHS  PRIVATE  WEEKDAYS  MOONS  SEASONS  UPDATED\n" +
				"1   Calendar of Harptos  Dalereckoning  1492-4-1  17      no       10        1      4        1492-04-01T12:30:00.000000Z\n" +
				"2   Harptos Lite                        1-1-1     2       no       2         0      0        1492-04-01T12:30:00.000000Z\n"
			if got != want {
				t.Errorf("calendar list -o wide:\n%s\nwant:\n%s", got, want)
			}
		})
		t.Run("id", func(t *testing.T) {
			if got := k.ok(t, "calendar", "list", "-o", "id"); got != "1\n2\n" {
				t.Errorf("calendar list -o id = %q, want \"1\\n2\\n\"", got)
			}
		})
		t.Run("ndjson", func(t *testing.T) {
			out := k.ok(t, "calendar", "list", "-o", "ndjson")
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != 2 {
				t.Fatalf("calendar list -o ndjson printed %d lines, want one per calendar:\n%s", len(lines), out)
			}
			for i, name := range []string{"Calendar of Harptos", "Harptos Lite"} {
				obj := decodeObject(t, lines[i])
				if obj["id"] != float64(i+1) || obj["name"] != name || obj["months"] == nil {
					t.Errorf("ndjson line %d: id %v, name %v, months %v", i+1, obj["id"], obj["name"], obj["months"])
				}
			}
		})
		t.Run("jq prints strings raw", func(t *testing.T) {
			got := k.ok(t, "calendar", "list", "--jq", ".[].name")
			if want := "Calendar of Harptos\nHarptos Lite\n"; got != want {
				t.Errorf("--jq '.[].name' = %q, want %q", got, want)
			}
		})
		t.Run("json is an array of the server's objects", func(t *testing.T) {
			var list []map[string]any
			if err := json.Unmarshal([]byte(k.ok(t, "calendar", "list", "-o", "json")), &list); err != nil {
				t.Fatal(err)
			}
			if len(list) != 2 || list[0]["name"] != "Calendar of Harptos" {
				t.Fatalf("calendar list -o json = %v", list)
			}
			if !reflect.DeepEqual(sortedKeys(list[0]), sortedKeys(created)) {
				t.Errorf("list item keys %v, want the created record's %v", sortedKeys(list[0]), sortedKeys(created))
			}
		})
		t.Run("limit asks for one page only", func(t *testing.T) {
			mark := srv.mark()
			if got := k.ok(t, "calendar", "list", "--limit", "1", "-o", "id"); got != "1\n" {
				t.Errorf("calendar list --limit 1 = %q, want \"1\\n\"", got)
			}
			if got := srv.since(mark); len(got) != 1 {
				t.Errorf("--limit 1 sent %v, want one request", got)
			}
		})
		t.Run("name filters", func(t *testing.T) {
			if got := k.ok(t, "calendar", "list", "--name", "Harptos", "-o", "id"); got != "1\n2\n" {
				t.Errorf("--name Harptos = %q, want both calendars", got)
			}
			if got := k.ok(t, "calendar", "list", "--name", "Harptos", "--exact", "-o", "id"); got != "" {
				t.Errorf("--name Harptos --exact = %q, want none", got)
			}
			mark := srv.mark()
			if got := k.ok(t, "calendar", "list", "--name", "Harptos Lite", "--exact", "-o", "id"); got != "2\n" {
				t.Errorf("--name 'Harptos Lite' --exact = %q, want \"2\\n\"", got)
			}
			wantRequests(t, srv.since(mark), "GET calendars?name=Harptos Lite!")
		})
	})
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func TestE2ECalendarGetByIDAndName(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		id := createHarptos(t, k)

		mark := srv.mark()
		byID := decodeObject(t, k.ok(t, "calendar", "get", id, "-o", "json"))
		wantRequests(t, srv.since(mark), "GET calendars/1")

		mark = srv.mark()
		byName := decodeObject(t, k.ok(t, "calendar", "get", "Calendar of Harptos", "-o", "json"))
		// The name filter's answer holds the whole record: no second request.
		wantRequests(t, srv.since(mark), "GET calendars?name=Calendar of Harptos")
		if !reflect.DeepEqual(byID, byName) {
			t.Errorf("get by name differs from get by id:\n%v\n%v", byName, byID)
		}

		detail := k.ok(t, "calendar", "get", "Calendar of Harptos")
		for _, line := range []string{
			"ID:         1\n", "Name:       Calendar of Harptos\n", "Date:       1492-4-1\n",
			"  2. Midwinter (1) (intercalary)\n", "  1492: Year of Three Ships Sailing\n",
			"  Winter from 17-20\n", "Moons:      Selûne every 30.4375 days, offset 0, white\n",
			"Leap years: +1 day in month 10 every 4 years from year 4\n",
		} {
			if !strings.Contains(detail, line) {
				t.Errorf("calendar get lacks %q:\n%s", line, detail)
			}
		}
	})
}

func TestE2ECalendarYAMLRoundTrip(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		// A sparse calendar too: no years (the live service sends []), no
		// seasons, no leap years, a moon with the default colour.
		k.ok(t, "calendar", "create", "--name", "Sparse", "--month", "A:1", "--month", "B:1",
			"--weekday", "x", "--weekday", "y", "--moon", "Luna:28", "-o", "id")

		for _, name := range []string{"Calendar of Harptos", "Sparse"} {
			before := decodeObject(t, k.ok(t, "calendar", "get", name, "-o", "json"))
			file := filepath.Join(t.TempDir(), "calendar.yaml")
			if err := os.WriteFile(file, []byte(k.ok(t, "calendar", "get", name, "-o", "yaml")), 0o600); err != nil {
				t.Fatal(err)
			}
			k.ok(t, "calendar", "update", fmt.Sprint(before["id"]), "-f", file)
			after := decodeObject(t, k.ok(t, "calendar", "get", name, "-o", "json"))
			if b, a := withoutKeys(before, "updated_at"), withoutKeys(after, "updated_at"); !reflect.DeepEqual(b, a) {
				t.Errorf("%s: get -o yaml | update -f changed the calendar:\nbefore %v\nafter  %v", name, b, a)
			}

			// The server's own JSON is a valid file too: fullmoon as a
			// string, years as [] when empty, quoted year numbers.
			r := k.runIn(t, k.ok(t, "calendar", "get", name, "-o", "json"), "calendar", "update", fmt.Sprint(before["id"]), "-f", "-")
			if r.code != 0 {
				t.Fatalf("%s: get -o json | update -f - failed: %s", name, r)
			}
			after = decodeObject(t, k.ok(t, "calendar", "get", name, "-o", "json"))
			if b, a := withoutKeys(before, "updated_at"), withoutKeys(after, "updated_at"); !reflect.DeepEqual(b, a) {
				t.Errorf("%s: get -o json | update -f changed the calendar:\nbefore %v\nafter  %v", name, b, a)
			}
		}
	})
}

func TestE2ECalendarUpdateKeepsTheRecord(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		id := createHarptos(t, k)
		before := decodeObject(t, k.ok(t, "calendar", "get", id, "-o", "json"))

		mark := srv.mark()
		k.ok(t, "calendar", "update", id, "--name", "Harptos Reckoning")
		wantRequests(t, srv.since(mark), "GET calendars/1", "PUT calendars/1")

		mark = srv.mark()
		k.ok(t, "calendar", "update", "Harptos Reckoning", "--name", "Calendar of Harptos")
		// The name lookup's answer is the full record the update starts from.
		wantRequests(t, srv.since(mark), "GET calendars?name=Harptos Reckoning", "PUT calendars/1")

		after := decodeObject(t, k.ok(t, "calendar", "get", id, "-o", "json"))
		for _, key := range []string{"name", "months", "weekdays", "moons", "seasons", "years", "date",
			"type", "entry", "suffix", "has_leap_year", "leap_year_amount", "leap_year_month",
			"leap_year_offset", "leap_year_start"} {
			if !reflect.DeepEqual(before[key], after[key]) {
				t.Errorf("after two renames %s = %v, want %v", key, after[key], before[key])
			}
		}
	})
}

func TestE2ECalendarUpdateListFlagsReplaceTheList(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		id := strings.TrimSpace(k.ok(t, "calendar", "create", "--name", "Small", "--month", "Frost:10",
			"--month", "Thaw:10", "--weekday", "Oneday", "--weekday", "Twoday", "-o", "id"))

		k.ok(t, "calendar", "update", id, "--month", "Seed:5", "--month", "Sprout:6", "--month", "Harvest:7:intercalary")
		got := decodeObject(t, k.ok(t, "calendar", "get", id, "-o", "json"))
		months, _ := json.Marshal(got["months"])
		want := `[{"length":5,"name":"Seed","type":"standard"},{"length":6,"name":"Sprout","type":"standard"},{"length":7,"name":"Harvest","type":"intercalary"}]`
		if live { // the live service writes every month's alias, null when it has none
			want = `[{"alias":null,"length":5,"name":"Seed","type":"standard"},{"alias":null,"length":6,"name":"Sprout","type":"standard"},{"alias":null,"length":7,"name":"Harvest","type":"intercalary"}]`
		}
		if string(months) != want {
			t.Errorf("months after update --month = %s, want %s", months, want)
		}
		if wd, _ := json.Marshal(got["weekdays"]); string(wd) != `["Oneday","Twoday"]` {
			t.Errorf("weekdays after update --month = %s, want them kept", wd)
		}

		mark := srv.mark()
		r := k.fails(t, 2, "calendar", "update", id)
		if !strings.Contains(r.stderr, "nothing to change") {
			t.Errorf("update with nothing to change: stderr %q", r.stderr)
		}
		wantNoRequests(t, srv, mark)
	})
}

// A calendar without leap years reads back leap_year_month 0; the update
// sends the record back and must be accepted (it once was refused with 422).
func TestE2ECalendarWithoutLeapYearsCanBeUpdated(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		id := strings.TrimSpace(k.ok(t, "calendar", "create", "--name", "Small", "--month", "Frost:10",
			"--month", "Thaw:10", "--weekday", "Oneday", "--weekday", "Twoday", "-o", "id"))

		k.ok(t, "calendar", "update", id, "--name", "Smaller")
		k.ok(t, "calendar", "update", id, "--month", "Seed:5", "--month", "Sprout:6", "--month", "Harvest:7")
		got := decodeObject(t, k.ok(t, "calendar", "get", id, "-o", "json"))
		if months, _ := got["months"].([]any); got["name"] != "Smaller" || len(months) != 3 || got["has_leap_year"] != false {
			t.Errorf("after the updates: name %v, months %v, has_leap_year %v", got["name"], got["months"], got["has_leap_year"])
		}
	})
}

func TestE2ECalendarAmbiguousNamesAndDelete(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		k.ok(t, "calendar", "create", "-f", harptosFile, "--allow-duplicate", "-o", "id")
		k.ok(t, "calendar", "create", "--name", "Spare", "--month", "A:2", "--month", "B:2",
			"--weekday", "x", "--weekday", "y", "-o", "id")

		// Two calendars share the name: the error lists both, nothing is deleted.
		mark := srv.mark()
		r := k.run(t, "calendar", "delete", "Calendar of Harptos", "--yes")
		if r.code != 2 || !strings.Contains(r.stderr, "2 calendars are named \"Calendar of Harptos\"") ||
			!strings.Contains(r.stderr, "  1\tCalendar of Harptos\ttype Dalereckoning\tdate 1492-4-1\n  2\tCalendar of Harptos\ttype Dalereckoning\tdate 1492-4-1\n") {
			t.Errorf("delete of an ambiguous name: want exit 2 listing the candidates; %s", r)
		}
		if writes := successfulWrites(srv.since(mark)); len(writes) != 0 {
			t.Errorf("delete of an ambiguous name wrote %v", writes)
		}

		mark = srv.mark()
		r = k.run(t, "calendar", "delete", "1", "Spare", "--yes")
		if r.code != 0 || r.stderr != "deleted calendar 1\ndeleted calendar 3 (Spare)\n" {
			t.Errorf("delete 1 Spare --yes; %s", r)
		}
		var deletes []string
		for _, w := range successfulWrites(srv.since(mark)) {
			deletes = append(deletes, w.Method+" "+strings.TrimPrefix(w.Path, campaignPath))
		}
		if got := strings.Join(deletes, ", "); got != "DELETE calendars/1, DELETE calendars/3" {
			t.Errorf("delete 1 Spare sent %s", got)
		}
		if got := k.ok(t, "calendar", "list", "-o", "id"); got != "2\n" {
			t.Errorf("after deleting 1 and 3, calendars %q, want \"2\\n\"", got)
		}
		// Now the name is unique again.
		if got := k.ok(t, "calendar", "get", "Calendar of Harptos", "-o", "id"); got != "2\n" {
			t.Errorf("get by the now unique name = %q", got)
		}
	})
}

// One leap flag turns leap years on; the start and month the server then
// holds must not make the calendar impossible to update (they once were 0,
// which the client's own checks refused on every update).
func TestE2ECalendarCreatedWithOneLeapFlagCanBeUpdated(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		id := strings.TrimSpace(k.ok(t, "calendar", "create", "--name", "Leapy", "--month", "A:2", "--month", "B:2",
			"--weekday", "x", "--weekday", "y", "--leap-year-every", "4", "-o", "id"))
		k.ok(t, "calendar", "update", id, "--name", "Leapier")
		got := decodeObject(t, k.ok(t, "calendar", "get", id, "-o", "json"))
		if got["name"] != "Leapier" || got["has_leap_year"] != true || got["leap_year_offset"] != 4.0 {
			t.Errorf("after the rename: name %v, has_leap_year %v, leap_year_offset %v",
				got["name"], got["has_leap_year"], got["leap_year_offset"])
		}
	})
}
