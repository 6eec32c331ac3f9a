package client_test

import (
	"context"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"

	"github.com/kanka-cli/kanka/client"
)

// checkHeaders checks the headers every request carries, and Content-Type
// exactly on requests with a body.
func checkHeaders(t *testing.T, r seen) {
	t.Helper()
	want := map[string]string{
		"Authorization": "Bearer " + testToken,
		"Accept":        "application/json",
		"User-Agent":    testUA,
		"Content-Type":  "",
	}
	if r.Body != "" {
		want["Content-Type"] = "application/json"
	}
	for k, v := range want {
		if got := r.Header.Get(k); got != v {
			t.Errorf("%s: header %s = %q, want %q", r, k, got, v)
		}
	}
}

// endpointCase is one call of the client and the one request it must send.
type endpointCase struct {
	name   string
	call   func(ctx context.Context, c *client.Client) error
	method string
	route  string // relative to the campaign
	answer httpmock.Responder
	query  url.Values
	body   string // JSON; "" for none
}

func runEndpointCases(t *testing.T, cases []endpointCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			api := newMockAPI(t)
			api.on(tc.method, tc.route, tc.answer)
			c, _ := api.client()
			if err := tc.call(context.Background(), c); err != nil {
				t.Fatalf("call: %v", err)
			}
			reqs := api.requests()
			if len(reqs) != 1 {
				t.Fatalf("sent %d requests, want 1: %v", len(reqs), api.sequence())
			}
			r := reqs[0]
			if r.Method != tc.method || r.Path != prefix+tc.route {
				t.Errorf("sent %s %s, want %s %s", r.Method, r.Path, tc.method, prefix+tc.route)
			}
			wantQuery := tc.query
			if wantQuery == nil {
				wantQuery = url.Values{}
			}
			if !reflect.DeepEqual(r.Query, wantQuery) {
				t.Errorf("query = %v, want %v", r.Query, wantQuery)
			}
			if tc.body == "" && r.Body != "" {
				t.Errorf("body = %s, want none", r.Body)
			}
			if tc.body != "" {
				sameJSON(t, "body", r.Body, tc.body)
			}
			checkHeaders(t, r)
		})
	}
}

func TestCalendarEndpoints(t *testing.T) {
	one := `{"data":` + calendarJSON(3, "Harptos") + `}`
	list := pageJSON([]string{calendarJSON(3, "Harptos")}, 1, 1, 45, 1)
	minimal := client.CalendarInput{
		Name:     "Harptos",
		Months:   []client.Month{{Name: "Hammer", Length: 30}, {Name: "Alturiak", Length: 30}},
		Weekdays: []string{"First", "Second"},
	}
	minimalBody := `{"name":"Harptos","month_name":["Hammer","Alturiak"],"month_length":[30,30],
		"month_type":["standard","standard"],"month_alias":["",""],"weekday":["First","Second"]}`
	no := false
	lastSync := time.Date(2026, 11, 1, 8, 30, 0, 0, time.FixedZone("CET", 3600))

	runEndpointCases(t, []endpointCase{
		{
			name: "list first page", method: "GET", route: "calendars", answer: reply(200, list),
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.ListCalendars(ctx, nil)
				return err
			},
		},
		{
			name: "list with every filter", method: "GET", route: "calendars", answer: reply(200, list),
			query: url.Values{"name": {"harp"}, "type": {"solar"}, "is_private": {"false"},
				"tags[]": {"4", "9"}, "lastSync": {"2026-11-01T07:30:00.000000Z"}, "related": {"1"}, "page": {"3"}},
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.ListCalendars(ctx, &client.ListOptions{Name: "harp", Type: "solar",
					IsPrivate: &no, Tags: []int{4, 9}, LastSync: lastSync, Related: true, Page: 3})
				return err
			},
		},
		{
			name: "list by exact name", method: "GET", route: "calendars", answer: reply(200, list),
			query: url.Values{"name": {"Harptos!"}},
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.ListCalendars(ctx, &client.ListOptions{Name: "Harptos", ExactName: true})
				return err
			},
		},
		{
			name: "walk", method: "GET", route: "calendars", answer: reply(200, list),
			query: url.Values{"type": {"lunar"}},
			call: func(ctx context.Context, c *client.Client) error {
				for _, err := range c.AllCalendars(ctx, &client.ListOptions{Type: "lunar"}) {
					if err != nil {
						return err
					}
				}
				return nil
			},
		},
		{
			name: "get", method: "GET", route: "calendars/3", answer: reply(200, one),
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.GetCalendar(ctx, 3)
				return err
			},
		},
		{
			name: "head", method: "HEAD", route: "calendars/3", answer: reply(200, ""),
			call: func(ctx context.Context, c *client.Client) error { return c.HeadCalendar(ctx, 3) },
		},
		{
			name: "create", method: "POST", route: "calendars", answer: reply(201, one), body: minimalBody,
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.CreateCalendar(ctx, minimal)
				return err
			},
		},
		{
			name: "update", method: "PUT", route: "calendars/3", answer: reply(200, one), body: minimalBody,
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.UpdateCalendar(ctx, 3, minimal)
				return err
			},
		},
		{
			name: "patch", method: "PATCH", route: "calendars/3", answer: reply(200, one),
			body: `{"name":"Renamed","is_private":true}`,
			call: func(ctx context.Context, c *client.Client) error {
				yes := true
				_, err := c.PatchCalendar(ctx, 3, client.CalendarInput{Name: "Renamed", IsPrivate: &yes})
				return err
			},
		},
		{
			name: "delete", method: "DELETE", route: "calendars/3", answer: reply(204, ""),
			call: func(ctx context.Context, c *client.Client) error { return c.DeleteCalendar(ctx, 3) },
		},
	})
}

func TestListCalendarsReadsThePage(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars", reply(200, pageJSON([]string{calendarJSON(3, "Harptos"), calendarJSON(4, "Reckoning")}, 2, 5, 2, 9)))
	c, _ := api.client()
	p, err := c.ListCalendars(context.Background(), &client.ListOptions{Page: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Items) != 2 || p.Items[0].Name != "Harptos" || p.Items[1].ID != 4 {
		t.Errorf("items = %+v", p.Items)
	}
	want := client.PageMeta{CurrentPage: 2, From: 3, LastPage: 5, PerPage: 2, To: 4, Total: 9, Path: testBase + "/campaigns/7/calendars"}
	if p.Meta != want {
		t.Errorf("meta = %+v, want %+v", p.Meta, want)
	}
	if p.Links.Next != testBase+"/campaigns/7/calendars?page=3" || p.Links.Prev != "" {
		t.Errorf("links = %+v", p.Links)
	}
}

// The document's name filter is a substring match: an exact-name query must
// drop the calendars whose name only contains the one asked for.
func TestExactNameIsCheckedAgain(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars", reply(200, pageJSON([]string{
		calendarJSON(1, "Harptos Reckoning"), calendarJSON(2, "Harptos"), calendarJSON(3, "harptos"), calendarJSON(4, "Harptos"),
	}, 1, 1, 45, 4)))
	c, _ := api.client()

	p, err := c.ListCalendars(context.Background(), &client.ListOptions{Name: "Harptos", ExactName: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(p.Items); !reflect.DeepEqual(got, []int{2, 4}) {
		t.Errorf("ListCalendars kept %v, want [2 4]", got)
	}

	named, err := c.CalendarsNamed(context.Background(), "Harptos")
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(named); !reflect.DeepEqual(got, []int{2, 4}) {
		t.Errorf("CalendarsNamed = %v, want [2 4]", got)
	}
	for _, r := range api.requests() {
		if r.Query.Get("name") != "Harptos!" {
			t.Errorf("%s: name filter %q, want Harptos!", r, r.Query.Get("name"))
		}
	}
}

// With an exact name the limit counts the calendars kept, not those the
// server sent.
func TestExactNameLimitCountsKeptCalendars(t *testing.T) {
	api := newMockAPI(t)
	api.handle("GET", "calendars", func(r *http.Request) (*http.Response, error) {
		page := r.URL.Query().Get("page")
		if page == "" {
			return reply(200, pageJSON([]string{calendarJSON(1, "Moon A"), calendarJSON(2, "Moon B")}, 1, 2, 2, 4))(r)
		}
		return reply(200, pageJSON([]string{calendarJSON(3, "Moon"), calendarJSON(4, "Moon")}, 2, 2, 2, 4))(r)
	})
	c, _ := api.client()
	var got []int
	for cal, err := range c.AllCalendars(context.Background(), &client.ListOptions{Name: "Moon", ExactName: true, Limit: 1}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, cal.ID)
	}
	if !reflect.DeepEqual(got, []int{3}) {
		t.Errorf("got %v, want [3]", got)
	}
}

func ids(cals []*client.Calendar) []int {
	var out []int
	for _, c := range cals {
		out = append(out, c.ID)
	}
	return out
}

// Every field of the writable calendar lands in the parallel arrays the
// service reads, matched by position.
//
// This is the wire-format pin of a calendar write (POST and PUT send the
// same body): the one test that spells a whole body out, key by key.
// Other tests build the bodies they expect from the record and the field
// table (Payload), spelling out only the fields they are about.
func TestCalendarInputBody(t *testing.T) {
	moonID := 12
	in := client.CalendarInput{
		Name:     "Harptos",
		Type:     ptr("solar"),
		Entry:    ptr("<p>The calendar of Faerûn</p>"),
		Date:     &client.Date{Year: -12, Month: 3, Day: 1},
		Months:   []client.Month{{Name: "Hammer", Length: 30, Alias: "Deepwinter"}, {Name: "Midwinter", Length: 1, Type: "intercalary"}},
		Weekdays: []string{"First", "Second", "Third"},
		Years:    map[int]string{1492: "Year of Three Ships", -3: "Year of Dust", 10: "Year of Ten"},
		Seasons:  []client.Season{{Name: "Winter", Month: 1, Day: 1}, {Name: "Spring", Month: 2, Day: 19}},
		Moons: []client.Moon{
			{Name: "Selûne", Fullmoon: 30.4375, Offset: 2, Colour: "white", ID: &moonID},
			{Name: "Tears", Fullmoon: 7},
		},
		Epochs:           []string{"Dale Reckoning"},
		Suffix:           ptr("DR"),
		Format:           ptr("d M, y"),
		SkipYearZero:     ptr(true),
		StartOffset:      ptr(3),
		HasLeapYear:      ptr(true),
		LeapYearAmount:   ptr(1),
		LeapYearOffset:   ptr(4),
		LeapYearStart:    ptr(0),
		LeapYearMonth:    ptr(2),
		Tags:             []int{5, 8},
		IsPrivate:        ptr(false),
		ImageURL:         "https://img.test/harptos.png",
		EntityImageUUID:  "0f7a",
		EntityHeaderUUID: "9b1c",
	}
	want := `{
		"name":"Harptos","type":"solar","entry":"<p>The calendar of Faerûn</p>",
		"current_year":-12,"current_month":3,"current_day":1,
		"month_name":["Hammer","Midwinter"],"month_length":[30,1],"month_type":["standard","intercalary"],"month_alias":["Deepwinter",""],
		"weekday":["First","Second","Third"],
		"year_number":[-3,10,1492],"year_name":["Year of Dust","Year of Ten","Year of Three Ships"],
		"season_name":["Winter","Spring"],"season_month":[1,2],"season_day":[1,19],
		"moon_name":["Selûne","Tears"],"moon_fullmoon":[30.4375,7],"moon_offset":[2,0],"moon_colour":["white","grey"],"moon_id":[12,null],
		"epoch_name":["Dale Reckoning"],
		"suffix":"DR","format":"d M, y","skip_year_zero":true,"start_offset":3,
		"has_leap_year":true,"leap_year_amount":1,"leap_year_offset":4,"leap_year_start":0,"leap_year_month":2,
		"tags":[5,8],"is_private":false,
		"image_url":"https://img.test/harptos.png","entity_image_uuid":"0f7a","entity_header_uuid":"9b1c"
	}`
	api := newMockAPI(t)
	api.on("POST", "calendars", reply(201, `{"data":`+calendarJSON(3, "Harptos")+`}`))
	c, _ := api.client()
	if _, err := c.CreateCalendar(context.Background(), in); err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "create body", api.requests()[0].Body, want)
}

// Empty lists that were given are sent as empty arrays (the service then
// clears them), while lists not given are left out.
func TestCalendarInputEmptyVersusAbsent(t *testing.T) {
	in := client.CalendarInput{Name: "Bare", Moons: []client.Moon{}, Years: map[int]string{}, Seasons: []client.Season{}}
	b, err := in.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "body", string(b), `{"name":"Bare",
		"moon_name":[],"moon_fullmoon":[],"moon_offset":[],"moon_colour":[],"moon_id":[],
		"year_number":[],"year_name":[],"season_name":[],"season_month":[],"season_day":[]}`)
}

func TestCalendarWritesAcceptEveryAnswerShape(t *testing.T) {
	bare := calendarJSON(3, "Harptos")
	wrapped := `{"data":` + bare + `}`
	for _, tc := range []struct {
		name   string
		status int
		body   string
	}{
		{"live 201 with data", 201, wrapped},
		{"document 200 bare object", 200, bare},
		{"200 with data", 200, wrapped},
		{"201 bare object", 201, bare},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := newMockAPI(t)
			api.on("POST", "calendars", reply(tc.status, tc.body))
			api.on("PUT", "calendars/3", reply(tc.status, tc.body))
			api.on("PATCH", "calendars/3", reply(tc.status, tc.body))
			c, _ := api.client()
			ctx := context.Background()
			in := client.CalendarInput{Name: "Harptos"}
			for name, call := range map[string]func() (*client.Calendar, error){
				"create": func() (*client.Calendar, error) { return c.CreateCalendar(ctx, in) },
				"update": func() (*client.Calendar, error) { return c.UpdateCalendar(ctx, 3, in) },
				"patch":  func() (*client.Calendar, error) { return c.PatchCalendar(ctx, 3, in) },
			} {
				cal, err := call()
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if cal.ID != 3 || cal.Name != "Harptos" || len(cal.Months) != 1 {
					t.Errorf("%s decoded %+v", name, cal)
				}
				sameJSON(t, name+" raw", string(cal.Raw), bare)
			}
		})
	}
}

func TestCalendarDeleteAcceptsEveryAnswer(t *testing.T) {
	for _, tc := range []struct {
		status int
		body   string
	}{{200, `{"success":true}`}, {201, `{}`}, {204, ""}, {200, ""}} {
		api := newMockAPI(t)
		api.on("DELETE", "calendars/3", reply(tc.status, tc.body))
		c, _ := api.client()
		if err := c.DeleteCalendar(context.Background(), 3); err != nil {
			t.Errorf("delete answered %d %q: %v", tc.status, tc.body, err)
		}
	}
}

func ptr[T any](v T) *T { return &v }

func TestCalendarWriteWithoutRecordIsAnError(t *testing.T) {
	for _, body := range []string{`{"data":null}`, ``, `[]`} {
		api := newMockAPI(t)
		api.on("POST", "calendars", reply(201, body))
		c, _ := api.client()
		cal, err := c.CreateCalendar(context.Background(), client.CalendarInput{Name: "Harptos"})
		if err == nil || !strings.Contains(err.Error(), "without a record") {
			t.Errorf("answer %q: got %+v, %v; want an error saying there was no record", body, cal, err)
		}
	}
}
