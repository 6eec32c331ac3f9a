package main

import (
	"cmp"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	yaml "go.yaml.in/yaml/v3"
)

// The verbs that make seeding safe to repeat, built and run against the
// sandbox in both modes: calendar export (the apply document), weather set
// (create or update the entry of a date), and calendar create refusing a
// name the campaign has.

// seedWeatherGets are the requests of one process's first walk of calendar
// 1's weather (one page): in live mode the document's path answers 404
// first and the client moves to the live one.
func seedWeatherGets(live bool) []string {
	if live {
		return []string{"GET calendars/1/calendar_weathers", "GET calendars/1/calendar_weather"}
	}
	return []string{"GET calendars/1/calendar_weathers"}
}

// seedWeatherPath is where weather writes go in the mode.
func seedWeatherPath(live bool) string {
	if live {
		return "calendars/1/calendar_weather"
	}
	return "calendars/1/calendar_weathers"
}

// seedExport is one calendar of an export, read as the apply reader reads
// it: the item without weather through client.DecodeCalendar, its weather
// through client.DecodeWeathers.
type seedExport struct {
	item     *yaml.Node // the mapping without its weather
	calendar client.CalendarInput
	weather  []client.WeatherInput
	hasIDKey bool
}

func decodeSeedExport(t *testing.T, text string) []seedExport {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatalf("the export is not YAML: %v\n%s", err, text)
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode || len(root.Content) != 2 || root.Content[0].Value != "calendars" {
		t.Fatalf("the export is not {calendars: [...]}:\n%s", text)
	}
	var out []seedExport
	for _, item := range root.Content[1].Content {
		e := seedExport{item: &yaml.Node{Kind: yaml.MappingNode}}
		for i := 0; i+1 < len(item.Content); i += 2 {
			key, value := item.Content[i], item.Content[i+1]
			switch key.Value {
			case "weather":
				ws, err := client.DecodeWeathers(value)
				if err != nil {
					t.Fatalf("the exported weather does not decode: %v", err)
				}
				e.weather = ws
				continue
			case "id":
				e.hasIDKey = true
			}
			e.item.Content = append(e.item.Content, key, value)
		}
		in, err := client.DecodeCalendar(e.item)
		if err != nil {
			t.Fatalf("the exported calendar does not decode: %v", err)
		}
		e.calendar = in
		out = append(out, e)
	}
	return out
}

// seedFilled is v with every nil pointer (but to a month written by name),
// slice and map made zero: the file leaves zero values out, a record's
// writable form has them all.
func seedFilled[T any](v T) T {
	rv := reflect.ValueOf(&v).Elem()
	for i := range rv.NumField() {
		f := rv.Field(i)
		switch k := f.Kind(); {
		case !f.CanSet() || (k != reflect.Pointer && k != reflect.Slice && k != reflect.Map) || !f.IsNil():
		case k == reflect.Pointer:
			if f.Type().Elem() != reflect.TypeOf(client.Written{}) {
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

// Export, then read it back as apply does: the calendar's and each entry's
// writable values, exactly; the requests are the name lookup and the
// weather pages. The document then copies the calendar to a second
// sandbox, whose export is the same, byte for byte.
func TestE2ESeedExportRoundTrip(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		k.ok(t, "weather", "create", "--calendar", "1", "-f", hammerFile, "-o", "id")
		k.ok(t, "weather", "create", "--calendar", "1", "--date", "1491-12-3", "--weather", "sun", "--name", "Last of the year", "-o", "id")

		mark := srv.mark()
		exported := k.ok(t, "calendar", "export", "Calendar of Harptos", "--with-weather")
		wantRequests(t, srv.since(mark), append([]string{"GET calendars?name=Calendar of Harptos"}, seedWeatherGets(live)...)...)
		if again := k.ok(t, "calendar", "export", "Calendar of Harptos", "--with-weather"); again != exported {
			t.Errorf("a second export differs:\n%s\nfirst:\n%s", again, exported)
		}

		var cal client.Calendar
		if err := json.Unmarshal([]byte(k.ok(t, "calendar", "get", "1", "-o", "json")), &cal); err != nil {
			t.Fatal(err)
		}
		var records []*client.Weather
		if err := json.Unmarshal([]byte(k.ok(t, "weather", "list", "--calendar", "1", "-o", "json")), &records); err != nil {
			t.Fatal(err)
		}
		got := decodeSeedExport(t, exported)
		if len(got) != 1 {
			t.Fatalf("%d calendars exported, want 1:\n%s", len(got), exported)
		}
		if got[0].hasIDKey {
			t.Errorf("the export has an id key:\n%s", exported)
		}
		want := client.FromCalendar(&cal)
		for i := range want.Moons {
			want.Moons[i].ID = nil
		}
		if !reflect.DeepEqual(seedFilled(got[0].calendar), seedFilled(want)) {
			t.Errorf("the calendar reads back as\n%+v\nwant\n%+v", seedFilled(got[0].calendar), seedFilled(want))
		}
		// By date, then id: the 1491 entry (created last, id 6) comes first.
		slices.SortFunc(records, func(a, b *client.Weather) int {
			x, y := a.Date(), b.Date()
			return cmp.Or(cmp.Compare(x.Year, y.Year), cmp.Compare(x.Month, y.Month), cmp.Compare(x.Day, y.Day), cmp.Compare(a.ID, b.ID))
		})
		if len(got[0].weather) != 6 || len(records) != 6 || records[0].ID != 6 {
			t.Fatalf("%d entries exported, %d listed, want 6 with id 6 first", len(got[0].weather), len(records))
		}
		for i := range records {
			if w := client.FromWeather(records[i]); !reflect.DeepEqual(seedFilled(got[0].weather[i]), seedFilled(w)) {
				gotJSON, _ := json.Marshal(got[0].weather[i])
				wantJSON, _ := json.Marshal(w)
				t.Errorf("entry %d reads back as\n%s\nwant\n%s", i+1, gotJSON, wantJSON)
			}
		}

		// Copy to a second campaign (its own sandbox) with the document's
		// parts, as apply will: the calendar, then its weather.
		srv2 := startSandbox(t, live)
		k2 := newKanka(t, srv2)
		dir := t.TempDir()
		calFile, weatherFile := filepath.Join(dir, "cal.yaml"), filepath.Join(dir, "weather.yaml")
		calText, err := yaml.Marshal(got[0].item)
		if err != nil {
			t.Fatal(err)
		}
		weatherText, err := yaml.Marshal(got[0].weather)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(calFile, calText, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(weatherFile, weatherText, 0o600); err != nil {
			t.Fatal(err)
		}
		k2.ok(t, "calendar", "create", "-f", calFile, "-o", "id")
		k2.ok(t, "weather", "create", "--calendar", "1", "-f", weatherFile, "-o", "id")
		if copied := k2.ok(t, "calendar", "export", "1", "--with-weather"); copied != exported {
			t.Errorf("the copy exports as\n%s\nthe original as\n%s", copied, exported)
		}
	})
}

// --all exports every calendar by name; -o json is refused, nothing sent.
func TestE2ESeedExportAllAndOutput(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		k.ok(t, "calendar", "create", "--name", "Zeta", "--month", "A:2", "--month", "B:2", "--weekday", "x", "--weekday", "y", "-o", "id")
		createHarptos(t, k)

		mark := srv.mark()
		out := k.ok(t, "calendar", "export", "--all")
		wantRequests(t, srv.since(mark), "GET calendars")
		names := decodeSeedExport(t, out)
		if len(names) != 2 || names[0].calendar.Name != "Calendar of Harptos" || names[1].calendar.Name != "Zeta" {
			t.Errorf("--all exported:\n%s", out)
		}

		mark = srv.mark()
		r := k.fails(t, 2, "calendar", "export", "--all", "-o", "json")
		if r.stdout != "" || !strings.HasPrefix(r.stderr, "error: calendar export writes YAML, or with --format the tool's file; -o json is not supported\n") {
			t.Errorf("export -o json: %s", r)
		}
		wantNoRequests(t, srv, mark)
	})
}

// weather set: created when the date has no entry, updated when it has
// one, and nothing sent when nothing differs; exact requests each time.
func TestE2ESeedWeatherSet(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		k.ok(t, "weather", "create", "--calendar", "1", "--date", "1492-1-2", "--weather", "cloud", "-o", "id")
		gets := seedWeatherGets(live)
		path := seedWeatherPath(live)

		// Create, by calendar id: the calendar GET, the pages, one POST.
		mark := srv.mark()
		r := k.run(t, "weather", "set", "--calendar", "1", "--date", "1492-Hammer-3", "--weather", "snowflake", "--temperature", "-5°C", "-o", "id")
		if r.code != 0 || r.stdout != "2\n" || r.stderr != "created weather 2 on 1492-1-3\n" {
			t.Errorf("set on a new date: %s", r)
		}
		// (In live mode the walk has taught the process the live path.)
		wantRequests(t, srv.since(mark), append(append([]string{"GET calendars/1"}, gets...), "POST "+path)...)

		// Update, by name: the lookup holds the calendar; the pages; one PUT
		// of the whole entry (the temperature stays).
		mark = srv.mark()
		r = k.run(t, "weather", "set", "--calendar", "Calendar of Harptos", "--date", "1492-1-3", "--weather", "wind", "-o", "json")
		if r.code != 0 || r.stderr != "updated weather 2 on 1492-1-3\n" {
			t.Errorf("set on a date with an entry: %s", r)
		}
		if got := decodeObject(t, r.stdout); got["weather"] != "wind" || got["temperature"] != "-5°C" || got["id"] != float64(2) {
			t.Errorf("set printed %v", got)
		}
		wantRequests(t, srv.since(mark), append(append([]string{"GET calendars?name=Calendar of Harptos"}, gets...), "PUT "+path+"/2")...)

		// The same again: nothing written.
		mark = srv.mark()
		r = k.run(t, "weather", "set", "--calendar", "1", "--date", "1492-1-3", "--weather", "wind", "--temperature", "-5°C", "-o", "id")
		if r.code != 0 || r.stdout != "2\n" || r.stderr != "weather 2 already has these values; nothing was sent\n" {
			t.Errorf("set with the same values: %s", r)
		}
		sent := srv.since(mark)
		wantRequests(t, sent, append([]string{"GET calendars/1"}, gets...)...)
		if writes := successfulWrites(sent); len(writes) != 0 {
			t.Errorf("an unchanged set wrote %v", writes)
		}

		// No weather to create with: exit 2, nothing written.
		mark = srv.mark()
		r = k.fails(t, 2, "weather", "set", "--calendar", "1", "--date", "1492-1-9", "--wind", "calm")
		if !strings.HasPrefix(r.stderr, "error: calendar 1 has no weather on 1492-1-9 yet: give --weather to create it; nothing was sent\n") {
			t.Errorf("set without --weather on a new date: %s", r)
		}
		if writes := successfulWrites(srv.since(mark)); len(writes) != 0 {
			t.Errorf("wrote %v", writes)
		}

		// The final state: one entry a date, as set left them.
		got := k.ok(t, "weather", "list", "--calendar", "1", "-o", "json", "--jq", `.[] | "\(.id) \(.year)-\(.month)-\(.day) \(.weather) \(.temperature // "")"`)
		if want := "1 1492-1-2 cloud \n2 1492-1-3 wind -5°C\n"; got != want {
			t.Errorf("weather after the sets:\n%s\nwant\n%s", got, want)
		}
	})
}

// calendar create refuses a name the campaign has (exit 5, only the name
// check sent); --allow-duplicate sends the POST alone.
func TestE2ESeedCreateRefusesADuplicateName(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		mark := srv.mark()
		createHarptos(t, k)
		wantRequests(t, srv.since(mark), "GET calendars?name=Calendar of Harptos!", "POST calendars")

		mark = srv.mark()
		r := k.fails(t, 5, "calendar", "create", "-f", harptosFile, "-o", "id")
		if r.stdout != "" || r.stderr != "error: a calendar named \"Calendar of Harptos\" already exists (id 1): update it, or pass --allow-duplicate\n" {
			t.Errorf("a second create: %s", r)
		}
		wantRequests(t, srv.since(mark), "GET calendars?name=Calendar of Harptos!")

		// A name that only contains it, or differs in case, is another name.
		mark = srv.mark()
		k.ok(t, "calendar", "create", "-f", harptosFile, "--name", "calendar of harptos", "-o", "id")
		wantRequests(t, srv.since(mark), "GET calendars?name=calendar of harptos!", "POST calendars")

		mark = srv.mark()
		if got := k.ok(t, "calendar", "create", "-f", harptosFile, "--allow-duplicate", "-o", "id"); got != "3\n" {
			t.Errorf("create --allow-duplicate printed %q", got)
		}
		wantRequests(t, srv.since(mark), "POST calendars")
		if got := k.ok(t, "calendar", "list", "-o", "id"); got != "1\n2\n3\n" {
			t.Errorf("calendars %q", got)
		}
	})
}

// The copy the manual shows: export piped into apply. Applied back to its
// own campaign it changes nothing; applied to another it copies the
// calendar and its weather, and the copy exports to the same bytes.
func TestE2ESeedExportPipedIntoApply(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		k.ok(t, "weather", "create", "--calendar", "1", "-f", hammerFile, "-o", "id")
		exported := k.ok(t, "calendar", "export", "Calendar of Harptos", "--with-weather")

		mark := srv.mark()
		r := k.runIn(t, exported, "apply", "-f", "-")
		if r.code != 0 || !strings.Contains(r.stdout, "Nothing to change.") {
			t.Errorf("export applied to its own campaign: %s", r)
		}
		for _, q := range srv.since(mark) {
			if !strings.HasPrefix(q.String(), "GET ") {
				t.Errorf("a write to the campaign exported from: %v", q)
			}
		}

		srv2 := startSandbox(t, live)
		k2 := newKanka(t, srv2)
		if r := k2.runIn(t, exported, "apply", "-f", "-"); r.code != 0 {
			t.Fatalf("export applied to another campaign: %s", r)
		}
		if copied := k2.ok(t, "calendar", "export", "Calendar of Harptos", "--with-weather"); copied != exported {
			t.Errorf("the copy exports as\n%s\nthe original as\n%s", copied, exported)
		}
	})
}
