package main

import (
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Input that is not what it seems, through the built binary: each bad file
// or flag exits 2 with its exact message and sends nothing; a never-ending
// input is refused or interrupted promptly.

// startRefusing is a server that answers every request with a 500: a test
// that reaches it has failed (wantNoRequests says so).
func startRefusing(t *testing.T) *apiServer {
	t.Helper()
	return startHostile(t, func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, `{"message":"no request was expected"}`, http.StatusInternalServerError)
	})
}

func TestE2EInputBadFilesAndFlagsSendNothing(t *testing.T) {
	srv := startRefusing(t)
	k := newHostileKanka(t, srv)
	// write puts a file in the directory kanka runs in, and returns its
	// name as the argument that names it.
	write := func(name, content string) string {
		if err := os.WriteFile(filepath.Join(k.home, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return name
	}
	twoMonths := "name: X\nmonths:\n  - {name: A, length: 30}\n  - {name: B, length: 30}\nweekdays: [a, b]\n"
	bigEntry := strings.Repeat("x", 1<<20+1)
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  string // stderr: a bad file or value, said alone
	}{
		{"calendar file with fractions", []string{"calendar", "create", "-f", write("cal.yaml",
			"name: X\nmonths:\n  - name: A\n    length: 30.9\n  - {name: B, length: 30}\nweekdays: [a, b]\ntags: [3.99]\nleap_year_start: 4.7\n")},
			"", "error: cal.yaml: line 4: months[1].length: must be a whole number, not 30.9\n" +
				"cal.yaml: line 7: tags[1]: must be a whole number, not 3.99\n" +
				"cal.yaml: line 8: leap_year_start: must be a whole number, not 4.7\n"},
		{"calendar JSON on update", []string{"calendar", "update", "12", "-f", write("cal.json", `{"name": "X", "start_offset": 2.5}`)},
			"", "error: cal.json: line 1: start_offset: must be a whole number, not 2.5\n"},
		{"weather entry with a fractional year", []string{"weather", "create", "--calendar", "5", "-f", write("w.yaml", "year: 1492.5\nmonth: 1\nday: 1\nweather: sun\n")},
			"", "error: w.yaml: line 1: year: must be a whole number, not 1492.5\n"},
		{"weather list with a fractional day", []string{"weather", "create", "--calendar", "5", "-f", "-"},
			"- {year: 1492, month: 1, day: 29.99, weather: sun}\n", "error: standard input: line 1: [1].day: must be a whole number, not 29.99\n"},
		{"weather update with a fractional day", []string{"weather", "update", "--calendar", "5", "41", "-f", write("one.json", "{\n  \"day\": 29.99\n}\n")},
			"", "error: one.json: line 2: day: must be a whole number, not 29.99\n"},
		{"calendar file not UTF-8", []string{"calendar", "create", "-f", "-"}, twoMonths + "suffix: D\xffR\n",
			"error: standard input: line 6: suffix: is not valid UTF-8 text (byte 0xff); save the file as UTF-8\n"},
		{"a flag not UTF-8", []string{"calendar", "update", "12", "--name", "Harp\xe9tos"}, "", "error: --name: is not valid UTF-8 text\n"},
		{"a weather flag not UTF-8", []string{"weather", "update", "--calendar", "5", "41", "--wind", "br\xe9eze"}, "", "error: --wind: is not valid UTF-8 text\n"},
		{"--entry-file above 1 MiB", []string{"calendar", "update", "12", "--entry-file", write("entry.html", bigEntry)}, "",
			"error: --entry-file: entry.html: has 1048577 bytes; at most 1048576 (1 MiB) are allowed\n"},
		{"entry above 1 MiB in a file", []string{"calendar", "create", "-f", "-"}, twoMonths + "entry: " + bigEntry + "\n",
			"error: standard input: entry: has 1048577 bytes; at most 1048576 (1 MiB) are allowed\n"},
		{"fullmoon null", []string{"calendar", "create", "-f", "-"}, twoMonths + "moons:\n  - {name: Selûne, fullmoon: ~}\n",
			"error: the calendar is not valid, nothing was sent:\n  standard input: line 7: moons[1].fullmoon: must be a number of days above 0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mark := srv.mark()
			r := k.runWithin(t, 20*time.Second, tt.stdin, tt.args...)
			if r.code != 2 || r.stdout != "" || r.stderr != tt.want {
				t.Errorf("want exit 2 and stderr\n%s\ngot %s", tt.want, r)
			}
			wantNoRequests(t, srv, mark)
			wantNoSecret(t, r)
		})
	}
}

// -f /dev/zero is refused at 16 MiB, at once, instead of growing without
// end; so is a token read from it.
func TestE2EInputNeverEndingFileIsRefused(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	srv := startRefusing(t)
	k := newHostileKanka(t, srv)
	mark := srv.mark()
	r := k.runWithin(t, 10*time.Second, "", "calendar", "create", "-f", "/dev/zero")
	want := "error: /dev/zero: larger than 16 MiB; is it the right file?\n"
	if r.code != 2 || r.stderr != want {
		t.Errorf("want exit 2 and %q; %s", want, r)
	}
	wantNoRequests(t, srv, mark)

	cmd, stdout, stderr := k.command("", "auth", "login", "--with-token")
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Fatal(err)
	}
	defer zero.Close()
	cmd.Stdin = zero
	code := runBounded(t, cmd, 10*time.Second)
	want = "error: the token on standard input is longer than 64 KiB; is it the right input?\n"
	if code != 2 || stderr.String() != want || stdout.Len() != 0 {
		t.Errorf("auth login < /dev/zero: exit %d, stdout %q, stderr %q; want 2 and %q", code, stdout, stderr, want)
	}
	wantNoRequests(t, srv, mark)
}

// runBounded runs cmd and returns its exit code, failing the test if it
// has not ended within bound (it is killed then).
func runBounded(t *testing.T, cmd *exec.Cmd, bound time.Duration) int {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(bound, func() { _ = cmd.Process.Kill() })
	err := cmd.Wait()
	if !timer.Stop() {
		t.Fatalf("did not end within %s; killed", bound)
	}
	return exitCode(t, err)
}

// SIGTERM while reading a pipe that is never closed ends the process at
// once: it says "interrupted" and dies by SIGTERM, for -f -, --entry-file -
// and auth login --with-token.
func TestE2EInputSIGTERMDuringAReadOfStdin(t *testing.T) {
	srv := startRefusing(t)
	k := newHostileKanka(t, srv)
	for _, args := range [][]string{
		{"calendar", "create", "-f", "-"},
		{"calendar", "update", "12", "--entry-file", "-"},
		{"weather", "create", "--calendar", "5", "-f", "-"},
		{"auth", "login", "--with-token"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			mark := srv.mark()
			sig, stderr := terminatedWhileReading(t, k, args)
			if sig != syscall.SIGTERM || stderr != "interrupted\n" {
				t.Errorf("ended by signal %d, stderr %q; want death by SIGTERM and \"interrupted\"", sig, stderr)
			}
			wantNoRequests(t, srv, mark)
		})
	}
}

// terminatedWhileReading runs kanka with args on a stdin pipe that is
// written to but never closed, sends SIGTERM once it is reading, and
// returns the signal it died by (0 if it exited) and stderr. A process that
// has not yet set up its signal handling dies of the signal without a word:
// that run is retried with a longer wait, as it says nothing of the read.
func terminatedWhileReading(t *testing.T, k *kanka, args []string) (syscall.Signal, string) {
	t.Helper()
	for _, wait := range []time.Duration{300 * time.Millisecond, time.Second, 3 * time.Second} {
		cmd, _, stderr := k.command("", args...)
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stdin = r
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		r.Close()
		// Some input, but never its end, nor the end of its first line.
		_, _ = w.WriteString("name: Endless")
		time.Sleep(wait)
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var werr error
		select {
		case werr = <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-done
			w.Close()
			t.Fatalf("still running %s after SIGTERM; killed (stderr %q)", time.Since(start), stderr)
		}
		w.Close()
		sig := killedBy(t, werr)
		if sig != 0 && stderr.Len() == 0 {
			continue // the signal came before kanka handled signals
		}
		return sig, stderr.String()
	}
	t.Fatal("kanka never got to handle SIGTERM")
	return 0, ""
}
