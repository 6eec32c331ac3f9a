package main

import (
	"bytes"
	"errors"
	"flag"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// These tests build the binary and run it as a user would: the process's
// exit code, its streams, and its answer to Ctrl-C.

var binary string

func TestMain(m *testing.M) {
	moreParallel()
	dir, err := os.MkdirTemp("", "kanka-bin-")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "kanka")
	coverDir = os.Getenv("KANKA_E2E_COVERDIR")
	if out, err := exec.Command("go", buildArgs(binary)...).CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		panic("building kanka: " + err.Error() + "\n" + string(out))
	}
	if coverDir != "" {
		writeCoverMeta(dir)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// moreParallel runs twice as many tests at once as there are processors,
// unless -parallel says how many. Most of these tests wait, not compute:
// for a run of the binary, for the retries' backoff, for a rate-limit
// window. At go test's default (GOMAXPROCS) this package took 143 s on two
// cores under the race detector; at twice that, 93 s.
func moreParallel() {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		_ = flag.Set("test.parallel", strconv.Itoa(2*runtime.GOMAXPROCS(0)))
	}
}

// writeCoverMeta runs the binary once before the tests start theirs. The
// first runs of a -cover binary each write the coverage meta-data file
// through a temporary file named by the clock; parallel first runs that end
// in the same instant share that name, and all but one fail at exit
// ("coverage meta-data emit failed"), which a test then reads as kanka's
// output. Once the file exists, no later run writes it.
func writeCoverMeta(dir string) {
	cmd := exec.Command(binary, "version")
	cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "GOCOVERDIR=" + coverDir, raceOptions, "KANKA_NO_KEYRING=1"}
	if out, err := cmd.CombinedOutput(); err != nil {
		panic("running kanka version: " + err.Error() + "\n" + string(out))
	}
}

// coverDir is where every run of the binary writes its coverage counters
// (GOCOVERDIR), when KANKA_E2E_COVERDIR names one for a coverage report:
// only then is the binary built with coverage. Without it, a run of the
// binary writes nothing at exit (concurrent first runs of a -cover binary
// can fail writing the coverage meta-data, which a test then reads as
// kanka's output), and the runs are faster.
var coverDir string

// raceOptions keeps a race-enabled binary from sleeping a second at exit
// (the race runtime's default, to let reports flush), which would make
// every run a second slower.
const raceOptions = "GORACE=atexit_sleep_ms=0"

// buildArgs builds the binary with coverage of every kanka package when a
// report is asked for (coverDir), and with the race detector when the
// tests run with it, so that the end-to-end runs count for both.
func buildArgs(out string) []string {
	// Without version control stamping, as in a checkout with changes or
	// none: the binary says "(devel)" wherever the tests run
	// (e2e_version_test.go builds one with it).
	args := []string{"build", "-buildvcs=false", "-o", out}
	if coverDir != "" {
		args = append(args, "-cover", "-coverpkg=github.com/kanka-cli/kanka/...")
	}
	if raceEnabled {
		args = append(args, "-race")
	}
	return append(args, ".")
}

// command prepares a run of the binary with an isolated environment.
func command(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	home := t.TempDir()
	cmd.Env = []string{
		"HOME=" + home,
		"PATH=" + os.Getenv("PATH"),
		"KANKA_CONFIG=" + filepath.Join(home, "config.yaml"),
		"KANKA_SANDBOX_DATA=" + filepath.Join(home, "sandbox.json"),
		"TMPDIR=" + home,
		"GOCOVERDIR=" + coverDir,
		raceOptions,
		"KANKA_NO_KEYRING=1", // never the developer's own keychain
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	return cmd, &stdout, &stderr
}

func exitCode(t *testing.T, err error) int {
	t.Helper()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.ExitCode()
	}
	t.Fatal(err)
	return -1
}

func TestExitCodesOfTheProcess(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"version"}, 0, "kanka (devel)\n", ""},
		{[]string{"--sandbox", "auth", "status"}, 0, "", ""},
		{[]string{"--bogus"}, 2, "", "error: unknown flag: --bogus\nRun 'kanka --help' for usage.\n"},
		{[]string{"-c", "5", "auth", "status"}, 3, "", "error: no API token for profile \"default\"\nRun 'kanka auth login' to save a token in profile \"default\" of CONFIG, or set KANKA_TOKEN.\n"},
	}
	for _, tt := range tests {
		cmd, stdout, stderr := command(t, tt.args...)
		code := exitCode(t, cmd.Run())
		// The configuration file's path, in the test's own home, reads CONFIG.
		config := strings.TrimPrefix(cmd.Env[2], "KANKA_CONFIG=")
		if got := strings.ReplaceAll(stderr.String(), config, "CONFIG"); code != tt.code || (tt.stdout != "" && stdout.String() != tt.stdout) || (tt.code != 0 && got != tt.stderr) {
			t.Errorf("kanka %s: exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr %q",
				strings.Join(tt.args, " "), code, stdout, got, tt.code, tt.stdout, tt.stderr)
		}
	}
}

// Ctrl-C ends a wait at once: kanka says "interrupted" and dies by SIGINT
// (a shell reports 130).
func TestCtrlCEndsAWaitAtOnceBySIGINT(t *testing.T) {
	arrived := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived <- struct{}{}
		<-r.Context().Done() // never answer
	}))
	defer srv.Close()

	cmd, _, stderr := command(t, "--url", srv.URL+"/api/1.0", "--token", "a-token", "-c", "1", "auth", "status")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-arrived:
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("the request never arrived")
	}
	start := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if sig := killedBy(t, cmd.Wait()); sig != syscall.SIGINT || !strings.HasSuffix(stderr.String(), "interrupted\n") {
		t.Errorf("ended by signal %d, stderr %q; want death by SIGINT and \"interrupted\"", sig, stderr)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("took %s to stop after Ctrl-C", took)
	}
}
