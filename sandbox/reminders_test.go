package sandbox

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// The reminders, in both modes as the live service serves them
// (reminders.md): the document says nothing of them.

var bothModes = []struct {
	name string
	live bool
}{{"document", false}, {"live", true}}

// elminster is an entity of the state file, a character, for reminders
// that are no calendar's.
func withElminster(s *Server) {
	st := s.store.(*memStore).st
	st.Entities = append(st.Entities, &entity{ID: 50, Name: "Elminster", Type: "character", ChildID: 7})
}

const firstReminder = `{"calendar_id":1,"day":"9","month":12,"year":-1,"comment":"  Midwinter feast ","recurring_periodicity":"year",
	"recurring_until":2,"colour":"#ff0000","type_id":4,"visibility_id":5,"name":"ignored","is_private":true,"is_recurring":false}`

func TestReminderCreateAnswers201WithTheResource(t *testing.T) {
	for _, mode := range bothModes {
		t.Run(mode.name, func(t *testing.T) {
			s := newServer(t, Options{Live: mode.live})
			mustCreate(t, s, calendarForWeather)
			w := send(t, s, "POST", base+"entities/1/reminders", firstReminder)
			// The answer's bytes, keys in the resource's order: length is
			// null (left out, stored as 1) and recurring_until is the
			// number sent; name, is_private and is_recurring are not read.
			want := `{"data":{"id":1,"remindable_id":1,"remindable_type":"App\\Models\\Entity","calendar_id":1,"date":"-1-12-9",` +
				`"day":9,"month":12,"year":-1,"length":null,"comment":"Midwinter feast","is_recurring":true,"recurring_until":2,` +
				`"recurring_periodicity":"year","colour":"#ff0000","type_id":4,"visibility_id":5,` +
				`"created_at":"2026-11-22T10:00:00.000000Z","created_by":1,"updated_at":"2026-11-22T10:00:00.000000Z","updated_by":null}}`
			if w.Code != 201 || w.Body.String() != want {
				t.Fatalf("create: %d\n%s\nwant\n%s", w.Code, w.Body, want)
			}
			// Read back: the length stored, recurring_until a string.
			got := send(t, s, "GET", base+"entities/1/reminders/1", "")
			want = strings.Replace(strings.Replace(want, `"length":null`, `"length":1`, 1), `"recurring_until":2`, `"recurring_until":"2"`, 1)
			if got.Code != 200 || got.Body.String() != want {
				t.Fatalf("get: %d\n%s\nwant\n%s", got.Code, got.Body, want)
			}
		})
	}
}

func TestReminderDefaultsAndEmptyStrings(t *testing.T) {
	for _, mode := range bothModes {
		t.Run(mode.name, func(t *testing.T) {
			s := newServer(t, Options{Live: mode.live})
			mustCreate(t, s, calendarForWeather)
			w := send(t, s, "POST", base+"entities/1/reminders", `{"calendar_id":1,"day":1,"month":1,"year":0,"length":3,"comment":"  ","colour":"","recurring_until":"5"}`)
			expect(t, w, 201, `{"data":{"id":1,"remindable_id":1,"remindable_type":"App\\Models\\Entity","calendar_id":1,"date":"0-1-1",
				"day":1,"month":1,"year":0,"length":3,"comment":null,"is_recurring":false,"recurring_until":null,"recurring_periodicity":null,
				"colour":null,"type_id":null,"visibility_id":1,"created_at":"2026-11-22T10:00:00.000000Z","created_by":1,
				"updated_at":"2026-11-22T10:00:00.000000Z","updated_by":null}}`)
		})
	}
}

// An update, PUT or PATCH, changes what it sends and keeps the rest; every
// save recomputes is_recurring and drops recurring_until without a
// periodicity.
func TestReminderUpdateKeepsWhatItLeavesOutAndRecomputes(t *testing.T) {
	for _, mode := range bothModes {
		t.Run(mode.name, func(t *testing.T) {
			now := clock
			s := newServer(t, Options{Live: mode.live, Now: func() time.Time { return now }})
			mustCreate(t, s, calendarForWeather)
			expect(t, send(t, s, "POST", base+"entities/1/reminders", firstReminder), 201, "")

			now = clock.Add(time.Hour)
			w := send(t, s, "PATCH", base+"entities/1/reminders/1", `{"day":10,"recurring_until":"3"}`)
			d := dataOf(t, w)
			if w.Code != 200 || d["day"] != 10.0 || d["month"] != 12.0 || d["comment"] != "Midwinter feast" || d["length"] != 1.0 ||
				d["recurring_until"] != "3" || d["is_recurring"] != true || d["date"] != "-1-12-10" || d["updated_at"] != "2026-11-22T11:00:00.000000Z" {
				t.Fatalf("PATCH: %d %s", w.Code, w.Body)
			}
			// No periodicity: not recurring, and no end.
			w = send(t, s, "PUT", base+"entities/1/reminders/1", `{"recurring_periodicity":null,"recurring_until":"4","colour":null}`)
			d = dataOf(t, w)
			if w.Code != 200 || d["is_recurring"] != false || d["recurring_until"] != nil || d["recurring_periodicity"] != nil ||
				d["colour"] != nil || d["day"] != 10.0 || d["type_id"] != 4.0 || d["updated_at"] != "2026-11-22T11:00:00.000001Z" {
				t.Fatalf("PUT: %d %s", w.Code, w.Body)
			}
			// A periodicity again: recurring, and the end sent with it.
			w = send(t, s, "PATCH", base+"entities/1/reminders/1", `{"recurring_periodicity":"month","is_recurring":false,"recurring_until":7}`)
			if d = dataOf(t, w); d["is_recurring"] != true || d["recurring_until"] != 7.0 {
				t.Fatalf("PATCH again: %s", w.Body)
			}
			if d = dataOf(t, send(t, s, "GET", base+"entities/1/reminders/1", "")); d["recurring_until"] != "7" || d["length"] != 1.0 {
				t.Fatalf("read back: %v", d)
			}
		})
	}
}

func TestReminderDeleteAnswers204(t *testing.T) {
	for _, mode := range bothModes {
		t.Run(mode.name, func(t *testing.T) {
			s := newServer(t, Options{Live: mode.live})
			mustCreate(t, s, calendarForWeather)
			expect(t, send(t, s, "POST", base+"entities/1/reminders", firstReminder), 201, "")
			w := send(t, s, "DELETE", base+"entities/1/reminders/1", "")
			if w.Code != 204 || w.Body.Len() != 0 || w.Header().Get("Content-Type") != "" {
				t.Fatalf("delete: %d %q %q", w.Code, w.Body, w.Header().Get("Content-Type"))
			}
			expect(t, send(t, s, "GET", base+"entities/1/reminders/1", ""), 404, `{"code":404,"error":"No query results for model [App\\Models\\Reminder] 1"}`)
			expect(t, send(t, s, "DELETE", base+"entities/1/reminders/1", ""), 404, "")
		})
	}
}

// {id} is found whatever entity the path names, as long as that one
// exists; an unknown entity, calendar or reminder is the service's 404.
func TestReminderRoutesFindAndMiss(t *testing.T) {
	s := newServer(t, Options{Live: true})
	mustCreate(t, s, calendarForWeather)
	withElminster(s)
	expect(t, send(t, s, "POST", base+"entities/1/reminders", firstReminder), 201, "")
	if d := dataOf(t, send(t, s, "GET", base+"entities/50/reminders/1", "")); d["remindable_id"] != 1.0 {
		t.Fatalf("reminder 1 through entity 50: %v", d)
	}
	expect(t, send(t, s, "PATCH", base+"entities/50/reminders/1", `{"day":2}`), 200, "")
	for _, tt := range []struct{ method, path, body, want string }{
		{"GET", "entities/9/reminders", "", `{"code":404,"error":"No query results for model [App\\Models\\Entity] 9"}`},
		{"POST", "entities/9/reminders", firstReminder, `{"code":404,"error":"No query results for model [App\\Models\\Entity] 9"}`},
		{"GET", "entities/9/reminders/1", "", `{"code":404,"error":"No query results for model [App\\Models\\Entity] 9"}`},
		{"GET", "entities/1/reminders/7", "", `{"code":404,"error":"No query results for model [App\\Models\\Reminder] 7"}`},
		{"PUT", "entities/1/reminders/7", `{"day":1}`, `{"code":404,"error":"No query results for model [App\\Models\\Reminder] 7"}`},
		{"GET", "calendars/4/reminders", "", `{"code":404,"error":"No query results for model [App\\Models\\Calendar] 4"}`},
		{"GET", "entities/abc", "", `{"code":404,"error":"No query results for model [App\\Models\\Entity] abc"}`},
	} {
		expect(t, send(t, s, tt.method, base+tt.path, tt.body), 404, tt.want)
	}
	w := send(t, s, "POST", base+"calendars/1/reminders", firstReminder)
	expect(t, w, 405, `{"code":405,"error":"The POST method is not supported for this route. Supported methods: GET, HEAD."}`)
	expect(t, send(t, s, "PUT", base+"entities/1", `{}`), 405, "")
}

// An entity's list holds its reminders; a calendar's, every reminder on
// it, of entities and posts alike; 15 a page, by id, in the live
// service's envelope in both modes.
func TestReminderLists(t *testing.T) {
	for _, mode := range bothModes {
		t.Run(mode.name, func(t *testing.T) {
			s := newServer(t, Options{Live: mode.live})
			mustCreate(t, s, calendarForWeather)
			mustCreate(t, s, calendarForWeather)
			withElminster(s)
			for i := range 16 {
				entity, calendar := 1, 1
				if i%2 == 1 {
					entity = 50
				}
				if i == 15 {
					calendar = 2
				}
				expect(t, send(t, s, "POST", fmt.Sprintf("%sentities/%d/reminders", base, entity),
					fmt.Sprintf(`{"calendar_id":%d,"day":%d,"month":1,"year":1}`, calendar, i+1)), 201, "")
			}
			// A post's reminder, on calendar 1 (made in the state file).
			st := s.store.(*memStore).st
			st.Reminders = append(st.Reminders, &reminder{childRecord: childRecord{ID: 17, CreatedAt: clock, UpdatedAt: clock},
				RemindableID: 3, RemindableType: `App\Models\Post`, CalendarID: 1, Day: 1, Month: 2, Year: 1, Length: 1, VisibilityID: 1})

			ids := func(path string) ([]int, map[string]any) {
				t.Helper()
				body := decode(t, send(t, s, "GET", base+path, ""))
				var got []int
				for _, r := range body["data"].([]any) {
					got = append(got, int(r.(map[string]any)["id"].(float64)))
				}
				return got, body
			}
			page1, body := ids("calendars/1/reminders")
			if fmt.Sprint(page1) != "[1 2 3 4 5 6 7 8 9 10 11 12 13 14 15]" {
				t.Fatalf("page 1: %v", page1)
			}
			meta := body["meta"].(map[string]any)
			if meta["per_page"] != 15.0 || meta["total"] != 16.0 || meta["last_page"] != 2.0 || meta["links"] == nil || body["sync"] != "2026-11-22T10:00:00.000000Z" {
				t.Fatalf("envelope: %v", body)
			}
			if next := body["links"].(map[string]any)["next"]; next != "http://sandbox.test/api/1.0/campaigns/1/calendars/1/reminders?page=2" {
				t.Fatalf("next %v", next)
			}
			if page2, _ := ids("calendars/1/reminders?page=2"); fmt.Sprint(page2) != "[17]" {
				t.Fatalf("page 2: %v", page2)
			}
			if got, _ := ids("calendars/2/reminders"); fmt.Sprint(got) != "[16]" {
				t.Fatalf("calendar 2: %v", got)
			}
			if got, _ := ids("entities/50/reminders"); fmt.Sprint(got) != "[2 4 6 8 10 12 14 16]" {
				t.Fatalf("entity 50: %v", got)
			}
			if got, _ := ids("entities/2/reminders"); got != nil {
				t.Fatalf("calendar 2's entity: %v", got)
			}
		})
	}
}

// Deleting a calendar deletes, as the service's foreign keys do, the
// reminders on it and those of its entity; others stay.
func TestDeletingACalendarDeletesItsReminders(t *testing.T) {
	s := newServer(t, Options{Live: true})
	mustCreate(t, s, calendarForWeather)
	mustCreate(t, s, calendarForWeather)
	withElminster(s)
	for _, r := range []struct{ entity, calendar int }{{1, 1}, {1, 2}, {2, 1}, {50, 1}, {50, 2}, {2, 2}} {
		expect(t, send(t, s, "POST", fmt.Sprintf("%sentities/%d/reminders", base, r.entity),
			fmt.Sprintf(`{"calendar_id":%d,"day":1,"month":1,"year":1}`, r.calendar)), 201, "")
	}
	expect(t, send(t, s, "DELETE", base+"calendars/1", ""), 204, "")
	var left []string
	for _, r := range s.store.(*memStore).st.Reminders {
		left = append(left, fmt.Sprintf("%d:%d/%d", r.ID, r.RemindableID, r.CalendarID))
	}
	if got := strings.Join(left, " "); got != "5:50/2 6:2/2" {
		t.Fatalf("reminders left %s", got)
	}
	expect(t, send(t, s, "GET", base+"entities/1", ""), 404, "")
}

func TestReminderValidation(t *testing.T) {
	valid := `{"calendar_id":1,"day":1,"month":1,"year":1}`
	tests := []refusal{
		{"required", false, `{"calendar_id":null,"day":null,"month":null,"year":null}`, `{"calendar_id":["The calendar id field is required."],
			"day":["The day field is required."],"month":["The month field is required."],"year":["The year field is required."]}`},
		{"white space is nothing", false, `{"year":" "}`, `{"year":["The year field is required."]}`},
		{"no such calendar", true, `{"calendar_id":3}`, `{"calendar_id":["The selected calendar id is invalid."]}`},
		{"calendar not a number", false, `{"calendar_id":"one"}`, `{"calendar_id":["The calendar id must be an integer."]}`},
		{"day 0", true, `{"day":0}`, `{"day":["The day must be at least 1."]}`},
		{"month 0", false, `{"month":"0"}`, `{"month":["The month must be at least 1."]}`},
		{"year a fraction", false, `{"year":1.5}`, `{"year":["The year must be an integer."]}`},
		{"length 0", false, `{"length":0}`, `{"length":["The length must be at least 1."]}`},
		{"periodicity of 6 live", true, `{"recurring_periodicity":"1_full"}`, `{"recurring_periodicity":["The recurring periodicity must not be greater than 5 characters."]}`},
		{"periodicity of 33", false, `{"recurring_periodicity":"` + repeat("w", 33) + `"}`, `{"recurring_periodicity":["The recurring periodicity must not be greater than 32 characters."]}`},
		{"until of 13", true, `{"recurring_until":"1234567890123"}`, `{"recurring_until":["The recurring until must not be greater than 12 characters."]}`},
		{"until a list", false, `{"recurring_until":[1]}`, `{"recurring_until":["The recurring until must be a string."]}`},
		{"colour of 8", false, `{"colour":"#1234567"}`, `{"colour":["The colour must not be greater than 7 characters."]}`},
		{"comment of 192", true, `{"comment":"` + repeat("c", 192) + `"}`, `{"comment":["The comment must not be greater than 191 characters."]}`},
		{"type 1", false, `{"type_id":1}`, `{"type_id":["The selected type id is invalid."]}`},
		{"type 6", true, `{"type_id":6}`, `{"type_id":["The selected type id is invalid."]}`},
		{"visibility 0", false, `{"visibility_id":0}`, `{"visibility_id":["The selected visibility id is invalid."]}`},
		{"visibility 6", true, `{"visibility_id":"6"}`, `{"visibility_id":["The selected visibility id is invalid."]}`},
	}
	expectRefused(t, tests, "entities/1/reminders", valid, func(st *state) int { return len(st.Reminders) })
	t.Run("edges pass", func(t *testing.T) {
		for _, mode := range bothModes {
			s := newServer(t, Options{Live: mode.live})
			mustCreate(t, s, with(t, calendarForWeather, `{"skip_year_zero":true}`))
			body := with(t, valid, `{"year":0,"day":99,"month":40,"recurring_periodicity":"1_f","recurring_until":"123456789012",
				"colour":"#123456","comment":"`+repeat("é", 191)+`","type_id":2,"visibility_id":4,"length":"400"}`)
			expect(t, send(t, s, "POST", base+"entities/1/reminders", body), 201, "")
			expect(t, send(t, s, "POST", base+"entities/1/reminders", with(t, valid, `{"type_id":5,"recurring_periodicity":"`+repeat("w", 32)+`"}`)),
				map[bool]int{false: 201, true: 422}[mode.live], "")
		}
	})
	t.Run("an update needs nothing", func(t *testing.T) {
		s := newServer(t, Options{Live: true})
		mustCreate(t, s, calendarForWeather)
		expect(t, send(t, s, "POST", base+"entities/1/reminders", valid), 201, "")
		expect(t, send(t, s, "PATCH", base+"entities/1/reminders/1", `{}`), 200, "")
		w := send(t, s, "PUT", base+"entities/1/reminders/1", `{"day":null,"calendar_id":9}`)
		expectFields(t, w.Body.Bytes(), w.Code, `{"calendar_id":["The selected calendar id is invalid."],"day":["The day must be an integer."]}`)
		if d := dataOf(t, send(t, s, "GET", base+"entities/1/reminders/1", "")); d["day"] != 1.0 || d["calendar_id"] != 1.0 {
			t.Fatalf("a refused update changed %v", d)
		}
	})
}

// GET entities/{id}: the live service's entity endpoint, a calendar's
// entity, or one of the state file's.
func TestEntityEndpoint(t *testing.T) {
	for _, mode := range bothModes {
		t.Run(mode.name, func(t *testing.T) {
			s := newServer(t, Options{Live: mode.live})
			mustCreate(t, s, with(t, calendarForWeather, `{"tags":[3],"is_private":true}`))
			withElminster(s)
			expect(t, send(t, s, "GET", base+"entities/1", ""), 200, `{"data":{"id":1,"name":"Harptos","type":"calendar","type_id":8,"child_id":1,
				"tags":[3],"is_private":true,"is_template":false,"campaign_id":1,"is_attributes_private":false,"tooltip":null,"header_image":null,
				"image_uuid":null,"created_at":"2026-11-22T10:00:00.000000Z","created_by":1,"updated_at":"2026-11-22T10:00:00.000000Z","updated_by":1,
				"urls":{"view":"http://sandbox.test/w/1/entities/1","api":"http://sandbox.test/api/1.0/campaigns/1/calendars/1"}}}`)
			d := dataOf(t, send(t, s, "GET", base+"entities/50", ""))
			if d["name"] != "Elminster" || d["type"] != "character" || d["type_id"] != 1.0 || d["child_id"] != 7.0 || d["created_at"] != nil ||
				d["urls"].(map[string]any)["api"] != "http://sandbox.test/api/1.0/campaigns/1/characters/7" {
				t.Fatalf("entity 50: %v", d)
			}
			// A new calendar's entity takes no id of the state file's.
			st := s.store.(*memStore).st
			st.Entities = append(st.Entities, &entity{ID: 2, Name: "Waterdeep", Type: "city"})
			mustCreate(t, s, calendarForWeather)
			if d := dataOf(t, send(t, s, "GET", base+"calendars/2", "")); d["entity_id"] != 3.0 {
				t.Fatalf("calendar 2's entity %v", d["entity_id"])
			}
			if d := dataOf(t, send(t, s, "GET", base+"entities/2", "")); d["type_id"] != nil || !strings.HasSuffix(d["urls"].(map[string]any)["api"].(string), "/cities/0") {
				t.Fatalf("entity 2: %v", d)
			}
		})
	}
}
