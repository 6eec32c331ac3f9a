package calendar

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// The calendar-time tests (show, advance, retreat) run on the shared
// harness: each expects its exact requests, the bodies of its updates
// included.

// answer is one expected request ("GET calendars/12") answered 200 with body.
func answer(request, body string) cmdtest.Exchange {
	return cmdtest.Exchange{Request: request, Status: 200, Answer: body}
}

// newCTEnv runs `kanka calendar ...` with -o format against a fake API
// expecting want.
func newCTEnv(t *testing.T, format string, want ...cmdtest.Exchange) *testEnv {
	t.Helper()
	return &testEnv{cmdtest.New(t, format, want...)}
}

// harptos is the Calendar of Harptos (id 12) as a server of the interface
// document sends it (no step route), its current date set to date ("" for
// none); harptosLive is the live service's resource, with its urls.
func harptos(date string) string {
	return `{"id":12,"name":"Calendar of Harptos","entry":"<p>Realms</p>","type":"Dalereckoning",` +
		`"image_full":"","is_private":false,"entity_id":40,"tags":[3],"created_at":"2026-01-02T03:04:05.000000Z",` +
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

func harptosLive(date string) string {
	return strings.Replace(harptos(date), `"created_at"`, `"urls":{"view":"https://app.kanka.io/w/1/entities/40"},"created_at"`, 1)
}

func jsonString(s string) string {
	if s == "" {
		return "null"
	}
	b, _ := json.Marshal(s)
	return string(b)
}

// harptosPut is the one update advance and retreat must send: harptos
// sent back whole with the date y-m-d (the live service rebuilds months,
// weekdays, years, seasons and moons from it).
func harptosPut(t *testing.T, y, m, d int) string {
	t.Helper()
	return sentBack(t, harptos(""), dateKeys(y, m, d))
}

// moveAnswers are the requests of advancing or retreating calendar 12 from
// date to the date ymd: the read, and the one full update sending ymd,
// answered as the live service does ({"data": record}).
func moveAnswers(t *testing.T, from string, y, m, d int) []cmdtest.Exchange {
	t.Helper()
	return []cmdtest.Exchange{
		answer("GET calendars/12", harptos(from)),
		{Request: "PUT calendars/12", Body: harptosPut(t, y, m, d), Status: 200, Answer: `{"data":` + harptos(fmt.Sprintf("%d-%d-%d", y, m, d)) + `}`},
		noReminders(), noWeather(),
	}
}

// nothingPassed are the reads after a move of what the days passed held:
// no reminder, no weather.
func nothingPassed() []cmdtest.Exchange { return []cmdtest.Exchange{noReminders(), noWeather()} }

var nothingPassedRoutes = []string{"GET calendars/12/reminders", "GET calendars/12/calendar_weathers"}

// noWeather is calendar 12's weather, none.
func noWeather() cmdtest.Exchange {
	return answer("GET calendars/12/calendar_weathers", `{"data":[],"links":{"next":null},"meta":{"current_page":1,"last_page":1,"per_page":15,"total":0}}`)
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
		{"retreat to a date by name", "1492-4-3", []string{"retreat", "12", "--to", "1 ches 1492"}, 1492, 4, 1,
			"1492-4-3 -> 1492-4-1 (1 Ches, Year of Three Ships Sailing DR)\n"},
		{"retreat to a date across the year start", "1492-1-1", []string{"retreat", "12", "--to", "1491-Nightal-30"}, 1491, 17, 30,
			"1492-1-1 -> 1491-17-30 (30 Nightal, Year of the Scarlet Witch DR)\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := newCTEnv(t, "", moveAnswers(t, tc.from, tc.y, tc.m, tc.d)...)
			if err := env.run(tc.args...); err != nil {
				t.Fatal(err)
			}
			// The update's body, harptosPut, is checked by the harness.
			env.WantSent(append([]string{"GET calendars/12", "PUT calendars/12"}, nothingPassedRoutes...)...)
			if env.Out.String() != tc.out || env.ErrOut.String() != "" {
				t.Errorf("stdout %q, stderr %q; want stdout %q", env.Out, env.ErrOut, tc.out)
			}
		})
	}
}

// By name, the list lookup returns the calendar: no GET of it follows.
func TestMoveByNameReadsTheCalendarOnce(t *testing.T) {
	list := `{"data":[` + harptos("1492-4-1") + `],"links":{"next":null},"meta":{"current_page":1,"last_page":1,"per_page":45,"total":1}}`
	put := moveAnswers(t, "1492-4-1", 1492, 4, 2)[1] // the body harptosPut(t, 1492, 4, 2)
	env := newCTEnv(t, "", answer("GET calendars?name=Calendar+of+Harptos", list), put)
	env.Expect(nothingPassed()...)
	if err := env.run("advance", "Calendar of Harptos", "--days", "1"); err != nil {
		t.Fatal(err)
	}
	env.WantSent(append([]string{"GET calendars?name=Calendar+of+Harptos", "PUT calendars/12"}, nothingPassedRoutes...)...)
	if want := "1492-4-1 -> 1492-4-2 (2 Ches, Year of Three Ships Sailing DR)\n"; env.Out.String() != want {
		t.Errorf("stdout %q, want %q", env.Out, want)
	}
}

// -o json, yaml and id print the calendar as the server stored it (JSON
// with what the days passed held: advance_passed_test.go).
func TestMovePrintsTheServersRecord(t *testing.T) {
	t.Run("json", func(t *testing.T) {
		env := newCTEnv(t, "json", moveAnswers(t, "1492-4-1", 1492, 4, 2)...)
		if err := env.run("advance", "12"); err != nil {
			t.Fatal(err)
		}
		// The server's record, and the one key added: the day passed held nothing.
		if !cmdtest.SameJSON(env.Out.String(), strings.TrimSuffix(harptos("1492-4-2"), "}")+`,"days_passed":[]}`) {
			t.Errorf("-o json printed\n%s\nwant the server's record", env.Out)
		}
	})
	t.Run("id", func(t *testing.T) {
		env := newCTEnv(t, "id", moveAnswers(t, "1492-4-3", 1492, 4, 2)...)
		if err := env.run("retreat", "12", "--days", "1"); err != nil {
			t.Fatal(err)
		}
		if env.Out.String() != "12\n" {
			t.Errorf("-o id printed %q", env.Out)
		}
	})
	t.Run("jq", func(t *testing.T) {
		env := newCTEnv(t, "", moveAnswers(t, "1492-4-1", 1492, 4, 2)...)
		env.F.Globals.JQ = ".date"
		if err := env.run("advance", "12"); err != nil {
			t.Fatal(err)
		}
		if env.Out.String() != "1492-4-2\n" {
			t.Errorf("--jq .date printed %q", env.Out)
		}
	})
}

// A server that stores another date than the one sent: a failure (exit
// 1) saying both, never reported as moved.
func TestMoveFailsWhenTheServerStoresAnotherDate(t *testing.T) {
	env := newCTEnv(t, "", answer("GET calendars/12", harptos("1492-4-1")),
		cmdtest.Exchange{Request: "PUT calendars/12", Body: harptosPut(t, 1492, 4, 2), Status: 200, Answer: `{"data":` + harptos("1492-4-5") + `}`})
	err := env.run("advance", "12")
	var notKept *client.DateNotKeptError
	if !errors.As(err, &notKept) || err.Error() != "calendar 12: the service stored the date 1492-4-5, not 1492-4-2" {
		t.Errorf("error %v, want the date not kept", err)
	}
	if env.Out.Len() != 0 {
		t.Errorf("stdout %q, want nothing", env.Out)
	}
}

// stepAnswer is the live service's step route answering date.
func stepAnswer(verb, date string) cmdtest.Exchange {
	return cmdtest.Exchange{Request: "POST calendars/12/" + verb, Body: `{}`, Status: 200, Answer: `{"date":"` + date + `"}`}
}

// Against the live service a one-day move uses its advance or retreat
// route, which moves the date alone (named weeks survive): still 2
// requests, and -o json prints the record with the date the route answered.
func TestMoveOneDayUsesTheLiveRoute(t *testing.T) {
	env := newCTEnv(t, "", answer("GET calendars/12", harptosLive("1492-4-1")), stepAnswer("advance", "1492-4-2"))
	env.Expect(nothingPassed()...)
	if err := env.run("advance", "12"); err != nil {
		t.Fatal(err)
	}
	env.WantSent(append([]string{"GET calendars/12", "POST calendars/12/advance"}, nothingPassedRoutes...)...)
	if want := "1492-4-1 -> 1492-4-2 (2 Ches, Year of Three Ships Sailing DR)\n"; env.Out.String() != want || env.ErrOut.Len() != 0 {
		t.Errorf("stdout %q, stderr %q; want %q", env.Out, env.ErrOut, want)
	}

	env = newCTEnv(t, "json", answer("GET calendars/12", harptosLive("1492-1-1")), stepAnswer("retreat", "1491-17-30"))
	env.Expect(nothingPassed()...)
	if err := env.run("retreat", "12"); err != nil {
		t.Fatal(err)
	}
	if !cmdtest.SameJSON(env.Out.String(), strings.TrimSuffix(harptosLive("1491-17-30"), "}")+`,"days_passed":[]}`) {
		t.Errorf("-o json printed\n%s\nwant the record with the new date", env.Out)
	}

	// A server that turns out to have no such route (a route-level 404):
	// one full update instead.
	env = newCTEnv(t, "", answer("GET calendars/12", harptosLive("1492-4-1")),
		cmdtest.Exchange{Request: "POST calendars/12/advance", Body: `{}`, Status: 404, Answer: `{"error":"Page not found"}`},
		cmdtest.Exchange{Request: "PUT calendars/12", Body: harptosPut(t, 1492, 4, 2), Status: 200, Answer: `{"data":` + harptosLive("1492-4-2") + `}`})
	env.Expect(nothingPassed()...)
	if err := env.run("advance", "12"); err != nil {
		t.Fatal(err)
	}
	env.WantSent(append([]string{"GET calendars/12", "POST calendars/12/advance", "PUT calendars/12"}, nothingPassedRoutes...)...)
}

// A longer move on the live service is one full update, which clears
// named weeks: a note says so. --keep-weeks steps one day a request
// instead, the cost said first.
func TestMoveLongerOnTheLiveServiceKeepsWeeksOnlyWhenAsked(t *testing.T) {
	env := newCTEnv(t, "", answer("GET calendars/12", harptosLive("1492-4-1")),
		cmdtest.Exchange{Request: "PUT calendars/12", Body: harptosPut(t, 1492, 4, 4), Status: 200, Answer: `{"data":` + harptosLive("1492-4-4") + `}`})
	env.Expect(nothingPassed()...)
	if err := env.run("advance", "12", "--days", "3"); err != nil {
		t.Fatal(err)
	}
	if want := "note: a move of 3 days is one full update of the calendar, which clears named weeks set in the web interface (kanka cannot read them); --keep-weeks moves one day at a time instead\n"; env.ErrOut.String() != want {
		t.Errorf("stderr %q, want %q", env.ErrOut, want)
	}

	env = newCTEnv(t, "", answer("GET calendars/12", harptosLive("1492-4-1")),
		stepAnswer("advance", "1492-4-2"), stepAnswer("advance", "1492-4-3"), stepAnswer("advance", "1492-4-4"))
	env.Expect(nothingPassed()...)
	if err := env.run("advance", "12", "--days", "3", "--keep-weeks"); err != nil {
		t.Fatal(err)
	}
	env.WantSent(append([]string{"GET calendars/12", "POST calendars/12/advance", "POST calendars/12/advance", "POST calendars/12/advance"}, nothingPassedRoutes...)...)
	if want := "Moving 3 days one day at a time: 3 requests (about 1 minute at 30 requests a minute).\n"; env.ErrOut.String() != want {
		t.Errorf("stderr %q, want %q", env.ErrOut, want)
	}
	if want := "1492-4-1 -> 1492-4-4 (4 Ches, Year of Three Ships Sailing DR)\n"; env.Out.String() != want {
		t.Errorf("stdout %q, want %q", env.Out, want)
	}

	// The route lands elsewhere than the almanac says: not reported done.
	env = newCTEnv(t, "", answer("GET calendars/12", harptosLive("1492-4-1")),
		stepAnswer("advance", "1492-4-2"), stepAnswer("advance", "1492-4-4"))
	err := env.run("advance", "12", "--days", "2", "--keep-weeks")
	if err == nil || err.Error() != "calendar 12: the service stored the date 1492-4-4, not 1492-4-3 (its advance route counts the days otherwise)" {
		t.Errorf("error %v", err)
	}
}

// The live service keeps a day only up to the month's base length: an
// update onto Shieldmeet stores 30 Flamerule's next day, 1 Midsummer, and
// the route steps onto 2 Midsummer. A server that clamps and has no route
// leaves the date unset: a failure naming both dates.
func TestMoveOntoALeapDay(t *testing.T) {
	env := newCTEnv(t, "", answer("GET calendars/12", harptosLive("1492-9-30")),
		cmdtest.Exchange{Request: "PUT calendars/12", Body: harptosPut(t, 1492, 10, 2), Status: 200, Answer: `{"data":` + harptosLive("1492-10-1") + `}`},
		stepAnswer("advance", "1492-10-2"))
	env.Expect(nothingPassed()...)
	if err := env.run("advance", "12", "--days", "2", "-q"); err != nil {
		t.Fatal(err)
	}
	env.WantSent(append([]string{"GET calendars/12", "PUT calendars/12", "POST calendars/12/advance"}, nothingPassedRoutes...)...)
	if want := "1492-9-30 -> 1492-10-2 (2 Midsummer, Year of Three Ships Sailing DR)\n"; env.Out.String() != want {
		t.Errorf("stdout %q, want %q", env.Out, want)
	}

	env = newCTEnv(t, "", answer("GET calendars/12", harptos("1492-9-30")),
		cmdtest.Exchange{Request: "PUT calendars/12", Body: harptosPut(t, 1492, 10, 2), Status: 200, Answer: `{"data":` + harptos("1492-10-1") + `}`},
		cmdtest.Exchange{Request: "POST calendars/12/advance", Body: `{}`, Status: 404, Answer: `{"error":"Page not found"}`})
	err := env.run("advance", "12", "--days", "2")
	want := "calendar 12: the service stored the date 1492-10-1, not 1492-10-2 (it keeps a day only up to the month's base length, and has no route to step onto a leap day)"
	if err == nil || err.Error() != want || env.Out.Len() != 0 {
		t.Errorf("error %v, stdout %q; want %q", err, env.Out, want)
	}
}

// --to the current date changes nothing and sends nothing but the read.
func TestAdvanceToTheCurrentDateSendsNoUpdate(t *testing.T) {
	env := newCTEnv(t, "", answer("GET calendars/12", harptos("1492-4-1")))
	if err := env.run("advance", "12", "--to", "1492-Ches-1"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars/12")
	if want := "1492-4-1 -> 1492-4-1 (1 Ches, Year of Three Ships Sailing DR)\n"; env.Out.String() != want {
		t.Errorf("stdout %q, want %q", env.Out, want)
	}
}

// So does retreat's.
func TestRetreatToTheCurrentDateSendsNoUpdate(t *testing.T) {
	env := newCTEnv(t, "", answer("GET calendars/12", harptos("1492-4-1")))
	if err := env.run("retreat", "12", "--to", "1 Ches 1492"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars/12")
	if want := "1492-4-1 -> 1492-4-1 (1 Ches, Year of Three Ships Sailing DR)\n"; env.Out.String() != want {
		t.Errorf("stdout %q, want %q", env.Out, want)
	}
}

// --to the day before is a one-day move: against the live service it uses
// the retreat route, as advance --to the next day uses advance's.
func TestRetreatToTheDayBeforeUsesTheLiveRoute(t *testing.T) {
	env := newCTEnv(t, "", answer("GET calendars/12", harptosLive("1492-4-2")), stepAnswer("retreat", "1492-4-1"))
	env.Expect(nothingPassed()...)
	if err := env.run("retreat", "12", "--to", "1492-4-1"); err != nil {
		t.Fatal(err)
	}
	env.WantSent(append([]string{"GET calendars/12", "POST calendars/12/retreat"}, nothingPassedRoutes...)...)
	if want := "1492-4-2 -> 1492-4-1 (1 Ches, Year of Three Ships Sailing DR)\n"; env.Out.String() != want || env.ErrOut.Len() != 0 {
		t.Errorf("stdout %q, stderr %q; want %q", env.Out, env.ErrOut, want)
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
		{[]string{"retreat", "12", "--days", "2", "--to", "1492-4-3"}, "--days and --to cannot be used together: give one"},
		{[]string{"retreat", "12", "--to", ""}, "--to: no date given"},
		{[]string{"advance", "12", "--days", "many"}, `--days "many": not a whole number`},
		{[]string{"advance"}, "missing ID|NAME: the calendar to advance"},
		{[]string{"advance", "0"}, "calendar id 0 is not valid: ids are positive"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			env := newCTEnv(t, "")
			wantUsage(t, env.run(tc.args...), tc.want)
			env.WantSent()
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
		{"1492-4-1", []string{"advance", "12", "--to", "3 Ches 1491"}, "--to: 1491-4-3 is before the current date 1492-4-1: advance moves forward (to move back use `kanka calendar retreat`; to set any date, `kanka calendar update --date`)"},
		{"1492-4-1", []string{"retreat", "12", "--to", "1492-Ches-3"}, "--to: 1492-4-3 is after the current date 1492-4-1: retreat moves back (to move forward use `kanka calendar advance`; to set any date, `kanka calendar update --date`)"},
		{"1492-4-1", []string{"retreat", "12", "--to", "1492-2-2"}, "--to: day 2 does not exist: Midwinter has 1 day"},
		{"", []string{"advance", "12"}, "calendar \"Calendar of Harptos\" has no current date: set one with `kanka calendar update 12 --date Y-M-D`"},
		{"1492-0-1", []string{"retreat", "12"}, "the current date 1492-0-1 of calendar \"Calendar of Harptos\" does not exist (month 0 does not exist: the calendar has 17 months): set one with `kanka calendar update 12 --date Y-M-D`"},
		{"1492-4-1", []string{"advance", "12", "--years", "1000000000000"}, "1492-4-1 plus 1000000000000 years falls outside the years -1000000000000 to 1000000000000"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			env := newCTEnv(t, "", answer("GET calendars/12", harptos(tc.from)))
			wantUsage(t, env.run(tc.args...), tc.want)
			env.WantSent("GET calendars/12")
			if env.Out.Len() != 0 {
				t.Errorf("stdout %q, want nothing", env.Out)
			}
		})
	}
}

// A calendar the live service wiped (no months) cannot be moved: exit 1,
// nothing sent.
func TestMoveRefusesAWipedCalendar(t *testing.T) {
	wiped := `{"id":12,"name":"Calendar of Harptos","date":"1-0-1","months":[],"weekdays":[],"years":[],"seasons":[],"moons":[],"has_leap_year":false}`
	env := newCTEnv(t, "", answer("GET calendars/12", wiped))
	err := env.run("advance", "12")
	var usage *cmdutil.UsageError
	if err == nil || errors.As(err, &usage) || err.Error() != "calendar 12 has no date to move: the calendar has no months" {
		t.Errorf("error %v, want a failure (exit 1) saying the calendar has no months", err)
	}
	env.WantSent("GET calendars/12")
}

// Names from the server reach the terminal with their control characters
// shown, on one line.
func TestMoveShowsControlCharactersOfNames(t *testing.T) {
	hostile := func(date string) string {
		return strings.Replace(harptos(date), `"name":"Ches"`, `"name":"Ch\u001b[2J\nes"`, 1)
	}
	// The whole record goes back, the name as the server sent it: the
	// update of harptos with its fourth month named so.
	put := strings.Replace(harptosPut(t, 1492, 4, 2), `"Ches","Tarsakh"`, `"Ch\u001b[2J\nes","Tarsakh"`, 1)
	if !strings.Contains(put, `"Ch\u001b[2J\nes"`) {
		t.Fatalf("the update of harptos names no month Ches to rename: %s", put)
	}
	env := newCTEnv(t, "", answer("GET calendars/12", hostile("1492-4-1")),
		cmdtest.Exchange{Request: "PUT calendars/12", Body: put, Status: 200, Answer: `{"data":` + hostile("1492-4-2") + `}`})
	env.Expect(nothingPassed()...)
	if err := env.run("advance", "12"); err != nil {
		t.Fatal(err)
	}
	if want := "1492-4-1 -> 1492-4-2 (2 Ch^[[2J es, Year of Three Ships Sailing DR)\n"; env.Out.String() != want {
		t.Errorf("stdout %q, want %q", env.Out, want)
	}
}

// A calendar whose answer did not say whether it has leap years cannot
// have its days counted as the service counts them: no move is computed
// from a guess (exit 1, nothing sent) unless --force.
func TestMoveRefusesACalendarWhoseLeapYearsAreUnknown(t *testing.T) {
	unknown := strings.Replace(harptos("1492-4-1"), `"has_leap_year":true,`, ``, 1)
	env := newCTEnv(t, "", answer("GET calendars/12", unknown))
	err := env.run("advance", "12", "--days", "3")
	want := "calendar 12 \"Calendar of Harptos\": the server's answer did not give has_leap_year (left out or null), so its days cannot be counted as the service counts them; nothing was sent. Set them with `kanka calendar update 12 -f FILE`, or add --force to count without them as a write would store them (no leap years; leap days in month 1)"
	if err == nil || err.Error() != want {
		t.Errorf("error %v", err)
	}
	env.WantSent("GET calendars/12")
}

// A leap month the answer holds as null is counted by the service as no
// leap day at all, though a write would store month 1: kanka cannot know
// which, so it refuses the move as above.
func TestMoveRefusesACalendarWhoseLeapMonthIsNull(t *testing.T) {
	record := harptos("1492-4-1")
	nullMonth := regexp.MustCompile(`"leap_year_month":\d+`).ReplaceAllString(record, `"leap_year_month":null`)
	if nullMonth == record {
		t.Fatal("harptos has no leap_year_month to null")
	}
	env := newCTEnv(t, "", answer("GET calendars/12", nullMonth))
	err := env.run("advance", "12")
	want := "calendar 12 \"Calendar of Harptos\": the server's answer did not give leap_year_month (left out or null), so its days cannot be counted as the service counts them; nothing was sent. Set them with `kanka calendar update 12 -f FILE`, or add --force to count without them as a write would store them (no leap years; leap days in month 1)"
	if err == nil || err.Error() != want {
		t.Errorf("error %v", err)
	}
	env.WantSent("GET calendars/12")
}
