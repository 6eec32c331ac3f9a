package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// How much memory `weather list` takes for a long list, per format: json,
// ndjson and id stream the entries in the server's order (each page
// printed before the next is read), the table holds them to sort by date.
// Peak RSS is the process's, measured by the kernel, of a plain build of
// the binary (the tests' binary carries coverage counters and perhaps the
// race detector, which measure something else):
//
//	go test ./cmd/kanka -run '^$' -bench WeatherList -benchtime 3x
//
// reports peak-RSS-MiB and peak-heap-MiB for each; ndjson-no-cache is
// ndjson with the cache off (KANKA_NO_CACHE), to tell the cache's part. The RSS of a run is
// mostly the runtime and the pages of the 21 MiB binary it touches, and
// varies from run to run by 15 MiB or more; the Go heap (its largest size
// between two collections, as GODEBUG=gctrace=1 reports it) is what the
// list's length can grow. The streaming formats keep it under
// streamingHeapBound, which the benchmark checks.

// benchEntries is the length of the list: years of daily weather.
const benchEntries = 30_000

// benchPageSize is the live service's page size for weather.
const benchPageSize = 100

// streamingHeapBound is the Go heap a streaming format may reach for
// benchEntries: a page at a time (of 100 entries; a few at once while the
// next ones are read), not the list.
const streamingHeapBound = 16 << 20

// gcHeap matches the heap sizes of a gctrace line: "5->6->3 MB".
var gcHeap = regexp.MustCompile(`(\d+)->(\d+)->(\d+) MB`)

// peakHeap is the largest heap a gctrace log reports, in bytes.
func peakHeap(log string) int64 {
	var peak int64
	for _, m := range gcHeap.FindAllStringSubmatch(log, -1) {
		for _, n := range m[1:3] {
			if v, err := strconv.ParseInt(n, 10, 64); err == nil {
				peak = max(peak, v<<20)
			}
		}
	}
	return peak
}

var plainBinary struct {
	once sync.Once
	path string
	err  error
}

// buildPlain builds the binary without coverage or race detection, once.
func buildPlain(b testing.TB) string {
	b.Helper()
	plainBinary.once.Do(func() {
		// Beside the tests' binary, removed with it.
		plainBinary.path = filepath.Join(filepath.Dir(binary), "kanka-plain")
		if out, err := exec.Command("go", "build", "-o", plainBinary.path, ".").CombinedOutput(); err != nil {
			plainBinary.err = fmt.Errorf("building kanka: %v\n%s", err, out)
		}
	})
	if plainBinary.err != nil {
		b.Fatal(plainBinary.err)
	}
	return plainBinary.path
}

// longWeatherList serves calendar 1 of campaign 1 and its benchEntries
// weather entries, benchPageSize a page, built as they are asked for.
func longWeatherList(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, "/api/1.0/campaigns/1/")
	switch path {
	case "calendars/1":
		writeJSON(w, http.StatusOK, `{"data":{"id":1,"name":"Harptos","months":[{"name":"Hammer","length":30,"type":"standard"}],`+
			`"weekdays":["a","b","c","d","e","f","g","h","i","j"],"years":{},"current_year":1,"current_month":1,"current_day":1}}`)
	case "calendars/1/calendar_weathers", "calendars/1/calendar_weather":
		lastPage := benchEntries / benchPageSize
		page := requestedPage(r)
		if page < 1 || page > lastPage {
			writeJSON(w, http.StatusNotFound, `{"message":"no such page"}`)
			return
		}
		var b strings.Builder
		b.WriteString(`{"data":[`)
		for i := range benchPageSize {
			id := (page-1)*benchPageSize + i + 1
			if i > 0 {
				b.WriteByte(',')
			}
			// Later ids on earlier days: the table's order is not the server's.
			day := benchEntries - id
			fmt.Fprintf(&b, `{"id":%d,"calendar_id":1,"day":%d,"month":1,"year":%d,"weather":"rain",`+
				`"temperature":"12","precipitation":"light","wind":"west","effect":"wet roads and a long description of them"}`,
				id, day%30+1, day/30)
		}
		next := "null"
		if page < lastPage {
			next = strconv.Quote(nextLink(r, page))
		}
		fmt.Fprintf(&b, `],"links":{"next":%s},"meta":{"current_page":%d,"last_page":%d,"per_page":%d,"total":%d}}`,
			next, page, lastPage, benchPageSize, benchEntries)
		writeJSON(w, http.StatusOK, b.String())
	default:
		writeJSON(w, http.StatusNotFound, `{"message":"not found"}`)
	}
}

// serveAPI serves handler on loopback for the benchmark, and returns the
// API root to give as KANKA_URL.
func serveAPI(b testing.TB, handler http.Handler) string {
	srv := httptest.NewServer(handler)
	b.Cleanup(srv.Close)
	return srv.URL + "/api/1.0"
}

// runMeasured runs cmd and says how much memory the program it runs held
// at its peak, in bytes: the kernel's high-water mark of its resident set
// (VmHWM of /proc/PID/status), read every millisecond until it ends; 0
// where there is no /proc. Not wait4's ru_maxrss: os/exec starts the
// child sharing this process's memory until it execs, and Linux counts
// this process's resident set (the test binary's, its server's) in the
// child's maximum, 30 MiB and more of it.
func runMeasured(cmd *exec.Cmd) (peak int64, err error) {
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		peak = max(peak, highWater(status))
		select {
		case err := <-done:
			return peak, err
		case <-tick.C:
		}
	}
}

// highWater is the VmHWM line of a /proc status file, in bytes; 0 when
// there is none (the process ended, or no /proc).
func highWater(status string) int64 {
	b, err := os.ReadFile(status)
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kib, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kib << 10
		}
	}
	return 0
}

func BenchmarkWeatherList30000(b *testing.B) {
	bin := buildPlain(b)
	srv := serveAPI(b, http.HandlerFunc(longWeatherList))
	for _, run := range []string{"id", "ndjson", "ndjson-no-cache", "json", "table"} {
		b.Run(run, func(b *testing.B) {
			format, noCache := strings.CutSuffix(run, "-no-cache")
			var peak, heap int64
			for b.Loop() {
				cmd := exec.Command(bin, "weather", "list", "--calendar", "1", "-o", format)
				cmd.Env = []string{"GODEBUG=gctrace=1", os.Getenv("BENCH_GODEBUG"), "HOME=" + b.TempDir(), "KANKA_URL=" + srv, "KANKA_TOKEN=bench-token-0123456789", "KANKA_CAMPAIGN=1", "NO_COLOR=1"}
				if noCache {
					cmd.Env = append(cmd.Env, "KANKA_NO_CACHE=1")
				}
				var stderr strings.Builder
				cmd.Stderr = &stderr
				// Into a file, as `> list.ndjson` would: a pipe's reader in
				// this process would add its own pace to what is measured.
				outPath := filepath.Join(b.TempDir(), "out")
				outFile, err := os.Create(outPath)
				if err != nil {
					b.Fatal(err)
				}
				cmd.Stdout = outFile
				rss, err := runMeasured(cmd)
				outFile.Close()
				if err != nil {
					b.Fatalf("-o %s: %v\n%s", format, err, stderr.String())
				}
				out, err := os.ReadFile(outPath)
				if err != nil {
					b.Fatal(err)
				}
				if format == "id" && strings.Count(string(out), "\n") != benchEntries {
					b.Fatalf("-o id printed %d lines, want %d", strings.Count(string(out), "\n"), benchEntries)
				}
				peak = max(peak, rss)
				heap = max(heap, peakHeap(stderr.String()))
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-RSS-MiB")
			b.ReportMetric(float64(heap)/(1<<20), "peak-heap-MiB")
			if format != "table" && heap > streamingHeapBound {
				b.Errorf("-o %s: the heap reached %d MiB for %d entries; a streaming format stays under %d MiB",
					format, heap>>20, benchEntries, streamingHeapBound>>20)
			}
		})
	}
}
