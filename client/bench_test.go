package client_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// benchPages and benchLatency shape the benchmark list: 40 pages of 45
// calendars (the live page size), each answer 20 ms late.
const (
	benchPages   = 40
	benchPerPage = 45
	benchLatency = 20 * time.Millisecond
)

// benchmarkWalk walks the whole list over real HTTP with the given page
// concurrency (0 for the default).
func benchmarkWalk(b *testing.B, concurrency int) {
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		page := 1
		if p := r.URL.Query().Get("page"); p != "" {
			page, _ = strconv.Atoi(p)
		}
		time.Sleep(benchLatency)
		items := make([]string, 0, benchPerPage)
		for i := 1; i <= benchPerPage; i++ {
			id := (page-1)*benchPerPage + i
			items = append(items, calendarJSON(id, fmt.Sprintf("Calendar %d", id)))
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, strings.Replace(pageJSON(items, page, benchPages, benchPerPage, benchPages*benchPerPage), testBase, "http://"+r.Host+"/api/1.0", -1))
	}))
	defer srv.Close()
	c, err := client.New(client.Config{BaseURL: srv.URL + "/api/1.0", Token: testToken, Campaign: campaignID, PageConcurrency: concurrency})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		n := 0
		for cal, err := range c.AllCalendars(context.Background(), nil) {
			if err != nil {
				b.Fatal(err)
			}
			if n++; cal.ID != n {
				b.Fatalf("item %d has id %d", n, cal.ID)
			}
		}
		if n != benchPages*benchPerPage {
			b.Fatalf("walked %d calendars, want %d", n, benchPages*benchPerPage)
		}
	}
	b.ReportMetric(float64(requests.Load())/float64(b.N), "requests/op")
}

func BenchmarkWalkSequential(b *testing.B) { benchmarkWalk(b, 1) }
func BenchmarkWalkConcurrent(b *testing.B) { benchmarkWalk(b, 0) }
