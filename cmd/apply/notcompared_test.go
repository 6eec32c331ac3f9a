package apply

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// A field the server's answer leaves out altogether (greyhawkRecord has no
// skip_year_zero and no format; entryRecord's entries no effect key once
// cut) cannot be compared: it plans no write on its own, so a re-run does
// not write it again and again; a write that happens anyway sends it; the
// plan says so once. A key the answer holds as null is known (the service
// answers null for what it stores as nothing) and compared.

// A calendar whose only difference would be keys the answer lacks: no
// write, no check, exit 0, one note; -o json lists them.
func TestApplyPlansNoWriteForKeysTheServerDoesNotReturn(t *testing.T) {
	const file = "calendars:\n  - name: Greyhawk\n    type: Solar\n    skip_year_zero: true\n    format: d M y\n"
	t.Run("text", func(t *testing.T) {
		env := cmdtest.New(t, "", ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))))
		env.In.WriteString(file)
		if err := runApply(env, "-f", "-"); err != nil {
			t.Fatal(err)
		}
		env.WantSent("GET calendars")
		wantOutput(t, env, `calendar "Greyhawk" (id 5): unchanged
  note: format and skip_year_zero are not compared (the server does not return them); they are sent with any other change of the calendar
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Nothing to change.
`, "")
	})
	t.Run("json", func(t *testing.T) {
		env := cmdtest.New(t, "json", ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))))
		env.In.WriteString(file)
		if err := runApply(env, "-f", "-", "--dry-run"); err != nil {
			t.Fatal(err)
		}
		env.WantSent("GET calendars")
		wantOutput(t, env, `{
  "dry_run": true,
  "calendars": [
    {
      "where": "standard input: line 2",
      "name": "Greyhawk",
      "id": 5,
      "action": "unchanged",
      "not_compared": [
        "format",
        "skip_year_zero"
      ]
    }
  ],
  "summary": "Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged."
}
`, "")
	})
}

// The update a changed type makes sends them with it: the file's
// skip_year_zero and format go in the body beside the record as read.
func TestApplySendsKeysTheServerDoesNotReturnWithAnotherChange(t *testing.T) {
	put := strings.TrimSuffix(greyhawkPut("Greyhawk", "Lunar", "[3,7]"), "}") + `,"skip_year_zero":true,"format":"d M y"}`
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))),
		ok(lastSync, "", listOf()),
		ok("PUT calendars/5", put, one(greyhawkRecord("Greyhawk", "Lunar", "[3,7]"))),
	)
	env.In.WriteString("calendars:\n  - name: Greyhawk\n    type: Lunar\n    skip_year_zero: true\n    format: d M y\n")
	if err := runApply(env, "-f", "-"); err != nil {
		t.Fatal(err)
	}
	wantRequests(t, env, []string{"GET calendars", cmdtest.LastSyncQuery}, "PUT calendars/5")
	wantOutput(t, env, `calendar "Greyhawk" (id 5): update
  type: "Solar" -> "Lunar"
  note: format and skip_year_zero are not compared (the server does not return them); they are sent with any other change of the calendar
Plan: 0 calendars to create, 1 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "")
}

// A key the answer holds as null is the service's "nothing": a suffix
// the file gives is a change, and written.
func TestApplyComparesAKeyAnsweredNull(t *testing.T) {
	record := strings.Replace(greyhawkRecord("Greyhawk", "Solar", "[3,7]"), `"type":"Solar",`, `"type":"Solar","suffix":null,`, 1)
	put := strings.TrimSuffix(greyhawkPut("Greyhawk", "Solar", "[3,7]"), "}") + `,"suffix":"CY"}`
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf(record)),
		ok(lastSync, "", listOf()),
		ok("PUT calendars/5", put, one(record)),
	)
	env.In.WriteString("calendars:\n  - name: Greyhawk\n    suffix: CY\n")
	if err := runApply(env, "-f", "-"); err != nil {
		t.Fatal(err)
	}
	wantOutput(t, env, `calendar "Greyhawk" (id 5): update
  suffix: (none) -> "CY"
Plan: 0 calendars to create, 1 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "")
}

// Weather alike: an entry whose answer has no effect key is unchanged by
// the file's effect (one note for the calendar's weather); an entry whose
// temperature changes sends the effect with it.
func TestApplyWeatherKeysTheServerDoesNotReturn(t *testing.T) {
	noEffect := func(record string) string { return strings.Replace(record, `"effect":null,`, "", 1) }
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf(greyhawkRecord("Greyhawk", "Solar", "[3,7]"))),
		ok("GET calendars/5/calendar_weathers", "", listOf(noEffect(entryRecord(41, 591, 1, 1, "snowflake", "-5C")), noEffect(entryRecord(42, 591, 1, 3, "sun", "")))),
		ok(lastSync, "", listOf()),
		ok("PUT calendars/5/calendar_weathers/42", `{"year":591,"month":1,"day":3,"weather":"sun","temperature":"20C","effect":"mist"}`,
			one(noEffect(entryRecord(42, 591, 1, 3, "sun", "20C")))),
	)
	env.In.WriteString("calendars:\n  - name: Greyhawk\n    weather:\n" +
		"      - {date: 591-1-1, weather: snowflake, temperature: -5C, effect: mist}\n" +
		"      - {date: 591-1-3, weather: sun, temperature: 20C, effect: mist}\n")
	if err := runApply(env, "-f", "-", "-v"); err != nil {
		t.Fatal(err)
	}
	wantRequests(t, env, []string{"GET calendars", "GET calendars/5/calendar_weathers", cmdtest.LastSyncQuery}, "PUT calendars/5/calendar_weathers/42")
	wantOutput(t, env, `calendar "Greyhawk" (id 5): unchanged
  weather: 0 to create, 1 to update, 0 to delete, 1 unchanged
  note: weather effect is not compared (the server does not return it); it is sent with any other change of an entry
    ~ 591-1-3 (id 42) temperature: "" -> "20C"
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 1 to update, 0 to delete, 1 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "")
}
