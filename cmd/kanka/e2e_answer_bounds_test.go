package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// Answers under the 32 MiB cap that hold more than kanka reads (issue 17):
// a calendar of two million years, a month name of 10 MB, keys nested
// thousands deep, a list whose pages never end. Each command exits 1 with
// what the answer held too much of, after one request (not retried), and
// its peak memory stays under 150 MiB. Before the bounds, `calendar get -o
// yaml` and `calendar export` of the years took 5.5 and 5.9 GB.

// hostileCalendars are the answers of GET calendars/{id}, built once.
var hostileCalendars = sync.OnceValue(func() map[string]string {
	// Appended, not formatted: two million Fprintf calls took seconds
	// under the race detector.
	years := []byte(`{"data":{"id":1,"name":"Years","months":[{"name":"M","length":30}],"weekdays":["a","b"],"date":"1-1-1","years":{`)
	for i := range 2_000_000 {
		if i > 0 {
			years = append(years, ',')
		}
		years = append(strconv.AppendInt(append(years, '"'), int64(i), 10), `":""`...)
	}
	years = append(years, `}}}`...)
	return map[string]string{
		"1": string(years),
		"2": `{"data":{"id":2,"name":"Month","months":[{"name":"` + strings.Repeat("m", 10<<20) + `","length":30}],"weekdays":["a","b"]}}`,
		// Within encoding/json's own depth (10,000), so that the bound
		// is what refuses it.
		"3": `{"data":{"id":3,"name":"Deep","months":[{"name":"M","length":30}],"weekdays":["a","b"],"other":` +
			strings.Repeat(`{"x":`, 5000) + "1" + strings.Repeat("}", 5000) + `}}`,
	}
})

// serveHostileCalendars answers GET calendars/{id} with hostileCalendars,
// and the list with pages of about 200 KB that never end (links.next).
func serveHostileCalendars(w http.ResponseWriter, r *http.Request) {
	if body, ok := hostileCalendars()[strings.TrimPrefix(r.URL.Path, campaignPath+"calendars/")]; ok {
		writeJSON(w, 200, body)
		return
	}
	n := requestedPage(r)
	pad := strings.Repeat("<p>lore</p>", 6000)
	items := make([]string, 3)
	for i := range items {
		id := 3*(n-1) + i + 1
		items[i] = fmt.Sprintf(`{"id":%d,"name":"Calendar %d","months":[{"name":"M","length":30}],"weekdays":["a","b"],"entry":"%s"}`, id, id, pad)
	}
	writeJSON(w, 200, fmt.Sprintf(`{"data":[%s],"links":{"next":%q},"meta":{"per_page":3}}`, strings.Join(items, ","), nextLink(r, n)))
}

func TestE2EAnswerBoundsRefuseHostileCalendars(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, serveHostileCalendars)
	k := newHostileKanka(t, srv)
	years := "error: calendar 1: the answer holds more than 20,000 years; kanka reads at most 20,000\n"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"calendar", "get", "1", "-o", "yaml"}, years},
		{[]string{"calendar", "export", "1"}, years},
		{[]string{"calendar", "get", "1", "-o", "json"}, years},
		{[]string{"calendar", "get", "2"}, "error: calendar 2: the answer holds a text of 10,485,760 bytes in months; kanka reads at most 256 KiB\n"},
		{[]string{"calendar", "get", "3", "-o", "yaml"}, "error: calendar 3: the answer holds more than 32 levels of nesting; kanka reads at most 32\n"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			mark := srv.mark()
			r := k.runWithin(t, hostileBound, "", tc.args...)
			wantRun(t, r, 1, "", tc.want)
			wantRequests(t, srv.since(mark), "GET calendars/"+tc.args[2])
		})
	}
}

// A list whose pages never end, each well under the answer cap, stops when
// they pass the bound of one list: 8 MiB, or --max-list-size; a bad size
// is refused before any request.
func TestE2EAnswerBoundsListWalk(t *testing.T) {
	t.Parallel()
	srv := startHostile(t, serveHostileCalendars)
	k := newHostileKanka(t, srv)
	r := k.runWithin(t, hostileBound, "", "calendar", "list", "-o", "json", "--jq", ".[].id")
	full := pagesWithin(srv, 8<<20)
	wantRun(t, r, 1, "", fmt.Sprintf("error: page %d: the server's list passed 8 MiB, the most kanka reads of one list; stopped (raise it with --max-list-size)\n", full+1))
	if n := len(srv.since(0)); n != full+1 {
		t.Errorf("%d requests, want %d", n, full+1)
	}

	mark := srv.mark()
	r = k.runWithin(t, hostileBound, "", "--max-list-size", "1MiB", "calendar", "export", "--all")
	full = pagesWithin(srv, 1<<20)
	wantRun(t, r, 1, "", fmt.Sprintf("error: page %d: the server's list passed 1 MiB, the most kanka reads of one list; stopped (raise it with --max-list-size)\n", full+1))
	if n := len(srv.since(mark)); n != full+1 {
		t.Errorf("%d requests, want %d", n, full+1)
	}

	mark = srv.mark()
	r = k.runWithin(t, hostileBound, "", "--max-list-size", "0", "calendar", "list")
	wantRun(t, r, 2, "", "error: --max-list-size must be a size such as 8MiB or 1GiB, not \"0\"\n")
	wantNoRequests(t, srv, mark)
}

// pagesWithin is how many pages of the endless list fit in limit bytes.
func pagesWithin(srv *apiServer, limit int) int {
	total := 0
	for n := 1; ; n++ {
		req, err := http.NewRequest("GET", fmt.Sprintf("%s/campaigns/1/calendars?page=%d", srv.Root, n), nil)
		if err != nil {
			panic(err)
		}
		w := &lenWriter{header: http.Header{}}
		serveHostileCalendars(w, req)
		if total += w.n; total > limit {
			return n - 1
		}
	}
}

// lenWriter counts what is written to it.
type lenWriter struct {
	header http.Header
	n      int
}

func (w *lenWriter) Header() http.Header { return w.header }
func (w *lenWriter) WriteHeader(int)     {}
func (w *lenWriter) Write(b []byte) (int, error) {
	w.n += len(b)
	return len(b), nil
}

// A list longer than 8 MiB that ends is read whole once --max-list-size
// allows it.
func TestE2EAnswerBoundsListRaised(t *testing.T) {
	t.Parallel()
	const pages = 10
	srv := startHostile(t, func(w http.ResponseWriter, r *http.Request) {
		n := requestedPage(r)
		pad := strings.Repeat("x", 1<<20)
		next := ""
		if n < pages {
			next = fmt.Sprintf(`,"links":{"next":%q}`, nextLink(r, n))
		}
		writeJSON(w, 200, fmt.Sprintf(`{"data":[{"id":%d,"name":"C%d","entry":"%s"}]%s,"meta":{"per_page":1}}`, n, n, pad, next))
	})
	k := newHostileKanka(t, srv)
	r := k.runWithin(t, hostileBound, "", "calendar", "list", "-o", "json", "--jq", "length")
	if r.code != 1 || !strings.Contains(r.stderr, "passed 8 MiB") {
		t.Errorf("want the default bound; %s", r)
	}
	r = k.runWithin(t, hostileBound, "", "--max-list-size", "16MiB", "calendar", "list", "-o", "json", "--jq", "length")
	wantRun(t, r, 0, "10\n", "")
	// Printed as it comes, the list holds one page at a time: the bound
	// of a whole list is not needed, unless the flag is given.
	r = k.runWithin(t, hostileBound, "", "calendar", "list", "-o", "id")
	wantRun(t, r, 0, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "")
	r = k.runWithin(t, hostileBound, "", "--max-list-size", "4MiB", "calendar", "list", "-o", "id")
	if r.code != 1 || r.stdout != "1\n2\n3\n" || !strings.Contains(r.stderr, "passed 4 MiB") {
		t.Errorf("want the bound given; %s", r)
	}
}

// The runner: the test binary run again with rssRunnerEnv set runs the
// command in its arguments and writes that process's peak RSS to the file
// the variable names. A child's peak RSS (rusage) counts the RSS of the
// process it was started from: Go starts commands with vfork, and Linux
// carries the parent's peak over the exec. The runner, small and fresh,
// keeps the test process's own memory (the hostile answers it serves) out
// of what is measured.
const rssRunnerEnv = "KANKA_E2E_RSS_RUNNER"

func init() {
	out := os.Getenv(rssRunnerEnv)
	if out == "" {
		return
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "rss runner:", err)
		os.Exit(125)
	}
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // KiB on Linux
	if err := os.WriteFile(out, []byte(strconv.FormatInt(rss, 10)), 0o600); err != nil {
		os.Exit(125)
	}
	os.Exit(cmd.ProcessState.ExitCode())
}

// runRSS runs the binary through the runner and returns its peak RSS in
// MiB.
func (k *kanka) runRSS(t *testing.T, args ...string) (result, int64) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "maxrss")
	cmd, stdout, stderr := k.command("", args...)
	cmd.Path, cmd.Args = self, append([]string{self, binary}, args...)
	cmd.Env = append(cmd.Env, rssRunnerEnv+"="+out)
	code := exitCode(t, cmd.Run())
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("no peak RSS: %v\nstderr: %s", err, stderr)
	}
	kib, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return result{args: args, stdout: stdout.String(), stderr: stderr.String(), code: code}, kib >> 10
}

// maxPeakRSS is the most a command may take, in MiB, whatever it is
// answered (issue 17).
const maxPeakRSS = 150

func TestE2EAnswerBoundsPeakRSS(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("peak RSS is read as Linux reports it (KiB)")
	}
	if raceEnabled {
		t.Skip("the race detector multiplies memory")
	}
	srv := startHostile(t, serveHostileCalendars)
	k := newHostileKanka(t, srv)
	for _, args := range [][]string{
		{"calendar", "get", "1", "-o", "yaml"},
		{"calendar", "export", "1"},
		{"calendar", "export", "--all"},
	} {
		r, mib := k.runRSS(t, args...)
		t.Logf("kanka %s: peak RSS %d MiB", strings.Join(args, " "), mib)
		if r.code != 1 || mib >= maxPeakRSS {
			t.Errorf("peak RSS %d MiB (the most is %d), %s", mib, maxPeakRSS, r)
		}
	}
}

// manyYearsPages serves a campaign of 210 calendars, each naming 1,200
// years, 30 a page: some 7.5 MiB in all, under the bound of a list held
// whole, which the commands that print YAML of every calendar read whole.
func manyYearsPages(w http.ResponseWriter, r *http.Request) {
	const pages, perPage = 7, 30
	n := requestedPage(r)
	var years strings.Builder
	for y := 1; y <= 1200; y++ {
		if y > 1 {
			years.WriteByte(',')
		}
		fmt.Fprintf(&years, `"%d":"Year of the %d Moons"`, y, y)
	}
	var b strings.Builder
	b.WriteString(`{"data":[`)
	for i := range perPage {
		id := (n-1)*perPage + i + 1
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"name":"Calendar %d","months":[{"name":"Hammer","length":30,"type":"standard"}],"weekdays":["a","b"],"years":{%s}}`, id, id, years.String())
	}
	next := "null"
	if n < pages {
		next = strconv.Quote(nextLink(r, n))
	}
	fmt.Fprintf(&b, `],"links":{"next":%s},"meta":{"current_page":%d,"per_page":%d}}`, next, n, perPage)
	writeJSON(w, http.StatusOK, b.String())
}

// The YAML of a whole list is written a record at a time: a campaign of
// calendars with many named years, read whole, stays in bounded memory.
func TestE2EAnswerBoundsPeakRSSOfAWholeList(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("peak RSS is read as Linux reports it (KiB)")
	}
	if raceEnabled {
		t.Skip("the race detector multiplies memory")
	}
	srv := startHostile(t, manyYearsPages)
	k := newHostileKanka(t, srv)
	for _, args := range [][]string{
		{"calendar", "export", "--all"},
		{"calendar", "list", "-o", "yaml"},
	} {
		r, mib := k.runRSS(t, args...)
		t.Logf("kanka %s: peak RSS %d MiB", strings.Join(args, " "), mib)
		if r.code != 0 || strings.Count(r.stdout, "Year of the 1200 Moons") != 210 || mib >= maxPeakRSS {
			t.Errorf("peak RSS %d MiB (the most is %d), exit %d, stderr %q", mib, maxPeakRSS, r.code, r.stderr)
		}
	}
}
