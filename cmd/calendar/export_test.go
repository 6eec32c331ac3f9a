package calendar

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
	yaml "go.yaml.in/yaml/v3"
)

// exportedWeather is an entry of calendar 12 as the server sends it.
func exportedWeather(id, year, month, day int, weather, temperature string) string {
	return fmt.Sprintf(`{"id":%d,"calendar_id":12,"created_by":9,"name":null,"weather":%q,"temperature":%q,"precipitation":"","wind":"north, strong","effect":"","day":%d,"month":%d,"year":%d,"created_at":"2026-11-01 10:00:00","updated_at":"2026-11-02 11:00:00","visibility_id":3}`,
		id, weather, temperature, day, month, year)
}

// exportedWeatherPage is the only page of a weather list.
func exportedWeatherPage(items ...string) string {
	return fmt.Sprintf(`{"data":[%s],"links":{"first":"x","last":"x","prev":null,"next":null},"meta":{"current_page":1,"from":1,"last_page":1,"per_page":15,"to":%d,"total":%d}}`,
		strings.Join(items, ","), len(items), len(items))
}

// The weather as the server lists it: not in date order, two on one day.
var unsortedWeather = []string{
	exportedWeather(44, 1492, 2, 1, "cloud", ""),
	exportedWeather(45, 1491, 4, 30, "sun", "warm: 20°C"),
	exportedWeather(43, 1492, 1, 2, "snowflake", "-5C"),
	exportedWeather(41, 1492, 1, 2, "bolt", ""),
}

// A name (its lookup holds the record) and an id (one GET), each calendar's
// weather pages, and the document on stdout: no ids, no server keys, the
// weather by date then id, the calendar named twice written once.
func TestExportWithWeather(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "table",
		exchange{"GET", "calendars?name=Harptos", "", 200, page(1, 1, 45, record, small(30, "Harptos (copy)"))},
		exchange{"GET", "calendars/7", "", 200, data(small(7, "Small"))},
		exchange{"GET", "calendars/12/calendar_weathers", "", 200, exportedWeatherPage(unsortedWeather...)},
		exchange{"GET", "calendars/7/calendar_weathers", "", 200, exportedWeatherPage()},
	)
	if err := env.run("export", "Harptos", "7", "12", "--with-weather"); err != nil {
		t.Fatal(err)
	}
	// Every calendar is read before any weather; 12 is Harptos, read already.
	env.WantSent("GET calendars?name=Harptos", "GET calendars/7",
		"GET calendars/12/calendar_weathers", "GET calendars/7/calendar_weathers")
	cmdtest.Golden(t, "export_weather.golden", env.Out.String())
	if got := env.ErrOut.String(); got != `warning: calendar "Harptos" has 2 weather entries on 1492-1-2 (ids 41, 43); kanka apply refuses a date given twice: delete one first`+"\n" {
		t.Errorf("stderr %q", got)
	}
}

// What export prints reads back, as apply reads it (DecodeCalendar on each
// item without id and weather, DecodeWeathers on its weather), into the
// records' own writable values: nothing lost, nothing added.
func TestExportDecodesBackToTheRecords(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "yaml",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"GET", "calendars/12/calendar_weathers", "", 200, exportedWeatherPage(unsortedWeather...)},
	)
	if err := env.run("export", "12", "--with-weather"); err != nil {
		t.Fatal(err)
	}
	var cal client.Calendar
	if err := json.Unmarshal([]byte(record), &cal); err != nil {
		t.Fatal(err)
	}
	var weather []client.WeatherInput
	for _, i := range []int{1, 3, 2, 0} { // by date, then id
		var w client.Weather
		if err := json.Unmarshal([]byte(unsortedWeather[i]), &w); err != nil {
			t.Fatal(err)
		}
		weather = append(weather, client.FromWeather(&w))
	}
	calendars := decodeExport(t, env.Out.String())
	if len(calendars) != 1 {
		t.Fatalf("%d calendars exported", len(calendars))
	}
	wantCal := client.FromCalendar(&cal)
	for i := range wantCal.Moons {
		wantCal.Moons[i].ID = nil // moons are known by their name
	}
	wantCal.Tags = nil // tag ids are the campaign's own
	if got := calendars[0]; !reflect.DeepEqual(filled(got.calendar), filled(wantCal)) {
		t.Errorf("the calendar reads back as\n%+v\nwant\n%+v", filled(got.calendar), filled(wantCal))
	}
	got := calendars[0].weather
	if len(got) != len(weather) {
		t.Fatalf("%d weather entries read back, want %d", len(got), len(weather))
	}
	for i := range weather {
		if !reflect.DeepEqual(filled(got[i]), filled(weather[i])) {
			t.Errorf("entry %d reads back as\n%+v\nwant\n%+v", i+1, filled(got[i]), filled(weather[i]))
		}
	}
}

type exported struct {
	calendar client.CalendarInput
	weather  []client.WeatherInput
}

// decodeExport reads the document as the apply reader does.
func decodeExport(t *testing.T, text string) []exported {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatal(err)
	}
	root := doc.Content[0]
	if len(root.Content) != 2 || root.Content[0].Value != "calendars" {
		t.Fatalf("the document is not {calendars: [...]}:\n%s", text)
	}
	var out []exported
	for _, item := range root.Content[1].Content {
		var e exported
		kept := &yaml.Node{Kind: yaml.MappingNode}
		for i := 0; i+1 < len(item.Content); i += 2 {
			switch key, value := item.Content[i], item.Content[i+1]; key.Value {
			case "id":
				t.Errorf("the document has an id: %s", value.Value)
			case "weather":
				ws, err := client.DecodeWeathers(value)
				if err != nil {
					t.Fatal(err)
				}
				e.weather = ws
			default:
				kept.Content = append(kept.Content, key, value)
			}
		}
		in, err := client.DecodeCalendar(kept)
		if err != nil {
			t.Fatal(err)
		}
		e.calendar = in
		out = append(out, e)
	}
	return out
}

// filled is v (a struct) with every nil pointer, slice and map made a
// pointer to, or an empty, zero value: the file leaves zero values out,
// the record's writable form has them all.
func filled[T any](v T) T {
	rv := reflect.ValueOf(&v).Elem()
	for i := range rv.NumField() {
		f := rv.Field(i)
		switch k := f.Kind(); {
		case !f.CanSet() || (k != reflect.Pointer && k != reflect.Slice && k != reflect.Map) || !f.IsNil():
		case k == reflect.Pointer:
			if f.Type().Elem().Kind() != reflect.Struct || f.Type().Elem() == reflect.TypeOf(client.Date{}) {
				f.Set(reflect.New(f.Type().Elem()))
			}
		case k == reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 0, 0))
		case k == reflect.Map:
			f.Set(reflect.MakeMap(f.Type()))
		}
	}
	return v
}

// --all walks the calendar list and writes the calendars by name, then id;
// without --with-weather no weather is read or written.
func TestExportAll(t *testing.T) {
	env := newTestEnv(t, "yaml",
		exchange{"GET", "calendars", "", 200, page(1, 1, 45, small(9, "Beta"), small(4, "alpha"), small(3, "Beta"), small(5, "Alpha"))},
	)
	if err := env.run("export", "--all"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars")
	var names []string
	for _, line := range strings.Split(env.Out.String(), "\n") {
		if name, ok := strings.CutPrefix(line, "  - name: "); ok {
			names = append(names, name)
		}
	}
	if got := strings.Join(names, ","); got != "Alpha,Beta,Beta,alpha" {
		t.Errorf("calendars in the order %s", got)
	}
	if strings.Contains(env.Out.String(), "weather") {
		t.Errorf("weather written without --with-weather:\n%s", env.Out.String())
	}
	if got := env.ErrOut.String(); got != `warning: 2 calendars are named "Beta" (ids 3, 9); kanka apply refuses a name given twice: rename one first`+"\n" {
		t.Errorf("stderr %q", got)
	}
	cmdtest.Golden(t, "export_all.golden", env.Out.String())
}

func TestExportAllOfNone(t *testing.T) {
	env := newTestEnv(t, "table", exchange{"GET", "calendars", "", 200, emptyPage})
	if err := env.run("export", "--all", "--with-weather"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != "calendars: []\n" {
		t.Errorf("stdout %q", got)
	}
}

// Bad usage is exit 2 with nothing sent.
func TestExportRefusesBadUsage(t *testing.T) {
	for _, tt := range []struct {
		name, format string
		args         []string
		want         string
	}{
		{"no calendar", "table", []string{"export"}, "name the calendars to export (ID|NAME...), or pass --all"},
		{"both", "table", []string{"export", "--all", "12"}, "give calendars or --all, not both"},
		{"bad id", "table", []string{"export", "12", "0"}, "calendar id 0 is not valid: ids are positive"},
		{"empty name", "table", []string{"export", "12", " "}, "a calendar id or name is required"},
		{"-o json", "json", []string{"export", "12"}, "calendar export writes YAML, or with --format the tool's file; -o json is not supported"},
		{"-o id", "id", []string{"export", "--all"}, "calendar export writes YAML, or with --format the tool's file; -o id is not supported"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			env := newTestEnv(t, tt.format)
			wantUsage(t, env.run(tt.args...), tt.want)
			if env.Calls() != 0 || env.Out.String() != "" {
				t.Errorf("%d requests sent, stdout %q", env.Calls(), env.Out.String())
			}
		})
	}
	env := newTestEnv(t, "table")
	env.F.Globals.JQ = ".[]"
	wantUsage(t, env.run("export", "12"), "calendar export writes YAML, or with --format the tool's file; --jq and --template are not supported")
}

// A calendar that is not there is exit 4, and nothing is printed.
func TestExportUnknownName(t *testing.T) {
	env := newTestEnv(t, "table", exchange{"GET", "calendars?name=Nope", "", 200, emptyPage},
		exchange{"GET", "calendars", "", 200, emptyPage})
	err := env.run("export", "Nope")
	if err == nil || err.Error() != `no calendar named "Nope"` {
		t.Fatalf("error %v", err)
	}
	if env.Out.String() != "" {
		t.Errorf("stdout %q", env.Out.String())
	}
}

// A field the answer did not give (a key left out, or null) is left out
// of the document, and stderr says so: a calendar made from the document
// would not have it.
func TestExportWarnsOfFieldsTheAnswerDidNotGive(t *testing.T) {
	partial := strings.Replace(small(4, "Partial"), `"seasons":[],"moons":[],`, `"moons":null,`, 1)
	env := newTestEnv(t, "yaml", exchange{"GET", "calendars/4", "", 200, data(partial)})
	if err := env.run("export", "4"); err != nil {
		t.Fatal(err)
	}
	want := `warning: calendar 4 "Partial": the server's answer did not give seasons, moons (left out or null), so the export leaves them out; a calendar made from it has none` + "\n"
	if got := env.ErrOut.String(); got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
	if out := env.Out.String(); strings.Contains(out, "seasons") || strings.Contains(out, "moons") || !strings.Contains(out, "weekdays:") {
		t.Errorf("document:\n%s", out)
	}
}

// exportedReminder is a reminder on calendar 12 as the server lists it,
// of entity (340 is the calendar's own) or of a post.
func exportedReminder(id, entity int, of string, date, comment, repeat string, length int) string {
	y, m, d := 0, 0, 0
	fmt.Sscanf(date, "%d-%d-%d", &y, &m, &d)
	rep := "null"
	if repeat != "" {
		rep = fmt.Sprintf("%q", repeat)
	}
	return fmt.Sprintf(`{"id":%d,"remindable_id":%d,"remindable_type":%q,"calendar_id":12,"date":%q,"day":%d,"month":%d,"year":%d,"length":%d,"comment":%q,"is_recurring":%v,"recurring_until":null,"recurring_periodicity":%s,"colour":null,"type_id":null,"visibility_id":1,"created_at":"2026-11-01T10:00:00.000000Z","created_by":9,"updated_at":"2026-11-01T10:00:00.000000Z","updated_by":null}`,
		id, entity, of, date, d, m, y, length, comment, repeat != "", rep)
}

// --with-reminders reads each calendar's reminder pages and writes its own
// entity's, by date then id, in the seed's form: no id, a moon repeat by
// the moon's name, a length of one day left out; another entity's (a
// birthday) and a post's are not the calendar's and are left out; two of
// one date and comment are said on stderr.
func TestExportWithReminders(t *testing.T) {
	record := readTestdata(t, "record.json")
	entity := `App\\Models\\Entity`
	reminders := []string{
		exportedReminder(5, 340, entity, "1492-7-1", "Midsummer", "year", 1),
		exportedReminder(3, 340, entity, "1492-1-1", "Selûne is full", "9_f", 1),
		exportedReminder(6, 77, entity, "1470-1-5", "Born", "year", 1),
		exportedReminder(7, 340, `App\\Models\\Post`, "1492-2-1", "A post's", "", 1),
		exportedReminder(8, 340, entity, "1492-3-3", "Tom &amp; Jerry", "", 3),
		exportedReminder(9, 340, entity, "1492-3-3", "Tom & Jerry", "", 1),
	}
	env := newTestEnv(t, "table",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"GET", "calendars/12/reminders", "", 200, exportedWeatherPage(reminders...)},
	)
	if err := env.run("export", "12", "--with-reminders"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars/12", "GET calendars/12/reminders")
	want := `    reminders:
      - {date: "1492-1-1", comment: Selûne is full, repeat: 'Selûne:full', visibility: all}
      - {date: "1492-3-3", length: 3, comment: Tom &amp; Jerry, visibility: all}
      - {date: "1492-3-3", comment: Tom & Jerry, visibility: all}
      - {date: "1492-7-1", comment: Midsummer, repeat: year, visibility: all}
`
	if out := env.Out.String(); !strings.HasSuffix(out, want) {
		t.Errorf("the document ends\n%s\nwant\n%s", out[max(0, len(out)-600):], want)
	}
	if got := env.ErrOut.String(); got != `warning: calendar "Harptos" has 2 reminders on 1492-3-3 with the comment "Tom & Jerry" (ids 8, 9); kanka apply refuses a date and comment given twice: delete one, or change its comment`+"\n" {
		t.Errorf("stderr %q", got)
	}
	cals, err := client.DecodeSeed(yamlNode(t, env.Out.String()))
	if err != nil || len(cals[0].Reminders) != 4 || *cals[0].Reminders[0].Input.Repeat != "Selûne:full" {
		t.Errorf("the document reads back as %+v, %v", cals, err)
	}
}

func yamlNode(t *testing.T, text string) *yaml.Node {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(text), &n); err != nil {
		t.Fatal(err)
	}
	return &n
}
