package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root"
)

// What `calendar export` costs beside `calendar get -o json` of the same
// record, a calendar that names as many years as kanka reads
// (client.MaxAnswerYears), with no weather: the two read the same answer,
// one prints it as the server sent it, the other as the YAML of apply.
//
//	go test ./cmd/kanka -run '^$' -bench YearCap -benchmem
//
// BenchmarkYearCap runs each command in this process (ns/op, B/op: the
// command's whole work, the answer's decoding included, the output
// discarded); BenchmarkYearCapProcess runs a plain build of the binary and
// reports its peak RSS and its CPU (user and system) per run.
// TestExportAtTheYearCapAllocatesLikeGetJSON holds the bytes allocated.

// yearCapCalendar is the answer of calendar 1: the Calendar of Harptos
// (eighteen months, ten weekdays, two moons, four seasons) with every year
// from 1 to client.MaxAnswerYears named, and the keys the live service adds.
var yearCapCalendar = func() string {
	var b strings.Builder
	b.WriteString(`{"data":{"id":1,"name":"Calendar of Harptos","entry":"<p>The calendar of the Realms.</p>",` +
		`"entry_parsed":"<p>The calendar of the Realms.</p>","tooltip":null,"type":"Solar","image":null,` +
		`"image_full":"","image_thumb":"","has_custom_image":false,"is_private":false,"is_template":false,` +
		`"entity_id":98765,"tags":[],"urls":{"view":"https://app.kanka.io/w/1/entities/98765",` +
		`"api":"https://api.kanka.io/1.0/campaigns/1/calendars/1"},"created_at":"2024-05-01T10:11:12.000000Z",` +
		`"created_by":55,"updated_at":"2026-11-20T08:00:00.000000Z","updated_by":55,"date":"1492-3-12","parameters":null,"months":[`)
	months := []string{"Hammer", "Midwinter", "Alturiak", "Ches", "Tarsakh", "Greengrass", "Mirtul", "Kythorn", "Flamerule",
		"Midsummer", "Shieldmeet", "Eleasis", "Eleint", "Highharvestide", "Marpenoth", "Uktar", "Feast of the Moon", "Nightal"}
	for i, m := range months {
		length, kind := 30, "standard"
		if strings.HasPrefix(m, "Mid") || m == "Shieldmeet" || m == "Greengrass" || m == "Highharvestide" || m == "Feast of the Moon" {
			length, kind = 1, "intercalary"
		}
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":%q,"length":%d,"type":%q}`, m, length, kind)
	}
	b.WriteString(`],"weekdays":["First-day","Second-day","Third-day","Fourth-day","Fifth-day","Sixth-day",` +
		`"Seventh-day","Eighth-day","Ninth-day","Tenth-day"],"years":{`)
	words := []string{"Shattered Oak", "Blue Flame", "Wandering Maiden", "Striking Falcon", "Three Ships Sailing",
		"Ageless One", "Dark Dawn", "Scarlet Witch", "Rogue Dragons", "Lightning Storms", "Silent Death"}
	for y := 1; y <= client.MaxAnswerYears; y++ {
		if y > 1 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"%d":"Year of the %s %d"`, y, words[y%len(words)], y/len(words))
	}
	b.WriteString(`},"seasons":[{"name":"Winter","month":1,"day":1},{"name":"Spring","month":4,"day":19},` +
		`{"name":"Summer","month":8,"day":20},{"name":"Autumn","month":13,"day":21}],` +
		`"moons":[{"name":"Selûne","fullmoon":"30.4375","offset":"2","colour":"white","id":4}],` +
		`"start_offset":3,"suffix":"DR","format":null,"has_leap_year":true,"skip_year_zero":0,` +
		`"leap_year_amount":1,"leap_year_month":11,"leap_year_offset":4,"leap_year_start":0}}`)
	return b.String()
}()

// yearCapServer serves calendar 1 of campaign 1, yearCapCalendar, from
// bytes made once.
func yearCapServer(tb testing.TB) string {
	body := []byte(yearCapCalendar)
	return serveAPI(tb, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/1.0/campaigns/1/calendars/1" {
			writeJSON(w, http.StatusNotFound, `{"message":"not found"}`)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
}

// yearCapCommands are the two commands compared.
var yearCapCommands = []struct{ name, want string }{
	{"get-json", `"Year of the Wandering Maiden 1818"`},
	{"export", `20000: Year of the Wandering Maiden 1818`},
}

func yearCapArgs(name string) []string {
	if name == "export" {
		return []string{"--no-cache", "calendar", "export", "1"}
	}
	return []string{"--no-cache", "calendar", "get", "1", "-o", "json"}
}

// yearCapEnv points kanka, run in this process, at the server of the
// calendar, with a home of its own.
func yearCapEnv(tb testing.TB) {
	home := tb.TempDir()
	for k, v := range map[string]string{
		"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "config"), "XDG_CACHE_HOME": filepath.Join(home, "cache"),
		"KANKA_CONFIG": filepath.Join(home, "config.yaml"), "KANKA_PROFILE": "", "KANKA_DEBUG": "",
		"KANKA_URL": yearCapServer(tb), "KANKA_TOKEN": "bench-token-0123456789", "KANKA_CAMPAIGN": "1", "NO_COLOR": "1",
	} {
		tb.Setenv(k, v)
	}
}

// Export writes the YAML of a calendar in one pass: at the year cap it
// allocates at most half again what `get -o json` of the same record
// does (it took eleven times as much when it wrote the YAML as text, read
// it back and wrote it again). Bytes allocated are counted, not time: the
// same on a loaded machine.
func TestExportAtTheYearCapAllocatesLikeGetJSON(t *testing.T) {
	yearCapEnv(t)
	allocated := map[string]uint64{}
	for _, tc := range yearCapCommands {
		var out bytes.Buffer
		run := func() {
			out.Reset()
			s := &cmdutil.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: io.Discard}
			if code := root.Run(context.Background(), s, yearCapArgs(tc.name)); code != 0 {
				t.Fatalf("%s: exit %d", tc.name, code)
			}
		}
		run() // what a first run sets up once
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		run()
		runtime.ReadMemStats(&after)
		if !strings.Contains(out.String(), tc.want) {
			t.Fatalf("%s: the output lacks %s", tc.name, tc.want)
		}
		allocated[tc.name] = after.TotalAlloc - before.TotalAlloc
	}
	t.Logf("allocated: get -o json %.1f MiB, export %.1f MiB", float64(allocated["get-json"])/(1<<20), float64(allocated["export"])/(1<<20))
	if allocated["export"]*2 > allocated["get-json"]*3 {
		t.Errorf("export allocated %d bytes, more than 1.5 times get -o json's %d", allocated["export"], allocated["get-json"])
	}
}

func BenchmarkYearCap(b *testing.B) {
	yearCapEnv(b)
	for _, tc := range yearCapCommands {
		b.Run(tc.name, func(b *testing.B) {
			// Checked once, outside the timed runs: the command prints
			// the record's last year.
			var out bytes.Buffer
			if code := root.Run(context.Background(), &cmdutil.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: os.Stderr}, yearCapArgs(tc.name)); code != 0 {
				b.Fatalf("%s: exit %d", tc.name, code)
			}
			if !strings.Contains(out.String(), tc.want) {
				b.Fatalf("%s: the output lacks %s", tc.name, tc.want)
			}
			b.ReportAllocs()
			for b.Loop() {
				s := &cmdutil.IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard}
				if code := root.Run(context.Background(), s, yearCapArgs(tc.name)); code != 0 {
					b.Fatalf("%s: exit %d", tc.name, code)
				}
			}
		})
	}
}

func BenchmarkYearCapProcess(b *testing.B) {
	// The peak RSS of a process this one starts counts this process's
	// own (Linux starts a child in the parent's memory, and keeps the
	// larger of the two): GNU time, a small process, starts kanka in its
	// own and reports kanka's alone.
	timer, err := exec.LookPath("/usr/bin/time")
	if err != nil {
		b.Skip("no /usr/bin/time to measure a process's peak RSS")
	}
	bin := buildPlain(b)
	srv := yearCapServer(b)
	for _, tc := range yearCapCommands {
		b.Run(tc.name, func(b *testing.B) {
			var peak, cpu float64
			for b.Loop() {
				cmd := exec.Command(timer, append([]string{"-f", "\nrusage %M %U %S", bin}, yearCapArgs(tc.name)...)...)
				cmd.Env = []string{"HOME=" + b.TempDir(), "KANKA_URL=" + srv, "KANKA_TOKEN=bench-token-0123456789", "KANKA_CAMPAIGN=1", "NO_COLOR=1"}
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				if err := cmd.Run(); err != nil {
					b.Fatalf("%s: %v\n%s", tc.name, err, stderr.String())
				}
				if !strings.Contains(stdout.String(), tc.want) {
					b.Fatalf("%s: the output lacks %s", tc.name, tc.want)
				}
				_, usage, _ := strings.Cut(stderr.String(), "\nrusage ")
				var kib, user, sys float64
				if _, err := fmt.Sscan(usage, &kib, &user, &sys); err != nil {
					b.Fatalf("%s: reading time's figures %q: %v", tc.name, usage, err)
				}
				peak = max(peak, kib/1024)
				cpu += (user + sys) * 1000
			}
			b.ReportMetric(peak, "peak-RSS-MiB")
			b.ReportMetric(cpu/float64(b.N), "cpu-ms/op")
		})
	}
}
