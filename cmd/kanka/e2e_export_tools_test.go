package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// `kanka calendar export --format TOOL` end to end, in both of the
// sandbox's modes: the README's set-up (the Harptos seed) exported to each
// tool's file, what it loses said on stderr, and the file imported back
// into a fresh campaign by `kanka calendar import`: the same calendar, the
// same days (every day of five years shown by the binary, with its
// weekday, moon phase and season), but for what the export said it loses.

// exportWarnings are what exporting the seed to each tool says, exactly.
var exportWarnings = map[string]string{
	"fantasy-calendar": "warning: month aliases: Fantasy-Calendar has no second name for a month: 12 aliases are not written\n" +
		"warning: year names: Fantasy-Calendar has no year names: 6 names (1358 to 1492) are not written\n" +
		"warning: year suffix: Fantasy-Calendar has none: \"DR\" is not written\n",
	"simple-calendar": "warning: month aliases: Simple Calendar has no second name for a month: 12 aliases are not written\n" +
		"warning: year names: Simple Calendar names the years before 1358 too, counting its names back: 1331 shows \"Year of Blue Fire\"\n",
	"calendarium": "warning: moon Selûne: Calendarium leaves the days outside the week (intercalary months and their leap days) out of its moon count, so its phases move a day for each of them; the first day that differs, counting from the current date, is 1492-1-2\n" +
		"warning: year names: Calendarium names years only as a list from year 1 on, every year up to the last named, and none after: 6 names (1358 to 1492) are not written\n" +
		"warning: year suffix: Calendarium has none: \"DR\" is not written\n",
}

// importWarnings are what importing the file back says: Calendarium's
// moon, which stands still on festival days, Kanka's cannot follow.
var importWarnings = map[string]string{
	"fantasy-calendar": "",
	"simple-calendar":  "",
	"calendarium":      "warning: moon Selûne: its full moons differ from Calendarium's by more than a day on 88 of 95 checked (1488-3-28 to 1496-4-4)\n",
}

func TestE2EExportToEachToolAndImportBack(t *testing.T) {
	t.Parallel()
	const name = "Calendar of Harptos"
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		k.ok(t, "apply", "-f", harptosSeedFile)
		original := decodeObject(t, k.ok(t, "calendar", "get", name, "-o", "json"))
		dir := t.TempDir()
		for _, format := range []string{"fantasy-calendar", "simple-calendar", "calendarium"} {
			mark := srv.mark()
			r := k.run(t, "calendar", "export", name, "--format", format)
			if r.code != 0 || r.stderr != exportWarnings[format] || !json.Valid([]byte(r.stdout)) {
				t.Errorf("export --format %s: want exit 0, JSON and\n%s\ngot %s", format, exportWarnings[format], r)
				continue
			}
			wantRequests(t, srv.since(mark), "GET calendars?name=Calendar+of+Harptos", "GET calendars/1/reminders")
			file := writeFile(t, dir, format+".json", r.stdout)

			fresh := startSandbox(t, live)
			back := newKanka(t, fresh)
			r = back.run(t, "calendar", "import", file)
			if r.code != 0 || !strings.HasPrefix(r.stdout, "calendar \""+name+"\": create\n") || r.stderr != importWarnings[format]+"created calendar 1 \""+name+"\"\n" {
				t.Errorf("import of the %s file: want a create and\n%s\ngot %s", format, importWarnings[format], r)
				continue
			}
			imported := decodeObject(t, back.ok(t, "calendar", "get", name, "-o", "json"))
			compareExported(t, format, live, original, imported)
			for _, year := range []string{"1292", "1488", "1491", "1492", "1691"} {
				want, got := yearDays(t, k, name, year), yearDays(t, back, name, year)
				if format == "calendarium" && !live {
					// Calendarium has no year 0: the import sends
					// skip_year_zero, which the document-mode service
					// neither keeps nor returns, so the days are counted
					// with a year 0 the import did not count the moon's
					// offset with. The live service keeps it.
					want, got = withoutMoons(want), withoutMoons(got)
				}
				if len(got) != len(want) {
					t.Errorf("%s: %d days in %s imported back, want %d", format, len(got), year, len(want))
				}
				for i := range min(len(got), len(want)) {
					if !reflect.DeepEqual(got[i], want[i]) {
						t.Errorf("%s: imported back, a day of %s is %v, want %v", format, year, got[i], want[i])
						break
					}
				}
			}
		}
	})
}

// yearDays are the days of a year as the binary shows them: each day's
// date, weekday, moon phases and season.
func yearDays(t *testing.T, k *kanka, calendar, year string) []any {
	t.Helper()
	out := k.ok(t, "calendar", "show", calendar, "--year", year, "--whole-year", "--no-weather",
		"--jq", `[.[] | .days[] | {date, weekday, moons, season, season_starts}]`, "-o", "json")
	var days []any
	if err := json.Unmarshal([]byte(out), &days); err != nil || len(days) < 360 {
		t.Fatalf("the days of %s: %v (%d)\n%s", year, err, len(days), out)
	}
	return days
}

// withoutMoons are the days without their moon phases.
func withoutMoons(days []any) []any {
	out := make([]any, len(days))
	for i, d := range days {
		out[i] = withoutKeys(d.(map[string]any), "moons")
	}
	return out
}

// compareExported compares the calendar imported back with the original,
// key by key: the same but for what the tool does not hold (year names and
// suffix but in Simple Calendar; months' aliases but in Calendarium; year 0
// in Calendarium, said by the live service only, which returns
// skip_year_zero), the moons' colour (white
// has no colour of its own in Kanka's list: the import reads it grey) and
// offset (the import's is near the current date: the same days, the show
// comparison checks them), and what the record alone has (ids, dates of
// writing, the entity's type, entry and image).
func compareExported(t *testing.T, format string, live bool, original, imported map[string]any) {
	t.Helper()
	skip := []string{"id", "entity_id", "created_at", "updated_at", "created_by", "updated_by", "type", "entry", "entry_parsed",
		"image", "image_full", "image_thumb", "has_custom_image", "is_private", "tags", "urls", "moons"}
	want, got := withoutKeys(original, skip...), withoutKeys(imported, skip...)
	if format != "calendarium" {
		// Only Calendarium has a second name for a month (its subtitle).
		for _, obj := range []map[string]any{want, got} {
			months := []any{}
			for _, m := range obj["months"].([]any) {
				months = append(months, withoutKeys(m.(map[string]any), "alias"))
			}
			obj["months"] = months
		}
	}
	if format != "simple-calendar" {
		if got["years"] != nil && !reflect.DeepEqual(got["years"], []any{}) || got["suffix"] != "" && got["suffix"] != nil {
			t.Errorf("%s: years %v, suffix %v imported back, want none", format, got["years"], got["suffix"])
		}
		delete(want, "years")
		delete(want, "suffix")
		delete(got, "years")
		delete(got, "suffix")
	}
	if format == "calendarium" && live {
		if got["skip_year_zero"] != true {
			t.Errorf("calendarium: skip_year_zero %v imported back, want true", got["skip_year_zero"])
		}
		delete(want, "skip_year_zero")
		delete(got, "skip_year_zero")
	}
	for key, value := range want {
		if !reflect.DeepEqual(got[key], value) {
			t.Errorf("%s: %s imported back is %v, want %v", format, key, got[key], value)
		}
	}
	for key := range got {
		if _, ok := want[key]; !ok {
			t.Errorf("%s: %s imported back (%v), which the original has not", format, key, got[key])
		}
	}
	moons, _ := imported["moons"].([]any)
	wantMoons, _ := original["moons"].([]any)
	if len(moons) != len(wantMoons) {
		t.Fatalf("%s: moons %v, want %v", format, moons, wantMoons)
	}
	for i := range moons {
		m, w := moons[i].(map[string]any), wantMoons[i].(map[string]any)
		if m["name"] != w["name"] || m["fullmoon"] != w["fullmoon"] {
			t.Errorf("%s: moon %v, want %v", format, m, w)
		}
	}
}
