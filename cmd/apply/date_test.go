package apply

import (
	"errors"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// The game's current date is the table's: play moves it (calendar
// advance, the web interface), so a seed's date starts a calendar and,
// on one that exists, is kept unless the run says --set-date. These runs
// are the seed's second run after the game moved Greyhawk from 591-1-1
// (the file's date) to 591-1-9.

// greyhawkPutOn is greyhawkPut of type typ sending the date y-m-d.
func greyhawkPutOn(typ, date string) string {
	parts := strings.Split(date, "-")
	return strings.Replace(greyhawkPut("Greyhawk", typ, "[3,7]"), `"current_year":591,"current_month":1,"current_day":1`,
		`"current_year":`+parts[0]+`,"current_month":`+parts[1]+`,"current_day":`+parts[2], 1)
}

// datedSeed is Greyhawk of type typ on the file's date 591-1-1.
func datedSeed(typ string) string {
	return "calendars:\n  - name: Greyhawk\n    type: " + typ + "\n    date: 591-1-1\n"
}

// A re-run whose only difference is the date: the plan shows the date
// kept with both dates, nothing is sent but the list, exit 0; -o json
// says the same under "kept".
func TestApplyKeepsTheDatePlayMoved(t *testing.T) {
	t.Run("text", func(t *testing.T) {
		env := cmdtest.New(t, "", ok("GET calendars", "", listOf(greyhawkOn("591-1-9"))))
		env.In.WriteString(datedSeed("Solar"))
		if err := runApply(env, "-f", "-"); err != nil {
			t.Fatal(err)
		}
		env.WantSent("GET calendars")
		wantOutput(t, env, `calendar "Greyhawk" (id 5): unchanged
  date: 591-1-9 kept (the file says 591-1-1; --set-date moves it)
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Nothing to change.
`, "")
	})
	t.Run("json", func(t *testing.T) {
		env := cmdtest.New(t, "json", ok("GET calendars", "", listOf(greyhawkOn("591-1-9"))))
		env.In.WriteString(datedSeed("Solar"))
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
      "kept": [
        {
          "field": "date",
          "calendar": "591-1-9",
          "file": "591-1-1",
          "flag": "--set-date"
        }
      ]
    }
  ],
  "summary": "Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged."
}
`, "")
	})
}

// A write that happens anyway (the type changes) sends the calendar's
// date as read, not the file's; the plan says both.
func TestApplyUpdateSendsTheDateAsRead(t *testing.T) {
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf(greyhawkOn("591-1-9"))),
		ok(lastSync, "", listOf()),
		ok("PUT calendars/5", greyhawkPutOn("Lunar", "591-1-9"), one(strings.Replace(greyhawkOn("591-1-9"), `"Solar"`, `"Lunar"`, 1))),
	)
	env.In.WriteString(datedSeed("Lunar"))
	if err := runApply(env, "-f", "-"); err != nil {
		t.Fatal(err)
	}
	wantRequests(t, env, []string{"GET calendars", cmdtest.LastSyncQuery}, "PUT calendars/5")
	wantOutput(t, env, `calendar "Greyhawk" (id 5): update
  type: "Solar" -> "Lunar"
  date: 591-1-9 kept (the file says 591-1-1; --set-date moves it)
Plan: 0 calendars to create, 1 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "")
}

// --set-date moves the date to the file's, and the plan says it is the
// flag's doing, in the text and in -o json.
func TestApplySetDateMovesTheDate(t *testing.T) {
	t.Run("text", func(t *testing.T) {
		env := cmdtest.New(t, "",
			ok("GET calendars", "", listOf(greyhawkOn("591-1-9"))),
			ok(lastSync, "", listOf()),
			ok("PUT calendars/5", greyhawkPutOn("Solar", "591-1-1"), one(greyhawkOn("591-1-1"))),
		)
		env.In.WriteString(datedSeed("Solar"))
		if err := runApply(env, "-f", "-", "--set-date"); err != nil {
			t.Fatal(err)
		}
		wantRequests(t, env, []string{"GET calendars", cmdtest.LastSyncQuery}, "PUT calendars/5")
		wantOutput(t, env, `calendar "Greyhawk" (id 5): update
  date: 591-1-9 -> 591-1-1 (--set-date)
Plan: 0 calendars to create, 1 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "")
	})
	t.Run("json", func(t *testing.T) {
		env := cmdtest.New(t, "json", ok("GET calendars", "", listOf(greyhawkOn("591-1-9"))))
		env.In.WriteString(datedSeed("Solar"))
		if err := runApply(env, "-f", "-", "--set-date", "--dry-run"); err != nil {
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
      "action": "update",
      "status": "planned",
      "changes": [
        {
          "field": "date",
          "old": "591-1-9",
          "new": "591-1-1",
          "flag": "--set-date"
        }
      ]
    }
  ],
  "summary": "Plan: 0 calendars to create, 1 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged."
}
`, "")
	})
}

// A calendar whose answer gives no date has no date to keep, and the
// file's is not the calendar's: a write that happens anyway is refused
// (exit 1, nothing sent) rather than send a date that was not read, and
// the message says how to send the file's; --set-date sends it.
func TestApplyNeverSendsADateNotRead(t *testing.T) {
	undated := strings.Replace(greyhawkOn("591-1-9"), `"date":"591-1-9",`, "", 1)
	env := cmdtest.New(t, "", ok("GET calendars", "", listOf(undated)))
	env.In.WriteString(datedSeed("Lunar"))
	err := runApply(env, "-f", "-")
	var unread *cmdutil.UnreadError
	if !errors.As(err, &unread) {
		t.Fatalf("err = %v, want the unread refusal (exit 1)", err)
	}
	want := `calendar 5 "Greyhawk": the server's answer did not give date (left out or null); an update must send it, and sending it without it would clear it there. Nothing was sent. ` +
		"Give them in the file (--set-date sends the file's date). To update anyway and let the service clear it, add --force."
	if err.Error() != want {
		t.Errorf("error:\n%s\nwant:\n%s", err, want)
	}
	env.WantSent("GET calendars")

	// With nothing else to write, the plan says the date is neither.
	env = cmdtest.New(t, "", ok("GET calendars", "", listOf(undated)))
	env.In.WriteString(datedSeed("Solar"))
	if err := runApply(env, "-f", "-"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars")
	wantOutput(t, env, `calendar "Greyhawk" (id 5): unchanged
  date: not read from the server; the file's 591-1-1 is not sent (--set-date sends it)
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Nothing to change.
`, "")

	env = cmdtest.New(t, "",
		ok("GET calendars", "", listOf(undated)),
		ok(lastSync, "", listOf()),
		ok("PUT calendars/5", greyhawkPutOn("Lunar", "591-1-1"), one(strings.Replace(greyhawkOn("591-1-1"), `"Solar"`, `"Lunar"`, 1))),
	)
	env.In.WriteString(datedSeed("Lunar"))
	if err := runApply(env, "-f", "-", "--set-date"); err != nil {
		t.Fatal(err)
	}
	wantRequests(t, env, []string{"GET calendars", cmdtest.LastSyncQuery}, "PUT calendars/5")
}

// A calendar the seed creates starts on the file's date, with or
// without --set-date.
func TestApplyCreateStartsOnTheFilesDate(t *testing.T) {
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf()),
		ok(lastSync, "", listOf()),
		created("POST calendars", `{"name":"Eberron","current_year":998,"current_month":1,"current_day":3,"month_name":["Zarantyr","Olarune"],"month_length":[28,28],"month_type":["standard","standard"],"month_alias":["",""],"weekday":["Sul","Mol"]}`,
			one(`{"id":6,"name":"Eberron","date":"998-1-3"}`)),
	)
	env.In.WriteString("calendars:\n  - name: Eberron\n    date: 998-1-3\n    months: [{name: Zarantyr, length: 28}, {name: Olarune, length: 28}]\n    weekdays: [Sul, Mol]\n")
	if err := runApply(env, "-f", "-"); err != nil {
		t.Fatal(err)
	}
	wantOutput(t, env, `calendar "Eberron": create
Plan: 1 calendar to create, 0 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "created calendar 6 \"Eberron\"\n")
}
