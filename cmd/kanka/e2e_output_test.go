package main

import (
	"bufio"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/sandbox"
)

// Output a script relies on: -o json is what the server sent, and ndjson
// lines come out as pages arrive, not at the end.

// serverJSON fetches path from the sandbox directly and returns its "data".
func serverJSON(t *testing.T, srv *apiServer, path string) any {
	t.Helper()
	req, err := http.NewRequest("GET", srv.Root+"/campaigns/1/"+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+sandbox.DefaultToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct{ Data any }
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d %v", path, resp.StatusCode, err)
	}
	return body.Data
}

func TestE2EJSONIsWhatTheServerSent(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		k.ok(t, "weather", "create", "--calendar", "1", "-f", hammerFile)
		weatherPath := "calendars/1/calendar_weathers"
		if live {
			weatherPath = "calendars/1/calendar_weather"
		}

		for _, tt := range []struct {
			args []string
			path string
		}{
			{[]string{"calendar", "list"}, "calendars"},
			{[]string{"calendar", "get", "1"}, "calendars/1"},
			{[]string{"weather", "list", "--calendar", "1"}, weatherPath},
			{[]string{"weather", "get", "--calendar", "1", "2"}, weatherPath + "/2"},
			// What a write prints is the record the server keeps, as it
			// keeps it, not what the client sent.
			{[]string{"calendar", "create", "--name", "Sparse", "--month", "A:3", "--month", "B:4",
				"--weekday", "x", "--weekday", "y", "--moon", "Luna:28"}, "calendars/2"},
			{[]string{"calendar", "update", "2", "--name", "Sparser", "--month", "C:5", "--month", "D:6"}, "calendars/2"},
			{[]string{"weather", "create", "--calendar", "1", "--date", "1492-2-1", "--weather", "cloud",
				"--temperature", "-2°C", "--visibility", "admin"}, weatherPath + "/6"},
			{[]string{"weather", "update", "--calendar", "1", "6", "--weather", "sun", "--wind", "none"}, weatherPath + "/6"},
		} {
			var printed any
			out := k.ok(t, append(tt.args, "-o", "json")...)
			if err := json.Unmarshal([]byte(out), &printed); err != nil {
				t.Fatalf("%v -o json: %v\n%s", tt.args, err, out)
			}
			if sent := serverJSON(t, srv, tt.path); !reflect.DeepEqual(printed, sent) {
				t.Errorf("%v -o json differs from the server's data:\nprinted %v\nsent    %v", tt.args, printed, sent)
			}
		}
		// The writes above did land: the comparison is not of two old records.
		calendar, _ := serverJSON(t, srv, "calendars/2").(map[string]any)
		wantMonths := `[{"length":5,"name":"C","type":"standard"},{"length":6,"name":"D","type":"standard"}]`
		if live {
			wantMonths = `[{"alias":null,"length":5,"name":"C","type":"standard"},{"alias":null,"length":6,"name":"D","type":"standard"}]`
		}
		if months, _ := json.Marshal(calendar["months"]); calendar["name"] != "Sparser" || string(months) != wantMonths {
			t.Errorf("calendar 2 after the update: name %v, months %s", calendar["name"], months)
		}
		entry, _ := serverJSON(t, srv, weatherPath+"/6").(map[string]any)
		if entry["weather"] != "sun" || entry["wind"] != "none" || entry["temperature"] != "-2°C" {
			t.Errorf("weather 6 after the update: weather %v, wind %v, temperature %v",
				entry["weather"], entry["wind"], entry["temperature"])
		}
	})
}

func TestE2ENDJSONStreamsAsPagesArrive(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		var holding atomic.Bool
		release := make(chan struct{})
		holdLaterPages := func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if holding.Load() && r.URL.Query().Get("page") != "" {
					select {
					case <-release:
					case <-r.Context().Done():
						return
					}
				}
				next.ServeHTTP(w, r)
			})
		}
		srv := startServer(t, sandbox.Options{Live: live, CalendarPageSize: 2}, holdLaterPages)
		k := newKanka(t, srv)
		for _, name := range []string{"A", "B", "C"} {
			k.ok(t, "calendar", "create", "--name", name, "--month", "M1:2", "--month", "M2:2",
				"--weekday", "x", "--weekday", "y", "-o", "id")
		}
		holding.Store(true)

		cmd, _, stderr := k.command("", "calendar", "list", "-o", "ndjson")
		cmd.Stdout = nil
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string)
		go func() {
			sc := bufio.NewScanner(stdout)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		// Page 2 is held until page 1's two lines are out.
		var names []string
		for len(names) < 2 {
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatalf("ndjson ended after %v; stderr %q", names, stderr)
				}
				names = append(names, decodeObject(t, line)["name"].(string))
			case <-time.After(10 * time.Second):
				_ = cmd.Process.Kill()
				t.Fatalf("page 1's lines did not come out while page 2 was held (got %v)", names)
			}
		}
		close(release)
		for line := range lines {
			names = append(names, decodeObject(t, line)["name"].(string))
		}
		if err := cmd.Wait(); err != nil {
			t.Fatalf("%v; stderr %q", err, stderr)
		}
		if got := strings.Join(names, " "); got != "A B C" {
			t.Errorf("ndjson names %q, want \"A B C\"", got)
		}
	})
}
