package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/sandbox"
)

// generatedDay is what a day's entry says, as a dry run of generate prints
// it and as the calendar's weather list reads it back.
type generatedDay struct {
	Date, Weather, Temperature, Precipitation, Wind, Effect string
}

// dryRunDays are the entries of generate's -o json record.
func dryRunDays(t *testing.T, out string) []generatedDay {
	t.Helper()
	var record struct {
		Entries []generatedDay `json:"entries"`
	}
	if err := json.Unmarshal([]byte(out), &record); err != nil {
		t.Fatalf("generate -o json: %v\n%s", err, out)
	}
	return record.Entries
}

// writtenDays are the calendar's weather entries, by date; a date with two
// entries holds both.
func writtenDays(t *testing.T, k *kanka, id string) map[string][]generatedDay {
	t.Helper()
	out := k.ok(t, "weather", "list", "--calendar", id, "-o", "json")
	var entries []struct {
		Year, Month, Day                                  int
		Weather, Temperature, Precipitation, Wind, Effect string
	}
	if err := json.Unmarshal([]byte(out), &entries); err != nil {
		t.Fatalf("weather list -o json: %v\n%s", err, out)
	}
	days := make(map[string][]generatedDay)
	for _, e := range entries {
		date := fmt.Sprintf("%d-%d-%d", e.Year, e.Month, e.Day)
		days[date] = append(days[date], generatedDay{date, e.Weather, e.Temperature, e.Precipitation, e.Wind, e.Effect})
	}
	return days
}

// Generate through faults (500s that apply nothing, writes applied whose
// answer is lost), as a cron job meets them: each run cut short says to run
// it again, and the runs again finish the span with one entry a day, each
// the one the dry run showed, none twice, none missing.
func TestE2EGenerateUnderFaultsFinishesWithoutDuplicates(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		data := filepath.Join(t.TempDir(), "state.json")
		faulty := startServer(t, sandbox.Options{Live: live, DataPath: data, FailRate: 0.1, DropRate: 0.15, Seed: 42}, nil)
		clean := startServer(t, sandbox.Options{Live: live, DataPath: data}, nil)
		kc := newKanka(t, clean)
		id := createHarptos(t, kc)
		// 40 days: Hammer, the festival day of Midwinter, 9 of Alturiak.
		span := []string{"weather", "generate", "--calendar", id, "--from", "1492-Hammer-1", "--days", "40", "--climate", "temperate"}
		planned := dryRunDays(t, kc.ok(t, append(span, "--dry-run", "-o", "json")...))
		if len(planned) != 40 {
			t.Fatalf("the dry run plans %d entries; want 40", len(planned))
		}

		k := newKanka(t, faulty)
		const bound = 30
		start := time.Now()
		runs, cut := 0, 0
		for ; runs < bound; runs++ {
			r := k.run(t, span...)
			if r.code == 0 {
				break
			}
			cut++
			if r.code != 1 || !strings.Contains(r.stderr, "run weather generate again to finish (nothing is made twice)") {
				t.Fatalf("run %d under faults: want exit 1 saying to run weather generate again; %s", runs+1, r)
			}
		}
		took := time.Since(start)
		if runs == bound {
			t.Fatalf("%d runs under faults and none finished", bound)
		}
		if cut == 0 {
			t.Fatalf("no run was cut short: the faults should cut some short and the re-runs finish")
		}
		var dropped, failures int
		for _, q := range faulty.since(0) {
			switch q.Status {
			case 0:
				dropped++
			case 500:
				failures++
			}
		}
		if dropped == 0 || failures == 0 {
			t.Errorf("the runs met %d dropped answers and %d 500s; the test needs both", dropped, failures)
		}
		t.Logf("40 days under faults: %d runs cut short (%d answers dropped, %d 500s), then done; %s in all",
			cut, dropped, failures, took.Round(time.Millisecond))

		written := writtenDays(t, kc, id)
		for _, want := range planned {
			got := written[want.Date]
			switch {
			case len(got) == 0:
				t.Errorf("%s: no entry; want %v", want.Date, want)
			case len(got) > 1:
				t.Errorf("%s: %d entries %v; want one", want.Date, len(got), got)
			case got[0] != want:
				t.Errorf("%s: written %v; the dry run said %v", want.Date, got[0], want)
			}
			delete(written, want.Date)
		}
		for date, got := range written {
			t.Errorf("%s: %v written outside the span", date, got)
		}

		// Done means done: the same command against the clean server
		// writes nothing.
		mark := clean.mark()
		if r := kc.run(t, span...); r.code != 0 || !strings.HasSuffix(r.stdout, "40 unchanged.\nNothing to change.\n") {
			t.Errorf("the same command after the faults: %s", r)
		}
		if w := writesOf(clean.since(mark)); len(w) != 0 {
			t.Errorf("the same command after the faults wrote %v", w)
		}
	})
}
