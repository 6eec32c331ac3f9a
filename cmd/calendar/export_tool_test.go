package calendar

import (
	"encoding/json"
	"strings"
	"testing"
)

// --format fantasy-calendar: the one GET, the tool's file on stdout (its
// months and current date as Fantasy-Calendar counts them), what it loses
// one warning line each on stderr.
func TestExportToAToolsFormat(t *testing.T) {
	env := newTestEnv(t, "table", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))},
		exchange{"GET", "calendars/12/reminders", "", 200, emptyReminderPage})
	if err := env.run("export", "12", "--format", "Fantasy-Calendar"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars/12", "GET calendars/12/reminders")
	var file struct {
		Name       string `json:"name"`
		StaticData struct {
			YearData struct {
				Timespans []struct{ Name, Type string } `json:"timespans"`
			} `json:"year_data"`
		} `json:"static_data"`
		DynamicData struct{ Year, Timespan, Day int } `json:"dynamic_data"`
	}
	if err := json.Unmarshal(env.Out.Bytes(), &file); err != nil {
		t.Fatalf("stdout is no JSON: %v\n%s", err, env.Out)
	}
	spans := file.StaticData.YearData.Timespans
	if file.Name != "Harptos" || len(spans) != 4 || spans[1].Name != "Midwinter" || spans[1].Type != "intercalary" ||
		file.DynamicData.Year != 1492 || file.DynamicData.Timespan != 2 || file.DynamicData.Day != 12 {
		t.Errorf("the file: %+v", file)
	}
	want := "warning: month aliases: Fantasy-Calendar has no second name for a month: 1 alias is not written\n" +
		"warning: year names: Fantasy-Calendar has no year names: 2 names (1491 to 1492) are not written\n" +
		"warning: year suffix: Fantasy-Calendar has none: \"DR\" is not written\n"
	if got := env.ErrOut.String(); got != want {
		t.Errorf("stderr:\n%s\nwant\n%s", got, want)
	}
}

// --strict refuses a file that loses anything: exit 2, the list, nothing
// written; one that loses nothing is written.
func TestExportStrictRefusesALoss(t *testing.T) {
	env := newTestEnv(t, "table", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))},
		exchange{"GET", "calendars/12/reminders", "", 200, emptyReminderPage})
	err := env.run("export", "12", "--format", "simple-calendar", "--strict")
	wantUsage(t, err, `calendar "Harptos": --strict refuses a Simple Calendar file that loses anything, nothing was written:`+"\n"+
		`  month aliases: Simple Calendar has no second name for a month: 1 alias is not written`+"\n"+
		`  year names: Simple Calendar names the years before 1491 too, counting its names back: 1490 shows "Year of Three Ships Sailing"`)
	if env.Out.Len() != 0 || env.ErrOut.Len() != 0 {
		t.Errorf("stdout %q, stderr %q", env.Out, env.ErrOut)
	}

	counted := strings.Replace(small(7, "Small"), `"moons":[]`, `"moons":[],"has_leap_year":false`, 1)
	env = newTestEnv(t, "table", exchange{"GET", "calendars/7", "", 200, data(counted)},
		exchange{"GET", "calendars/7/reminders", "", 200, emptyReminderPage})
	if err := env.run("export", "7", "--format", "fantasy-calendar", "--strict"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(env.Out.String(), `"name": "Small"`) || env.ErrOut.Len() != 0 {
		t.Errorf("stdout %q, stderr %q", env.Out, env.ErrOut)
	}
}

// A record whose answer left out what its days depend on is not counted:
// an error, nothing written.
func TestExportToAToolRefusesAnUncountedRecord(t *testing.T) {
	env := newTestEnv(t, "table", exchange{"GET", "calendars/7", "", 200, data(small(7, "Small"))})
	err := env.run("export", "7", "--format", "fantasy-calendar")
	want := "calendar 7 \"Small\": the server's answer did not give has_leap_year (left out or null), so its days cannot be counted as the service counts them; nothing was sent. Set them with `kanka calendar update 7 -f FILE`"
	if err == nil || err.Error() != want || env.Out.Len() != 0 {
		t.Errorf("error %v, stdout %q", err, env.Out)
	}
}

// What a tool's file cannot be is refused before anything is sent (exit
// 2): an unknown format (with the nearest), several calendars, weather,
// --strict for the YAML document.
func TestExportFormatRefusals(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"12", "--format", "fantasy"}, `--format: unknown format "fantasy"; did you mean "fantasy-calendar"? (one of yaml, fantasy-calendar, simple-calendar, calendarium)`},
		{[]string{"12", "--format", "ical"}, `--format: unknown format "ical": use one of yaml, fantasy-calendar, simple-calendar, calendarium`},
		{[]string{"12", "7", "--format", "calendarium"}, "--format calendarium writes one calendar: name one, not several or --all"},
		{[]string{"--all", "--format", "calendarium"}, "--format calendarium writes one calendar: name one, not several or --all"},
		{[]string{"12", "--format", "simple-calendar", "--with-weather"}, "--with-weather is for the YAML document: Simple Calendar keeps no weather entries"},
		{[]string{"12", "--strict"}, "--strict is for a tool's --format (fantasy-calendar, simple-calendar, calendarium): the YAML document loses nothing"},
	} {
		env := newTestEnv(t, "table")
		wantUsage(t, env.run(append([]string{"export"}, c.args...)...), c.want)
		env.WantSent()
	}
}

// --format yaml is the document, as without it.
func TestExportFormatYAMLIsTheDocument(t *testing.T) {
	record := data(readTestdata(t, "record.json"))
	plain := newTestEnv(t, "table", exchange{"GET", "calendars/12", "", 200, record})
	named := newTestEnv(t, "table", exchange{"GET", "calendars/12", "", 200, record})
	if err := plain.run("export", "12"); err != nil {
		t.Fatal(err)
	}
	if err := named.run("export", "12", "--format", "YAML"); err != nil {
		t.Fatal(err)
	}
	if plain.Out.String() != named.Out.String() || !strings.HasPrefix(named.Out.String(), "calendars:\n") {
		t.Errorf("--format yaml wrote\n%s\nwithout it\n%s", named.Out, plain.Out)
	}
}
