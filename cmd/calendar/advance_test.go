package calendar

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
	"github.com/kanka-cli/kanka/output"
)

// The calendar-time tests (show, advance, retreat) bring their own fake
// API: an httptest server answering from a table and recording every
// request, body included.

// ctCampaign is the path of campaign 1's resources on the fake API.
const ctCampaign = "/api/1.0/campaigns/1/"

// ctAnswer is the fake API's answer to one "METHOD route".
type ctAnswer struct {
	status int
	body   string
}

// ctRequest is one request the fake API received: the route relative to the
// campaign with its query in one canonical order, and the body sent.
type ctRequest struct {
	method, route, body string
}

func (r ctRequest) String() string { return r.method + " " + r.route }

// ctServer answers "METHOD route" from answers; anything else is a 404
// that fails the test.
type ctServer struct {
	t       *testing.T
	answers map[string]ctAnswer

	mu  sync.Mutex
	got []ctRequest
}

func newCTServer(t *testing.T, answers map[string]ctAnswer) (*ctServer, string) {
	t.Helper()
	s := &ctServer{t: t, answers: answers}
	srv := httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(srv.Close)
	return s, srv.URL + "/api/1.0"
}

func (s *ctServer) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	route := strings.TrimPrefix(r.URL.Path, ctCampaign)
	if q := r.URL.Query().Encode(); q != "" {
		route += "?" + q
	}
	req := ctRequest{method: r.Method, route: route, body: string(body)}
	s.mu.Lock()
	s.got = append(s.got, req)
	s.mu.Unlock()
	a, ok := s.answers[req.String()]
	if !ok {
		s.t.Errorf("unexpected request %s %s", req, body)
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, `{"code":404,"error":"not in the test's table"}`)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(a.status)
	_, _ = io.WriteString(w, a.body)
}

// requests is what was received, in order.
func (s *ctServer) requests() []ctRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]ctRequest(nil), s.got...)
}

// wantRoutes fails unless exactly the routes want were requested, in
// order (sorted first when the order is free, as for concurrent pages).
func (s *ctServer) wantRoutes(t *testing.T, sorted bool, want ...string) {
	t.Helper()
	var got []string
	for _, r := range s.requests() {
		got = append(got, r.String())
	}
	if sorted {
		sort.Strings(got)
		want = append([]string(nil), want...)
		sort.Strings(want)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// ctEnv runs `calendar ...` on buffers against a ctServer.
type ctEnv struct {
	f           *cmdutil.Factory
	api         *ctServer
	out, errOut *bytes.Buffer
}

func newCTEnv(t *testing.T, format string, answers map[string]ctAnswer) *ctEnv {
	t.Helper()
	api, root := newCTServer(t, answers)
	streams, _, out, errOut := cmdutil.Test()
	globals := &cmdutil.Globals{Output: format}
	env := &ctEnv{api: api, out: out, errOut: errOut}
	env.f = &cmdutil.Factory{
		IO:      streams,
		Globals: globals,
		Client: func() (*client.Client, error) {
			return client.New(client.Config{BaseURL: root, Token: "t", Campaign: 1, MaxRetries: -1})
		},
		Printer: func() (*output.Printer, error) {
			return output.New(out, output.Options{Format: output.Format(globals.Output), JQ: globals.JQ, Template: globals.Template})
		},
	}
	return env
}

func (env *ctEnv) run(args ...string) error {
	return cmdtest.Execute(env.f, strings.NewReader(""), NewCmdCalendar(env.f), args...)
}

// ctWantUsage fails unless err is a usage error (exit 2) saying want.
func ctWantUsage(t *testing.T, err error, want string) {
	t.Helper()
	var usage *cmdutil.UsageError
	if err == nil || !errors.As(err, &usage) {
		t.Fatalf("error %v is not a usage error", err)
	}
	if err.Error() != want {
		t.Errorf("error:\n got  %q\n want %q", err.Error(), want)
	}
}

// harptos is the Calendar of Harptos (id 12) as the live service sends it,
// its current date set to date ("" for none).
func harptos(date string) string {
	return `{"id":12,"name":"Calendar of Harptos","entry":"<p>Realms</p>","type":"Dalereckoning",` +
		`"image_full":"","is_private":false,"entity_id":40,"tags":[3],"created_at":"2026-01-02T03:04:05.000000Z",` +
		`"urls":{"view":"https://app.kanka.io/w/1/entities/40"},` +
		`"date":` + jsonString(date) + `,"parameters":null,` +
		`"months":[{"name":"Hammer","length":30,"type":"standard","alias":"Deepwinter"},` +
		`{"name":"Midwinter","length":1,"type":"intercalary","alias":null},` +
		`{"name":"Alturiak","length":30,"type":"standard","alias":"The Claw of Winter"},` +
		`{"name":"Ches","length":"30","type":"standard","alias":"The Claw of the Sunsets"},` +
		`{"name":"Tarsakh","length":30,"type":"standard","alias":"The Claw of the Storms"},` +
		`{"name":"Greengrass","length":1,"type":"intercalary"},` +
		`{"name":"Mirtul","length":30,"type":"standard","alias":"The Melting"},` +
		`{"name":"Kythorn","length":30,"type":"standard","alias":"The Time of Flowers"},` +
		`{"name":"Flamerule","length":30,"type":"standard","alias":"Summertide"},` +
		`{"name":"Midsummer","length":1,"type":"intercalary"},` +
		`{"name":"Eleasis","length":30,"type":"standard","alias":"Highsun"},` +
		`{"name":"Eleint","length":30,"type":"standard","alias":"The Fading"},` +
		`{"name":"Highharvestide","length":1,"type":"intercalary"},` +
		`{"name":"Marpenoth","length":30,"type":"standard","alias":"Leaffall"},` +
		`{"name":"Uktar","length":30,"type":"standard","alias":"The Rotting"},` +
		`{"name":"Feast of the Moon","length":1,"type":"intercalary"},` +
		`{"name":"Nightal","length":30,"type":"standard","alias":"The Drawing Down"}],` +
		`"weekdays":["First-day","Second-day","Third-day","Fourth-day","Fifth-day","Sixth-day","Seventh-day","Eighth-day","Ninth-day","Tenth-day"],` +
		`"years":{"1491":"Year of the Scarlet Witch","1492":"Year of Three Ships Sailing"},` +
		`"seasons":[{"name":"Spring","month":4,"day":19},{"name":"Summer","month":8,"day":20},{"name":"Autumn","month":12,"day":21},{"name":"Winter","month":17,"day":20}],` +
		`"moons":[{"name":"Selûne","fullmoon":"30.4375","offset":0,"colour":"white","id":9}],` +
		`"start_offset":0,"suffix":"DR","format":"","has_leap_year":true,"skip_year_zero":false,` +
		`"leap_year_amount":1,"leap_year_month":10,"leap_year_offset":4,"leap_year_start":4}`
}

func jsonString(s string) string {
	if s == "" {
		return "null"
	}
	b, _ := json.Marshal(s)
	return string(b)
}

// harptosPut is the one update advance and retreat must send: every field
// of harptos unchanged but the date (the live service rebuilds months,
// weekdays, years, seasons and moons from it).
func harptosPut(y, m, d int) string {
	return fmt.Sprintf(`{"name":"Calendar of Harptos","type":"Dalereckoning","entry":"<p>Realms</p>",`+
		`"current_year":%d,"current_month":%d,"current_day":%d,`+
		`"month_name":["Hammer","Midwinter","Alturiak","Ches","Tarsakh","Greengrass","Mirtul","Kythorn","Flamerule","Midsummer","Eleasis","Eleint","Highharvestide","Marpenoth","Uktar","Feast of the Moon","Nightal"],`+
		`"month_length":[30,1,30,30,30,1,30,30,30,1,30,30,1,30,30,1,30],`+
		`"month_type":["standard","intercalary","standard","standard","standard","intercalary","standard","standard","standard","intercalary","standard","standard","intercalary","standard","standard","intercalary","standard"],`+
		`"month_alias":["Deepwinter","","The Claw of Winter","The Claw of the Sunsets","The Claw of the Storms","","The Melting","The Time of Flowers","Summertide","","Highsun","The Fading","","Leaffall","The Rotting","","The Drawing Down"],`+
		`"weekday":["First-day","Second-day","Third-day","Fourth-day","Fifth-day","Sixth-day","Seventh-day","Eighth-day","Ninth-day","Tenth-day"],`+
		`"year_number":[1491,1492],"year_name":["Year of the Scarlet Witch","Year of Three Ships Sailing"],`+
		`"season_name":["Spring","Summer","Autumn","Winter"],"season_month":[4,8,12,17],"season_day":[19,20,21,20],`+
		`"moon_name":["Selûne"],"moon_fullmoon":[30.4375],"moon_offset":[0],"moon_colour":["white"],"moon_id":[9],`+
		`"suffix":"DR","format":"","skip_year_zero":false,"start_offset":0,`+
		`"has_leap_year":true,"leap_year_amount":1,"leap_year_offset":4,"leap_year_start":4,"leap_year_month":10,`+
		`"tags":[3],"is_private":false}`, y, m, d)
}

// ctSameJSON reports whether two JSON documents hold the same value.
func ctSameJSON(a, b string) bool {
	var va, vb any
	if json.Unmarshal([]byte(a), &va) != nil || json.Unmarshal([]byte(b), &vb) != nil {
		return false
	}
	return reflect.DeepEqual(va, vb)
}

// moveAnswers are the answers to advancing or retreating calendar 12 from
// date to the date ymd: the read, and the update answered as the live
// service does ({"data": record}).
func moveAnswers(from string, y, m, d int) map[string]ctAnswer {
	return map[string]ctAnswer{
		"GET calendars/12": {200, harptos(from)},
		"PUT calendars/12": {200, `{"data":` + harptos(fmt.Sprintf("%d-%d-%d", y, m, d)) + `}`},
	}
}

func TestMoveSendsOneFullUpdate(t *testing.T) {
	cases := []struct {
		name string
		from string
		args []string
		// the date reached, and the line printed
		y, m, d int
		out     string
	}{
		{"one day by default", "1492-4-1", []string{"advance", "12"}, 1492, 4, 2,
			"1492-4-1 -> 1492-4-2 (2 Ches, Year of Three Ships Sailing DR)\n"},
		{"days", "1492-4-1", []string{"advance", "12", "--days", "2"}, 1492, 4, 3,
			"1492-4-1 -> 1492-4-3 (3 Ches, Year of Three Ships Sailing DR)\n"},
		{"into Midwinter, outside the week", "1492-1-30", []string{"advance", "12", "--days", "1"}, 1492, 2, 1,
			"1492-1-30 -> 1492-2-1 (1 Midwinter, Year of Three Ships Sailing DR)\n"},
		{"across Midwinter", "1492-1-30", []string{"advance", "12", "--days", "2"}, 1492, 3, 1,
			"1492-1-30 -> 1492-3-1 (1 Alturiak, Year of Three Ships Sailing DR)\n"},
		{"across the year end", "1491-17-30", []string{"advance", "12"}, 1492, 1, 1,
			"1491-17-30 -> 1492-1-1 (1 Hammer, Year of Three Ships Sailing DR)\n"},
		{"onto Shieldmeet in a leap year", "1492-9-30", []string{"advance", "12", "--days", "2"}, 1492, 10, 2,
			"1492-9-30 -> 1492-10-2 (2 Midsummer, Year of Three Ships Sailing DR)\n"},
		{"past Midsummer in a common year", "1491-9-30", []string{"advance", "12", "--days", "2"}, 1491, 11, 1,
			"1491-9-30 -> 1491-11-1 (1 Eleasis, Year of the Scarlet Witch DR)\n"},
		{"a thousand days, still two requests", "1492-4-1", []string{"advance", "12", "--days", "1000"}, 1494, 15, 27,
			"1492-4-1 -> 1494-15-27 (27 Uktar, 1494 DR)\n"},
		{"months count intercalary ones", "1492-1-15", []string{"advance", "12", "--months", "1"}, 1492, 2, 1,
			"1492-1-15 -> 1492-2-1 (1 Midwinter, Year of Three Ships Sailing DR)\n"},
		{"a year from Shieldmeet clamps the day", "1492-10-2", []string{"advance", "12", "--years", "1"}, 1493, 10, 1,
			"1492-10-2 -> 1493-10-1 (1 Midsummer, 1493 DR)\n"},
		{"to a date by name", "1492-4-1", []string{"advance", "12", "--to", "3 ches 1492"}, 1492, 4, 3,
			"1492-4-1 -> 1492-4-3 (3 Ches, Year of Three Ships Sailing DR)\n"},
		{"retreat across the year start", "1492-1-1", []string{"retreat", "12"}, 1491, 17, 30,
			"1492-1-1 -> 1491-17-30 (30 Nightal, Year of the Scarlet Witch DR)\n"},
		{"retreat across Midwinter", "1492-3-1", []string{"retreat", "12", "--days", "2"}, 1492, 1, 30,
			"1492-3-1 -> 1492-1-30 (30 Hammer, Year of Three Ships Sailing DR)\n"},
		{"retreat months", "1492-4-30", []string{"retreat", "12", "--months", "2"}, 1492, 2, 1,
			"1492-4-30 -> 1492-2-1 (1 Midwinter, Year of Three Ships Sailing DR)\n"},
		{"retreat years", "1492-4-3", []string{"retreat", "12", "--years", "1"}, 1491, 4, 3,
			"1492-4-3 -> 1491-4-3 (3 Ches, Year of the Scarlet Witch DR)\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := newCTEnv(t, "", moveAnswers(tc.from, tc.y, tc.m, tc.d))
			if err := env.run(tc.args...); err != nil {
				t.Fatal(err)
			}
			env.api.wantRoutes(t, false, "GET calendars/12", "PUT calendars/12")
			if reqs := env.api.requests(); len(reqs) == 2 && !ctSameJSON(reqs[1].body, harptosPut(tc.y, tc.m, tc.d)) {
				t.Errorf("update body:\n got  %s\n want %s", reqs[1].body, harptosPut(tc.y, tc.m, tc.d))
			}
			if env.out.String() != tc.out || env.errOut.String() != "" {
				t.Errorf("stdout %q, stderr %q; want stdout %q", env.out, env.errOut, tc.out)
			}
		})
	}
}

// By name, the list lookup returns the calendar: no GET of it follows.
func TestMoveByNameCostsTwoRequests(t *testing.T) {
	list := `{"data":[` + harptos("1492-4-1") + `],"links":{"next":null},"meta":{"current_page":1,"last_page":1,"per_page":45,"total":1}}`
	answers := moveAnswers("1492-4-1", 1492, 4, 2)
	delete(answers, "GET calendars/12")
	answers["GET calendars?name=Calendar+of+Harptos"] = ctAnswer{200, list}
	env := newCTEnv(t, "", answers)
	if err := env.run("advance", "Calendar of Harptos", "--days", "1"); err != nil {
		t.Fatal(err)
	}
	env.api.wantRoutes(t, false, "GET calendars?name=Calendar+of+Harptos", "PUT calendars/12")
	if reqs := env.api.requests(); len(reqs) == 2 && !ctSameJSON(reqs[1].body, harptosPut(1492, 4, 2)) {
		t.Errorf("update body:\n got  %s\n want %s", reqs[1].body, harptosPut(1492, 4, 2))
	}
	if want := "1492-4-1 -> 1492-4-2 (2 Ches, Year of Three Ships Sailing DR)\n"; env.out.String() != want {
		t.Errorf("stdout %q, want %q", env.out, want)
	}
}

// -o json, yaml and id print the calendar as the server stored it.
func TestMovePrintsTheServersRecord(t *testing.T) {
	t.Run("json", func(t *testing.T) {
		env := newCTEnv(t, "json", moveAnswers("1492-4-1", 1492, 4, 2))
		if err := env.run("advance", "12"); err != nil {
			t.Fatal(err)
		}
		if !ctSameJSON(env.out.String(), harptos("1492-4-2")) {
			t.Errorf("-o json printed\n%s\nwant the server's record", env.out)
		}
	})
	t.Run("id", func(t *testing.T) {
		env := newCTEnv(t, "id", moveAnswers("1492-4-3", 1492, 4, 2))
		if err := env.run("retreat", "12", "--days", "1"); err != nil {
			t.Fatal(err)
		}
		if env.out.String() != "12\n" {
			t.Errorf("-o id printed %q", env.out)
		}
	})
	t.Run("jq", func(t *testing.T) {
		env := newCTEnv(t, "", moveAnswers("1492-4-1", 1492, 4, 2))
		env.f.Globals.JQ = ".date"
		if err := env.run("advance", "12"); err != nil {
			t.Fatal(err)
		}
		if env.out.String() != "1492-4-2\n" {
			t.Errorf("--jq .date printed %q", env.out)
		}
	})
}

// A server that stores another date than the one sent is reported.
func TestMoveWarnsWhenTheServerStoresAnotherDate(t *testing.T) {
	answers := moveAnswers("1492-4-1", 1492, 4, 5)
	env := newCTEnv(t, "", answers)
	if err := env.run("advance", "12"); err != nil {
		t.Fatal(err)
	}
	if env.errOut.String() != "warning: the server stored 1492-4-5, not 1492-4-2\n" {
		t.Errorf("stderr %q", env.errOut)
	}
}

// --to the current date changes nothing and sends nothing but the read.
func TestAdvanceToTheCurrentDateSendsNoUpdate(t *testing.T) {
	env := newCTEnv(t, "", moveAnswers("1492-4-1", 1492, 4, 1))
	if err := env.run("advance", "12", "--to", "1492-Ches-1"); err != nil {
		t.Fatal(err)
	}
	env.api.wantRoutes(t, false, "GET calendars/12")
	if want := "1492-4-1 -> 1492-4-1 (1 Ches, Year of Three Ships Sailing DR)\n"; env.out.String() != want {
		t.Errorf("stdout %q, want %q", env.out, want)
	}
}

// Bad flags are refused before any request (exit 2).
func TestMoveRefusesBadFlagsBeforeAnyRequest(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"advance", "12", "--days", "-3"}, "--days must be positive, not -3: to move the other way use `kanka calendar retreat`"},
		{[]string{"retreat", "12", "--months", "-1"}, "--months must be positive, not -1: to move the other way use `kanka calendar advance`"},
		{[]string{"advance", "12", "--years", "0"}, "--years must be 1 or more, not 0"},
		{[]string{"advance", "12", "--days", "1", "--months", "1"}, "--days and --months cannot be used together: give one"},
		{[]string{"advance", "12", "--years", "1", "--to", "1492-4-3"}, "--years and --to cannot be used together: give one"},
		{[]string{"advance", "12", "--to", " "}, "--to: no date given"},
		{[]string{"retreat", "12", "--to", "1492-4-3"}, "unknown flag: --to"},
		{[]string{"advance", "12", "--days", "many"}, `invalid argument "many" for "--days" flag: strconv.ParseInt: parsing "many": invalid syntax`},
		{[]string{"advance"}, "accepts 1 arg(s), received 0"},
		{[]string{"advance", "0"}, "calendar id 0 is not valid: ids are positive"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			env := newCTEnv(t, "", nil)
			ctWantUsage(t, env.run(tc.args...), tc.want)
			env.api.wantRoutes(t, false)
		})
	}
}

// A date the almanac refuses is exit 2 after the read, with nothing sent.
func TestMoveRefusesBadDatesAfterTheRead(t *testing.T) {
	cases := []struct {
		from string
		args []string
		want string
	}{
		{"1492-4-1", []string{"advance", "12", "--to", "1492-4-31"}, "--to: day 31 does not exist: Ches has 30 days"},
		{"1491-4-1", []string{"advance", "12", "--to", "1491-Midsummer-2"}, "--to: day 2 of Midsummer exists only in leap years"},
		{"1492-4-1", []string{"advance", "12", "--to", "1492-m-1"}, `--to: month "m" is ambiguous: it may be Midwinter (month 2), Mirtul (The Melting, month 7), Midsummer (month 10), Marpenoth (Leaffall, month 14)`},
		{"1492-4-1", []string{"advance", "12", "--to", "3 Ches 1491"}, "--to: 1491-4-3 is before the current date 1492-4-1: advance moves forward (set any date with `kanka calendar update --date`)"},
		{"", []string{"advance", "12"}, "calendar \"Calendar of Harptos\" has no current date: set one with `kanka calendar update 12 --date Y-M-D`"},
		{"1492-0-1", []string{"retreat", "12"}, "the current date 1492-0-1 of calendar \"Calendar of Harptos\" does not exist (month 0 does not exist: the calendar has 17 months): set one with `kanka calendar update 12 --date Y-M-D`"},
		{"1492-4-1", []string{"advance", "12", "--years", "1000000000000"}, "1492-4-1 plus 1000000000000 years falls outside the years -1000000000000 to 1000000000000"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			env := newCTEnv(t, "", map[string]ctAnswer{"GET calendars/12": {200, harptos(tc.from)}})
			ctWantUsage(t, env.run(tc.args...), tc.want)
			env.api.wantRoutes(t, false, "GET calendars/12")
			if env.out.Len() != 0 {
				t.Errorf("stdout %q, want nothing", env.out)
			}
		})
	}
}

// A calendar the live service wiped (no months) cannot be moved: exit 1,
// nothing sent.
func TestMoveRefusesAWipedCalendar(t *testing.T) {
	wiped := `{"id":12,"name":"Calendar of Harptos","date":"1-0-1","months":[],"weekdays":[],"years":[],"seasons":[],"moons":[]}`
	env := newCTEnv(t, "", map[string]ctAnswer{"GET calendars/12": {200, wiped}})
	err := env.run("advance", "12")
	var usage *cmdutil.UsageError
	if err == nil || errors.As(err, &usage) || err.Error() != "calendar 12 has no date to move: the calendar has no months" {
		t.Errorf("error %v, want a failure (exit 1) saying the calendar has no months", err)
	}
	env.api.wantRoutes(t, false, "GET calendars/12")
}

// Names from the server reach the terminal with their control characters
// shown, on one line.
func TestMoveShowsControlCharactersOfNames(t *testing.T) {
	hostile := func(date string) string {
		return strings.Replace(harptos(date), `"name":"Ches"`, `"name":"Ch\u001b[2J\nes"`, 1)
	}
	env := newCTEnv(t, "", map[string]ctAnswer{
		"GET calendars/12": {200, hostile("1492-4-1")},
		"PUT calendars/12": {200, `{"data":` + hostile("1492-4-2") + `}`},
	})
	if err := env.run("advance", "12"); err != nil {
		t.Fatal(err)
	}
	if want := "1492-4-1 -> 1492-4-2 (2 Ch^[[2J es, Year of Three Ships Sailing DR)\n"; env.out.String() != want {
		t.Errorf("stdout %q, want %q", env.out, want)
	}
}
