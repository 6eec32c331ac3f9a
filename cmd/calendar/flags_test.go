package calendar

import (
	"reflect"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// parseCreate runs `create args...` and returns the options it would run with.
func parseCreate(t *testing.T, stdin string, args ...string) (*run, error) {
	t.Helper()
	io, in, _, _ := cmdutil.Test()
	in.WriteString(stdin)
	f := &cmdutil.Factory{IO: io, Globals: &cmdutil.Globals{}}
	var got *run
	cmd := NewCmdCreate(f, func(r *run) error { got = r; return nil })
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &cmdutil.UsageError{Err: cmdutil.FlagValueError(err)} })
	cmdtest.MarkUsageErrors(cmd)
	cmd.SetArgs(args)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err := cmd.Execute()
	return got, err
}

func TestFieldFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want client.CalendarInput
	}{
		{"name", []string{"--name", "Harptos"}, client.CalendarInput{Name: "Harptos"}},
		{"entry", []string{"--entry", "<p>hi</p>"}, client.CalendarInput{Entry: ptr("<p>hi</p>")}},
		{"type and date with a negative year", []string{"--type", "Old", "--date", "-12-3-1"},
			client.CalendarInput{Type: ptr("Old"), Date: &client.Date{Year: -12, Month: 3, Day: 1}}},
		{"months in order, escaped colon", []string{"--month", "Hammer:30", "--month", `Mid\:winter:1:intercalary`, "--month", "Ches:30:standard"},
			client.CalendarInput{Months: []client.Month{{Name: "Hammer", Length: 30}, {Name: "Mid:winter", Length: 1, Type: "intercalary"}, {Name: "Ches", Length: 30, Type: "standard"}}}},
		{"weekdays keep commas", []string{"--weekday", "First, day", "--weekday", "Second"},
			client.CalendarInput{Weekdays: []string{"First, day", "Second"}}},
		{"years", []string{"--year", "1492:Year of Three Ships Sailing", "--year", `-5:Year of the\: Colon`},
			client.CalendarInput{Years: map[int]string{1492: "Year of Three Ships Sailing", -5: "Year of the: Colon"}}},
		{"seasons", []string{"--season", "Spring:3:19", "--season", `Hi\:gh:7:1`},
			client.CalendarInput{Seasons: []client.Season{{Name: "Spring", Month: 3, Day: 19}, {Name: "Hi:gh", Month: 7, Day: 1}}}},
		{"moons", []string{"--moon", "Selûne:30.4375", "--moon", "Tears:12:3", "--moon", "Red:7.5:-2:red"},
			client.CalendarInput{Moons: []client.Moon{{Name: "Selûne", Fullmoon: 30.4375}, {Name: "Tears", Fullmoon: 12, Offset: 3}, {Name: "Red", Fullmoon: 7.5, Offset: -2, Colour: "red"}}}},
		{"epochs, suffix, format", []string{"--epoch", "First Age", "--epoch", "Second Age", "--suffix", "DR", "--format", "d M, y"},
			client.CalendarInput{Epochs: []string{"First Age", "Second Age"}, Suffix: ptr("DR"), Format: ptr("d M, y")}},
		{"one leap flag turns leap years on", []string{"--leap-year-every", "4"},
			client.CalendarInput{HasLeapYear: ptr(true), LeapYearOffset: ptr(4)}},
		{"all leap flags", []string{"--leap-year-amount", "-1", "--leap-year-every", "4", "--leap-year-start", "2", "--leap-year-month", "10"},
			client.CalendarInput{HasLeapYear: ptr(true), LeapYearAmount: ptr(-1), LeapYearOffset: ptr(4), LeapYearStart: ptr(2), LeapYearMonth: ptr(10)}},
		{"no leap year", []string{"--no-leap-year"}, client.CalendarInput{HasLeapYear: ptr(false)}},
		{"tags repeat", []string{"--tag", "3", "--tag", "7"}, client.CalendarInput{Tags: []int{3, 7}}},
		{"private", []string{"--private"}, client.CalendarInput{IsPrivate: ptr(true)}},
		{"public", []string{"--public"}, client.CalendarInput{IsPrivate: ptr(false)}},
		{"images", []string{"--image-url", "https://x.test/a.png", "--entity-image", "u-1", "--entity-header", "u-2"},
			client.CalendarInput{ImageURL: "https://x.test/a.png", EntityImageUUID: "u-1", EntityHeaderUUID: "u-2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts, err := parseCreate(t, "", tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(opts.Flags, tt.want) {
				t.Errorf("fields\n got  %+v\n want %+v", opts.Flags, tt.want)
			}
		})
	}
}

func TestFieldFlagsEntryFile(t *testing.T) {
	opts, err := parseCreate(t, "<p>from stdin</p>\n", "--entry-file", "-", "-f", "cal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if opts.Flags.Entry == nil || *opts.Flags.Entry != "<p>from stdin</p>\n" || opts.FilePath != "cal.yaml" {
		t.Errorf("entry %v, file %q", opts.Flags.Entry, opts.FilePath)
	}
}

func TestFieldFlagErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{}, "nothing to create: give -f FILE or field flags such as --name and --month"},
		{[]string{"--name", " "}, "--name cannot be empty"},
		{[]string{"--date", "1492-3"}, `--date: "1492-3" is not a date: write YEAR-MONTH-DAY (1492-4-3, 1492-Ches-3) or DAY MONTH YEAR (3 Ches 1492)`},
		{[]string{"--month", "Hammer"}, `--month "Hammer": want NAME:LENGTH or NAME:LENGTH:intercalary (write \: for a colon in a name)`},
		{[]string{"--month", "Hammer:thirty"}, `--month "Hammer:thirty": the length "thirty" is not a whole number of days above 0`},
		{[]string{"--month", "Hammer:0"}, `--month "Hammer:0": the length "0" is not a whole number of days above 0`},
		{[]string{"--month", "Hammer:30:leap"}, `--month "Hammer:30:leap": the type "leap" is not intercalary or standard`},
		{[]string{"--month", "Ides:Prime:30"}, `--month "Ides:Prime:30": the length "Prime" is not a whole number of days above 0`},
		{[]string{"--month", ":30"}, `--month ":30": the name is empty`},
		{[]string{"--weekday", ""}, `--weekday "": the name is empty`},
		{[]string{"--year", "MCM:Old"}, `--year "MCM:Old": the year "MCM" is not a whole number`},
		{[]string{"--year", "1492"}, `--year "1492": want NUMBER:NAME (write \: for a colon in a name)`},
		{[]string{"--year", "1:A", "--year", "1:B"}, `--year "1:B": year 1 is named twice`},
		{[]string{"--season", "Spring:3"}, `--season "Spring:3": want NAME:MONTH:DAY (write \: for a colon in a name)`},
		{[]string{"--season", "Spring:0:1"}, `--season "Spring:0:1": the month "0" is not a month number (1 is the first) or name`},
		{[]string{"--season", "Spring:3:x"}, `--season "Spring:3:x": the day "x" is not a day number (1 is the first)`},
		{[]string{"--moon", "Selûne"}, `--moon "Selûne": want NAME:FULLMOON[:OFFSET[:COLOUR]] (write \: for a colon in a name)`},
		{[]string{"--moon", "Selûne:0"}, `--moon "Selûne:0": the full-moon cycle "0" is not a number of days above 0`},
		{[]string{"--moon", "Selûne:30:1.5"}, `--moon "Selûne:30:1.5": the offset "1.5" is not a whole number`},
		{[]string{"--epoch", " "}, `--epoch " ": the name is empty`},
		{[]string{"--tag", "0"}, "--tag 0: a tag id is a positive number"},
		{[]string{"--tag", "x"}, `--tag "x": not a whole number`},
		{[]string{"--leap-year-every", "four"}, `--leap-year-every "four": not a whole number`},
		{[]string{"--private", "--public"}, "--private and --public cannot be used together"},
		{[]string{"--entry", "a", "--entry-file", "b"}, "--entry and --entry-file cannot be used together"},
		{[]string{"--leap-year-month", "2", "--no-leap-year"}, "--leap-year-month and --no-leap-year cannot be used together"},
		{[]string{"-f", "-", "--entry-file", "-"}, "-f - and --entry-file - cannot both read standard input"},
		{[]string{"extra"}, `unexpected argument "extra": create takes none`},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			_, err := parseCreate(t, "", tt.args...)
			wantUsage(t, err, tt.want)
		})
	}
}

func TestUpdateFlags(t *testing.T) {
	parse := func(args ...string) (*run, error) {
		io, _, _, _ := cmdutil.Test()
		var got *run
		cmd := NewCmdUpdate(&cmdutil.Factory{IO: io, Globals: &cmdutil.Globals{}}, func(r *run) error { got = r; return nil })
		cmdtest.MarkUsageErrors(cmd)
		cmd.SetArgs(args)
		cmd.SilenceUsage, cmd.SilenceErrors = true, true
		return got, cmd.Execute()
	}
	opts, err := parse("Harptos", "-f", "cal.yaml", "--month", "A:1", "--month", "B:2")
	if err != nil {
		t.Fatal(err)
	}
	want := client.CalendarInput{Months: []client.Month{{Name: "A", Length: 1}, {Name: "B", Length: 2}}}
	if opts.Arg != "Harptos" || opts.FilePath != "cal.yaml" || !reflect.DeepEqual(opts.Flags, want) {
		t.Errorf("got %q %q %+v", opts.Arg, opts.FilePath, opts.Flags)
	}
	_, err = parse("12")
	wantUsage(t, err, "nothing to change: give -f FILE or field flags such as --name")
	_, err = parse("--name", "x")
	wantUsage(t, err, "missing ID|NAME: the id|name")
}

// listOptions parses calendar list's filter flags alone.
func listOptions(args ...string) (client.ListOptions, error) {
	fs := pflag.NewFlagSet("list", pflag.ContinueOnError)
	var ef resource.EntityFilters
	ef.Register(fs, "calendars")
	if err := fs.Parse(args); err != nil {
		return client.ListOptions{}, err
	}
	return ef.Options(fs)
}

func TestListFlags(t *testing.T) {
	opts, err := listOptions("--name", "Harptos", "--exact", "--type", "Old",
		"--private", "--tag", "3", "--tag", "7", "--since", "2026-01-01T10:00:00+02:00")
	if err != nil {
		t.Fatal(err)
	}
	want := client.ListOptions{Name: "Harptos", ExactName: true, Type: "Old",
		IsPrivate: ptr(true), Tags: []int{3, 7}, LastSync: time.Date(2026, 1, 1, 8, 0, 0, 0, time.UTC)}
	if !reflect.DeepEqual(opts.IsPrivate, want.IsPrivate) || !opts.LastSync.Equal(want.LastSync) {
		t.Errorf("got %+v", opts)
	}
	opts.LastSync, want.LastSync = time.Time{}, time.Time{}
	if !reflect.DeepEqual(opts, want) {
		t.Errorf("filter\n got  %+v\n want %+v", opts, want)
	}

	opts, err = listOptions("--public")
	if err != nil || opts.IsPrivate == nil || *opts.IsPrivate {
		t.Errorf("--public: %+v %v", opts, err)
	}

	before := time.Now()
	opts, err = listOptions("--since", "24h")
	if err != nil {
		t.Fatal(err)
	}
	if got := opts.LastSync; got.Before(before.Add(-24*time.Hour)) || got.After(time.Now().Add(-24*time.Hour)) {
		t.Errorf("--since 24h gave %v", got)
	}

	errs := []struct {
		args []string
		want string
	}{
		{[]string{"--limit", "0"}, "--limit 0: give a number above 0 (leave --limit out to list every calendar)"},
		{[]string{"--page", "0"}, "--page 0: pages are counted from 1"},
		{[]string{"--exact"}, "--exact needs --name"},
		{[]string{"--private", "--public"}, "--private and --public cannot be used together"},
		{[]string{"--tag", "-1"}, "--tag -1: a tag id is a positive number"},
		{[]string{"--since", "yesterday"}, `--since "yesterday": give an RFC 3339 time (2024-05-01T12:00:00Z), a date (2024-05-01) or a duration such as 24h`},
		{[]string{"--since", "-3h"}, `--since "-3h": give an RFC 3339 time (2024-05-01T12:00:00Z), a date (2024-05-01) or a duration such as 24h`},
		{[]string{"--limit", "ten"}, `--limit "ten": not a whole number`},
		{[]string{"Harptos"}, `unexpected argument "Harptos": kanka calendar list takes none`},
	}
	for _, tt := range errs {
		env := newTestEnv(t, "table") // any request fails the test
		wantUsage(t, env.run(append([]string{"list"}, tt.args...)...), tt.want)
	}
}

func TestParseSinceDate(t *testing.T) {
	got, err := resource.ParseSince("2026-03-04", time.Now())
	if err != nil || !got.Equal(time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("got %v %v", got, err)
	}
	now := time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)
	got, err = resource.ParseSince("90m", now)
	if err != nil || !got.Equal(time.Date(2026, 3, 4, 10, 30, 0, 0, time.UTC)) {
		t.Errorf("got %v %v", got, err)
	}
}

func TestGetAndDeleteArgs(t *testing.T) {
	env := newTestEnv(t, "table",
		exchange{"GET", "calendars?name=Harptos", "", 200, page(1, 1, 10, small(12, "Harptos"))},
		exchange{"DELETE", "calendars/12", "", 204, ""})
	// The global -y agrees (no local --yes shadows it); 12 and Harptos are
	// one calendar, deleted once.
	if err := env.run("-y", "delete", "12", "Harptos"); err != nil {
		t.Fatal(err)
	}
	env = newTestEnv(t, "table")
	wantUsage(t, env.run("delete"), "missing ID|NAME...: the calendars to delete")
	wantUsage(t, env.run("get", "1", "2"), "unexpected argument \"2\": kanka calendar get takes ID|NAME only")
}
