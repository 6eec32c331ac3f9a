package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// What one answer may hold (issue 17): a record past a bound is refused
// whole, with what it held too much of, before anything of it is built;
// just under the bound it is read.

// namedYears is a years object of n named years.
func namedYears(n int) string {
	// Appended, not formatted: two million Fprintf calls take seconds
	// under the race detector.
	b := []byte{'{'}
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(strconv.AppendInt(append(b, '"'), int64(i), 10), `":"y"`...)
	}
	return string(append(b, '}'))
}

// nested is a value n levels deep: n-1 objects around a list.
func nested(n int) string {
	return strings.Repeat(`{"x":`, n-1) + "[]" + strings.Repeat("}", n-1)
}

// quoted is a JSON text of n bytes.
func quoted(n int) string { return `"` + strings.Repeat("a", n) + `"` }

// list is a JSON list of n nulls.
func list(n int) string { return "[" + strings.TrimSuffix(strings.Repeat("null,", n), ",") + "]" }

func TestAnswerBoundsOfACalendar(t *testing.T) {
	const head = `{"id":12,"name":"Harptos","months":[{"name":"Hammer","length":30}],"weekdays":["A","B"]`
	for _, tc := range []struct {
		name, body, want string
	}{
		{"years at the bound", head + `,"years":` + namedYears(client.MaxAnswerYears) + `}`, ""},
		{"years past it", head + `,"years":` + namedYears(client.MaxAnswerYears+1) + `}`,
			"calendar 12: the answer holds more than 20,000 years; kanka reads at most 20,000"},
		{"years as a list past it", head + `,"years":` + list(client.MaxAnswerYears+1) + `}`,
			"calendar 12: the answer holds more than 20,000 years; kanka reads at most 20,000"},
		{"weekdays past it", head[:strings.Index(head, `"weekdays"`)] + `"weekdays":` + list(client.MaxAnswerWeekdays+1) + `}`,
			"calendar 12: the answer holds more than 25,000 weekdays; kanka reads at most 25,000"},
		{"months past it", `{"id":12,"months":` + list(client.MaxAnswerMonths+1) + `}`,
			"calendar 12: the answer holds more than 10,000 months; kanka reads at most 10,000"},
		{"moons past it", head + `,"moons":` + list(client.MaxAnswerMoons+1) + `}`,
			"calendar 12: the answer holds more than 10,000 moons; kanka reads at most 10,000"},
		{"seasons past it", head + `,"seasons":` + list(client.MaxAnswerSeasons+1) + `}`,
			"calendar 12: the answer holds more than 10,000 seasons; kanka reads at most 10,000"},
		{"tags past it", head + `,"tags":` + list(client.MaxAnswerTags+1) + `}`,
			"calendar 12: the answer holds more than 10,000 tags; kanka reads at most 10,000"},
		{"a month name at the bound", `{"id":12,"months":[{"name":` + quoted(client.MaxAnswerTextBytes) + `,"length":3}]}`, ""},
		{"a month name past it", `{"id":12,"months":[{"name":` + quoted(client.MaxAnswerTextBytes+1) + `,"length":3}]}`,
			"calendar 12: the answer holds a text of 262,145 bytes in months; kanka reads at most 256 KiB"},
		{"a name past it", `{"id":12,"name":` + quoted(client.MaxAnswerTextBytes+1) + `}`,
			"calendar 12: the answer holds a text of 262,145 bytes in name; kanka reads at most 256 KiB"},
		{"a key past it", `{"id":12,` + quoted(client.MaxAnswerTextBytes+1) + `:1}`,
			"calendar 12: the answer holds a key of 262,145 bytes; kanka reads at most 256 KiB"},
		{"a key past it, deeper", `{"id":12,"other":{` + quoted(client.MaxAnswerTextBytes+1) + `:1}}`,
			"calendar 12: the answer holds a key of 262,145 bytes in other; kanka reads at most 256 KiB"},
		{"a number past it", `{"id":12,"leap_year_amount":1` + strings.Repeat("0", client.MaxAnswerTextBytes) + `}`,
			"calendar 12: the answer holds a number of 262,145 bytes in leap_year_amount; kanka reads at most 256 KiB"},
		{"an entry is no name", head + `,"entry":` + quoted(2<<20) + `,"entry_parsed":` + quoted(2<<20) + `}`, ""},
		{"nesting at the bound", head + `,"other":` + nested(client.MaxAnswerDepth-1) + `}`, ""},
		{"nesting past it", head + `,"other":` + nested(client.MaxAnswerDepth) + `}`,
			"calendar 12: the answer holds more than 32 levels of nesting; kanka reads at most 32"},
		{"values at the bound", `{"id":12,"other":` + list(client.MaxRecordValues-3) + `}`, ""},
		{"values past it", `{"id":12,"other":` + list(client.MaxRecordValues-2) + `}`,
			"calendar 12: the answer holds more than 50,000 values; kanka reads at most 50,000"},
		{"a record past its bytes", head + `,"entry":` + quoted(client.MaxRecordBytes) + `}`,
			fmt.Sprintf("calendar 12: the record is %s bytes long; kanka reads at most 8 MiB", commas(len(head)+len(`,"entry":`)+client.MaxRecordBytes+3))},
		{"no id before the bound", `{"name":` + quoted(client.MaxAnswerTextBytes+1) + `,"id":12}`,
			"a calendar: the answer holds a text of 262,145 bytes in name; kanka reads at most 256 KiB"},
		{"an id as text", `{"id":"12","years":` + namedYears(client.MaxAnswerYears+1) + `}`,
			"calendar 12: the answer holds more than 20,000 years; kanka reads at most 20,000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var cal client.Calendar
			err := json.Unmarshal([]byte(tc.body), &cal)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var bound *client.AnswerBoundError
			if !errors.As(err, &bound) || err.Error() != tc.want {
				t.Fatalf("err = %v\nwant %s", err, tc.want)
			}
			if cal.Raw != nil || cal.Name != "" {
				t.Errorf("a refused record was decoded: %+v", cal)
			}
		})
	}
}

func commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func TestAnswerBoundsOfAWeatherEntry(t *testing.T) {
	var w client.Weather
	err := json.Unmarshal([]byte(`{"id":3,"calendar_id":5,"weather":`+quoted(client.MaxAnswerTextBytes+1)+`}`), &w)
	if want := "weather entry 3: the answer holds a text of 262,145 bytes in weather; kanka reads at most 256 KiB"; err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
	err = json.Unmarshal([]byte(`{"id":3,"tags":`+list(client.MaxAnswerTags+1)+`}`), &w)
	if want := "weather entry 3: the answer holds more than 10,000 tags; kanka reads at most 10,000"; err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
}

// The calendar: two million years in under 32 MiB. GET answers
// with an error naming the years, once (not retried).
func TestGetCalendarWithTwoMillionYears(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 25 MB answer")
	}
	body := `{"data":{"id":1,"name":"Years","years":` + namedYears(2_000_000) + `}}`
	if len(body) >= client.MaxAnswerBytes {
		t.Fatalf("the answer is %d bytes, not under the answer limit", len(body))
	}
	api := newMockAPI(t)
	api.on("GET", "calendars/1", reply(200, body))
	c, _ := api.client()
	cal, err := c.GetCalendar(context.Background(), 1)
	var bound *client.AnswerBoundError
	if !errors.As(err, &bound) || bound.What != "years" || cal != nil {
		t.Fatalf("calendar %v, err %v; want the years refused", cal, err)
	}
	if n := len(api.requests()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

// A page is measured whole before any record of it is decoded.
func TestAnswerBoundsOfAPage(t *testing.T) {
	record := `{"id":1,"name":"A"}`
	many := strings.TrimSuffix(strings.Repeat(record+",", client.MaxPageItems+1), ",")
	dense := `{"id":2,"name":"B","other":` + list(client.MaxRecordValues-10) + `}`
	for _, tc := range []struct {
		name, body, want string
	}{
		{"records", `{"data":[` + many + `],"meta":{"last_page":1}}`,
			"the answer holds more than 1,000 records; kanka reads at most 1,000 in one page"},
		{"values", `{"data":[` + dense + `,` + dense + `],"meta":{"last_page":1}}`,
			"the answer holds more than 50,000 values; kanka reads at most 50,000 in one page"},
		{"a text outside the records", `{"data":[` + record + `],"links":{"next":` + quoted(client.MaxAnswerTextBytes+1) + `}}`,
			"the answer holds a text of 262,145 bytes in links; kanka reads at most 256 KiB in one page"},
		{"a record in it", `{"data":[` + record + `,{"id":9,"months":` + list(client.MaxAnswerMonths+1) + `}],"meta":{"last_page":1}}`,
			"reading page 1: calendar 9: the answer holds more than 10,000 months; kanka reads at most 10,000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newMockAPI(t)
			api.on("GET", "calendars", reply(200, tc.body))
			c, _ := api.client()
			_, err := c.ListCalendars(context.Background(), nil)
			var bound *client.AnswerBoundError
			if !errors.As(err, &bound) || err.Error() != tc.want {
				t.Errorf("err = %v\nwant %s", err, tc.want)
			}
		})
	}
}

// An error answer is bounded as a record is: the status still decides what
// the error is, the bound says what the answer held.
func TestAnswerBoundsOfAnErrorAnswer(t *testing.T) {
	fields := make([]string, client.MaxRecordValues)
	for i := range fields {
		fields[i] = fmt.Sprintf(`"f%d":"bad"`, i)
	}
	api := newMockAPI(t)
	api.on("POST", "calendars", reply(422, `{"message":"The given data was invalid.","errors":{`+strings.Join(fields, ",")+`}}`))
	api.on("GET", "calendars/4", reply(404, `{"code":404,"error":`+quoted(client.MaxAnswerTextBytes+1)+`}`))
	c, _ := api.client()
	_, err := c.CreateCalendar(context.Background(), client.CalendarInput{Name: "x"})
	var apiErr *client.Error
	if !client.IsValidation(err) || !errors.As(err, &apiErr) || len(apiErr.Fields) != 0 ||
		apiErr.Message != "the answer holds more than 50,000 values; kanka reads at most 50,000 in an error answer" {
		t.Errorf("err = %#v", err)
	}
	_, err = c.GetCalendar(context.Background(), 4)
	if !client.IsNotFound(err) || !errors.As(err, &apiErr) ||
		apiErr.Message != "the answer holds a text of 262,145 bytes in error; kanka reads at most 256 KiB in an error answer" {
		t.Errorf("err = %#v", err)
	}
}

// bigPage is page n of a list without end (links.next), its 3 records
// padded to about size bytes in all.
func bigPage(n, size int) string {
	pad := strings.Repeat("x", max(size/3-100, 1))
	items := make([]string, 3)
	for i := range items {
		id := 3*(n-1) + i + 1
		items[i] = fmt.Sprintf(`{"id":%d,"name":"Calendar %d","entry":"%s"}`, id, id, pad)
	}
	return fmt.Sprintf(`{"data":[%s],"links":{"next":"%s/campaigns/7/calendars?page=%d"},"meta":{"per_page":3}}`,
		strings.Join(items, ","), testBase, n+1)
}

// A list whose pages never end stops when their answers pass the walk's
// bound, the command's (WithMaxListBytes) or DefaultMaxListBytes, after
// the records of the pages within it, long before MaxPages.
func TestWalkStopsAtItsBytes(t *testing.T) {
	for _, tc := range []struct {
		name     string
		ctx      context.Context
		pageSize int
		pages    int // pages read whole
		want     string
	}{
		{"default", context.Background(), 17 << 16, 7, // 1.06 MiB a page
			"page 8: the server's list passed 8 MiB, the most kanka reads of one list; stopped (raise it with --max-list-size)"},
		{"the command's", client.WithMaxListBytes(context.Background(), 256<<10), 100 << 10, 2,
			"page 3: the server's list passed 256 KiB, the most kanka reads of one list; stopped (raise it with --max-list-size)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newMockAPI(t)
			api.handle("GET", "calendars", func(r *http.Request) (*http.Response, error) {
				return reply(200, bigPage(pageOf(r), tc.pageSize))(r)
			})
			c, _ := api.client()
			ids, err := collectAtMost(t, 1000, c.AllCalendars(tc.ctx, nil))
			var tooLarge *client.ListTooLargeError
			if !errors.As(err, &tooLarge) || err.Error() != tc.want {
				t.Errorf("err = %v\nwant %s", err, tc.want)
			}
			if len(ids) != 3*tc.pages {
				t.Errorf("%d records yielded, want those of %d pages", len(ids), tc.pages)
			}
			if n := len(api.requests()); n != tc.pages+1 {
				t.Errorf("%d requests, want %d", n, tc.pages+1)
			}
		})
	}
}

// The pages a walk fetches at once share its budget: together they read no
// more than it, and a step (64 KiB) each, whatever each answer holds.
func TestConcurrentPagesShareTheWalksBytes(t *testing.T) {
	const limit = 256 << 10
	var (
		mu     sync.Mutex // the pages are answered at once
		bodies []*endlessBody
		read   atomic.Int64
	)
	api := newMockAPI(t)
	api.handle("GET", "calendars", func(r *http.Request) (*http.Response, error) {
		if pageOf(r) == 1 {
			return reply(200, pageJSON([]string{calendarJSON(1, "A")}, 1, 50, 1, 50))(r)
		}
		body := &endlessBody{prefix: `{"data":[`, size: 2 * limit}
		mu.Lock()
		bodies = append(bodies, body)
		mu.Unlock()
		return answerWith(200, body)(r)
	})
	c, _ := api.client()
	_, err := collectAtMost(t, 1000, c.AllCalendars(client.WithMaxListBytes(context.Background(), limit), nil))
	var tooLarge *client.ListTooLargeError
	if !errors.As(err, &tooLarge) {
		t.Fatalf("err = %v, want the list's bound", err)
	}
	mu.Lock() // a page cancelled with the walk may still be answered
	for _, b := range bodies {
		read.Add(b.read.Load())
	}
	answers := len(bodies)
	mu.Unlock()
	first := int64(len(pageJSON([]string{calendarJSON(1, "A")}, 1, 50, 1, 50)))
	if got := read.Load() + first; got > limit+int64(answers)*64<<10 {
		t.Errorf("the walk read %d bytes in %d answers, bound %d", got, answers+1, limit)
	}
}

// One page read alone is bounded as a walk is.
func TestOnePageIsBoundedAsAList(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars", reply(200, bigPage(1, 4<<10)))
	c, _ := api.client()
	_, err := c.ListCalendars(client.WithMaxListBytes(context.Background(), 1<<10), nil)
	if want := "the server's list passed 1 KiB, the most kanka reads of one list; stopped (raise it with --max-list-size)"; err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
	if p, err := c.ListCalendars(context.Background(), nil); err != nil || len(p.Items) != 3 {
		t.Errorf("under the default: %v", err)
	}
}

func TestParseByteSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"8MiB", 8 << 20}, {"8 MiB", 8 << 20}, {"1gib", 1 << 30}, {"512KiB", 512 << 10}, {"4096", 4096}, {"4096B", 4096}, {" 2TiB ", 2 << 40},
	} {
		if got, err := client.ParseByteSize(tc.in); err != nil || got != tc.want {
			t.Errorf("ParseByteSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"", "0", "-1MiB", "8MB", "1.5GiB", "MiB", "99999999999TiB"} {
		if got, err := client.ParseByteSize(in); err == nil {
			t.Errorf("ParseByteSize(%q) = %d, want an error", in, got)
		} else if want := fmt.Sprintf("must be a size such as 8MiB or 1GiB, not %q", in); err.Error() != want {
			t.Errorf("ParseByteSize(%q): %v", in, err)
		}
	}
}

// What measuring costs a real answer: a page of 45 calendars decoded as
// fetchPage decodes it (each record measured, then decoded), against
// measuring alone (the page, then each record).
func BenchmarkAnswerBoundsOfAPage(b *testing.B) {
	items := make([]string, 45)
	for i := range items {
		items[i] = `{"id":` + strconv.Itoa(i+1) + `,"name":"Calendar of Harptos","entry":"<p>The calendar of the Realms.</p>",` +
			`"months":[` + strings.TrimSuffix(strings.Repeat(`{"name":"Hammer","length":30,"type":"standard"},`, 17), ",") + `],` +
			`"weekdays":["1st","2nd","3rd","4th","5th","6th","7th","8th","9th","10th"],"years":` + namedYears(40) + `,` +
			`"seasons":[{"name":"Winter","month":1,"day":1}],"moons":[{"name":"Selune","fullmoon":30.4375,"offset":0}],"tags":[1,2,3]}`
	}
	page := []byte(pageJSON(items, 1, 1, 45, 45))
	b.Run("decoded", func(b *testing.B) {
		b.SetBytes(int64(len(page)))
		for b.Loop() {
			if err := client.DecodePageForBench(page); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("measured", func(b *testing.B) {
		b.SetBytes(int64(len(page)))
		for b.Loop() {
			if err := client.MeasureForBench(page, false); err != nil {
				b.Fatal(err)
			}
			for _, it := range items {
				if err := client.MeasureForBench([]byte(it), true); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
