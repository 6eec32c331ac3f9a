package apply

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// A seed's calendar that says `preset: NAME` is the preset's calendar
// with the file's keys over it: its name and date (by month name, read
// with the preset's months), its weather dates likewise.
const oerthSeed = `calendars:
  - preset: greyhawk
    name: Oerth
    date: 591-Richfest-4
    weather:
      - {date: 591-Richfest-4, weather: sun}
`

// oerthPost is the create of oerthSeed's calendar: the greyhawk preset
// whole, the file's name and date over it.
const oerthPost = `{"name":"Oerth","type":"Greyhawk",
 "entry":"<p>The Common Year of the Flanaess: twelve months of 28 days and four\nfestival weeks, one before every three months.</p>\n",
 "current_year":591,"current_month":9,"current_day":4,
 "month_name":["Needfest","Fireseek","Readying","Coldeven","Growfest","Planting","Flocktime","Wealsun","Richfest","Reaping","Goodmonth","Harvester","Brewfest","Patchwall","Ready'reat","Sunsebb"],
 "month_length":[7,28,28,28,7,28,28,28,7,28,28,28,7,28,28,28],
 "month_type":["standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard"],
 "month_alias":["","","","","","","","","","","","","","","",""],
 "weekday":["Starday","Sunday","Moonday","Godsday","Waterday","Earthday","Freeday"],
 "season_name":["Spring","Low Summer","High Summer","Autumn","Winter"],"season_month":[3,6,10,14,16],"season_day":[1,1,1,1,1],
 "moon_name":["Luna","Celene"],"moon_fullmoon":[28,91],"moon_offset":[17,3],"moon_colour":["white","blue"],"moon_id":[null,null],
 "suffix":"CY"}`

// oerthRecord is the calendar oerthPost makes, as the server sends it.
const oerthRecord = `{"id":6,"name":"Oerth","type":"Greyhawk",
 "entry":"<p>The Common Year of the Flanaess: twelve months of 28 days and four\nfestival weeks, one before every three months.</p>\n",
 "date":"591-9-4","is_private":false,"tags":[],
 "months":[{"name":"Needfest","length":7,"type":"standard"},{"name":"Fireseek","length":28,"type":"standard"},{"name":"Readying","length":28,"type":"standard"},
  {"name":"Coldeven","length":28,"type":"standard"},{"name":"Growfest","length":7,"type":"standard"},{"name":"Planting","length":28,"type":"standard"},
  {"name":"Flocktime","length":28,"type":"standard"},{"name":"Wealsun","length":28,"type":"standard"},{"name":"Richfest","length":7,"type":"standard"},
  {"name":"Reaping","length":28,"type":"standard"},{"name":"Goodmonth","length":28,"type":"standard"},{"name":"Harvester","length":28,"type":"standard"},
  {"name":"Brewfest","length":7,"type":"standard"},{"name":"Patchwall","length":28,"type":"standard"},{"name":"Ready'reat","length":28,"type":"standard"},
  {"name":"Sunsebb","length":28,"type":"standard"}],
 "weekdays":["Starday","Sunday","Moonday","Godsday","Waterday","Earthday","Freeday"],"years":[],
 "seasons":[{"name":"Spring","month":3,"day":1},{"name":"Low Summer","month":6,"day":1},{"name":"High Summer","month":10,"day":1},{"name":"Autumn","month":14,"day":1},{"name":"Winter","month":16,"day":1}],
 "moons":[{"id":11,"name":"Luna","fullmoon":"28","offset":17,"colour":"white"},{"id":12,"name":"Celene","fullmoon":"91","offset":3,"colour":"blue"}],
 "suffix":"CY","start_offset":0,"has_leap_year":false,"updated_at":"2026-01-02T03:04:05.000000Z"}`

func oerthEntry() string {
	return strings.ReplaceAll(entryRecord(51, 591, 9, 4, "sun", ""), `"calendar_id":5`, `"calendar_id":6`)
}

func TestApplyCreatesACalendarFromItsPreset(t *testing.T) {
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf()),
		ok(lastSync, "", listOf()),
		created("POST calendars", oerthPost, one(oerthRecord)),
		created("POST calendars/6/calendar_weathers", `{"year":591,"month":9,"day":4,"weather":"sun"}`, one(oerthEntry())),
	)
	env.In.WriteString(oerthSeed)
	if err := runApply(env, "-f", "-"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars", "GET calendars?lastSync=2026-01-09T09%3A59%3A59.000000Z", "POST calendars", "POST calendars/6/calendar_weathers")
	wantOutput(t, env, `calendar "Oerth": create
  weather: 1 to create, 0 to update, 0 to delete, 0 unchanged
Plan: 1 calendar to create, 0 to update, 0 unchanged; 1 weather entry to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 2 of 2 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "created calendar 6 \"Oerth\"\n")
}

// Applied again, the seed finds the calendar as the preset and the file
// made it: every key of the preset is managed, and none differs.
func TestApplyOfAPresetAppliedSendsNoWrite(t *testing.T) {
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf(oerthRecord)),
		ok("GET calendars/6/calendar_weathers", "", listOf(oerthEntry())),
	)
	env.In.WriteString(oerthSeed)
	if err := runApply(env, "-f", "-"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars", "GET calendars/6/calendar_weathers")
	wantOutput(t, env, `calendar "Oerth" (id 6): unchanged
  weather: 0 to create, 0 to update, 0 to delete, 1 unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 1 unchanged.
Nothing to change.
`, "")
}

// A key of the preset changed on the server is put back, as a key the
// file wrote would be.
func TestApplyPutsBackAPresetsKey(t *testing.T) {
	changed := strings.Replace(oerthRecord, `"suffix":"CY"`, `"suffix":"AD"`, 1)
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf(changed)),
		ok("GET calendars/6/calendar_weathers", "", listOf(oerthEntry())),
	)
	env.In.WriteString(oerthSeed)
	if err := runApply(env, "-f", "-", "--dry-run"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars", "GET calendars/6/calendar_weathers")
	wantOutput(t, env, `calendar "Oerth" (id 6): update
  suffix: "AD" -> "CY"
  weather: 0 to create, 0 to update, 0 to delete, 1 unchanged
Plan: 0 calendars to create, 1 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 1 unchanged.
`, "")
}

// An unknown preset, or a key that does not fit the preset (a month it
// does not have), is exit 2 at its line, with the file's other problems,
// before any request.
func TestApplyRefusesAnUnknownPresetBeforeAnyRequest(t *testing.T) {
	env := cmdtest.New(t, "")
	env.In.WriteString(`calendars:
  - preset: greyhwak
  - preset: eberron
    date: 998-13-1
  - preset: exandria
    seasons: [{name: Thaw, month: Nope, day: 1}]
    months: 3
`)
	err := runApply(env, "-f", "-")
	want := `standard input: line 2: calendars[1].preset: unknown preset "greyhwak"; did you mean "greyhawk"? (one of eberron, exandria, golarion, gregorian, greyhawk, harptos)
standard input: line 3: calendar "Galifar Calendar": date: month 13 does not exist: the calendar has 12 months
standard input: line 7: calendars[3].months: must be a list`
	if !cmdtest.IsUsage(err) || err.Error() != want {
		t.Errorf("err = %v\nwant the usage error (exit 2)\n%s", err, want)
	}
	env.WantSent()
	wantOutput(t, env, "", "")

	env = cmdtest.New(t, "")
	env.In.WriteString("calendars:\n  - preset: exandria\n    date: 836-Nope-1\n")
	want = `standard input: line 3: calendars[1].date: month "Nope" does not exist in this calendar; the months are 1 Horisal, 2 Misuthar, 3 Dualahei, 4 Thunsheer, 5 Unndilar, 6 Brussendar, 7 Sydenstar, 8 Fessuran, 9 Quen'pillar, 10 Cuersaar, 11 Duscar`
	if err := runApply(env, "-f", "-"); !cmdtest.IsUsage(err) || err.Error() != want {
		t.Errorf("err = %v\nwant the usage error (exit 2)\n%s", err, want)
	}
	env.WantSent()
}

// A seed's preset without a date or a description of the file's starts a
// new calendar with the preset's, and never sends them to one that exists:
// the campaign's date moves on with play (calendar advance), the game
// master rewrites the description, and a re-run of the seed leaves both.
func TestApplyOfAPresetLeavesTheDateAndDescriptionToPlay(t *testing.T) {
	seed := strings.Replace(oerthSeed, "    date: 591-Richfest-4\n", "", 1)
	presetDate := `"current_year":591,"current_month":1,"current_day":1,`
	atPresetDate := strings.Replace(oerthRecord, `"date":"591-9-4"`, `"date":"591-1-1"`, 1)
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf()),
		ok(lastSync, "", listOf()),
		created("POST calendars", strings.Replace(oerthPost, `"current_year":591,"current_month":9,"current_day":4,`, presetDate, 1), one(atPresetDate)),
		created("POST calendars/6/calendar_weathers", `{"year":591,"month":9,"day":4,"weather":"sun"}`, one(oerthEntry())),
	)
	env.In.WriteString(seed)
	if err := runApply(env, "-f", "-"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars", "GET calendars?lastSync=2026-01-09T09%3A59%3A59.000000Z", "POST calendars", "POST calendars/6/calendar_weathers")

	// Later in the campaign: the calendar's date is 591-9-4, not the
	// preset's 591-1-1, and its description is the game master's; both
	// stay so.
	played := strings.Replace(oerthRecord, `"entry":"<p>The Common Year`, `"entry":"<p>Our Oerth, since the war. The Common Year`, 1)
	env = cmdtest.New(t, "",
		ok("GET calendars", "", listOf(played)),
		ok("GET calendars/6/calendar_weathers", "", listOf(oerthEntry())),
	)
	env.In.WriteString(seed)
	if err := runApply(env, "-f", "-"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars", "GET calendars/6/calendar_weathers")
	wantOutput(t, env, `calendar "Oerth" (id 6): unchanged
  weather: 0 to create, 0 to update, 0 to delete, 1 unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 1 unchanged.
Nothing to change.
`, "")
}

// A calendar the seed pins by id and does not name keeps its name: the
// preset's structure is managed, its name is not.
func TestApplyOfAPresetPinnedByIDKeepsItsName(t *testing.T) {
	mine := strings.Replace(oerthRecord, `"name":"Oerth"`, `"name":"My Oerth"`, 1)
	env := cmdtest.New(t, "",
		ok("GET calendars", "", listOf(mine)),
		ok("GET calendars/6/calendar_weathers", "", listOf(oerthEntry())),
	)
	env.In.WriteString(strings.Replace(oerthSeed, "  - preset: greyhawk\n    name: Oerth\n", "  - preset: greyhawk\n    id: 6\n", 1))
	if err := runApply(env, "-f", "-"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars", "GET calendars/6/calendar_weathers")
	wantOutput(t, env, `calendar "My Oerth" (id 6): unchanged
  weather: 0 to create, 0 to update, 0 to delete, 1 unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 1 unchanged.
Nothing to change.
`, "")
}
