package generate

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
	"github.com/kanka-cli/kanka/internal/weathergen"
)

// --dry-run reads as a run does and writes nothing, not even the check:
// the picture and the plan (--verbose: each entry); -o json one record of
// the days, the months and the plan, all planned.
func TestGenerateDryRunWritesNothing(t *testing.T) {
	t.Run("text", func(t *testing.T) {
		env := cmdtest.New(t, "", reads(day1(11))...)
		if err := runGenerate(env, append(threeDays, "--dry-run", "--verbose")...); err != nil {
			t.Fatal(err)
		}
		env.WantSent("GET calendars/5", "GET calendars", "GET calendars/5/calendar_weathers")
		wantOutput(t, env, picture+`calendar "Westmarch" (id 5): unchanged
  weather: 2 to create, 0 to update, 0 to delete, 1 unchanged
    + 1000-1-2 cloud-rain
    + 1000-1-3 cloud-rain
Plan: 0 calendars to create, 0 to update, 1 unchanged; 2 weather entries to create, 0 to update, 0 to delete, 1 unchanged.
`, "")
	})
	t.Run("json", func(t *testing.T) {
		env := cmdtest.New(t, "json", reads(day1(11))...)
		if err := runGenerate(env, append(threeDays, "--dry-run")...); err != nil {
			t.Fatal(err)
		}
		env.WantSent("GET calendars/5", "GET calendars", "GET calendars/5/calendar_weathers")
		cmdtest.Golden(t, "dry_run.json", env.Out.String())
	})
	t.Run("yaml", func(t *testing.T) {
		env := cmdtest.New(t, "yaml", reads(day1(11))...)
		if err := runGenerate(env, append(threeDays, "--dry-run")...); err != nil {
			t.Fatal(err)
		}
		cmdtest.Golden(t, "dry_run.yaml", env.Out.String())
	})
}

// Bad input exits 2 and sends nothing: what the flags and the climate say
// is checked before the calendar is read.
func TestGenerateBadInputSendsNothing(t *testing.T) {
	bad := writeTemp(t, "bad.yaml", "name: mine\nmonths:\n  - {month: Jan, high: warm, low: 2, wet_days: 3}\n")
	mild, err := os.ReadFile(mildFile)
	if err != nil {
		t.Fatal(err)
	}
	// The test climate without its name: its keys start on line 3, under
	// two lines of comment.
	nameless := writeTemp(t, "nameless.yaml", strings.Replace(string(mild), "name: mild\n", "", 1))
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown climate", []string{"--calendar", "5", "--from", "1000-1-1", "--days", "3", "--climate", "tempurate"},
			`unknown climate "tempurate": the climates are ` + strings.Join(weathergen.ClimateNames(), ", ") + `; did you mean "temperate"?`},
		{"climate file with problems", []string{"--calendar", "5", "--from", "1000-1-1", "--days", "3", "--climate-file", bad},
			bad + ": line 2: months: has 1 months; a climate needs twelve, January first\n" + bad + `: line 3: months[1].high: "warm" is not a number`},
		{"climate file without a name", []string{"--calendar", "5", "--from", "1000-1-1", "--days", "3", "--climate-file", nameless},
			nameless + ": line 3: name: is missing"},
		{"no climate file", []string{"--calendar", "5", "--from", "1000-1-1", "--days", "3", "--climate-file", "testdata/none.yaml"},
			"--climate-file: open testdata/none.yaml: no such file or directory"},
		{"no climate", []string{"--calendar", "5", "--from", "1000-1-1", "--days", "3"},
			"give a climate: --climate NAME (kanka weather climates lists them) or --climate-file FILE"},
		{"two climates", []string{"--calendar", "5", "--from", "1000-1-1", "--days", "3", "--climate", "desert", "--climate-file", mildFile},
			"--climate and --climate-file cannot be used together: give one climate"},
		{"from after to", []string{"--calendar", "5", "--from", "1000-2-1", "--to", "1000-1-30", "--climate", "desert"},
			"--from 1000-2-1 is after --to 1000-1-30: no day is in between"},
		{"days and to", []string{"--calendar", "5", "--from", "1000-1-1", "--to", "1000-1-30", "--days", "3", "--climate", "desert"},
			"--days and --to cannot be used together: give the last day, or the number of days"},
		{"neither days nor to", []string{"--calendar", "5", "--from", "1000-1-1", "--climate", "desert"},
			"give the last day with --to DATE, or the number of days with --days N"},
		{"no days", []string{"--calendar", "5", "--from", "1000-1-1", "--days", "0", "--climate", "desert"},
			"--days 0: give one day or more"},
		{"no date", []string{"--calendar", "5", "--from", "soon", "--days", "3", "--climate", "desert"},
			`--from: "soon" is not a date: write YEAR-MONTH-DAY (1492-4-3, 1492-Ches-3) or DAY MONTH YEAR (3 Ches 1492)`},
		{"month 0", []string{"--calendar", "5", "--from", "1000-0-1", "--days", "3", "--climate", "desert"},
			"--from: month 0 does not exist: months are counted from 1"},
		{"units", []string{"--calendar", "5", "--from", "1000-1-1", "--days", "3", "--climate", "desert", "--units", "k"},
			`--units: unknown units "k": c (Celsius) or f (Fahrenheit)`},
		{"calendar 0", []string{"--calendar", "0", "--from", "1000-1-1", "--days", "3", "--climate", "desert"},
			"calendar id 0 is not valid: ids are positive"},
		{"no from", []string{"--calendar", "5", "--days", "3", "--climate", "desert"},
			`required flag(s) "from" not set`},
		{"an argument", []string{"--calendar", "5", "--from", "1000-1-1", "--days", "3", "--climate", "desert", "now"},
			`unexpected argument "now": kanka generate takes none`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := cmdtest.New(t, "")
			err := runGenerate(env, tc.args...)
			if !cmdtest.IsUsage(err) || err.Error() != tc.want {
				t.Errorf("error %v; want a usage error:\n%s", err, tc.want)
			}
			env.WantSent()
		})
	}
}

// What only the calendar can say is said after it is read (one GET),
// before anything else is asked: a date it does not have, a month name it
// does not have, --from after --to by name, a span over ten of its years.
func TestGenerateBadDatesOfTheCalendarSendOneRead(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no such day", []string{"--from", "1000-1-31", "--days", "3"}, "--from: day 31 does not exist: Frost has 30 days"},
		{"no such month", []string{"--from", "1000-13-1", "--days", "3"}, "--from: month 13 does not exist: the calendar has 12 months"},
		{"no such month name", []string{"--from", "1000-Frots-1", "--days", "3"}, `--from: month "Frots" does not exist in this calendar; did you mean "Frost"?`},
		{"to by name before from", []string{"--from", "1000-Thaw-1", "--to", "30 Frost 1000"}, "--from 1 Thaw 1000 is after --to 30 Frost 1000: no day is in between"},
		{"eleven years", []string{"--from", "1000-1-1", "--to", "1010-1-1"}, "3601 days from 1 Frost 1000 are more than 10 of the calendar's years (3600 days): generate them in parts"},
		{"too many days", []string{"--from", "1000-1-1", "--days", "3601"}, "3601 days from 1 Frost 1000 are more than 10 of the calendar's years (3600 days): generate them in parts"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := cmdtest.New(t, "", ok("GET calendars/5", one(westmarch(fourSeasons))))
			err := runGenerate(env, append([]string{"--calendar", "5", "--climate-file", mildFile}, tc.args...)...)
			if !cmdtest.IsUsage(err) || err.Error() != tc.want {
				t.Errorf("error %v; want a usage error:\n%s", err, tc.want)
			}
			env.WantSent("GET calendars/5")
		})
	}
	// Ten years exactly is allowed: the dry run reads and plans 3,600 days.
	env := cmdtest.New(t, "", reads()...)
	env.F.Globals.Quiet = true
	if err := runGenerate(env, "--calendar", "5", "--climate-file", mildFile, "--from", "1000-1-1", "--to", "1009-12-30", "--dry-run"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(env.Out.String(), "; 3600 weather entries to create,") {
		t.Errorf("ten years: %s", env.Out)
	}
	// So are ten years as a count of days, and a span of one day.
	for _, tc := range []struct{ flag, value, want string }{
		{"--days", "3600", "; 3600 weather entries to create,"},
		{"--to", "1000-1-1", "; 1 weather entry to create,"},
	} {
		env := cmdtest.New(t, "", reads()...)
		env.F.Globals.Quiet = true
		if err := runGenerate(env, "--calendar", "5", "--climate-file", mildFile, "--from", "1000-1-1", "--dry-run", tc.flag, tc.value); err != nil {
			t.Fatalf("%s %s: %v", tc.flag, tc.value, err)
		}
		if !strings.Contains(env.Out.String(), tc.want) {
			t.Errorf("%s %s: %s", tc.flag, tc.value, env.Out)
		}
	}
}

// More than ten kept days are named up to the tenth, and counted after it.
func TestGenerateNamesTenKeptDaysAndCountsTheRest(t *testing.T) {
	var held []string
	for day := 1; day <= 12; day++ {
		held = append(held, entry(100+day, 1000, 1, day, "sun", "20°C", "none", "calm", "dragon fire"))
	}
	env := cmdtest.New(t, "", reads(held...)...)
	if err := runGenerate(env, "--calendar", "5", "--from", "1000-1-1", "--days", "12", "--climate-file", mildFile, "--seed", "7", "--dry-run"); err != nil {
		t.Fatal(err)
	}
	want := "Kept as they are: 12 days that have an entry already (--replace updates them): 1 Frost 1000, 2 Frost 1000, 3 Frost 1000, " +
		"4 Frost 1000, 5 Frost 1000, 6 Frost 1000, 7 Frost 1000, 8 Frost 1000, 9 Frost 1000, 10 Frost 1000, and 2 more\n"
	if !strings.Contains(env.Out.String(), want) {
		t.Errorf("stdout:\n%s\nwant the line\n%s", env.Out, want)
	}
}

// A calendar given by name is found with its lookup, which holds it: no
// GET of it. Without --seed the seed is made from the calendar's name and
// the climate's, so that the same command gives the same weather.
func TestGenerateByNameWithTheSeedOfTheNames(t *testing.T) {
	env := cmdtest.New(t, "",
		ok("GET calendars?name=Westmarch", listOf(westmarch(fourSeasons))),
		ok("GET calendars", listOf(westmarch(fourSeasons))),
		ok("GET calendars/5/calendar_weathers", listOf()),
	)
	if err := runGenerate(env, "--calendar", "Westmarch", "--from", "1 Frost 1000", "--days", "3", "--climate-file", mildFile, "--dry-run"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars?name=Westmarch", "GET calendars", "GET calendars/5/calendar_weathers")
	want := fmt.Sprintf("Climate mild: Testing Place; seed %d\n", weathergen.SeedFrom("Westmarch", "mild"))
	if lines := strings.Split(env.Out.String(), "\n"); len(lines) < 2 || lines[1]+"\n" != want {
		t.Errorf("stdout:\n%s\nwant its second line %q", env.Out, want)
	}
}

// On a terminal the picture ends each month with its highs as bars, all
// months on one scale.
func TestGeneratePictureOnATerminal(t *testing.T) {
	env := cmdtest.New(t, "", reads()...)
	env.Terminal()
	if err := runGenerate(env, "--calendar", "5", "--from", "1000-1-29", "--days", "4", "--climate-file", mildFile, "--seed", "7", "--dry-run"); err != nil {
		t.Fatal(err)
	}
	want := `Westmarch (id 5): 29 Frost 1000 to 2 Thaw 1000, 4 days
Climate mild: Testing Place; seed 7
Seasons: Spring as spring, Summer as summer, Autumn as autumn, Winter as winter
MONTH       DAYS  HIGH °C  LOW °C  WET  SNOW  WEATHER    HIGHS
Frost 1000     2      9.8     1.6    0     0  sun        █▄
Thaw 1000      2      8.2     1.3    0     0  cloud-sun  ▆▁
`
	if got, _, _ := strings.Cut(env.Out.String(), "calendar \""); got != want {
		t.Errorf("picture:\n%s\nwant:\n%s", got, want)
	}
}

// A calendar whose seasons say nothing of the place's is laid on its year
// by the position in it: a warning says so, on stderr.
func TestGenerateWarnsOfACalendarWithoutSeasons(t *testing.T) {
	env := cmdtest.New(t, "",
		ok("GET calendars/5", one(westmarch("[]"))),
		ok("GET calendars", listOf(westmarch("[]"))),
		ok("GET calendars/5/calendar_weathers", listOf()),
	)
	if err := runGenerate(env, append(threeDays, "--dry-run")...); err != nil {
		t.Fatal(err)
	}
	want := "warning: the calendar has no season named winter, spring, summer, autumn or fall: its days are placed by their position in its year, its first day on the place's 1 January\n"
	if env.ErrOut.String() != want {
		t.Errorf("stderr %q; want %q", env.ErrOut, want)
	}
}

// --units f writes the temperatures in Fahrenheit, and the picture's.
func TestGenerateInFahrenheit(t *testing.T) {
	env := cmdtest.New(t, "json", reads()...)
	env.F.Globals.JQ = `[.units, [.entries[].temperature], .summary[0].units]`
	if err := runGenerate(env, append(threeDays, "--units", "f", "--dry-run")...); err != nil {
		t.Fatal(err)
	}
	if want := `["f",["42°F","40°F","40°F"],"f"]` + "\n"; env.Out.String() != want {
		t.Errorf("stdout %q; want %q", env.Out, want)
	}
}

// A write that fails does not stop the others: the outcome names it, and
// the exit code follows it, as apply's.
func TestGenerateReportsAFailedWriteAndGoesOn(t *testing.T) {
	env := cmdtest.New(t, "", append(reads(),
		ok(lastSync, listOf()),
		created("POST calendars/5/calendar_weathers", day1Body, one(day1(11))),
		cmdtest.Exchange{Request: "POST calendars/5/calendar_weathers", Body: day2Body, Status: 422,
			Answer: `{"message":"The weather field is invalid.","errors":{"weather":["The weather field is invalid."]}}`},
		created("POST calendars/5/calendar_weathers", day3Body, one(day3(13))),
	)...)
	err := runGenerate(env, threeDays...)
	want := "2 of 3 writes done, 1 failed; run weather generate again to finish (nothing is made twice): POST "
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("error %v; want one starting %q", err, want)
	}
	out := env.Out.String()
	for _, want := range []string{"failed: create weather 1000-1-2 of calendar \"Westmarch\"", "Applied: 2 of 3 writes done, 1 failed"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
}

// When the calendar's days changed between the read and the first write,
// nothing is written (exit 8), in this command's words.
func TestGenerateStopsWhenTheCalendarChangedMeanwhile(t *testing.T) {
	changed := strings.Replace(westmarch(fourSeasons), `"length":30`, `"length":31`, 1)
	env := cmdtest.New(t, "", append(reads(), ok(lastSync, listOf(changed)))...)
	err := runGenerate(env, threeDays...)
	var ch cmdutil.ChangedErrors
	if err == nil || !asChanged(err, &ch) {
		t.Fatalf("error %v; want the calendar changed", err)
	}
	want := `calendar 5 "Westmarch" changed on the server since it was read, and the plan writes its weather on the days it had: months. Nothing was sent, so that change stands. Run weather generate again to plan with the calendar as it is now.`
	if err.Error() != want {
		t.Errorf("error:\n%s\nwant:\n%s", err, want)
	}
	env.WantSent("GET calendars/5", "GET calendars", "GET calendars/5/calendar_weathers", lastSyncQ)
}

// On a terminal the writes show one progress line on stderr, redrawn in
// place and cleared at the end; piped, stderr says nothing (the first
// test's run).
func TestGenerateShowsProgressOnATerminal(t *testing.T) {
	env := cmdtest.New(t, "", append(reads(),
		ok(lastSync, listOf()),
		created("POST calendars/5/calendar_weathers", day1Body, one(day1(11))),
		created("POST calendars/5/calendar_weathers", day2Body, one(day2(12))),
		created("POST calendars/5/calendar_weathers", day3Body, one(day3(13))),
	)...)
	env.Terminal()
	if err := runGenerate(env, threeDays...); err != nil {
		t.Fatal(err)
	}
	// apply's progress line, which names the calendar.
	want := "\r\x1b[K[1/3] create weather 1000-1-1 of \"Westmarch\"\r\x1b[K[2/3] create weather 1000-1-2 of \"Westmarch\"\r\x1b[K[3/3] create weather 1000-1-3 of \"Westmarch\"\r\x1b[K"
	if env.ErrOut.String() != want {
		t.Errorf("stderr %q; want %q", env.ErrOut, want)
	}
}
