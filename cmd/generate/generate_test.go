package generate

import (
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// The three days of calendar 5 from 1000-1-1 that the test climate gives
// with seed 7, as the service takes and returns them: the third has no
// effect, so its create leaves the field out.
const (
	day1Body = `{"year":1000,"month":1,"day":1,"weather":"cloud-rain","temperature":"5°C","precipitation":"sleet","wind":"moderate breeze from the west","effect":"frost"}`
	day2Body = `{"year":1000,"month":1,"day":2,"weather":"cloud-rain","temperature":"4°C","precipitation":"sleet","wind":"fresh breeze from the south","effect":"frost"}`
	day3Body = `{"year":1000,"month":1,"day":3,"weather":"cloud-rain","temperature":"5°C","precipitation":"sleet","wind":"fresh breeze from the south"}`
)

func day1(id int) string {
	return entry(id, 1000, 1, 1, "cloud-rain", "5°C", "sleet", "moderate breeze from the west", "frost")
}
func day2(id int) string {
	return entry(id, 1000, 1, 2, "cloud-rain", "4°C", "sleet", "fresh breeze from the south", "frost")
}
func day3(id int) string {
	return entry(id, 1000, 1, 3, "cloud-rain", "5°C", "sleet", "fresh breeze from the south", "")
}

// reads are the requests every run makes before it plans: the calendar
// (one GET for an id), then as apply: the calendar list and the
// calendar's weather, answered with entries.
func reads(entries ...string) []cmdtest.Exchange {
	return []cmdtest.Exchange{
		ok("GET calendars/5", one(westmarch(fourSeasons))),
		ok("GET calendars", listOf(westmarch(fourSeasons))),
		ok("GET calendars/5/calendar_weathers", listOf(entries...)),
	}
}

var threeDays = []string{"--calendar", "5", "--from", "1000-1-1", "--days", "3", "--climate-file", mildFile, "--seed", "7"}

// picture is what the run prints before the plan, piped: what from, how
// the calendar's seasons were read, and the months.
const picture = `Westmarch (id 5): 1 Frost 1000 to 3 Frost 1000, 3 days
Climate mild: Testing Place; seed 7
Seasons: Spring as spring, Summer as summer, Autumn as autumn, Winter as winter
MONTH       DAYS  HIGH °C  LOW °C  WET  SNOW  WEATHER
Frost 1000     3      4.7    -0.1    3     0  cloud-rain
`

// Three days to an empty span: the calendar, the list, the weather, the
// check, then one create a day in date order, each body written out (the
// day without an effect leaves it out); the picture, the plan, and the
// summary of the run.
func TestGenerateWritesEachDayAsApplyWould(t *testing.T) {
	env := cmdtest.New(t, "", append(reads(),
		ok(lastSync, listOf()),
		created("POST calendars/5/calendar_weathers", day1Body, one(day1(11))),
		created("POST calendars/5/calendar_weathers", day2Body, one(day2(12))),
		created("POST calendars/5/calendar_weathers", day3Body, one(day3(13))),
	)...)
	if err := runGenerate(env, threeDays...); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars/5", "GET calendars", "GET calendars/5/calendar_weathers", lastSyncQ,
		"POST calendars/5/calendar_weathers", "POST calendars/5/calendar_weathers", "POST calendars/5/calendar_weathers")
	wantOutput(t, env, picture+`calendar "Westmarch" (id 5): unchanged
  weather: 3 to create, 0 to update, 0 to delete, 0 unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 3 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 3 of 3 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "")
}

// Running it again with the same seed writes nothing and sends no check:
// the days are there as generated, so the plan holds them unchanged; -o
// json says so with an outcome of no write.
func TestGenerateAgainWritesNothing(t *testing.T) {
	held := []string{day1(11), day2(12), day3(13)}
	t.Run("text", func(t *testing.T) {
		env := cmdtest.New(t, "", reads(held...)...)
		if err := runGenerate(env, threeDays...); err != nil {
			t.Fatal(err)
		}
		env.WantSent("GET calendars/5", "GET calendars", "GET calendars/5/calendar_weathers")
		wantOutput(t, env, picture+`calendar "Westmarch" (id 5): unchanged
  weather: 0 to create, 0 to update, 0 to delete, 3 unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 3 unchanged.
Nothing to change.
`, "")
	})
	t.Run("json", func(t *testing.T) {
		env := cmdtest.New(t, "json", reads(held...)...)
		env.F.Globals.JQ = `[.days, .kept, .plan.summary, .plan.outcome.total]`
		if err := runGenerate(env, threeDays...); err != nil {
			t.Fatal(err)
		}
		env.WantSent("GET calendars/5", "GET calendars", "GET calendars/5/calendar_weathers")
		wantOutput(t, env, `[3,[],"Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 3 unchanged.",0]
`, "")
	})
}

// handWritten is day 3 as a game master wrote it, with an effect the
// generated day does not have.
var handWritten = entry(13, 1000, 1, 3, "sun", "20°C", "none", "calm", "dragon fire")

// A day that has an entry of its own is left as it is: it is named, as
// the picture names a day, and the other days are created. With --replace it is updated: the date, the
// weather and each field that differs, its effect cleared ("" is none).
func TestGenerateKeepsADayWrittenByHandUnlessReplace(t *testing.T) {
	t.Run("kept", func(t *testing.T) {
		env := cmdtest.New(t, "", append(reads(handWritten),
			ok(lastSync, listOf()),
			created("POST calendars/5/calendar_weathers", day1Body, one(day1(11))),
			created("POST calendars/5/calendar_weathers", day2Body, one(day2(12))),
		)...)
		if err := runGenerate(env, threeDays...); err != nil {
			t.Fatal(err)
		}
		env.WantSent("GET calendars/5", "GET calendars", "GET calendars/5/calendar_weathers", lastSyncQ,
			"POST calendars/5/calendar_weathers", "POST calendars/5/calendar_weathers")
		wantOutput(t, env, picture+`Kept as they are: 1 day that has an entry already (--replace updates them): 3 Frost 1000
calendar "Westmarch" (id 5): unchanged
  weather: 2 to create, 0 to update, 0 to delete, 0 unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 2 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 2 of 2 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "")
	})
	t.Run("replace", func(t *testing.T) {
		env := cmdtest.New(t, "", append(reads(day1(11), day2(12), handWritten),
			ok(lastSync, listOf()),
			okWith("PUT calendars/5/calendar_weathers/13",
				`{"year":1000,"month":1,"day":3,"weather":"cloud-rain","temperature":"5°C","precipitation":"sleet","wind":"fresh breeze from the south","effect":""}`,
				one(day3(13))),
		)...)
		if err := runGenerate(env, append(threeDays, "--replace", "--verbose")...); err != nil {
			t.Fatal(err)
		}
		env.WantSent("GET calendars/5", "GET calendars", "GET calendars/5/calendar_weathers", lastSyncQ, "PUT calendars/5/calendar_weathers/13")
		wantOutput(t, env, picture+`calendar "Westmarch" (id 5): unchanged
  weather: 0 to create, 1 to update, 0 to delete, 2 unchanged
    ~ 1000-1-3 (id 13) weather: "sun" -> "cloud-rain", temperature: "20°C" -> "5°C", precipitation: "none" -> "sleet", wind: "calm" -> "fresh breeze from the south", effect: "dragon fire" -> ""
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 1 to update, 0 to delete, 2 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "")
	})
}
