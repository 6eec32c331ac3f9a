package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/sandbox"
)

// `kanka apply` over a directory and in a batch that does not end well:
// the files of a directory it reads and those it leaves, a run cut short
// by Ctrl-C, a write refused beside a write whose answer was lost; and -o
// in any case, and the order of `weather list` in each format.

// batchSeed is Greyhawk with days entries (1492-1-1 ..).
func batchSeed(days int) string {
	var b strings.Builder
	b.WriteString("calendars:\n  - name: Greyhawk\n    months: [{name: Fireseek, length: 28}, {name: Readying, length: 28}]\n")
	b.WriteString("    weekdays: [Starday, Sunday, Moonday]\n    weather:\n")
	for d := 1; d <= days; d++ {
		b.WriteString("      - {date: 1492-1-" + strconv.Itoa(d) + ", weather: snowflake}\n")
	}
	return b.String()
}

// batchWeatherPosts are the requests of creating n entries in calendar id, one
// at a time: against the live service the first finds its path with a 404.
func batchWeatherPosts(live bool, id string, n int) []string {
	var out []string
	if live && n > 0 {
		out = append(out, "POST calendars/"+id+"/calendar_weathers")
	}
	for range n {
		out = append(out, "POST calendars/"+id+"/"+weatherPath(live))
	}
	return out
}

// A directory is read for its seed files: a hidden file, an editor's lock
// (a dangling link, as Emacs leaves), backup or auto-save file beside them
// is left alone, so what is sent is exactly what the seed files say.
func TestE2EApplyDirectoryReadsOnlyItsSeedFiles(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		dir := t.TempDir()
		writeFile(t, dir, "10-greyhawk.yaml", batchSeed(1))
		writeFile(t, dir, "20-eberron.json", `{"calendars": [{"name": "Eberron", "months": [{"name": "Zarantyr", "length": 28}, {"name": "Olarune", "length": 28}], "weekdays": ["Sul", "Mol"]}]}`)
		for name, cal := range map[string]string{".hidden.yaml": "Hidden", "10-greyhawk.yaml~": "Backup", "#10-greyhawk.yaml#": "Autosave", "#auto#.yaml": "Auto"} {
			writeFile(t, dir, name, strings.Replace(batchSeed(2), "Greyhawk", cal, 1))
		}
		if err := os.Symlink("gm@table.4242:1700000000", filepath.Join(dir, ".#10-greyhawk.yaml")); err != nil {
			t.Fatal(err)
		}

		mark := srv.mark()
		r := k.run(t, "apply", "-f", dir)
		want := `calendar "Greyhawk": create
  weather: 1 to create, 0 to update, 0 to delete, 0 unchanged
calendar "Eberron": create
Plan: 2 calendars to create, 0 to update, 0 unchanged; 1 weather entry to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 3 of 3 writes done, 0 failed, 0 may have been applied, 0 not tried.
`
		if r.code != 0 || r.stdout != want || r.stderr != "created calendar 1 \"Greyhawk\"\ncreated calendar 2 \"Eberron\"\n" {
			t.Fatalf("want exit 0 and\n%s\ngot %s", want, r)
		}
		wantRequests(t, srv.since(mark), append([]string{"GET calendars", changedCheck, "POST calendars", "POST calendars"},
			batchWeatherPosts(live, "1", 1)...)...)
	})
}

// holdThird passes the third weather create on to the sandbox (it is
// applied) and then keeps its answer until the client goes away, saying on
// arrived that it came.
func holdThird(arrived chan<- struct{}) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			if r.Method != "POST" || !strings.Contains(r.URL.Path, "/calendar_weather") || !bytes.Contains(body, []byte(`"day":3,`)) {
				next.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			if rec.Code >= 300 { // the live path's 404
				w.WriteHeader(rec.Code)
				_, _ = w.Write(rec.Body.Bytes())
				return
			}
			arrived <- struct{}{}
			<-r.Context().Done()
		})
	}
}

// Ctrl-C while the third of five entries is in flight: the run says which
// writes were confirmed, which was in flight (it may have been applied)
// and which were not started, counts them exactly, and dies by SIGINT
// (the shell's 130). The next run finds the one in flight and finishes.
func TestE2EApplyInterruptedSaysWhatWasConfirmedInFlightAndNotStarted(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		arrived := make(chan struct{}, 1)
		srv := startServer(t, sandbox.Options{Live: live}, holdThird(arrived))
		k := newKanka(t, srv)
		seed := writeFile(t, t.TempDir(), "seed.yaml", batchSeed(5))

		cmd, stdout, stderr := k.command("", "apply", "-f", seed)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		select {
		case <-arrived:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			t.Fatal("entry 3 never arrived")
		}
		if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		if sig := killedBy(t, cmd.Wait()); sig != syscall.SIGINT {
			t.Errorf("ended by signal %d after Ctrl-C, want death by SIGINT (130)", sig)
		}
		want := `calendar "Greyhawk": create
  weather: 5 to create, 0 to update, 0 to delete, 0 unchanged
Plan: 1 calendar to create, 0 to update, 0 unchanged; 5 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
done: create calendar "Greyhawk" (id 1)
done: create weather 1492-1-1 of calendar "Greyhawk" (id 1)
done: create weather 1492-1-2 of calendar "Greyhawk" (id 1)
in flight (may have been applied): create weather 1492-1-3 of calendar "Greyhawk" (id 1)
not started: create weather 1492-1-4 of calendar "Greyhawk" (id 1)
not started: create weather 1492-1-5 of calendar "Greyhawk" (id 1)
Interrupted: 3 of 6 writes done, 0 failed, 0 may have been applied, 1 in flight, 2 not started.
`
		if wantErr := "created calendar 1 \"Greyhawk\"\ninterrupted\n"; stdout.String() != want || stderr.String() != wantErr {
			t.Errorf("stdout:\n%s\nwant:\n%s\nstderr %q, want %q", stdout, want, stderr, wantErr)
		}

		mark := srv.mark()
		r := k.run(t, "apply", "-f", seed)
		if r.code != 0 || !strings.HasSuffix(r.stdout, "Applied: 2 of 2 writes done, 0 failed, 0 may have been applied, 0 not tried.\n") {
			t.Errorf("the next run: %s", r)
		}
		if got := writesOf(srv.since(mark)); len(got) != 2 {
			t.Errorf("the next run wrote %v, want the 2 entries not started", got)
		}
	})
}

// refuseSecondLoseThird answers the second weather create 422 and drops
// the connection of the third once the sandbox applied it.
func refuseSecondLoseThird(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		if r.Method != "POST" || !strings.Contains(r.URL.Path, "/calendar_weather") {
			next.ServeHTTP(w, r)
			return
		}
		switch {
		case bytes.Contains(body, []byte(`"day":2,`)):
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnprocessableEntity)
			_, _ = io.WriteString(w, `{"message":"The given data was invalid.","errors":{"weather":["The weather is refused."]}}`)
		case bytes.Contains(body, []byte(`"day":3,`)):
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			if rec.Code >= 300 { // the live path's 404
				w.WriteHeader(rec.Code)
				_, _ = w.Write(rec.Body.Bytes())
				return
			}
			panic(http.ErrAbortHandler) // applied; the answer never comes
		default:
			next.ServeHTTP(w, r)
		}
	})
}

// One write refused (422) and one whose connection dropped: the others
// are done, each of the two is reported with its reason, "X of Y" is
// exact, and the run exits with the worst (5), in the text and with
// -o JSON alike.
func TestE2EApplyRefusedAndLostWritesAreEachReported(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live}, refuseSecondLoseThird)
		k := newKanka(t, srv)
		seed := writeFile(t, t.TempDir(), "seed.yaml", batchSeed(4))

		r := k.run(t, "apply", "-f", seed)
		want := `calendar "Greyhawk": create
  weather: 4 to create, 0 to update, 0 to delete, 0 unchanged
Plan: 1 calendar to create, 0 to update, 0 unchanged; 4 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
failed: create weather 1492-1-2 of calendar "Greyhawk" (id 1): creating weather in calendar 1: 422 The given data was invalid.
  weather: The weather is refused.
may have been applied (the next run finds it): create weather 1492-1-3 of calendar "Greyhawk" (id 1): creating weather in calendar 1: the server closed the connection before answering; the request may have been applied, so it was not retried: check before trying again
Applied: 3 of 5 writes done, 1 failed, 1 may have been applied, 0 not tried.
`
		wantErr := "created calendar 1 \"Greyhawk\"\nerror: the server rejected the request: The given data was invalid.\n  weather: The weather is refused.\n"
		if r.code != 5 || r.stdout != want || r.stderr != wantErr {
			t.Errorf("want exit 5, stdout:\n%s\nstderr:\n%s\ngot %s", want, wantErr, r)
		}

		// Again, with -o JSON: the entry whose answer was lost is found (it
		// was applied), the refused one is refused again.
		r = k.run(t, "apply", "-f", seed, "-o", "JSON")
		// (The calendar exists now: nothing is created, nor said.)
		if r.code != 5 || r.stderr != strings.TrimPrefix(wantErr, "created calendar 1 \"Greyhawk\"\n") {
			t.Fatalf("-o JSON: want exit 5; %s", r)
		}
		var report struct {
			Calendars []struct {
				Weather struct {
					Actions []struct{ Date, Status, Error string }
				}
			}
			Outcome map[string]any
		}
		if err := json.Unmarshal([]byte(r.stdout), &report); err != nil {
			t.Fatalf("-o JSON: %v\n%s", err, r.stdout)
		}
		a := report.Calendars[0].Weather.Actions
		if len(a) != 1 || a[0].Date != "1492-1-2" || a[0].Status != "failed" || !strings.Contains(a[0].Error, "The weather is refused.") {
			t.Errorf("-o JSON actions: %+v", a)
		}
		wantOutcome := map[string]any{"total": 1.0, "done": 0.0, "failed": 1.0, "unknown": 0.0, "in_flight": 0.0, "skipped": 0.0,
			"summary": "Applied: 0 of 1 writes done, 1 failed, 0 may have been applied, 0 not tried."}
		if !sameValues(report.Outcome, wantOutcome) {
			t.Errorf("-o JSON outcome: %v\nwant %v", report.Outcome, wantOutcome)
		}
	})
}

func sameValues(a, b map[string]any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// -o is read in any case: apply -o JSON prints what -o json prints, and
// calendar export -o YAML (or -o Yaml) what it always writes.
func TestE2EOutputFormatInAnyCase(t *testing.T) {
	t.Parallel()
	srv := startSandbox(t, false)
	k := newKanka(t, srv)
	createHarptos(t, k)
	seed := writeFile(t, t.TempDir(), "seed.yaml", batchSeed(2))

	plan := k.ok(t, "apply", "-f", seed, "--dry-run", "-o", "json")
	for _, o := range []string{"JSON", "Json"} {
		if got := k.ok(t, "apply", "-f", seed, "--dry-run", "-o", o); got != plan {
			t.Errorf("apply -o %s:\n%s\nwant what -o json prints:\n%s", o, got, plan)
		}
	}
	export := k.ok(t, "calendar", "export", "1", "--with-weather")
	for _, o := range []string{"yaml", "YAML", "Yaml", "TABLE"} {
		if got := k.ok(t, "calendar", "export", "1", "--with-weather", "-o", o); got != export {
			t.Errorf("calendar export -o %s:\n%s\nwant:\n%s", o, got, export)
		}
	}
	if !strings.HasPrefix(export, "calendars:\n  - name: Calendar of Harptos\n") {
		t.Errorf("export:\n%s", export)
	}
}

// weather list: the table is by date, -o ndjson and -o id in the server's
// order, streamed; --sort date with them sorts too and says it holds the
// list first.
func TestE2EWeatherListOrderFollowsTheFormat(t *testing.T) {
	t.Parallel()
	srv := startServer(t, sandbox.Options{WeatherPageSize: 2}, nil)
	k := newKanka(t, srv)
	cal := createHarptos(t, k)
	file := writeFile(t, t.TempDir(), "weather.yaml", datesWeather)
	// Two entries of the file share a day: --allow-duplicate creates both.
	ids := strings.Fields(k.ok(t, "weather", "create", "--calendar", cal, "-f", file, "-o", "id", "--allow-duplicate"))
	if len(ids) != 5 {
		t.Fatalf("created %q, want 5 ids", ids)
	}
	sun, snow, cloud, wind, rain := ids[0], ids[1], ids[2], ids[3], ids[4]
	lines := func(ids ...string) string { return strings.Join(ids, "\n") + "\n" }

	if got := k.ok(t, "weather", "list", "--calendar", cal, "-o", "id"); got != lines(sun, snow, cloud, wind, rain) {
		t.Errorf("-o id: %q, want the server's order", got)
	}
	var ndjson []string
	for _, line := range nonEmptyLines(k.ok(t, "weather", "list", "--calendar", cal, "-o", "NDJSON")) {
		ndjson = append(ndjson, strconv.Itoa(int(decodeObject(t, line)["id"].(float64))))
	}
	if got := lines(ndjson...); got != lines(sun, snow, cloud, wind, rain) {
		t.Errorf("-o NDJSON: ids %q, want the server's order", got)
	}
	table := k.ok(t, "weather", "list", "--calendar", cal)
	var order []string
	for _, line := range nonEmptyLines(table)[1:] {
		order = append(order, strings.Fields(line)[0])
	}
	if got := lines(order...); got != lines(wind, snow, sun, cloud, rain) {
		t.Errorf("table: ids %q, want by date\n%s", got, table)
	}
	r := k.run(t, "weather", "list", "--calendar", cal, "--sort", "date", "-o", "id")
	if r.code != 0 || r.stdout != lines(wind, snow, sun, cloud, rain) ||
		r.stderr != "--sort date: every weather entry is read and held before the first is printed; leave --sort out to stream them in the server's order\n" {
		t.Errorf("--sort date -o id: %s", r)
	}
}
