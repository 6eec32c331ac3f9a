package weather

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func ptr[T any](v T) *T { return &v }

// parse runs a command built with a runF that only captures its options.
func parse(t *testing.T, cmd *cobra.Command, args ...string) error {
	t.Helper()
	cmd.SetArgs(args)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	_, _, out, errOut := cmdutil.Test()
	cmd.SetOut(out)
	cmd.SetErr(errOut)
	return cmd.Execute()
}

func testFactory() *cmdutil.Factory {
	streams, _, _, _ := cmdutil.Test()
	return &cmdutil.Factory{IO: streams, Globals: &cmdutil.Globals{}}
}

func TestCreateFlags(t *testing.T) {
	var got *run
	cmd := NewCmdCreate(testFactory(), func(r *run) error { got = r; return nil })
	err := parse(t, cmd, "--calendar", "Harptos", "-f", "days.yaml", "--date", "-12-3-4", "--weather", "snowflake",
		"--temperature", "-5°C", "--precipitation", "snow", "--wind", "", "--effect", "cold",
		"--name", "First frost", "--visibility", "self-admin")
	if err != nil {
		t.Fatal(err)
	}
	want := client.WeatherInput{Dated: client.Dated{Year: ptr(-12), Month: ptr(3), Day: ptr(4)}, Weather: ptr("snowflake"),
		Temperature: ptr("-5°C"), Precipitation: ptr("snow"), Wind: ptr(""), Effect: ptr("cold"),
		Name: ptr("First frost"), VisibilityID: ptr(3)}
	if got.Parent != "Harptos" || got.FilePath != "days.yaml" {
		t.Errorf("calendar %q, file %q", got.Parent, got.FilePath)
	}
	if d := diffFields(got.Flags, want); d != "" {
		t.Error(d)
	}
}

func TestCreateFlagsLeaveUngivenFieldsNil(t *testing.T) {
	var got *run
	cmd := NewCmdCreate(testFactory(), func(r *run) error { got = r; return nil })
	if err := parse(t, cmd, "--calendar", "5", "--weather", "sun", "--visibility", "2"); err != nil {
		t.Fatal(err)
	}
	want := client.WeatherInput{Weather: ptr("sun"), VisibilityID: ptr(2)}
	if d := diffFields(got.Flags, want); d != "" {
		t.Error(d)
	}
}

func TestUpdateFlags(t *testing.T) {
	var got *run
	cmd := NewCmdUpdate(testFactory(), func(r *run) error { got = r; return nil })
	if err := parse(t, cmd, "--calendar", "5", "41", "--date", "1492-13-40", "--wind", "gale"); err != nil {
		t.Fatal(err)
	}
	// 1492-13-40 is well formed: only the calendar can say it is no day.
	want := client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(13), Day: ptr(40)}, Wind: ptr("gale")}
	if got.Arg != "41" || got.Parent != "5" {
		t.Errorf("id %s, calendar %q", got.Arg, got.Parent)
	}
	if d := diffFields(got.Flags, want); d != "" {
		t.Error(d)
	}
}

// TestListFlags: the filters and the limit reach the requests (the limit
// counts kept entries, so a filtered walk asks for no limit).
func TestListFlags(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET calendars/5/calendar_weathers?page=2", "", 200, page(2, 3, weatherJSON(41, -3, 1, 1, "sun"), weatherJSON(42, -3, 2, 1, "sun")))
	if err := env.run("list", "--calendar", "5", "--limit", "7", "--page", "2", "--year", "-3", "--month", "1"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != "41\n" {
		t.Errorf("stdout %q", got)
	}
}

// TestGetAndDeleteFlags: the --calendar and ids reach the requests; the
// global -y agrees to a delete (a local --yes no longer shadows it).
func TestGetAndDeleteFlags(t *testing.T) {
	env := newTestEnv(t, "id")
	env.expect("GET calendars/5/calendar_weathers/41", "", 200, one(weatherJSON(41, 1492, 1, 1, "sun")))
	if err := env.run("get", "--calendar", "5", "41"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars/5/calendar_weathers/41")
	// delete prints no record: it runs with -o left out (-o id is refused).
	env = newTestEnv(t, "")
	env.expect("DELETE calendars/5/calendar_weathers/41", "", 204, "")
	env.expect("DELETE calendars/5/calendar_weathers/42", "", 204, "")
	if err := env.run("-y", "delete", "--calendar", "5", "41", "42", "41"); err != nil {
		t.Fatal(err)
	}
	want := []string{"DELETE calendars/5/calendar_weathers/41", "DELETE calendars/5/calendar_weathers/42"}
	if got := env.Sent(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("sent %v, want %v", got, want)
	}
}

func TestBadFlagsAreUsageErrors(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"date not a date", []string{"create", "--calendar", "5", "--date", "abc"}, `--date: "abc" is not a date: write YEAR-MONTH-DAY`},
		{"date too short", []string{"create", "--calendar", "5", "--date", "1-2"}, `--date: "1-2" is not a date: write YEAR-MONTH-DAY`},
		{"bad visibility", []string{"create", "--calendar", "5", "--visibility", "friends"}, `--visibility: "friends" is not a visibility`},
		{"visibility out of range", []string{"create", "--calendar", "5", "--visibility", "6"}, `--visibility: "6" is not a visibility`},
		{"no calendar", []string{"create", "--weather", "sun"}, `required flag(s) "calendar" not set`},
		{"update nothing to change", []string{"update", "--calendar", "5", "41"}, "nothing to change"},
		{"update bad id", []string{"update", "--calendar", "5", "x41", "--weather", "sun"}, `"x41" is not a weather id`},
		{"update two ids", []string{"update", "--calendar", "5", "41", "42", "--weather", "sun"}, `unexpected argument "42": kanka weather update takes WEATHER_ID only`},
		{"get no id", []string{"get", "--calendar", "5"}, "missing WEATHER_ID: the weather entry to get"},
		{"get zero id", []string{"get", "--calendar", "5", "0"}, `"0" is not a weather id`},
		{"get no calendar", []string{"get", "41"}, `required flag(s) "calendar" not set`},
		{"list negative limit", []string{"list", "--calendar", "5", "--limit", "-1"}, "--limit -1: give a number above 0"},
		{"list limit zero", []string{"list", "--calendar", "5", "--limit", "0"}, "--limit 0: give a number above 0"},
		{"list page zero", []string{"list", "--calendar", "5", "--page", "0"}, "--page 0: pages are counted from 1"},
		{"list month zero", []string{"list", "--calendar", "5", "--month", "0"}, `--month: the month "0" is not a month number (1 is the first) or name`},
		{"list argument", []string{"list", "--calendar", "5", "41"}, `unexpected argument "41": kanka weather list takes none`},
		{"delete no id", []string{"delete", "--calendar", "5"}, "missing WEATHER_ID...: the weather entries to delete"},
		{"delete bad id", []string{"delete", "--calendar", "5", "41", "4x"}, `"4x" is not a weather id`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newTestEnv(t, "table") // any request fails the test
			err := env.run(tt.args...)
			if !cmdtest.IsUsage(err) {
				t.Fatalf("error %v is not a usage error", err)
			}
			if !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error %q does not say %q", err, tt.wantErr)
			}
		})
	}
}

// diffFields describes how got differs from want, "" when they match.
func diffFields(got, want client.WeatherInput) string {
	var diffs []string
	cmpInt := func(name string, g, w *int) {
		if (g == nil) != (w == nil) || (g != nil && *g != *w) {
			diffs = append(diffs, name+": got "+show(g)+", want "+show(w))
		}
	}
	cmpStr := func(name string, g, w *string) {
		if (g == nil) != (w == nil) || (g != nil && *g != *w) {
			diffs = append(diffs, name+": got "+show(g)+", want "+show(w))
		}
	}
	cmpInt("year", got.Year, want.Year)
	cmpInt("month", got.Month, want.Month)
	cmpInt("day", got.Day, want.Day)
	cmpStr("weather", got.Weather, want.Weather)
	cmpStr("temperature", got.Temperature, want.Temperature)
	cmpStr("precipitation", got.Precipitation, want.Precipitation)
	cmpStr("wind", got.Wind, want.Wind)
	cmpStr("effect", got.Effect, want.Effect)
	cmpStr("name", got.Name, want.Name)
	cmpInt("visibility", got.VisibilityID, want.VisibilityID)
	if (got.Written == nil) != (want.Written == nil) || (got.Written != nil && *got.Written != *want.Written) {
		diffs = append(diffs, "written: got "+show(got.Written)+", want "+show(want.Written))
	}
	return strings.Join(diffs, "\n")
}

func show[T any](v *T) string {
	if v == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%#v", *v)
}

// The field flags of calendar and weather speak in one style: a lowercase
// first letter, placeholders in upper case (`DATE`, `FILE`, `N`).
func TestFlagHelpHasOneStyle(t *testing.T) {
	f := testFactory()
	for _, group := range []*cobra.Command{calendar.NewCmdCalendar(f), NewCmdWeather(f)} {
		for _, verb := range []string{"create", "update"} {
			cmd, _, err := group.Find([]string{verb})
			if err != nil {
				t.Fatal(err)
			}
			cmd.LocalFlags().VisitAll(func(fl *pflag.Flag) {
				if r, _ := utf8.DecodeRuneInString(fl.Usage); !unicode.IsLower(r) {
					t.Errorf("%s %s --%s: %q does not start in lower case", group.Name(), verb, fl.Name, fl.Usage)
				}
				if name, _ := pflag.UnquoteUsage(fl); strings.Contains(fl.Usage, "`") && name != strings.ToUpper(name) {
					t.Errorf("%s %s --%s: placeholder %q is not in upper case", group.Name(), verb, fl.Name, name)
				}
			})
		}
	}
}
