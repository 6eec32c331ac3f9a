package cache_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// service is a recording stand-in for the calendar interface: the list
// and record shapes of calendars and their weather, pages of a size the
// test chooses, and every request kept (method, path under the campaign,
// query) so that a test can say exactly what was sent. A test changes it
// between calls as a second writer would.
type service struct {
	t   testing.TB
	srv *httptest.Server

	mu sync.Mutex
	// perPage and calendarsPerPage are the page sizes of the two lists.
	perPage, calendarsPerPage int
	// calendars and weather are in the service's order.
	calendars []record
	weather   map[int][]record
	nextID    int
	// now is the service's clock: the lists' sync and the records'
	// updated_at.
	now time.Time
	// totalOff is added to the weather total a calendar's list reports.
	totalOff map[int]int
	// fail, when set, answers a request instead of the service when it
	// gives a status.
	fail     func(r *http.Request) (status int, body string)
	requests []string
	// live serves the weather at the live service's path only.
	live bool
	// answered, when set, is called with each request once its answer is
	// made and before it is sent, the service's lock not held: a second
	// writer acts there, between a read and what its reader does next.
	answered func(r *http.Request)
}

// record is one calendar or entry as the service answers it. The key
// "echo" is answered with the token of the request (a server that echoes
// it), or when "escaped" with the token in JSON escapes.
type record map[string]any

const (
	token      = "tok-123456"
	campaignID = 7
	apiPrefix  = "/api/1.0/campaigns/7/"
)

func newService(t testing.TB) *service {
	s := &service{
		t: t, perPage: 15, calendarsPerPage: 45, weather: map[int][]record{}, nextID: 101,
		now: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC), totalOff: map[int]int{},
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

// take is the requests sent since the last take.
func (s *service) take() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	got := s.requests
	s.requests = nil
	return got
}

func (s *service) setPerPage(n int) { s.mu.Lock(); s.perPage = n; s.mu.Unlock() }

func (s *service) setCalendarsPerPage(n int) { s.mu.Lock(); s.calendarsPerPage = n; s.mu.Unlock() }

func (s *service) setLive(live bool) { s.mu.Lock(); s.live = live; s.mu.Unlock() }

func (s *service) setTotalOff(cal, off int) { s.mu.Lock(); s.totalOff[cal] = off; s.mu.Unlock() }

func (s *service) setFail(f func(r *http.Request) (int, string)) {
	s.mu.Lock()
	s.fail = f
	s.mu.Unlock()
}

// tick moves the service's clock on.
func (s *service) tick(d time.Duration) { s.mu.Lock(); s.now = s.now.Add(d); s.mu.Unlock() }

func (s *service) stamp() string { return s.now.Format("2006-01-02T15:04:05.000000Z") }

// addCalendar adds a calendar named name at the end and returns its id.
func (s *service) addCalendar(name string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := len(s.calendars) + 1
	for _, c := range s.calendars {
		id = max(id, c["id"].(int)+1)
	}
	s.calendars = append(s.calendars, record{
		"id": id, "name": name, "type": "", "entity_id": 1000 + id, "date": "1492-1-1",
		"months":   []any{map[string]any{"name": "Hammer", "length": 30, "type": "standard"}, map[string]any{"name": "Alturiak", "length": 30, "type": "standard"}},
		"weekdays": []any{"One", "Two", "Three"}, "years": []any{},
		"created_at": s.stamp(), "updated_at": s.stamp(),
	})
	return id
}

// setCalendar changes key of calendar id.
func (s *service) setCalendar(id int, key string, v any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calendar(id)[key] = v
}

func (s *service) renameCalendar(id int, name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.calendar(id)
	c["name"], c["updated_at"] = name, s.stamp()
}

func (s *service) removeCalendar(id int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calendars = slices.DeleteFunc(s.calendars, func(c record) bool { return c["id"] == id })
	delete(s.weather, id)
}

func (s *service) calendar(id int) record {
	for _, c := range s.calendars {
		if c["id"] == id {
			return c
		}
	}
	return nil
}

// addWeather adds entries of calendar cal with the codes given at the end
// of its list, with new ids, and returns their ids.
func (s *service) addWeather(cal int, codes ...string) []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []int
	for _, code := range codes {
		id := s.nextID
		s.nextID++
		s.weather[cal] = append(s.weather[cal], s.entry(cal, id, code))
		ids = append(ids, id)
	}
	return ids
}

// addSunny adds n entries of weather "sun".
func (s *service) addSunny(cal, n int) []int {
	return s.addWeather(cal, slices.Repeat([]string{"sun"}, n)...)
}

// insertWeather puts an entry of id at place at of calendar cal's list (at
// -1: the end), as a service that gave an old id again, or that does not
// order its list by id, would.
func (s *service) insertWeather(cal, at, id int, code string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if at < 0 {
		at = len(s.weather[cal])
	}
	s.weather[cal] = slices.Insert(s.weather[cal], at, s.entry(cal, id, code))
}

func (s *service) entry(cal, id int, code string) record {
	return record{
		"id": id, "calendar_id": cal, "created_by": 1, "weather": code, "temperature": "", "precipitation": "",
		"wind": "", "effect": "", "year": 1492, "month": 1 + id%2, "day": 1 + id%28, "visibility_id": 1,
		"created_at": "2026-01-01 00:00:00", "updated_at": "2026-01-01 00:00:00",
	}
}

// setWeather changes key of entry id of calendar cal.
func (s *service) setWeather(cal, id int, key string, v any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.find(cal, id)
	if w == nil {
		s.t.Fatalf("no entry %d in calendar %d", id, cal)
	}
	w[key] = v
}

func (s *service) deleteWeather(cal, id int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.weather[cal] = slices.DeleteFunc(s.weather[cal], func(w record) bool { return w["id"] == id })
}

func (s *service) find(cal, id int) record {
	for _, w := range s.weather[cal] {
		if w["id"] == id {
			return w
		}
	}
	return nil
}

// listing is calendar cal's weather as "id:code", in the service's order.
func (s *service) listing(cal int) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, w := range s.weather[cal] {
		out = append(out, fmt.Sprintf("%d:%v", w["id"], w["weather"]))
	}
	return out
}

func (s *service) setAnswered(f func(r *http.Request)) {
	s.mu.Lock()
	s.answered = f
	s.mu.Unlock()
}

func (s *service) serve(w http.ResponseWriter, r *http.Request) {
	rec := httptest.NewRecorder()
	s.mu.Lock()
	s.serveLocked(rec, r)
	answered := s.answered
	s.mu.Unlock()
	if answered != nil {
		answered(r)
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

func (s *service) serveLocked(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, apiPrefix)
	s.requests = append(s.requests, r.Method+" "+path+query(r))
	if r.Header.Get("Authorization") != "Bearer "+token {
		answer(w, http.StatusUnauthorized, `{"code":401,"error":"Invalid authentication token."}`)
		return
	}
	if s.fail != nil {
		if status, body := s.fail(r); status != 0 {
			answer(w, status, body)
			return
		}
	}
	if !strings.HasPrefix(r.URL.Path, apiPrefix) {
		answer(w, http.StatusNotFound, `{"error":"Page not found"}`)
		return
	}
	parts := strings.Split(path, "/")
	ids := make([]int, len(parts))
	for i, p := range parts {
		ids[i], _ = strconv.Atoi(p)
	}
	weathers := "calendar_weathers"
	if s.live {
		weathers = "calendar_weather"
	}
	if len(parts) >= 3 && parts[2] != weathers {
		answer(w, http.StatusNotFound, `{"error":"Page not found"}`)
		return
	}
	switch {
	case len(parts) == 1 && parts[0] == "calendars" && r.Method == http.MethodGet:
		s.listCalendars(w, r)
	case len(parts) == 2 && parts[0] == "calendars":
		s.oneCalendar(w, r, ids[1])
	case len(parts) == 3 && r.Method == http.MethodGet:
		s.listWeather(w, r, ids[1])
	case len(parts) == 3 && r.Method == http.MethodPost:
		s.createWeather(w, r, ids[1])
	case len(parts) == 4:
		s.oneWeather(w, r, ids[1], ids[3])
	default:
		answer(w, http.StatusNotFound, `{"error":"Page not found"}`)
	}
}

// query is the request's query as "?k=v&k=v", keys sorted, values as
// sent (unescaped); "" without one.
func query(r *http.Request) string {
	q := r.URL.Query()
	if len(q) == 0 {
		return ""
	}
	var pairs []string
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range q {
			if !yield(k) {
				return
			}
		}
	}) {
		for _, v := range q[k] {
			pairs = append(pairs, k+"="+v)
		}
	}
	return "?" + strings.Join(pairs, "&")
}

func answer(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(body))
}

func (s *service) write(w http.ResponseWriter, r *http.Request, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		s.t.Errorf("service: %v", err)
	}
	echoed := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	body = []byte(strings.ReplaceAll(string(body), `"echo":""`, `"echo":"`+echoed+`"`))
	var escaped strings.Builder
	for _, c := range echoed {
		fmt.Fprintf(&escaped, `\u%04x`, c)
	}
	body = []byte(strings.ReplaceAll(string(body), `"echo":"escaped"`, `"echo":"`+escaped.String()+`"`))
	answer(w, status, string(body))
}

func (s *service) notFound(w http.ResponseWriter, model string, id int) {
	answer(w, http.StatusNotFound, fmt.Sprintf(`{"code":404,"error":"No query results for model [App\\Models\\%s] %d"}`, model, id))
}

// page answers page n (the query's page, 1 when absent) of all.
func (s *service) page(w http.ResponseWriter, r *http.Request, all []record, per, totalOff int) {
	n, _ := strconv.Atoi(r.URL.Query().Get("page"))
	n = max(n, 1)
	total := len(all) + totalOff
	last := max(1, (total+per-1)/per)
	from, to := min((n-1)*per, len(all)), min(n*per, len(all))
	data := all[from:to]
	if data == nil {
		data = []record{}
	}
	base := s.srv.URL + r.URL.Path
	link := func(p int) any {
		if p < 1 || p > last {
			return nil
		}
		return base + "?page=" + strconv.Itoa(p)
	}
	s.write(w, r, http.StatusOK, map[string]any{
		"data":  data,
		"links": map[string]any{"first": link(1), "last": link(last), "prev": link(n - 1), "next": link(n + 1)},
		"meta": map[string]any{
			"current_page": n, "from": from + 1, "to": to, "last_page": last, "per_page": per, "total": total, "path": base,
		},
		"sync": s.stamp(),
	})
}

func (s *service) listCalendars(w http.ResponseWriter, r *http.Request) {
	all := s.calendars
	if since := r.URL.Query().Get("lastSync"); since != "" {
		t, err := time.Parse(time.RFC3339Nano, since)
		if err != nil {
			answer(w, http.StatusUnprocessableEntity, `{"code":422,"error":"lastSync is not a date"}`)
			return
		}
		all = nil
		for _, c := range s.calendars {
			if u, _ := time.Parse("2006-01-02T15:04:05.000000Z", c["updated_at"].(string)); u.After(t) {
				all = append(all, c)
			}
		}
	}
	s.page(w, r, all, s.calendarsPerPage, 0)
}

func (s *service) oneCalendar(w http.ResponseWriter, r *http.Request, id int) {
	c := s.calendar(id)
	if c == nil {
		s.notFound(w, "Calendar", id)
		return
	}
	switch r.Method {
	case http.MethodGet:
		s.write(w, r, http.StatusOK, map[string]any{"data": c})
	case http.MethodPut, http.MethodPatch:
		var in map[string]any
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			answer(w, http.StatusUnprocessableEntity, `{"code":422,"error":"not JSON"}`)
			return
		}
		if name, ok := in["name"].(string); ok {
			c["name"] = name
		}
		c["updated_at"] = s.stamp()
		s.write(w, r, http.StatusOK, map[string]any{"data": c})
	case http.MethodDelete:
		s.calendars = slices.DeleteFunc(s.calendars, func(c record) bool { return c["id"] == id })
		delete(s.weather, id)
		w.WriteHeader(http.StatusNoContent)
	default:
		answer(w, http.StatusMethodNotAllowed, `{"code":405,"error":"method"}`)
	}
}

func (s *service) listWeather(w http.ResponseWriter, r *http.Request, cal int) {
	if s.calendar(cal) == nil {
		s.notFound(w, "Calendar", cal)
		return
	}
	s.page(w, r, s.weather[cal], s.perPage, s.totalOff[cal])
}

// takeInput puts the writable keys of the request's body over e.
func takeInput(r *http.Request, e record) error {
	var in map[string]any
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		return err
	}
	for _, k := range []string{"weather", "temperature", "precipitation", "wind", "effect", "visibility_id", "year", "month", "day"} {
		if v, ok := in[k]; ok {
			if f, isNumber := v.(float64); isNumber {
				v = int(f)
			}
			e[k] = v
		}
	}
	return nil
}

func (s *service) createWeather(w http.ResponseWriter, r *http.Request, cal int) {
	if s.calendar(cal) == nil {
		s.notFound(w, "Calendar", cal)
		return
	}
	e := s.entry(cal, s.nextID, "")
	s.nextID++
	if err := takeInput(r, e); err != nil {
		answer(w, http.StatusUnprocessableEntity, `{"code":422,"error":"not JSON"}`)
		return
	}
	s.weather[cal] = append(s.weather[cal], e)
	s.write(w, r, http.StatusCreated, map[string]any{"data": e})
}

func (s *service) oneWeather(w http.ResponseWriter, r *http.Request, cal, id int) {
	e := s.find(cal, id)
	if e == nil {
		s.notFound(w, "CalendarWeather", id)
		return
	}
	switch r.Method {
	case http.MethodGet:
		s.write(w, r, http.StatusOK, map[string]any{"data": e})
	case http.MethodPut, http.MethodPatch:
		if err := takeInput(r, e); err != nil {
			answer(w, http.StatusUnprocessableEntity, `{"code":422,"error":"not JSON"}`)
			return
		}
		e["updated_at"] = "2026-01-02 00:00:00"
		s.write(w, r, http.StatusOK, map[string]any{"data": e})
	case http.MethodDelete:
		s.weather[cal] = slices.DeleteFunc(s.weather[cal], func(x record) bool { return x["id"] == id })
		w.WriteHeader(http.StatusNoContent)
	default:
		answer(w, http.StatusMethodNotAllowed, `{"code":405,"error":"method"}`)
	}
}
