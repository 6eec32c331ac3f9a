package cache_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/cache"
	"github.com/kanka-cli/kanka/sandbox"
)

// A calendar's reminders are kept as its weather is: a cold read walks
// every page (15 a page), a warm one asks for the page of the cached tail
// (and the pages of reminders added since), a reminder kanka creates,
// changes or deletes changes the list, and anything else the tail page
// cannot explain means a walk. Against the sandbox, in process.

// recorder is a transport that notes each request, "METHOD path?query"
// under the campaign.
type recorder struct {
	mu   sync.Mutex
	next http.RoundTripper
	sent []string
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	line := req.Method + " " + strings.TrimPrefix(req.URL.Path, "/api/1.0/campaigns/1/")
	if req.URL.RawQuery != "" {
		line += "?" + req.URL.RawQuery
	}
	r.sent = append(r.sent, line)
	r.mu.Unlock()
	return r.next.RoundTrip(req)
}

func (r *recorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.sent
	r.sent = nil
	return out
}

type reminderSetup struct {
	rec   *recorder
	clock *clock
	k     *cache.Cache
	c     *client.Client
	cal   *client.Calendar
}

// newReminderSetup is a sandbox with one calendar and n reminders on it,
// and a cache (empty) that the client tells of what it reads and writes.
func newReminderSetup(t *testing.T, n int) *reminderSetup {
	t.Helper()
	tr, err := sandbox.InProcess(sandbox.Options{Campaign: 1, Token: token})
	if err != nil {
		t.Fatal(err)
	}
	s := &reminderSetup{rec: &recorder{next: tr}, clock: newClock()}
	s.k = cache.Open(cache.Options{Root: t.TempDir(), Profile: "p", Host: "h", Campaign: 1, Token: token, Now: s.clock.Now})
	s.c, err = client.New(client.Config{BaseURL: "http://127.0.0.1/api/1.0", Token: token, Campaign: 1, Transport: s.rec,
		Observer: s.k, PageConcurrency: 1, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	s.cal, err = s.c.CreateCalendar(t.Context(), client.CalendarInput{Name: "Harptos",
		Months: []client.Month{{Name: "Hammer", Length: 30}, {Name: "Alturiak", Length: 30}}, Weekdays: []string{"a", "b"}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		s.create(t, fmt.Sprint("r", i+1))
	}
	s.rec.take()
	return s
}

func (s *reminderSetup) create(t *testing.T, comment string) *client.Reminder {
	t.Helper()
	one := 1
	r, err := s.c.Reminders(s.cal.EntityID).Create(t.Context(), client.ReminderInput{CalendarID: &s.cal.ID,
		Dated: client.Dated{Year: &one, Month: &one, Day: &one}, Comment: &comment})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// comments are the reminders' comments as the cache gives them.
func (s *reminderSetup) comments(t *testing.T) []string {
	t.Helper()
	rs, err := s.k.CalendarReminders(t.Context(), s.c, s.cal.ID, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range rs {
		out = append(out, *r.Comment)
	}
	return out
}

func (s *reminderSetup) wantSent(t *testing.T, want ...string) {
	t.Helper()
	if got := s.rec.take(); !slices.Equal(got, want) {
		t.Errorf("requests:\n  got  %q\n  want %q", got, want)
	}
}

func numbered(n int) []string {
	var out []string
	for i := range n {
		out = append(out, fmt.Sprint("r", i+1))
	}
	return out
}

func TestCalendarRemindersColdWalkWarmTailPage(t *testing.T) {
	for _, tc := range []struct{ n, pages, tail int }{{0, 1, 1}, {15, 1, 1}, {16, 2, 2}, {31, 3, 3}} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			s := newReminderSetup(t, tc.n)
			if got := s.comments(t); !slices.Equal(got, numbered(tc.n)) {
				t.Errorf("cold: %q", got)
			}
			var walk []string
			for p := 1; p <= tc.pages; p++ {
				walk = append(walk, page(p))
			}
			s.wantSent(t, walk...)
			s.clock.add(59 * time.Minute)
			for range 2 {
				if got := s.comments(t); !slices.Equal(got, numbered(tc.n)) {
					t.Errorf("warm: %q", got)
				}
				s.wantSent(t, page(tc.tail))
			}
			// Trusted for an hour after the walk: then a walk again.
			s.clock.add(2 * time.Minute)
			s.comments(t)
			s.wantSent(t, walk...)
		})
	}
}

// page is the request of page n of calendar 1's reminders.
func page(n int) string {
	if n == 1 {
		return "GET calendars/1/reminders"
	}
	return fmt.Sprintf("GET calendars/1/reminders?page=%d", n)
}

// A reminder kanka creates is put in the list (no walk follows: the 16th
// is on page 2, the tail page asked for); one made elsewhere, at the end,
// costs the tail page (and the pages after it).
func TestCalendarRemindersFollowWrites(t *testing.T) {
	s := newReminderSetup(t, 15)
	s.comments(t)
	s.rec.take()
	s.create(t, "r16")
	s.rec.take()
	if got := s.comments(t); !slices.Equal(got, numbered(16)) {
		t.Errorf("after a create: %q", got)
	}
	s.wantSent(t, page(2))

	// Two made by another kanka (no cache): the tail page has them.
	other, err := client.New(client.Config{BaseURL: "http://127.0.0.1/api/1.0", Token: token, Campaign: 1, Transport: s.rec.next, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	one := 1
	for _, comment := range []string{"r17", "r18"} {
		if _, err := other.Reminders(s.cal.EntityID).Create(t.Context(), client.ReminderInput{CalendarID: &s.cal.ID,
			Dated: client.Dated{Year: &one, Month: &one, Day: &one}, Comment: &comment}); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.comments(t); !slices.Equal(got, numbered(18)) {
		t.Errorf("after creates elsewhere: %q", got)
	}
	s.wantSent(t, page(2))

	// One changed here is changed in the list; one deleted leaves it.
	changed := "changed"
	if _, err := s.c.Reminders(s.cal.EntityID).Patch(t.Context(), 2, client.ReminderInput{Comment: &changed}); err != nil {
		t.Fatal(err)
	}
	if err := s.c.Reminders(s.cal.EntityID).Delete(t.Context(), 3); err != nil {
		t.Fatal(err)
	}
	s.rec.take()
	want := append([]string{"r1", "changed"}, numbered(18)[3:]...)
	if got := s.comments(t); !slices.Equal(got, want) {
		t.Errorf("after a change and a delete: %q", got)
	}
	s.wantSent(t, page(2))

	// One deleted elsewhere: the tail page disagrees, every page is walked.
	if err := other.Reminders(s.cal.EntityID).Delete(t.Context(), 4); err != nil {
		t.Fatal(err)
	}
	want = slices.Delete(want, 2, 3)
	if got := s.comments(t); !slices.Equal(got, want) {
		t.Errorf("after a delete elsewhere: %q", got)
	}
	s.wantSent(t, page(2), page(1), page(2))
}

// A reminder moved to another calendar leaves the first one's list.
func TestCalendarRemindersMovedToAnotherCalendar(t *testing.T) {
	s := newReminderSetup(t, 3)
	s.comments(t)
	second, err := s.c.CreateCalendar(t.Context(), client.CalendarInput{Name: "Second",
		Months: []client.Month{{Name: "A", Length: 30}, {Name: "B", Length: 30}}, Weekdays: []string{"a", "b"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.c.Reminders(s.cal.EntityID).Patch(t.Context(), 2, client.ReminderInput{CalendarID: &second.ID}); err != nil {
		t.Fatal(err)
	}
	s.rec.take()
	if got := s.comments(t); !slices.Equal(got, []string{"r1", "r3"}) {
		t.Errorf("calendar 1 holds %q", got)
	}
	s.wantSent(t, page(1))
}

// Without a cache every page is walked each time; a reminder read by the
// walk is then known by its id alone.
func TestCalendarRemindersWithoutACacheAndByID(t *testing.T) {
	s := newReminderSetup(t, 16)
	var none *cache.Cache
	for range 2 {
		rs, err := none.CalendarReminders(t.Context(), s.c, s.cal.ID, time.Hour)
		if err != nil || len(rs) != 16 {
			t.Fatalf("%d reminders, %v", len(rs), err)
		}
		s.wantSent(t, page(1), page(2))
	}
	s.comments(t)
	if r, ok := s.k.KnownReminder(16); !ok || *r.Comment != "r16" {
		t.Errorf("reminder 16 after a walk: %+v %v", r, ok)
	}
}
