package weather

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
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
	var got *CreateOptions
	cmd := NewCmdCreate(testFactory(), func(o *CreateOptions) error { got = o; return nil })
	err := parse(t, cmd, "--calendar", "Harptos", "-f", "days.yaml", "--date", "-12-3-4", "--weather", "snowflake",
		"--temperature", "-5°C", "--precipitation", "snow", "--wind", "", "--effect", "cold",
		"--name", "First frost", "--visibility", "self-admin")
	if err != nil {
		t.Fatal(err)
	}
	want := entryFields{Year: ptr(-12), Month: ptr(3), Day: ptr(4), Weather: ptr("snowflake"),
		Temperature: ptr("-5°C"), Precipitation: ptr("snow"), Wind: ptr(""), Effect: ptr("cold"),
		Name: ptr("First frost"), Visibility: ptr(4)}
	if got.Calendar != "Harptos" || got.File != "days.yaml" {
		t.Errorf("calendar %q, file %q", got.Calendar, got.File)
	}
	if d := diffFields(got.Fields, want); d != "" {
		t.Error(d)
	}
}

func TestCreateFlagsLeaveUngivenFieldsNil(t *testing.T) {
	var got *CreateOptions
	cmd := NewCmdCreate(testFactory(), func(o *CreateOptions) error { got = o; return nil })
	if err := parse(t, cmd, "--calendar", "5", "--weather", "sun", "--visibility", "2"); err != nil {
		t.Fatal(err)
	}
	want := entryFields{Weather: ptr("sun"), Visibility: ptr(2)}
	if d := diffFields(got.Fields, want); d != "" {
		t.Error(d)
	}
}

func TestUpdateFlags(t *testing.T) {
	var got *UpdateOptions
	cmd := NewCmdUpdate(testFactory(), func(o *UpdateOptions) error { got = o; return nil })
	if err := parse(t, cmd, "--calendar", "5", "41", "--date", "1492-13-40", "--wind", "gale"); err != nil {
		t.Fatal(err)
	}
	// 1492-13-40 is well formed: only the calendar can say it is no day.
	want := entryFields{Year: ptr(1492), Month: ptr(13), Day: ptr(40), Wind: ptr("gale")}
	if got.WeatherID != 41 || got.Calendar != "5" {
		t.Errorf("id %d, calendar %q", got.WeatherID, got.Calendar)
	}
	if d := diffFields(got.Fields, want); d != "" {
		t.Error(d)
	}
}

func TestListFlags(t *testing.T) {
	var got *ListOptions
	cmd := NewCmdList(testFactory(), func(o *ListOptions) error { got = o; return nil })
	if err := parse(t, cmd, "--calendar", "Harptos", "--limit", "7", "--page", "2", "--year", "-3", "--month", "1"); err != nil {
		t.Fatal(err)
	}
	if got.Calendar != "Harptos" || got.Limit != 7 || got.Page != 2 || got.Year == nil || *got.Year != -3 || got.Month == nil || *got.Month != 1 {
		t.Errorf("options %+v", got)
	}

	cmd = NewCmdList(testFactory(), func(o *ListOptions) error { got = o; return nil })
	if err := parse(t, cmd, "--calendar", "5"); err != nil {
		t.Fatal(err)
	}
	if got.Year != nil || got.Month != nil || got.Limit != 0 || got.Page != 0 {
		t.Errorf("defaults %+v", got)
	}
}

func TestGetAndDeleteFlags(t *testing.T) {
	var get *GetOptions
	cmd := NewCmdGet(testFactory(), func(o *GetOptions) error { get = o; return nil })
	if err := parse(t, cmd, "--calendar", "5", "41"); err != nil {
		t.Fatal(err)
	}
	if get.Calendar != "5" || get.WeatherID != 41 {
		t.Errorf("get options %+v", get)
	}

	var del *DeleteOptions
	cmd = NewCmdDelete(testFactory(), func(o *DeleteOptions) error { del = o; return nil })
	if err := parse(t, cmd, "--calendar", "Harptos", "41", "42", "--yes"); err != nil {
		t.Fatal(err)
	}
	if del.Calendar != "Harptos" || !del.Yes || len(del.WeatherIDs) != 2 || del.WeatherIDs[0] != 41 || del.WeatherIDs[1] != 42 {
		t.Errorf("delete options %+v", del)
	}
}

func TestBadFlagsAreUsageErrors(t *testing.T) {
	tests := []struct {
		name    string
		cmd     func(t *testing.T) *cobra.Command
		args    []string
		wantErr string
	}{
		{"date not a date", createCmd, []string{"--calendar", "5", "--date", "abc"}, `--date: "abc" is not a date of the form YEAR-MONTH-DAY`},
		{"date too short", createCmd, []string{"--calendar", "5", "--date", "1-2"}, `--date: "1-2" is not a date of the form YEAR-MONTH-DAY`},
		{"bad visibility", createCmd, []string{"--calendar", "5", "--visibility", "friends"}, `--visibility: "friends" is not a visibility`},
		{"visibility out of range", createCmd, []string{"--calendar", "5", "--visibility", "6"}, `--visibility: "6" is not a visibility`},
		{"no calendar", createCmd, []string{"--weather", "sun"}, "--calendar ID|NAME is required"},
		{"update nothing to change", updateCmd, []string{"--calendar", "5", "41"}, "nothing to change"},
		{"update bad id", updateCmd, []string{"--calendar", "5", "x41", "--weather", "sun"}, `"x41" is not a weather id`},
		{"update two ids", updateCmd, []string{"--calendar", "5", "41", "42", "--weather", "sun"}, "takes one WEATHER_ID, 2 given"},
		{"get no id", getCmd, []string{"--calendar", "5"}, "takes one WEATHER_ID, 0 given"},
		{"get zero id", getCmd, []string{"--calendar", "5", "0"}, `"0" is not a weather id`},
		{"list negative limit", listCmd, []string{"--calendar", "5", "--limit", "-1"}, "--limit must be 0 or more"},
		{"list page zero", listCmd, []string{"--calendar", "5", "--page", "0"}, "--page must be 1 or more"},
		{"list month zero", listCmd, []string{"--calendar", "5", "--month", "0"}, "--month must be 1 or more"},
		{"list argument", listCmd, []string{"--calendar", "5", "41"}, "takes no arguments"},
		{"delete no id", deleteCmd, []string{"--calendar", "5"}, "takes one or more WEATHER_IDs"},
		{"delete bad id", deleteCmd, []string{"--calendar", "5", "41", "4x"}, `"4x" is not a weather id`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := parse(t, tt.cmd(t), tt.args...)
			if !isUsage(err) {
				t.Fatalf("error %v is not a usage error", err)
			}
			if !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error %q does not say %q", err, tt.wantErr)
			}
		})
	}
}

// The commands of TestBadFlagsAreUsageErrors fail the test if they run.
func createCmd(t *testing.T) *cobra.Command {
	return NewCmdCreate(testFactory(), func(*CreateOptions) error { t.Error("run was called"); return nil })
}
func updateCmd(t *testing.T) *cobra.Command {
	return NewCmdUpdate(testFactory(), func(*UpdateOptions) error { t.Error("run was called"); return nil })
}
func getCmd(t *testing.T) *cobra.Command {
	return NewCmdGet(testFactory(), func(*GetOptions) error { t.Error("run was called"); return nil })
}
func listCmd(t *testing.T) *cobra.Command {
	return NewCmdList(testFactory(), func(*ListOptions) error { t.Error("run was called"); return nil })
}
func deleteCmd(t *testing.T) *cobra.Command {
	return NewCmdDelete(testFactory(), func(*DeleteOptions) error { t.Error("run was called"); return nil })
}

// diffFields describes how got differs from want, "" when they match.
func diffFields(got, want entryFields) string {
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
	cmpInt("visibility", got.Visibility, want.Visibility)
	return strings.Join(diffs, "\n")
}

func show[T any](v *T) string {
	if v == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%#v", *v)
}
