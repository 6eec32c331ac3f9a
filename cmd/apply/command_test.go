package apply

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// The command's tests run `kanka apply` as a user does, on the shared
// harness (cmdtest): the seed on standard input, a fake API that answers
// only the requests a test expects, each request's method, path and body
// compared with one written out here, and the command's output compared
// whole. The exit code is the root's mapping of the error (cmd/root's
// exitCode), so a test asserts the error's kind: a *RunError unwrapping
// to a 422 exits 5, to the interrupt 130, cmdutil.ChangedErrors 8, a
// usage error 2.

// runApply runs `kanka apply args...` on env.
func runApply(env *cmdtest.Env, args ...string) error {
	return env.Run(NewCmdApply(env.F, nil), args...)
}

// The list answers and the check before the first write (cmdtest's).
const (
	listSync = cmdtest.ListSync
	lastSync = cmdtest.LastSync
)

var (
	listOf = cmdtest.List
	one    = cmdtest.One
	ok     = cmdtest.OK
)

// greyhawkRecord is calendar 5 as the server sends it, with name, type
// and tags as given: two months of 28 days, two weekdays, no leap years,
// one moon (id 9).
func greyhawkRecord(name, typ, tags string) string {
	return fmt.Sprintf(`{"id":5,"name":%q,"type":%q,"date":"591-1-1","is_private":false,"tags":%s,`+
		`"months":[{"name":"Fireseek","length":28,"type":"standard"},{"name":"Readying","length":28,"type":"standard"}],`+
		`"weekdays":["Starday","Sunday"],"years":[],"seasons":[],"moons":[{"id":9,"name":"Luna","fullmoon":28,"offset":0,"colour":"white"}],`+
		`"has_leap_year":false,"updated_at":"2026-01-02T03:04:05.000000Z"}`, name, typ, tags)
}

// entryRecord is a weather entry of calendar 5 as the server sends it.
func entryRecord(id, year, month, day int, weather, temperature string) string {
	return fmt.Sprintf(`{"id":%d,"calendar_id":5,"name":null,"weather":%q,"temperature":%q,"precipitation":null,"wind":null,"effect":null,`+
		`"day":%d,"month":%d,"year":%d,"visibility_id":1}`, id, weather, temperature, day, month, year)
}

var created = cmdtest.Created

// greyhawkPut is the update of greyhawkRecord sent back whole, with name,
// type and tags as given: every field it was read with, the lists as the
// service takes them (parallel arrays), its moon with its id.
func greyhawkPut(name, typ, tags string) string {
	return fmt.Sprintf(`{"name":%q,"type":%q,"current_year":591,"current_month":1,"current_day":1,"is_private":false,"tags":%s,`+
		`"month_name":["Fireseek","Readying"],"month_length":[28,28],"month_type":["standard","standard"],"month_alias":["",""],`+
		`"weekday":["Starday","Sunday"],"year_number":[],"year_name":[],"season_name":[],"season_month":[],"season_day":[],`+
		`"moon_id":[9],"moon_name":["Luna"],"moon_fullmoon":[28],"moon_offset":[0],"moon_colour":["white"],"has_leap_year":false}`, name, typ, tags)
}

// wantRequests fails unless env was sent first exactly reads, in this
// order, then exactly writes in any order (writes go several at once).
func wantRequests(t *testing.T, env *cmdtest.Env, reads []string, writes ...string) {
	t.Helper()
	sent := env.Sent()
	if len(sent) < len(reads) || strings.Join(sent[:len(reads)], "\n") != strings.Join(reads, "\n") || !sameSet(sent[len(reads):], writes) {
		t.Errorf("requests:\n  %s\nwant:\n  %s\nthen in any order:\n  %s", strings.Join(sent, "\n  "), strings.Join(reads, "\n  "), strings.Join(writes, "\n  "))
	}
}

// wantOutput fails unless the command printed exactly out on stdout and
// errOut on stderr.
func wantOutput(t *testing.T, env *cmdtest.Env, out, errOut string) {
	t.Helper()
	if env.Out.String() != out {
		t.Errorf("stdout:\n%s\nwant:\n%s", env.Out, out)
	}
	if env.ErrOut.String() != errOut {
		t.Errorf("stderr:\n%q\nwant:\n%q", env.ErrOut, errOut)
	}
}

// A file that changes a calendar's type (its tags given in another order,
// which is no change), updates one entry, adds one, prunes one and
// creates a calendar: the plan is printed, then one check of what changed
// meanwhile, then exactly those five writes, each body written out: the
// update sends the whole record back (its moon with its id, so that the
// moon is kept, not made again), the entry's update its date, its
// weather and the one change. The run ends with its summary; exit 0.
func TestApplyWritesWhatTheFileChangesAndNothingElse(t *testing.T) {
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))),
		ok("GET calendars/5/calendar_weathers", "", listOf(entryRecord(41, 591, 1, 1, "snowflake", "-5C"), entryRecord(42, 591, 1, 3, "sun", ""))),
		ok(lastSync, "", listOf()),
		ok("PUT calendars/5", greyhawkPut("Greyhawk", "Lunar", "[7,3]"), one(greyhawkRecord("Greyhawk", "Lunar", "[3,7]"))),
		created("POST calendars", `{"name":"Eberron","month_name":["Zarantyr","Olarune"],"month_length":[28,28],"month_type":["standard","standard"],"month_alias":["",""],"weekday":["Sul","Mol"]}`,
			one(`{"id":6,"name":"Eberron"}`)),
		ok("PUT calendars/5/calendar_weathers/41", `{"year":591,"month":1,"day":1,"weather":"snowflake","temperature":"-8C"}`, one(entryRecord(41, 591, 1, 1, "snowflake", "-8C"))),
		created("POST calendars/5/calendar_weathers", `{"year":591,"month":1,"day":2,"weather":"cloud"}`, one(entryRecord(43, 591, 1, 2, "cloud", ""))),
		cmdtest.Exchange{Request: "DELETE calendars/5/calendar_weathers/42", Status: 204},
	)
	env.In.WriteString(`calendars:
  - name: Greyhawk
    type: Lunar
    tags: [7, 3]
    weather:
      - {date: 591-1-1, weather: snowflake, temperature: -8C}
      - {date: 591-1-2, weather: cloud}
  - name: Eberron
    months: [{name: Zarantyr, length: 28}, {name: Olarune, length: 28}]
    weekdays: [Sul, Mol]
`)
	if err := runApply(env, "-f", "-", "--prune"); err != nil {
		t.Fatal(err)
	}
	wantRequests(t, env, []string{"GET calendars", "GET calendars/5/calendar_weathers", "GET calendars?lastSync=2026-01-09T09%3A59%3A59.000000Z"},
		"PUT calendars/5", "POST calendars", "PUT calendars/5/calendar_weathers/41", "POST calendars/5/calendar_weathers", "DELETE calendars/5/calendar_weathers/42")
	wantOutput(t, env, `calendar "Greyhawk" (id 5): update
  type: "Solar" -> "Lunar"
  weather: 1 to create, 1 to update, 1 to delete, 0 unchanged
calendar "Eberron": create
Plan: 1 calendar to create, 1 to update, 0 unchanged; 1 weather entry to create, 1 to update, 1 to delete, 0 unchanged.
Applied: 5 of 5 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "created calendar 6 \"Eberron\"\n")
}

// A file the campaign already holds (its tags in another order: tags are
// a set) sends no write and no check: the calendar list and the weather,
// then "Nothing to change."; with -o json the report says it with an
// outcome of 0 writes, still without the check.
func TestApplyOfWhatTheCampaignHoldsSendsNoWriteAndNoCheck(t *testing.T) {
	const file = "calendars:\n  - name: Greyhawk\n    type: Solar\n    tags: [7, 3]\n    weather:\n      - {date: 591-1-1, weather: snowflake, temperature: -5C}\n"
	reads := func() []cmdtest.Exchange {
		return []cmdtest.Exchange{
			ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))),
			ok("GET calendars/5/calendar_weathers", "", listOf(entryRecord(41, 591, 1, 1, "snowflake", "-5C"))),
		}
	}
	t.Run("text", func(t *testing.T) {
		env := cmdtest.New(t, "", reads()...)
		env.In.WriteString(file)
		if err := runApply(env, "-f", "-"); err != nil {
			t.Fatal(err)
		}
		env.WantSent("GET calendars", "GET calendars/5/calendar_weathers")
		wantOutput(t, env, `calendar "Greyhawk" (id 5): unchanged
  weather: 0 to create, 0 to update, 0 to delete, 1 unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 1 unchanged.
Nothing to change.
`, "")
	})
	t.Run("json", func(t *testing.T) {
		env := cmdtest.New(t, "json", reads()...)
		env.In.WriteString(file)
		if err := runApply(env, "-f", "-"); err != nil {
			t.Fatal(err)
		}
		env.WantSent("GET calendars", "GET calendars/5/calendar_weathers")
		wantOutput(t, env, `{
  "dry_run": false,
  "calendars": [
    {
      "where": "standard input: line 2",
      "name": "Greyhawk",
      "id": 5,
      "action": "unchanged",
      "weather": {
        "create": 0,
        "update": 0,
        "delete": 0,
        "unchanged": 1,
        "actions": []
      }
    }
  ],
  "summary": "Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 1 unchanged.",
  "outcome": {
    "total": 0,
    "done": 0,
    "failed": 0,
    "unknown": 0,
    "in_flight": 0,
    "skipped": 0,
    "summary": "Applied: 0 of 0 writes done, 0 failed, 0 may have been applied, 0 not tried."
  }
}
`, "")
	})
}

// One write refused by a server error (an entry's update, answered 500:
// failed) and one whose answer is a server error too (an entry's create,
// answered 502: it may have been applied), beside one that is done: the
// run does not stop at them, -o json says each write's status, error and
// id and counts them, and the command ends with an error (exit 1, never
// 0) that counts them and names the first of the two equally bad
// failures.
func TestApplyWithAFailedAndAnUnknownWriteReportsBothAndFails(t *testing.T) {
	env := cmdtest.New(t, "json",
		ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))),
		ok("GET calendars/5/calendar_weathers", "", listOf(entryRecord(41, 591, 1, 1, "snowflake", "-5C"))),
		ok(lastSync, "", listOf()),
		cmdtest.Exchange{Request: "PUT calendars/5/calendar_weathers/41", Body: `{"year":591,"month":1,"day":1,"weather":"sun"}`,
			Status: 500, Answer: `{"message":"Server Error"}`},
		cmdtest.Exchange{Request: "POST calendars/5/calendar_weathers", Body: `{"year":591,"month":1,"day":2,"weather":"cloud"}`,
			Status: 502, Answer: `{"message":"Bad Gateway"}`},
		created("POST calendars/5/calendar_weathers", `{"year":591,"month":1,"day":3,"weather":"wind"}`, one(entryRecord(44, 591, 1, 3, "wind", ""))),
	)
	env.In.WriteString("calendars:\n  - name: Greyhawk\n    weather:\n      - {date: 591-1-1, weather: sun}\n      - {date: 591-1-2, weather: cloud}\n      - {date: 591-1-3, weather: wind}\n")
	err := runApply(env, "-f", "-")
	var runErr *RunError
	var apiErr *client.Error
	if !errors.As(err, &runErr) || !errors.As(err, &apiErr) || apiErr.StatusCode != 500 || client.IsValidation(err) || client.IsNotFound(err) || client.IsAuth(err) {
		t.Fatalf("err = %v, want a run error unwrapping to the 500 (exit 1)", err)
	}
	if want := "1 of 3 writes done, 1 failed, 1 may have been applied; run apply again to finish (nothing is made twice): " +
		"PUT http://localhost/api/1.0/campaigns/1/calendars/5/calendar_weathers/41: 500 Server Error"; err.Error() != want {
		t.Errorf("error:\n%s\nwant:\n%s", err, want)
	}
	wantOutput(t, env, `{
  "dry_run": false,
  "calendars": [
    {
      "where": "standard input: line 2",
      "name": "Greyhawk",
      "id": 5,
      "action": "unchanged",
      "weather": {
        "create": 2,
        "update": 1,
        "delete": 0,
        "unchanged": 0,
        "actions": [
          {
            "where": "standard input: line 4",
            "date": "591-1-1",
            "id": 41,
            "action": "update",
            "status": "failed",
            "error": "updating weather 41 of calendar 5: 500 Server Error",
            "changes": [
              {
                "field": "weather",
                "old": "\"snowflake\"",
                "new": "\"sun\""
              }
            ]
          },
          {
            "where": "standard input: line 5",
            "date": "591-1-2",
            "action": "create",
            "status": "unknown",
            "error": "creating weather in calendar 5: 502 Bad Gateway; the request may have been applied, so it was not retried: check before trying again"
          },
          {
            "where": "standard input: line 6",
            "date": "591-1-3",
            "id": 44,
            "action": "create",
            "status": "done"
          }
        ]
      }
    }
  ],
  "summary": "Plan: 0 calendars to create, 0 to update, 1 unchanged; 2 weather entries to create, 1 to update, 0 to delete, 0 unchanged.",
  "outcome": {
    "total": 3,
    "done": 1,
    "failed": 1,
    "unknown": 1,
    "in_flight": 0,
    "skipped": 0,
    "summary": "Applied: 1 of 3 writes done, 1 failed, 1 may have been applied, 0 not tried."
  }
}
`, "")
	wantRequests(t, env, []string{"GET calendars", "GET calendars/5/calendar_weathers", "GET calendars?lastSync=2026-01-09T09%3A59%3A59.000000Z"},
		"PUT calendars/5/calendar_weathers/41", "POST calendars/5/calendar_weathers", "POST calendars/5/calendar_weathers")
}

// eberronFile creates calendar Eberron with two entries.
const eberronFile = `calendars:
  - name: Eberron
    months: [{name: Zarantyr, length: 28}, {name: Olarune, length: 28}]
    weekdays: [Sul, Mol]
    weather:
      - {date: 998-1-1, weather: sun}
      - {date: 998-1-2, weather: cloud}
`

// eberronCreate is the create eberronFile sends for the calendar.
const eberronCreate = `{"name":"Eberron","month_name":["Zarantyr","Olarune"],"month_length":[28,28],"month_type":["standard","standard"],"month_alias":["",""],"weekday":["Sul","Mol"]}`

// refused is a 422 as the service words it.
const refused = `{"message":"The given data was invalid.","errors":{"weather":["The weather is refused."]}}`

// On a terminal, stderr shows one progress line, redrawn as each write
// ends ("[2/3] create weather ..."), saying of a write that did not end
// done what became of it, and erased at the end; stdout says what failed
// and why, then the summary. A refused entry makes the exit 5.
func TestApplyShowsItsProgressOnATerminal(t *testing.T) {
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf()),
		ok(lastSync, "", listOf()),
		created("POST calendars", eberronCreate, one(`{"id":6,"name":"Eberron"}`)),
		created("POST calendars/6/calendar_weathers", `{"year":998,"month":1,"day":1,"weather":"sun"}`, one(`{"id":50,"calendar_id":6,"weather":"sun","year":998,"month":1,"day":1}`)),
		cmdtest.Exchange{Request: "POST calendars/6/calendar_weathers", Body: `{"year":998,"month":1,"day":2,"weather":"cloud"}`, Status: 422, Answer: refused},
	)
	env.F.IO.ErrTTY = true
	env.In.WriteString(eberronFile)
	err := runApply(env, "-f", "-")
	if !errors.As(err, new(*RunError)) || !client.IsValidation(err) {
		t.Fatalf("err = %v, want a run error unwrapping to the 422 (exit 5)", err)
	}
	wantOutput(t, env, `calendar "Eberron": create
  weather: 2 to create, 0 to update, 0 to delete, 0 unchanged
Plan: 1 calendar to create, 0 to update, 0 unchanged; 2 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
failed: create weather 998-1-2 of calendar "Eberron" (id 6): creating weather in calendar 6: 422 The given data was invalid.
  weather: The weather is refused.
Applied: 2 of 3 writes done, 1 failed, 0 may have been applied, 0 not tried.
`, "\r\x1b[K[1/3] create calendar \"Eberron\""+
		"\r\x1b[K[2/3] create weather 998-1-1 of \"Eberron\""+
		"\r\x1b[K[3/3] create weather 998-1-2 of \"Eberron\": failed"+
		"\r\x1b[K"+
		"created calendar 6 \"Eberron\"\n")
}

// greyhawkChanges changes Greyhawk's type and its weather: an entry
// updated, one created, and with --prune one deleted.
const greyhawkChanges = `calendars:
  - name: Greyhawk
    type: Lunar
    weather:
      - {date: 591-1-1, weather: snowflake, temperature: -8C}
      - {date: 591-1-2, weather: cloud}
`

// greyhawkReads are the reads of an apply of greyhawkChanges: the
// calendar list and Greyhawk's weather (entries 41 and 42).
func greyhawkReads() []cmdtest.Exchange {
	return []cmdtest.Exchange{
		ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))),
		ok("GET calendars/5/calendar_weathers", "", listOf(entryRecord(41, 591, 1, 1, "snowflake", "-5C"), entryRecord(42, 591, 1, 3, "sun", ""))),
	}
}

// --dry-run prints the plan and sends nothing but the reads: no check, no
// write. The entries themselves are listed with -v, or when stdout is a
// terminal; -o json says each write "planned".
func TestApplyDryRunPrintsThePlanAndSendsNoWrite(t *testing.T) {
	const plan = `calendar "Greyhawk" (id 5): update
  type: "Solar" -> "Lunar"
  weather: 1 to create, 1 to update, 1 to delete, 0 unchanged
`
	const entries = `    ~ 591-1-1 (id 41) temperature: "-5C" -> "-8C"
    + 591-1-2 cloud
    - 591-1-3 (id 42) sun
`
	const summary = "Plan: 0 calendars to create, 1 to update, 0 unchanged; 1 weather entry to create, 1 to update, 1 to delete, 0 unchanged.\n"
	for _, tc := range []struct {
		name     string
		terminal bool
		args     []string
		out      string
	}{
		{"counts", false, nil, plan + summary},
		{"entries with -v", false, []string{"-v"}, plan + entries + summary},
		{"entries on a terminal", true, nil, plan + entries + summary},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := cmdtest.New(t, "", greyhawkReads()...)
			if tc.terminal {
				env.Terminal()
			}
			env.In.WriteString(greyhawkChanges)
			if err := runApply(env, append([]string{"-f", "-", "--dry-run", "--prune"}, tc.args...)...); err != nil {
				t.Fatal(err)
			}
			env.WantSent("GET calendars", "GET calendars/5/calendar_weathers")
			wantOutput(t, env, tc.out, "")
		})
	}
	t.Run("json", func(t *testing.T) {
		env := cmdtest.New(t, "json", greyhawkReads()...)
		env.In.WriteString(greyhawkChanges)
		if err := runApply(env, "-f", "-", "--dry-run", "--prune"); err != nil {
			t.Fatal(err)
		}
		env.WantSent("GET calendars", "GET calendars/5/calendar_weathers")
		wantOutput(t, env, `{
  "dry_run": true,
  "calendars": [
    {
      "where": "standard input: line 2",
      "name": "Greyhawk",
      "id": 5,
      "action": "update",
      "status": "planned",
      "changes": [
        {
          "field": "type",
          "old": "\"Solar\"",
          "new": "\"Lunar\""
        }
      ],
      "weather": {
        "create": 1,
        "update": 1,
        "delete": 1,
        "unchanged": 0,
        "actions": [
          {
            "where": "standard input: line 5",
            "date": "591-1-1",
            "id": 41,
            "action": "update",
            "status": "planned",
            "changes": [
              {
                "field": "temperature",
                "old": "\"-5C\"",
                "new": "\"-8C\""
              }
            ]
          },
          {
            "where": "standard input: line 6",
            "date": "591-1-2",
            "action": "create",
            "status": "planned"
          },
          {
            "date": "591-1-3",
            "id": 42,
            "action": "delete",
            "status": "planned"
          }
        ]
      }
    }
  ],
  "summary": "Plan: 0 calendars to create, 1 to update, 0 unchanged; 1 weather entry to create, 1 to update, 1 to delete, 0 unchanged."
}
`, "")
	})
}

// A calendar someone changed between apply's read and its first write
// stops the run before that write: the plan is printed, then nothing is
// sent but the check, and the error names the calendar and the field
// (exit 8); the other change stands.
func TestApplyStopsBeforeItsFirstWriteWhenACalendarChangedMeanwhile(t *testing.T) {
	env := cmdtest.New(t, "", append(greyhawkReads(),
		ok(lastSync, "", listOf(greyhawkRecord("Greyhawk", "Tropical", "[3,7]"))))...)
	env.In.WriteString(greyhawkChanges)
	err := runApply(env, "-f", "-")
	var changed cmdutil.ChangedErrors
	if !errors.As(err, &changed) {
		t.Fatalf("err = %v, want the calendar changed (exit 8)", err)
	}
	if want := `calendar 5 "Greyhawk" changed on the server since apply read it: type. Nothing was sent, so that change stands. ` +
		`Run kanka apply again to plan with the campaign as it is now, or add --force to apply the plan anyway.`; err.Error() != want {
		t.Errorf("error:\n%s\nwant:\n%s", err, want)
	}
	env.WantSent("GET calendars", "GET calendars/5/calendar_weathers", "GET calendars?lastSync=2026-01-09T09%3A59%3A59.000000Z")
	wantOutput(t, env, `calendar "Greyhawk" (id 5): update
  type: "Solar" -> "Lunar"
  weather: 1 to create, 1 to update, 0 to delete, 0 unchanged
Plan: 0 calendars to create, 1 to update, 0 unchanged; 1 weather entry to create, 1 to update, 0 to delete, 0 unchanged.
`, "")
}

// A server without the lastSync filter lists every calendar: one listed
// as it was read is no change, whether the plan updates it or only writes
// its weather, and the writes go.
func TestApplyGoesOnWhenTheCheckListsACalendarAsItWasRead(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		want       []cmdtest.Exchange
		out        string
	}{
		{"updated", "calendars:\n  - name: Greyhawk\n    type: Lunar\n",
			[]cmdtest.Exchange{
				ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))),
				ok(lastSync, "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))),
				ok("PUT calendars/5", greyhawkPut("Greyhawk", "Lunar", "[3,7]"), one(greyhawkRecord("Greyhawk", "Lunar", "[3,7]"))),
			}, `calendar "Greyhawk" (id 5): update
  type: "Solar" -> "Lunar"
Plan: 0 calendars to create, 1 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`},
		{"weather written", "calendars:\n  - name: Greyhawk\n    weather:\n      - {date: 591-1-2, weather: cloud}\n",
			append(greyhawkReads(),
				ok(lastSync, "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))),
				created("POST calendars/5/calendar_weathers", `{"year":591,"month":1,"day":2,"weather":"cloud"}`, one(entryRecord(43, 591, 1, 2, "cloud", "")))),
			`calendar "Greyhawk" (id 5): unchanged
  weather: 1 to create, 0 to update, 0 to delete, 0 unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 1 weather entry to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := cmdtest.New(t, "", tc.want...)
			env.In.WriteString(tc.file)
			if err := runApply(env, "-f", "-"); err != nil {
				t.Fatal(err)
			}
			wantOutput(t, env, tc.out, "")
		})
	}
}

// greyhawkOn is greyhawkRecord (Solar, tags 3 and 7) with the date y-m-d,
// as the server answers a write of that date.
func greyhawkOn(date string) string {
	return strings.Replace(greyhawkRecord("Greyhawk", "Solar", "[3,7]"), `"date":"591-1-1"`, `"date":"`+date+`"`, 1)
}

// A month written by name in a calendar that the file gives no months is
// read with the calendar's months on the server: its date (Readying is
// Greyhawk's second month; set with --set-date) and its weather's dates
// are sent as numbers.
func TestApplyReadsMonthNamesWithTheServersMonths(t *testing.T) {
	t.Run("date", func(t *testing.T) {
		env := cmdtest.New(t, "",
			ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))),
			ok(lastSync, "", listOf()),
			ok("PUT calendars/5", strings.Replace(greyhawkPut("Greyhawk", "Solar", "[3,7]"), `"current_month":1,"current_day":1`, `"current_month":2,"current_day":5`, 1),
				one(greyhawkOn("591-2-5"))),
		)
		env.In.WriteString("calendars:\n  - name: Greyhawk\n    date: 591-Readying-5\n")
		if err := runApply(env, "-f", "-", "--set-date"); err != nil {
			t.Fatal(err)
		}
		wantOutput(t, env, `calendar "Greyhawk" (id 5): update
  date: 591-1-1 -> 591-2-5 (--set-date)
Plan: 0 calendars to create, 1 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "")
	})
	t.Run("weather", func(t *testing.T) {
		env := cmdtest.New(t, "", append(greyhawkReads(),
			ok(lastSync, "", listOf()),
			created("POST calendars/5/calendar_weathers", `{"year":591,"month":2,"day":3,"weather":"sun"}`, one(entryRecord(43, 591, 2, 3, "sun", ""))))...)
		env.In.WriteString("calendars:\n  - name: Greyhawk\n    weather:\n      - {date: 591-Readying-3, weather: sun}\n")
		if err := runApply(env, "-f", "-"); err != nil {
			t.Fatal(err)
		}
		wantOutput(t, env, `calendar "Greyhawk" (id 5): unchanged
  weather: 1 to create, 0 to update, 0 to delete, 0 unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 1 weather entry to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "")
	})
}

// A month name the server's months do not have, and two entries that
// fall on one date once their months are read, are refused after the
// reads and before any write (exit 2), each with its place.
func TestApplyRefusesMonthNamesThatDoNotFitTheServersMonths(t *testing.T) {
	for _, tc := range []struct {
		name, weather, err string
	}{
		{"no such month", "      - {date: 591-Flocktime-3, weather: sun}\n",
			`standard input: line 4: calendars[1].weather[1].date: month "Flocktime" does not exist in this calendar; the months are 1 Fireseek, 2 Readying; nothing was sent`},
		{"one date twice", "      - {date: 591-2-3, weather: sun}\n      - {date: 591-Readying-3, weather: cloud}\n",
			"the input is not valid, nothing was sent:\n  standard input: line 5: calendar \"Greyhawk\": weather 591-2-3: two entries on one date (at standard input: line 4)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := cmdtest.New(t, "", greyhawkReads()...)
			env.In.WriteString("calendars:\n  - name: Greyhawk\n    weather:\n" + tc.weather)
			err := runApply(env, "-f", "-")
			if !cmdtest.IsUsage(err) || err.Error() != tc.err {
				t.Errorf("err = %v\nwant the usage error (exit 2)\n%s", err, tc.err)
			}
			env.WantSent("GET calendars", "GET calendars/5/calendar_weathers")
			wantOutput(t, env, "", "")
		})
	}
}

// The live service keeps a date it can: a calendar update (--set-date)
// whose answer holds another date than the one sent is not done (exit 1), and says
// both dates; its weather, whose days did not change, still goes.
func TestApplyReportsADateTheServiceDidNotKeep(t *testing.T) {
	env := cmdtest.New(t, "", append(greyhawkReads(),
		ok(lastSync, "", listOf()),
		ok("PUT calendars/5", strings.Replace(greyhawkPut("Greyhawk", "Solar", "[3,7]"), `"current_month":1,"current_day":1`, `"current_month":2,"current_day":5`, 1),
			one(greyhawkOn("591-2-1"))),
		created("POST calendars/5/calendar_weathers", `{"year":591,"month":1,"day":2,"weather":"cloud"}`, one(entryRecord(43, 591, 1, 2, "cloud", ""))))...)
	env.In.WriteString("calendars:\n  - name: Greyhawk\n    date: 591-2-5\n    weather:\n      - {date: 591-1-2, weather: cloud}\n")
	err := runApply(env, "-f", "-", "--set-date")
	var notKept *client.DateNotKeptError
	if !errors.As(err, new(*RunError)) || !errors.As(err, &notKept) {
		t.Fatalf("err = %v, want a run error unwrapping to the date not kept (exit 1)", err)
	}
	wantOutput(t, env, `calendar "Greyhawk" (id 5): update
  date: 591-1-1 -> 591-2-5 (--set-date)
  weather: 1 to create, 0 to update, 0 to delete, 0 unchanged
Plan: 0 calendars to create, 1 to update, 0 unchanged; 1 weather entry to create, 0 to update, 0 to delete, 0 unchanged.
failed: update calendar "Greyhawk" (id 5): calendar 5: the service stored the date 591-2-1, not 591-2-5
Applied: 1 of 2 writes done, 1 failed, 0 may have been applied, 0 not tried.
`, "")
}

// eberronRecord is calendar 6 as the server sends it.
const eberronRecord = `{"id":6,"name":"Eberron","type":"","date":"998-1-1","is_private":false,"tags":[],` +
	`"months":[{"name":"Zarantyr","length":28,"type":"standard"},{"name":"Olarune","length":28,"type":"standard"}],` +
	`"weekdays":["Sul","Mol"],"years":[],"seasons":[],"moons":[],"has_leap_year":false}`

// What the file alone shows to be wrong is refused before any request
// (exit 2, with its place): a calendar with neither name nor id, an id
// below 1, two entries on one date of a calendar pinned by id (named by
// its id).
func TestApplyRefusesABadFileBeforeAnyRequest(t *testing.T) {
	env := cmdtest.New(t, "")
	env.In.WriteString(`calendars:
  - type: Lunar
  - id: -3
  - id: 7
    weather:
      - {date: 1-1-1, weather: sun}
      - {date: 1-1-1, weather: cloud}
`)
	err := runApply(env, "-f", "-")
	want := `the input is not valid, nothing was sent:
  standard input: line 2: a calendar needs a name (or an id to pin an existing one)
  standard input: line 3: calendar id -3 is not a positive number
  standard input: line 7: calendar "id 7": weather 1-1-1: two entries on one date (at standard input: line 6)`
	if !cmdtest.IsUsage(err) || err.Error() != want {
		t.Errorf("err = %v\nwant the usage error (exit 2)\n%s", err, want)
	}
	env.WantSent()
	wantOutput(t, env, "", "")
}

// What the file gives that no calendar can have (a single month), whether
// it creates the calendar or updates it, is refused before any request
// (exit 2), at the line of the value.
func TestApplyRefusesWhatNoCalendarCanHaveBeforeAnyRequest(t *testing.T) {
	for _, tc := range []struct {
		name, file, err string
	}{
		{"a create", "calendars:\n  - name: Khorvaire\n    months: [{name: Zarantyr, length: 28}]\n    weekdays: [Sul, Mol]\n",
			"standard input: line 3: calendars[1].months: at least 2 are required, 1 given"},
		{"an update", "calendars:\n  - name: Greyhawk\n    months: [{name: Fireseek, length: 28}]\n",
			"standard input: line 3: calendars[1].months: at least 2 are required, 1 given"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := cmdtest.New(t, "")
			env.In.WriteString(tc.file)
			err := runApply(env, "-f", "-")
			if !cmdtest.IsUsage(err) || err.Error() != tc.err {
				t.Errorf("err = %v\nwant the usage error (exit 2)\n%s", err, tc.err)
			}
			env.WantSent()
			wantOutput(t, env, "", "")
		})
	}
}

// What the file asks that the campaign makes wrong is refused after the
// reads and before any write (exit 2), with its place: a new calendar or
// an update the service would refuse (a create without weekdays, a season
// in a month the calendar lacks), a calendar given twice (by its id and
// by its name), and a calendar renamed to the name of another (names
// compared as the service stores them, trimmed), which would make every
// later lookup by that name ambiguous.
func TestApplyRefusesAPlanTheCampaignMakesWrong(t *testing.T) {
	for _, tc := range []struct {
		name, file, err string
	}{
		{"a create the service would refuse", "calendars:\n  - name: Khorvaire\n    months: [{name: Zarantyr, length: 28}, {name: Olarune, length: 28}]\n",
			"the input is not valid, nothing was sent:\n  standard input: line 2: calendar \"Khorvaire\": weekdays: at least 2 are required, 0 given"},
		{"an update the service would refuse", "calendars:\n  - name: Greyhawk\n    seasons: [{name: Spring, month: 3, day: 1}]\n",
			"the input is not valid, nothing was sent:\n  standard input: line 2: calendar \"Greyhawk\": season 1: month 3 does not exist: the calendar has 2 months"},
		{"one calendar twice", "calendars:\n  - id: 5\n    type: Lunar\n  - name: Greyhawk\n    type: Solar\n",
			"the input is not valid, nothing was sent:\n  standard input: line 4: calendar 5 is already in the input (at standard input: line 2)"},
		{"renamed to another's name", "calendars:\n  - id: 5\n    name: Eberron\n",
			"the input is not valid, nothing was sent:\n  standard input: line 2: calendar 5 would be renamed \"Eberron\", the name of calendar 6"},
		{"renamed to another's name as the service stores it", "calendars:\n  - id: 5\n    name: \"Eberron \"\n",
			"the input is not valid, nothing was sent:\n  standard input: line 2: calendar 5 would be renamed \"Eberron \", the name of calendar 6"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := cmdtest.New(t, "", ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"), eberronRecord)))
			env.In.WriteString(tc.file)
			err := runApply(env, "-f", "-")
			if !cmdtest.IsUsage(err) || err.Error() != tc.err {
				t.Errorf("err = %v\nwant the usage error (exit 2)\n%s", err, tc.err)
			}
			env.WantSent("GET calendars")
			wantOutput(t, env, "", "")
		})
	}
}

// A calendar pinned by id and given another name, one no calendar has, is
// renamed: the name is its one change, and the update sends it.
func TestApplyRenamesAPinnedCalendar(t *testing.T) {
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"), eberronRecord)),
		ok(lastSync, "", listOf()),
		ok("PUT calendars/5", greyhawkPut("Oerth", "Solar", "[3,7]"), one(greyhawkRecord("Oerth", "Solar", "[3,7]"))),
	)
	env.In.WriteString("calendars:\n  - id: 5\n    name: Oerth\n")
	if err := runApply(env, "-f", "-"); err != nil {
		t.Fatal(err)
	}
	wantOutput(t, env, `calendar "Oerth" (id 5): update
  name: "Greyhawk" -> "Oerth"
Plan: 0 calendars to create, 1 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "")
}

// An entry's update sends its date, its weather and what changes, with
// the file's values: a name given alone, a visibility (members, 5, where
// the entry had all, 1). Entries as the file has them are unchanged.
func TestApplyUpdatesAnEntryWithTheFilesValues(t *testing.T) {
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))),
		ok("GET calendars/5/calendar_weathers", "", listOf(entryRecord(41, 591, 1, 1, "snowflake", "-5C"), entryRecord(42, 591, 1, 3, "sun", ""),
			entryRecord(44, 591, 1, 4, "wind", ""))),
		ok(lastSync, "", listOf()),
		ok("PUT calendars/5/calendar_weathers/41", `{"year":591,"month":1,"day":1,"weather":"snowflake","name":"First frost"}`, one(entryRecord(41, 591, 1, 1, "snowflake", "-5C"))),
		ok("PUT calendars/5/calendar_weathers/42", `{"year":591,"month":1,"day":3,"weather":"sun","visibility_id":5}`, one(entryRecord(42, 591, 1, 3, "sun", ""))),
	)
	env.In.WriteString(`calendars:
  - name: Greyhawk
    weather:
      - {date: 591-1-1, weather: snowflake, name: First frost}
      - {date: 591-1-3, weather: sun, visibility: members}
      - {date: 591-1-4, weather: wind, visibility: all}
`)
	if err := runApply(env, "-f", "-", "-v"); err != nil {
		t.Fatal(err)
	}
	wantOutput(t, env, `calendar "Greyhawk" (id 5): unchanged
  weather: 0 to create, 2 to update, 0 to delete, 1 unchanged
    ~ 591-1-1 (id 41) name: (none) -> "First frost"
    ~ 591-1-3 (id 42) visibility: all -> members
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 2 to update, 0 to delete, 1 unchanged.
Applied: 2 of 2 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "")
}

// Two entries the campaign has on one date: the file's entry is the one
// with the lowest id, whatever the list's order (updated), and with
// --prune the other is deleted as one the file does not list.
func TestApplyTakesTheLowestIDOfTwoEntriesOnOneDate(t *testing.T) {
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))),
		ok("GET calendars/5/calendar_weathers", "", listOf(entryRecord(47, 591, 1, 1, "sun", ""), entryRecord(41, 591, 1, 1, "snowflake", "-5C"))),
		ok(lastSync, "", listOf()),
		ok("PUT calendars/5/calendar_weathers/41", `{"year":591,"month":1,"day":1,"weather":"cloud"}`, one(entryRecord(41, 591, 1, 1, "cloud", "-5C"))),
		cmdtest.Exchange{Request: "DELETE calendars/5/calendar_weathers/47", Status: 204},
	)
	env.In.WriteString("calendars:\n  - name: Greyhawk\n    weather:\n      - {date: 591-1-1, weather: cloud}\n")
	if err := runApply(env, "-f", "-", "-v", "--prune"); err != nil {
		t.Fatal(err)
	}
	wantOutput(t, env, `calendar "Greyhawk" (id 5): unchanged
  weather: 0 to create, 1 to update, 1 to delete, 0 unchanged
    ~ 591-1-1 (id 41) weather: "snowflake" -> "cloud"
    - 591-1-1 (id 47) sun
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 1 to update, 1 to delete, 0 unchanged.
Applied: 2 of 2 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "")
}

// A prune whose entry is gone already (404: someone deleted it meanwhile)
// did what was asked: it counts as done, and the run ends well (exit 0).
func TestApplyPruneOfAnEntryAlreadyGoneIsDone(t *testing.T) {
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))),
		ok("GET calendars/5/calendar_weathers", "", listOf(entryRecord(42, 591, 1, 3, "sun", ""))),
		ok(lastSync, "", listOf()),
		cmdtest.Exchange{Request: "DELETE calendars/5/calendar_weathers/42", Status: 404, Answer: `{"code":404,"error":"Not found"}`},
	)
	env.In.WriteString("calendars:\n  - name: Greyhawk\n    weather: []\n")
	if err := runApply(env, "-f", "-", "--prune"); err != nil {
		t.Fatalf("err = %v, want none (exit 0)", err)
	}
	wantOutput(t, env, `calendar "Greyhawk" (id 5): unchanged
  weather: 0 to create, 0 to update, 1 to delete, 0 unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 1 to delete, 0 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "")
}

// Apply prints text or JSON: -o yaml is refused, and a --jq that does not
// compile is refused before the file is read (the file here does not
// exist, and is not what the error names); both exit 2 and send nothing.
func TestApplyRefusesOutputItCannotPrintBeforeReadingTheFile(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.yaml")
	t.Run("yaml", func(t *testing.T) {
		env := cmdtest.New(t, "yaml")
		err := runApply(env, "-f", missing)
		if !cmdtest.IsUsage(err) || err.Error() != "apply prints its plan as text or with -o json, not -o yaml" {
			t.Errorf("err = %v", err)
		}
		env.WantSent()
	})
	t.Run("jq", func(t *testing.T) {
		env := cmdtest.New(t, "")
		env.F.Globals.JQ = ".calendars["
		err := runApply(env, "-f", missing)
		// The root makes the printer's refusal a usage error (exit 2).
		if err == nil || err.Error() != "invalid --jq expression: unexpected EOF" {
			t.Errorf("err = %v", err)
		}
		env.WantSent()
	})
}

// A calendar whose days changed meanwhile (a month lengthened) stops the
// run only when the plan writes to it or on its days: listed by the check
// while the plan leaves it alone, it stops nothing.
func TestApplyGoesOnWhenACalendarItLeavesAloneChangedMeanwhile(t *testing.T) {
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))),
		ok(lastSync, "", listOf(strings.Replace(greyhawkRecord("Greyhawk", "Solar", "[3,7]"), `{"name":"Fireseek","length":28`, `{"name":"Fireseek","length":29`, 1))),
		created("POST calendars", eberronCreate, one(`{"id":6,"name":"Eberron"}`)),
	)
	env.In.WriteString(`calendars:
  - name: Greyhawk
    type: Solar
  - name: Eberron
    months: [{name: Zarantyr, length: 28}, {name: Olarune, length: 28}]
    weekdays: [Sul, Mol]
`)
	if err := runApply(env, "-f", "-"); err != nil {
		t.Fatal(err)
	}
	wantOutput(t, env, `calendar "Greyhawk" (id 5): unchanged
calendar "Eberron": create
Plan: 1 calendar to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "created calendar 6 \"Eberron\"\n")
}
