package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// kanka starts on every Tab of a completion and every --help: a package's
// initialisation runs then whether the command uses it or not. What the
// Go runtime reports of each (GODEBUG=inittrace=1) is counted in bytes
// allocated, which do not depend on the machine's load, not in time.
//
//	GODEBUG=inittrace=1 kanka --help 2>&1 >/dev/null | sort -k8 -n
//
// lists them.

// initLine is one package's line of the trace.
var initLine = regexp.MustCompile(`^init (\S+) @\S+ ms, \S+ ms clock, (\d+) bytes, (\d+) allocs$`)

// Bounds on what starting allocates, all packages and kanka's own. Most of
// the total is libraries kanka draws with: tablewriter's width cache (663
// KB), gojq's builtins (219 KB). kanka's own packages allocated 130 KB
// before their tables and patterns were made when first used.
const (
	maxInitBytes      = 1280 << 10
	maxOwnInitBytes   = 48 << 10
	kankaModulePrefix = "github.com/kanka-cli/kanka/"
)

func TestStartingAllocatesLittle(t *testing.T) {
	bin := buildPlain(t)
	cmd := exec.Command(bin, "--help")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "HOME="+t.TempDir())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("kanka --help: %v\n%s", err, stderr.String())
	}
	var total, own int
	var ours []string
	for _, line := range strings.Split(stderr.String(), "\n") {
		m := initLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		bytes, _ := strconv.Atoi(m[2])
		total += bytes
		if strings.HasPrefix(m[1], kankaModulePrefix) {
			own += bytes
			ours = append(ours, m[1]+" "+m[2])
		}
	}
	if total == 0 {
		t.Fatalf("no initialisation traced:\n%s", stderr.String())
	}
	t.Logf("starting allocates %d bytes, %d of them kanka's own", total, own)
	if total > maxInitBytes {
		t.Errorf("starting allocates %d bytes, more than %d", total, maxInitBytes)
	}
	if own > maxOwnInitBytes {
		t.Errorf("kanka's packages allocate %d bytes when it starts, more than %d:\n%s", own, maxOwnInitBytes, strings.Join(ours, "\n"))
	}
}

// BenchmarkStartUp times `kanka --help` and the completion of a
// calendar's name (`__complete calendar show ”`, on the in-process
// sandbox holding three calendars, the cache emptied before each run) against
// a Go hello world built the same way (go build), the three run in turn
// so that the machine's load falls on each alike:
//
//	go test ./cmd/kanka -run '^$' -bench StartUp -benchtime 300x
//
// reports each one's fastest and median run in ms, and kanka's over the
// hello world's. Timings: on a loaded machine compare the minimums.
func BenchmarkStartUp(b *testing.B) {
	bin := buildPlain(b)
	dir := b.TempDir()
	hello := filepath.Join(dir, "hello")
	src := filepath.Join(dir, "hello.go")
	if err := os.WriteFile(src, []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello, world\") }\n"), 0o600); err != nil {
		b.Fatal(err)
	}
	if out, err := exec.Command("go", "build", "-o", hello, src).CombinedOutput(); err != nil {
		b.Fatalf("building hello: %v\n%s", err, out)
	}
	home, state, cacheDir := filepath.Join(dir, "home"), filepath.Join(dir, "sandbox.json"), filepath.Join(dir, "cache")
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_CACHE_HOME=" + cacheDir, "KANKA_NO_KEYRING=1", "PATH=" + os.Getenv("PATH")}
	for _, preset := range []string{"harptos", "greyhawk", "eberron"} {
		cmd := exec.Command(bin, "--sandbox", "--sandbox-data", state, "--no-cache", "calendar", "create", "--preset", preset)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("seeding the sandbox: %v\n%s", err, out)
		}
	}
	runs := []struct {
		name  string
		args  []string
		fresh bool
	}{
		{"hello", []string{hello}, false},
		{"help", []string{bin, "--help"}, false},
		{"complete", []string{bin, "--sandbox", "--sandbox-data", state, "__complete", "calendar", "show", ""}, true},
	}
	times := make([][]time.Duration, len(runs))
	for b.Loop() {
		for i, r := range runs {
			if r.fresh {
				if err := os.RemoveAll(cacheDir); err != nil {
					b.Fatal(err)
				}
			}
			cmd := exec.Command(r.args[0], r.args[1:]...)
			cmd.Env = env
			start := time.Now()
			out, err := cmd.Output()
			took := time.Since(start)
			if err != nil || len(out) == 0 {
				b.Fatalf("%s: %v\n%s", r.name, err, out)
			}
			times[i] = append(times[i], took)
		}
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	for i, r := range runs {
		slices.Sort(times[i])
		b.ReportMetric(ms(times[i][0]), r.name+"-min-ms")
		b.ReportMetric(ms(times[i][len(times[i])/2]), r.name+"-median-ms")
		if i > 0 {
			b.ReportMetric(float64(times[i][0])/float64(times[0][0]), r.name+"/hello-min")
			b.ReportMetric(float64(times[i][len(times[i])/2])/float64(times[0][len(times[0])/2]), r.name+"/hello-median")
		}
	}
}
