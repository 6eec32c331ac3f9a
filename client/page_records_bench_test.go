package client_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// liveShapedWeather is weather entry id of calendar 5 as the live service
// lists it: every key it sends, numbers sometimes as strings, a null and
// an empty text.
func liveShapedWeather(id int) string {
	return fmt.Sprintf(`{"id":%d,"calendar_id":5,"created_by":55,"name":"Storm %d","weather":"cloud-showers-heavy",`+
		`"temperature":"12°C","precipitation":"heavy","wind":null,"effect":"","day":"%d","month":4,"year":1492,`+
		`"created_at":"2026-11-20T08:00:00.000000Z","updated_at":"2026-11-21T09:30:00.000000Z","visibility_id":"1","is_private":false}`,
		id, id, id%30+1)
}

// liveShapedReminder is reminder id of calendar 5 as the live service lists
// it (reminders.md: its keys in order, updated_by always null).
func liveShapedReminder(id int) string {
	return fmt.Sprintf(`{"id":%d,"remindable_id":%d,"remindable_type":"App\\Models\\Entity","calendar_id":5,"date":"1492-3-%d",`+
		`"day":%d,"month":3,"year":1492,"length":null,"comment":"<p>The feast of <b>Greengrass</b> %d</p>","is_recurring":true,`+
		`"recurring_until":"1500","recurring_periodicity":"year","colour":"#ff0000","type_id":4,"visibility_id":1,`+
		`"created_at":"2026-08-20T10:00:00.000000Z","created_by":1,"updated_at":"2026-08-20T10:00:00.000000Z","updated_by":null}`,
		id, 900+id, id%30+1, id%30+1, id)
}

// onePageServer answers every GET with a page of n records, record(1) to
// record(n), as the service answers a list.
func onePageServer(b *testing.B, n int, record func(id int) string) *client.Client {
	items := make([]string, n)
	for i := range items {
		items[i] = record(i + 1)
	}
	page := pageJSON(items, 1, 1, n, n)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, page)
	}))
	b.Cleanup(srv.Close)
	c, err := client.New(client.Config{BaseURL: srv.URL + "/api/1.0", Token: testToken, Campaign: campaignID})
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// benchmarkListPage reports what one page of a list costs, as `weather
// list` or `reminder list` reads it: the request, the answer's bounds and
// every record decoded. cpu-ns/op is the process's CPU time (the server's
// and the collector's included).
func benchmarkListPage[R interface{ RecordID() int }](b *testing.B, c *client.Client, n int, list func(c *client.Client) (*client.Page[R], error)) {
	b.ReportAllocs()
	cpu := processCPU()
	for b.Loop() {
		p, err := list(c)
		if err != nil {
			b.Fatal(err)
		}
		if len(p.Items) != n || p.Items[n-1].RecordID() != n {
			b.Fatalf("read %d records, want %d", len(p.Items), n)
		}
	}
	b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
}

// A page of 100 live-shaped weather entries (a subscriber's page size).
//
//	go test ./client -run '^$' -bench 'PageOf100Weather|PageOf15Reminders' -count 10
func BenchmarkPageOf100Weather(b *testing.B) {
	benchmarkListPage(b, onePageServer(b, 100, liveShapedWeather), 100, func(c *client.Client) (*client.Page[*client.Weather], error) {
		return c.ListWeather(context.Background(), 5, nil)
	})
}

// A page of 15 live-shaped reminders (the service's page size).
func BenchmarkPageOf15Reminders(b *testing.B) {
	benchmarkListPage(b, onePageServer(b, 15, liveShapedReminder), 15, func(c *client.Client) (*client.Page[*client.Reminder], error) {
		return c.CalendarReminders(5).Page(context.Background(), nil, nil)
	})
}
