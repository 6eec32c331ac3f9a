package client_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// liveShapedCalendar is calendar id as the live service lists it: every
// key it sends (urls, entry and entry_parsed, images, nulls), numbers
// sometimes as strings, and the lists of a real calendar: Harptos's 17
// months (five of them intercalary), 10 weekdays, 30 named years, 4
// seasons, 2 moons and a few tags.
func liveShapedCalendar(id int) string {
	var b strings.Builder
	entry := `<p>The calendar of the Realms, reckoned in <b>Dale Reckoning</b>. ` +
		strings.Repeat(`Each tenday is followed by the next, and the festivals fall between the months. `, 4) + `</p>`
	fmt.Fprintf(&b, `{"id":%d,"name":"Calendar of Harptos %d","entry":%q,"entry_parsed":%q,"tooltip":null,"type":"Solar",`, id, id, entry, entry)
	fmt.Fprintf(&b, `"image":"campaigns/7/calendars/harptos-%d.png","focus_x":null,"focus_y":null,`+
		`"image_full":"https://th.kanka.io/harptos-%d.png","image_thumb":"https://th.kanka.io/harptos-%d-thumb.png",`+
		`"has_custom_image":true,"image_uuid":null,"header_full":null,"header_uuid":null,"has_custom_header":false,`+
		`"is_private":false,"is_template":false,"is_attributes_private":false,"status_id":null,"status":null,"entity_id":%d,`+
		`"tags":[12,31,"44"],"urls":{"view":"https://app.kanka.io/w/7/entities/%d","api":"https://api.kanka.io/1.0/campaigns/7/calendars/%d"},`+
		`"created_at":"2024-05-01T10:11:12.000000Z","created_by":55,"updated_at":"2026-11-20T08:00:00.000000Z","updated_by":"55",`+
		`"date":"1492-3-12","parameters":null,`, id, id, id, 90000+id, 90000+id, id)
	months := []string{"Hammer", "Midwinter", "Alturiak", "Ches", "Tarsakh", "Greengrass", "Mirtul", "Kythorn", "Flamerule",
		"Midsummer", "Eleasis", "Eleint", "Highharvestide", "Marpenoth", "Uktar", "Feast of the Moon", "Nightal"}
	b.WriteString(`"months":[`)
	for i, m := range months {
		if i > 0 {
			b.WriteByte(',')
		}
		if strings.HasPrefix(m, "M") && m != "Marpenoth" || strings.Contains(m, " ") || m == "Greengrass" || m == "Highharvestide" {
			fmt.Fprintf(&b, `{"name":%q,"length":"1","type":"intercalary","alias":null}`, m)
		} else {
			fmt.Fprintf(&b, `{"name":%q,"length":30,"type":"standard","alias":"The %s of the year"}`, m, m)
		}
	}
	b.WriteString(`],"weekdays":["First-day","Second-day","Third-day","Fourth-day","Fifth-day","Sixth-day","Seventh-day","Eighth-day","Ninth-day","Tenth-day"],"years":{`)
	for y := range 30 {
		if y > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"%d":"Year of the %d Ships Sailing"`, 1460+y, y+1)
	}
	b.WriteString(`},"seasons":[{"name":"Winter","month":1,"day":1},{"name":"Spring","month":"4","day":"19"},` +
		`{"name":"Summer","month":7,"day":20},{"name":"Autumn","month":"10","day":"30"}],`)
	b.WriteString(`"moons":[{"name":"Selûne","fullmoon":"30.4375","offset":"2","colour":"white","id":4},` +
		`{"name":"Tears of Selûne","fullmoon":"7","offset":0,"colour":null,"id":"5"}],`)
	b.WriteString(`"start_offset":"3","suffix":"DR","format":null,"has_leap_year":true,"skip_year_zero":0,` +
		`"leap_year_amount":1,"leap_year_month":2,"leap_year_offset":4,"leap_year_start":"1"}`)
	return b.String()
}

// pageOfLiveCalendars is page n of last, of 100 live-shaped calendars.
func pageOfLiveCalendars(n, last int) string {
	items := make([]string, 100)
	for i := range items {
		items[i] = liveShapedCalendar((n-1)*100 + i + 1)
	}
	return pageJSON(items, n, last, 100, last*100)
}

// What reading one page of a walk costs in CPU and memory: a page of 100
// live-shaped calendars (about 470 KB) read as a walk reads each of its
// pages, the answer's bounds checked and every record decoded, kept whole
// for -o json. cpu-ns/op is the process's CPU time (the collector's
// included) for one page.
//
//	go test ./client -run '^$' -bench PageOf100Calendars -count 10
func BenchmarkPageOf100Calendars(b *testing.B) {
	page := []byte(pageOfLiveCalendars(1, 1))
	b.SetBytes(int64(len(page)))
	b.ReportAllocs()
	cpu := processCPU()
	for b.Loop() {
		n, err := client.FetchPageForBench(page)
		if err != nil {
			b.Fatal(err)
		}
		if n != 100 {
			b.Fatalf("read %d calendars, want 100", n)
		}
	}
	b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
}

// processCPU is the CPU time the process has taken so far, in user and
// system mode, in nanoseconds: on a busy machine it says more of what a
// benchmark costs than the time it took.
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// walkPages, walkLatency: the walk of the measure, 40 pages of
// 100 live-shaped calendars, each answer 50 ms late. Page 1 alone, then
// 4 at a time: 11 round trips, 550 ms at the least.
const (
	walkPages   = 40
	walkLatency = 50 * time.Millisecond
)

// How long a walk of a long list takes when each answer is 50 ms away:
// what reading the pages costs shows as time past the 11 round trips the
// walk needs at the least (ms/walk against limit-ms; over-limit is their
// ratio). The pages are made before the clock starts, so that the server
// takes next to no CPU; cpu-ms/walk is the whole process's (client and
// server). On a busy machine the ratio says more of the machine than of
// kanka.
//
//	go test ./client -run '^$' -bench Walk40PagesOf100Calendars -benchtime 5x -count 5
func BenchmarkWalk40PagesOf100Calendars(b *testing.B) {
	pages := make([][]byte, walkPages+1)
	for n := 1; n <= walkPages; n++ {
		pages[n] = []byte(pageOfLiveCalendars(n, walkPages))
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := 1
		if p := r.URL.Query().Get("page"); p != "" {
			n, _ = strconv.Atoi(p)
		}
		time.Sleep(walkLatency)
		if n < 1 || n > walkPages {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(pages[n])
	}))
	defer srv.Close()
	c, err := client.New(client.Config{BaseURL: srv.URL + "/api/1.0", Token: testToken, Campaign: campaignID})
	if err != nil {
		b.Fatal(err)
	}
	// 19 MB of calendars: past the default bound of a list, raised as
	// --max-list-size 32MiB raises it.
	ctx := client.WithMaxListBytes(context.Background(), 32<<20)
	cpu := processCPU()
	start := time.Now()
	for b.Loop() {
		n := 0
		for cal, err := range c.AllCalendars(ctx, nil) {
			if err != nil {
				b.Fatal(err)
			}
			if n++; cal.ID != n {
				b.Fatalf("item %d has id %d", n, cal.ID)
			}
		}
		if n != walkPages*100 {
			b.Fatalf("walked %d calendars, want %d", n, walkPages*100)
		}
	}
	perWalk := time.Since(start) / time.Duration(b.N)
	limit := walkLatency * time.Duration(1+ceilDiv(walkPages-1, 4))
	b.ReportMetric(float64(perWalk)/float64(time.Millisecond), "ms/walk")
	b.ReportMetric(float64(limit)/float64(time.Millisecond), "limit-ms")
	b.ReportMetric(float64(perWalk)/float64(limit), "over-limit")
	b.ReportMetric(float64(processCPU()-cpu)/float64(b.N)/1e6, "cpu-ms/walk")
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }
