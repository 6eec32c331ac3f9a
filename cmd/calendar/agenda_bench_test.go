package calendar

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
)

// agendaBenchReminders are n reminders of the Calendar of Harptos as the
// service lists them, of mixed kinds: one-off, yearly, monthly, Selûne's
// phases (moon id 9), one in ten of several days, some with an end year,
// their own dates from 1300 to 1492.
func agendaBenchReminders(n int) string {
	rng := rand.New(rand.NewSource(1))
	lengths := []int{30, 1, 30, 30, 30, 1, 30, 30, 30, 1, 30, 30, 1, 30, 30, 1, 30}
	var out []string
	for id := 1; id <= n; id++ {
		y, m := 1300+rng.Intn(193), 1+rng.Intn(len(lengths))
		date := fmt.Sprintf("%d-%d-%d", y, m, 1+rng.Intn(lengths[m-1]))
		periodicity, until, length := "", "", 1
		switch k := rng.Intn(10); {
		case k < 3:
		case k < 6:
			periodicity = "year"
		case k < 8:
			periodicity = "month"
		default:
			periodicity = "9_" + almanac.Phase(rng.Intn(8)).Suffix()
		}
		if rng.Intn(10) == 0 {
			length = 2 + rng.Intn(9)
		}
		if periodicity != "" && rng.Intn(5) == 0 {
			until = fmt.Sprint(1480 + rng.Intn(30))
		}
		out = append(out, storedReminder(id, 12, 40, date, length, fmt.Sprintf("Reminder number %d", id), periodicity, until))
	}
	return "[" + strings.Join(out, ",") + "]"
}

// BenchmarkAgendaOfAYear is the agenda's own work on a year of 1,000
// reminders once the answers are read: decode them, expand and sort their
// days ("days"), and print them (-o json, and the table). The target is
// under 50 ms of CPU: cpu-ms/op (run with GOMAXPROCS=1 to keep the work
// and its garbage collection on one core, whatever else the machine runs).
func BenchmarkAgendaOfAYear(b *testing.B) {
	var cal client.Calendar
	if err := json.Unmarshal([]byte(harptos("1492-1-1")), &cal); err != nil {
		b.Fatal(err)
	}
	r, err := cal.Reckoning()
	if err != nil {
		b.Fatal(err)
	}
	raw := []byte(agendaBenchReminders(1000))
	from, to := almanac.Date{Year: 1492, Month: 1, Day: 1}, almanac.Date{Year: 1492, Month: 17, Day: 30}
	agenda := func(format output.Format) int {
		var rs []*client.Reminder
		if err := json.Unmarshal(raw, &rs); err != nil {
			b.Fatal(err)
		}
		entries, err := agendaOf(r, calendarReminders(12, rs), from, to, KnownOwners(&cal, nil).Of)
		if err != nil {
			b.Fatal(err)
		}
		if format == "" { // the days alone, not printed
			return len(entries)
		}
		p, err := output.New(io.Discard, output.Options{Format: format, Width: 120})
		if err != nil {
			b.Fatal(err)
		}
		if err := p.PrintList(resource.Records(resource.Slice(entries)), agendaKind(cal.Months)); err != nil {
			b.Fatal(err)
		}
		return len(entries)
	}
	for _, format := range []output.Format{"", output.JSON, output.Table} {
		b.Run(cmp.Or(string(format), "days"), func(b *testing.B) {
			n := agenda(format)
			if n < 5000 {
				b.Fatalf("only %d entries: the reminders are not realistic", n)
			}
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				agenda(format)
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
			b.ReportMetric(float64(n), "entries")
		})
	}
}
