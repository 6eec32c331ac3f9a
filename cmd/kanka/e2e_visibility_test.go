package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Visibility names mean what the service shows: `--visibility self` stores
// 4 (the author alone) and `admin` 2 (the admins), and the tables name
// stored ids so; a seed that says self of an entry an earlier kanka
// stored as 2 plans the update and says why.
func TestE2EVisibilityNamesAreTheServices(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		for _, tc := range []struct{ day, name, stored string }{{"1", "self", "4"}, {"2", "admin", "2"}, {"3", "self-admin", "3"}} {
			id := strings.TrimSpace(k.ok(t, "weather", "create", "--calendar", "1", "--date", "1492-1-"+tc.day, "--weather", "sun", "--visibility", tc.name, "-o", "id"))
			if got := k.ok(t, "api", "calendars/1/calendar_weather/"+id, "--jq", ".data.visibility_id"); got != tc.stored+"\n" {
				t.Errorf("--visibility %s stored visibility_id %q, want %s", tc.name, got, tc.stored)
			}
		}
		table := k.ok(t, "weather", "list", "--calendar", "1")
		want := []string{"1492-1-1  sun", "self", "1492-1-2  sun", "admin", "1492-1-3  sun", "admin-self"}
		lines := strings.Split(strings.TrimSpace(table), "\n")
		if len(lines) != 4 {
			t.Fatalf("weather list:\n%s", table)
		}
		for i, line := range lines[1:] {
			if !strings.Contains(line, want[2*i]) || !strings.HasSuffix(line, "  "+want[2*i+1]) {
				t.Errorf("weather list line %d is %q, want %q ... %q", i+1, line, want[2*i], want[2*i+1])
			}
		}

		// An entry an earlier kanka stored for "self": 2.
		k.ok(t, "api", "calendars/1/calendar_weather", "-F", "year=1492", "-F", "month=1", "-F", "day=4", "-f", "weather=sun", "-F", "visibility_id=2")
		seed := filepath.Join(t.TempDir(), "seed.yaml")
		if err := os.WriteFile(seed, []byte("calendars:\n  - id: 1\n    weather:\n      - {date: 1492-1-4, weather: sun, visibility: self}\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		plan := k.ok(t, "apply", "-f", seed, "--dry-run", "-v")
		if !strings.Contains(plan, "visibility: admin -> self\n") || strings.Count(plan, "note: 1 weather entry changes visibility as kanka now numbers it") != 1 {
			t.Errorf("apply --dry-run of a seed saying self over a stored 2:\n%s", plan)
		}
	})
}
