package sandbox

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// harptosLeap has an intercalary month (Midwinter) that gains a leap day
// every 4 years from year 4: 1492 is a leap year, 1493 is not.
const harptosLeap = `{"name":"Harptos","month_name":["Hammer","Midwinter","Alturiak"],"month_length":[30,1,30],
	"month_type":["standard","intercalary","standard"],"weekday":["A","B"],
	"has_leap_year":true,"leap_year_amount":1,"leap_year_month":2,"leap_year_offset":4,"leap_year_start":4,
	"week_number":[1],"week_name":["Hammerweek"],
	"current_year":1492,"current_month":1,"current_day":30}`

// move posts to calendars/1/{verb} and checks the exact answer.
func move(t *testing.T, s *Server, verb, wantDate string) {
	t.Helper()
	w := send(t, s, "POST", base+"calendars/1/"+verb, "")
	expect(t, w, 200, `{"date":"`+wantDate+`"}`)
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Fatalf("%s: Content-Type %q", verb, ct)
	}
}

func TestLiveAdvanceAndRetreatMoveOneDay(t *testing.T) {
	t.Run("through an intercalary month and its leap day", func(t *testing.T) {
		s := newServer(t, Options{Live: true})
		mustCreate(t, s, harptosLeap)
		for _, d := range []string{"1492-2-1", "1492-2-2", "1492-3-1"} {
			move(t, s, "advance", d)
		}
		for _, d := range []string{"1492-2-2", "1492-2-1", "1492-1-30", "1492-1-29"} {
			move(t, s, "retreat", d)
		}
		if got := dataOf(t, send(t, s, "GET", base+"calendars/1", ""))["date"]; got != "1492-1-29" {
			t.Fatalf("the calendar's date is %v after the moves, want 1492-1-29", got)
		}
	})
	t.Run("no leap day in a common year", func(t *testing.T) {
		s := newServer(t, Options{Live: true})
		mustCreate(t, s, with(t, harptosLeap, `{"current_year":1493,"current_month":2,"current_day":1}`))
		move(t, s, "advance", "1493-3-1")
		move(t, s, "retreat", "1493-2-1")
	})
	t.Run("across the end of a year", func(t *testing.T) {
		s := newServer(t, Options{Live: true})
		mustCreate(t, s, with(t, harptosLeap, `{"current_year":1492,"current_month":3,"current_day":30}`))
		move(t, s, "advance", "1493-1-1")
		move(t, s, "retreat", "1492-3-30")
	})
	t.Run("over the missing year zero", func(t *testing.T) {
		s := newServer(t, Options{Live: true})
		mustCreate(t, s, with(t, harptosLeap, `{"skip_year_zero":true,"current_year":-1,"current_month":3,"current_day":30}`))
		move(t, s, "advance", "1-1-1")
		move(t, s, "retreat", "-1-3-30")
	})
	t.Run("with year zero", func(t *testing.T) {
		s := newServer(t, Options{Live: true})
		mustCreate(t, s, with(t, harptosLeap, `{"current_year":-1,"current_month":3,"current_day":30}`))
		move(t, s, "advance", "0-1-1")
		move(t, s, "retreat", "-1-3-30")
	})
}

// The routes change the date alone: the answered updated_at stays (the
// entity is not touched), named weeks and everything else survive, and the
// calendar's own update time moves, which lastSync sees.
func TestLiveAdvanceChangesTheDateAlone(t *testing.T) {
	for _, verb := range []string{"advance", "retreat"} {
		t.Run(verb, func(t *testing.T) {
			now := clock
			s := newServer(t, Options{Live: true, Now: func() time.Time { return now }})
			mustCreate(t, s, harptosLeap)
			before := dataOf(t, send(t, s, "GET", base+"calendars/1", ""))
			if n := len(decode(t, send(t, s, "GET", base+"calendars?lastSync=2026-11-22T10:00:00.000000Z", ""))["data"].([]any)); n != 0 {
				t.Fatalf("lastSync at the creation time lists %d calendars before the move", n)
			}

			now = clock.Add(time.Hour)
			w := send(t, s, "POST", base+"calendars/1/"+verb, "")
			expect(t, w, 200, "")
			after := dataOf(t, send(t, s, "GET", base+"calendars/1", ""))
			for k, v := range before {
				if k == "date" {
					continue
				}
				if !jsonEqual(t, mustJSON(t, v), mustJSON(t, after[k])) {
					t.Errorf("%s changed: %s -> %s", k, mustJSON(t, v), mustJSON(t, after[k]))
				}
			}
			if after["updated_at"] != "2026-11-22T10:00:00.000000Z" || after["date"] == before["date"] {
				t.Fatalf("updated_at %v, date %v -> %v", after["updated_at"], before["date"], after["date"])
			}
			c := s.store.(*memStore).st.Calendars[0]
			if len(c.NamedWeeks) != 1 || c.NamedWeeks[0].Number != 1 || c.NamedWeeks[0].Name != "Hammerweek" {
				t.Fatalf("named weeks after %s: %v", verb, c.NamedWeeks)
			}
			if want := clock.Add(time.Hour); !c.CalendarUpdatedAt.Equal(want) || !c.UpdatedAt.Equal(clock) {
				t.Fatalf("calendar time %v (want %v), entity time %v (want %v)", c.CalendarUpdatedAt, want, c.UpdatedAt, clock)
			}
			list := decode(t, send(t, s, "GET", base+"calendars?lastSync=2026-11-22T10:30:00.000000Z", ""))["data"].([]any)
			if len(list) != 1 || list[0].(map[string]any)["updated_at"] != "2026-11-22T10:00:00.000000Z" {
				t.Fatalf("lastSync after the move: %v", list)
			}
		})
	}
}

func TestLiveAdvanceRefusesACalendarWithoutMonthsOrWeekdays(t *testing.T) {
	tests := []struct{ name, update string }{
		// A live update that leaves the arrays out wipes them.
		{"no months", `{"name":"Harptos"}`},
		{"no weekdays", `{"name":"Harptos","month_name":["Hammer"],"month_length":[30]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newServer(t, Options{Live: true})
			mustCreate(t, s, harptosLeap)
			expect(t, send(t, s, "PUT", base+"calendars/1", tt.update), 200, "")
			before := dataOf(t, send(t, s, "GET", base+"calendars/1", ""))["date"]
			for _, verb := range []string{"advance", "retreat"} {
				expect(t, send(t, s, "POST", base+"calendars/1/"+verb, ""), 406, `["Invalid calendar config"]`)
			}
			if after := dataOf(t, send(t, s, "GET", base+"calendars/1", ""))["date"]; after != before {
				t.Fatalf("a refused move changed the date %v -> %v", before, after)
			}
		})
	}
}

func TestAdvanceAndRetreatAreLiveOnly(t *testing.T) {
	doc := newServer(t, Options{})
	mustCreate(t, doc, harptosLeap)
	for _, verb := range []string{"advance", "retreat"} {
		expect(t, send(t, doc, "POST", base+"calendars/1/"+verb, ""), 404, `{"error":"Page not found"}`)
	}
	if got := dataOf(t, send(t, doc, "GET", base+"calendars/1", ""))["date"]; got != "1492-1-30" {
		t.Fatalf("document mode moved the date to %v", got)
	}
}

func TestLiveAdvanceRoutesLikeAnyRequest(t *testing.T) {
	s := newServer(t, Options{Live: true})
	mustCreate(t, s, harptosLeap)
	for _, verb := range []string{"advance", "retreat"} {
		for _, method := range []string{"GET", "HEAD", "PUT", "PATCH", "DELETE"} {
			w := send(t, s, method, base+"calendars/1/"+verb, "")
			if method == "HEAD" {
				if w.Code != 405 || w.Body.Len() != 0 {
					t.Fatalf("HEAD %s: %d %q", verb, w.Code, w.Body)
				}
			} else {
				expect(t, w, 405, `{"code":405,"error":"The `+method+` method is not supported for this route. Supported methods: POST."}`)
			}
			if got := w.Header().Get("Allow"); got != "POST" {
				t.Fatalf("%s %s: Allow %q", method, verb, got)
			}
		}
		expect(t, send(t, s, "POST", base+"calendars/9/"+verb, ""), 404, `{"code":404,"error":"No query results for model [App\\Models\\Calendar] 9"}`)
		expect(t, send(t, s, "POST", base+"calendars/1/"+verb, "", "Authorization", ""), 401, "")
		expect(t, send(t, s, "POST", base+"calendars/1/"+verb+"/more", ""), 404, `{"error":"Page not found"}`)
	}
	if got := dataOf(t, send(t, s, "GET", base+"calendars/1", ""))["date"]; got != "1492-1-30" {
		t.Fatalf("refused moves changed the date to %v", got)
	}
}

func TestLiveAdvanceCountsAgainstTheLimitAndMeetsFaults(t *testing.T) {
	t.Run("rate limit", func(t *testing.T) {
		s := newServer(t, Options{Live: true, RateLimit: 3})
		mustCreate(t, s, harptosLeap)
		w := send(t, s, "POST", base+"calendars/1/advance", "")
		expect(t, w, 200, `{"date":"1492-2-1"}`)
		if w.Header().Get("X-RateLimit-Limit") != "3" || w.Header().Get("X-RateLimit-Remaining") != "1" {
			t.Fatalf("limit headers %q %q", w.Header().Get("X-RateLimit-Limit"), w.Header().Get("X-RateLimit-Remaining"))
		}
		expect(t, send(t, s, "POST", base+"calendars/1/retreat", ""), 200, `{"date":"1492-1-30"}`)
		expect(t, send(t, s, "POST", base+"calendars/1/advance", ""), 429,
			`["Your account limit of 3 requests per minute has been reached. Please wait before trying again."]`)
		if c := s.store.(*memStore).st.Calendars[0]; c.CurrentMonth != 1 || c.CurrentDay != 30 {
			t.Fatalf("a refused advance moved the date to %d-%d", c.CurrentMonth, c.CurrentDay)
		}
	})
	t.Run("fail rate", func(t *testing.T) {
		s := newServer(t, Options{Live: true})
		mustCreate(t, s, harptosLeap)
		s.faults = newFaults(1, 0, 1)
		expect(t, send(t, s, "POST", base+"calendars/1/advance", ""), 500, "")
		if c := s.store.(*memStore).st.Calendars[0]; c.CurrentMonth != 1 || c.CurrentDay != 30 {
			t.Fatalf("a failed advance moved the date to %d-%d", c.CurrentMonth, c.CurrentDay)
		}
	})
	t.Run("drop rate", func(t *testing.T) {
		s := newServer(t, Options{Live: true})
		mustCreate(t, s, harptosLeap)
		s.faults = newFaults(0, 1, 1)
		ts := httptest.NewServer(s)
		defer ts.Close()
		req := httptest.NewRequest("POST", ts.URL+base+"calendars/1/advance", strings.NewReader(""))
		req.RequestURI = ""
		req.Header.Set("Authorization", "Bearer "+DefaultToken)
		if resp, err := ts.Client().Do(req); err == nil {
			resp.Body.Close()
			t.Fatalf("a dropped advance was answered %d", resp.StatusCode)
		}
		// Under the store's lock: the server's goroutine wrote it.
		var month, day int
		s.store.view(func(st *state) { month, day = st.Calendars[0].CurrentMonth, st.Calendars[0].CurrentDay })
		if month != 2 || day != 1 {
			t.Fatalf("the dropped advance was not applied: %d-%d", month, day)
		}
	})
}
