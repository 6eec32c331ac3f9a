package main

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// Batches that stop part-way, run as a user runs them: the exit code
// follows the failure, stderr says exactly what was done before it, stdout
// holds only what was created, and nothing is sent after the failure.

// gapsBound is how long one of these runs may take: each is a few
// exchanges on loopback, with no retry and no wait.
const gapsBound = 20 * time.Second

// failure is how the gaps API answers one request it is told to fail.
type failure struct {
	status int
	body   string
}

var (
	rejectedWeather = failure{422, `{"code":422,"error":"The weather may not be greater than 20 characters.","fields":{"weather":["The weather may not be greater than 20 characters."]}}`}
	serverCrash     = failure{500, `{"message":"Server Error"}`}
	forbidden       = failure{403, `{"code":403,"error":"This action is unauthorized."}`}
)

func notFound(model string, id int) failure {
	return failure{404, fmt.Sprintf(`{"code":404,"error":"No query results for model [App\\Models\\%s] %d"}`, model, id)}
}

// gapsAPI is a small API for campaign 1: calendar 1 (Hammer of 30 days and
// Midwinter of 1) without weather to list, weather POSTs answered with ids 1, 2, ... in order, and
// DELETEs answered 204; except the nth weather POST (counted from 1) and
// the DELETE of the paths in failDelete, which get their failure.
func gapsAPI(failPost int, postFailure failure, failDelete map[string]failure) http.HandlerFunc {
	var mu sync.Mutex
	posts := 0
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		path := strings.TrimPrefix(r.URL.Path, campaignPath)
		answer := func(f failure) {
			w.WriteHeader(f.status)
			fmt.Fprint(w, f.body)
		}
		switch {
		case r.Method == "GET" && path == "calendars/1":
			fmt.Fprint(w, `{"data":{"id":1,"name":"Harptos","months":[{"name":"Hammer","length":30,"type":"standard"},{"name":"Midwinter","length":1,"type":"intercalary"}],"weekdays":["I","II"],"years":[],"has_leap_year":false}}`)
		case r.Method == "GET" && path == "calendars/1/calendar_weathers":
			fmt.Fprint(w, `{"data":[],"links":{"next":null},"meta":{"current_page":1,"last_page":1,"per_page":15,"total":0}}`)
		case r.Method == "POST" && path == "calendars/1/calendar_weathers":
			mu.Lock()
			posts++
			n := posts
			mu.Unlock()
			if n == failPost {
				answer(postFailure)
				return
			}
			w.WriteHeader(http.StatusCreated)
			fmt.Fprintf(w, `{"data":{"id":%d,"calendar_id":1,"weather":"sun","day":%d,"month":1,"year":1492,"visibility_id":1}}`, n, n)
		case r.Method == "DELETE":
			if f, ok := failDelete[path]; ok {
				answer(f)
				return
			}
			w.WriteHeader(http.StatusNoContent)
		default:
			answer(failure{404, `{"message":"no such route in this test"}`})
		}
	}
}

// weatherPosts are the requests of a hammer batch that stops at entry n:
// the calendar, its weather (the check that no day has any), the POSTs.
func weatherPosts(n int) []string {
	requests := []string{"GET calendars/1", "GET calendars/1/calendar_weathers"}
	for range n {
		requests = append(requests, "POST calendars/1/calendar_weathers")
	}
	return requests
}

func TestE2EHostileGapsWeatherBatchThatFails(t *testing.T) {
	t.Parallel()
	const rejectedLines = "error: the server rejected the request: The weather may not be greater than 20 characters.\n" +
		"  weather: The weather may not be greater than 20 characters.\n"
	mayHaveLanded := func(srv *apiServer) string {
		return "error: creating weather in calendar 1: 500 Server Error; " +
			"the request may have been applied, so it was not retried: check before trying again\n"
	}
	tests := []struct {
		name    string
		failAt  int
		failure failure
		code    int
		// output is the -o format: json for the first entry, so that an
		// empty list printed would show as "[]".
		output string
		stdout string
		stderr func(srv *apiServer) string
	}{
		{"first rejected", 1, rejectedWeather, 5, "json", "", func(*apiServer) string {
			return "created 0 of 5; entry 1 (1492-1-1) failed:\n" + rejectedLines
		}},
		{"first crashed", 1, serverCrash, 1, "json", "", func(srv *apiServer) string {
			return "created 0 of 5; entry 1 (1492-1-1) may have been created:\n" + mayHaveLanded(srv)
		}},
		{"third rejected", 3, rejectedWeather, 5, "id", "1\n2\n", func(*apiServer) string {
			return "created 2 of 5 (ids 1, 2); entry 3 (1492-1-3) failed:\n" + rejectedLines
		}},
		{"third crashed", 3, serverCrash, 1, "id", "1\n2\n", func(srv *apiServer) string {
			return "created 2 of 5 (ids 1, 2); entry 3 (1492-1-3) may have been created:\n" + mayHaveLanded(srv)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := startHostile(t, gapsAPI(tt.failAt, tt.failure, nil))
			k := newHostileKanka(t, srv)
			mark := srv.mark()
			r := k.runWithin(t, gapsBound, "", "weather", "create", "--calendar", "1", "-f", hammerFile, "-o", tt.output)
			wantRun(t, r, tt.code, tt.stdout, tt.stderr(srv))
			// Nothing after the failed entry, and the failed one not retried.
			wantRequests(t, srv.since(mark), weatherPosts(tt.failAt)...)
		})
	}
}

func TestE2EHostileGapsCalendarDeleteFailsInTheMiddle(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		failure failure
		code    int
		message string
		hint    string
	}{
		// (A record not found is skipped: TestE2ESurprisesDeleteGoesOnAfterAMissingRecord.)
		{"forbidden", forbidden, 3, "deleting calendar 3: 403 This action is unauthorized.",
			"The token comes from KANKA_TOKEN, which comes before any profile: unset KANKA_TOKEN or set it to a token allowed to do this.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := startHostile(t, gapsAPI(0, failure{}, map[string]failure{"calendars/3": tt.failure}))
			k := newHostileKanka(t, srv)
			mark := srv.mark()
			r := k.runWithin(t, gapsBound, "", "calendar", "delete", "1", "2", "3", "4", "--yes")
			// One report for every batch (cmdutil.BatchError), as weather's.
			wantRun(t, r, tt.code, "", "deleted calendar 1\ndeleted calendar 2\n"+
				"deleted 2 of 4 (ids 1, 2); deleting calendar 3 failed:\n"+
				"error: "+tt.message+"\n"+tt.hint)
			wantRequests(t, srv.since(mark), "DELETE calendars/1", "DELETE calendars/2", "DELETE calendars/3")
		})
	}
}

func TestE2EHostileGapsWeatherDeleteFailsInTheMiddle(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		failure failure
		code    int
		message string
		hint    string
	}{
		// (A record not found is skipped: TestE2ESurprisesDeleteGoesOnAfterAMissingRecord.)
		{"forbidden", forbidden, 3, "deleting weather 13 of calendar 1: 403 This action is unauthorized.",
			"The token comes from KANKA_TOKEN, which comes before any profile: unset KANKA_TOKEN or set it to a token allowed to do this.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := startHostile(t, gapsAPI(0, failure{}, map[string]failure{"calendars/1/calendar_weathers/13": tt.failure}))
			k := newHostileKanka(t, srv)
			mark := srv.mark()
			r := k.runWithin(t, gapsBound, "", "weather", "delete", "--calendar", "1", "11", "12", "13", "14", "--yes")
			wantRun(t, r, tt.code, "", "deleted weather 11\ndeleted weather 12\n"+
				"deleted 2 of 4 (ids 11, 12); deleting weather 13 failed:\n"+
				"error: "+tt.message+"\n"+tt.hint)
			wantRequests(t, srv.since(mark), "DELETE calendars/1/calendar_weathers/11",
				"DELETE calendars/1/calendar_weathers/12", "DELETE calendars/1/calendar_weathers/13")
		})
	}
}
