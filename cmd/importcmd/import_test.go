package importcmd_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
	"github.com/kanka-cli/kanka/cmd/importcmd"
)

// `calendar import` on the shared harness: the fake API answers only the
// requests a test expects, bodies compared whole, and the output is
// compared whole. The files are the repository's examples.

func example(name string) string { return filepath.Join("..", "..", "examples", name) }

func runImport(env *cmdtest.Env, args ...string) error {
	group := calendar.NewCmdCalendar(env.F)
	group.AddCommand(importcmd.NewCmdImport(env.F, nil))
	return env.Run(group, append([]string{"import"}, args...)...)
}

// The list answers and the check before the first write (cmdtest's).
const importLastSync = cmdtest.LastSyncQuery

var importList = cmdtest.List

// tolreaPost is the create of the donjon example named Tolrea: its 13
// months of 28 days, its week of 7 (the week anchored so that 1024-1-1 is
// its first_day, Tideday: start_offset 2), its two moons with their
// cycles and the offsets that put their full moons where donjon does.
const tolreaPost = `{"name":"Tolrea","current_year":1024,"current_month":1,"current_day":1,` +
	`"month_name":["Deepfrost","Thawing","Seedtime","Greenrise","Blossom","Highsun","Goldtide","Harvest","Leaffall","Mistmoon","Rimefall","Longnight","Yearsend"],` +
	`"month_length":[28,28,28,28,28,28,28,28,28,28,28,28,28],` +
	`"month_type":["standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard"],` +
	`"month_alias":["","","","","","","","","","","","",""],` +
	`"weekday":["Sunday","Moonday","Tideday","Windsday","Thunderday","Fireday","Starday"],` +
	`"moon_name":["Lunara","Nox"],"moon_fullmoon":[28,91.5],"moon_offset":[372726,372764],"moon_colour":["grey","grey"],"moon_id":[null,null],` +
	`"start_offset":2,"has_leap_year":false}`

// tolreaRecord is the calendar Tolrea as the server answers it.
func tolreaRecord(id int, firstMonth string) string {
	months := []string{firstMonth, "Thawing", "Seedtime", "Greenrise", "Blossom", "Highsun", "Goldtide", "Harvest", "Leaffall", "Mistmoon", "Rimefall", "Longnight", "Yearsend"}
	var ms []string
	for _, m := range months {
		ms = append(ms, fmt.Sprintf(`{"name":%q,"length":28,"type":"standard"}`, m))
	}
	return fmt.Sprintf(`{"id":%d,"name":"Tolrea","date":"1024-1-1","months":[%s],`+
		`"weekdays":["Sunday","Moonday","Tideday","Windsday","Thunderday","Fireday","Starday"],"years":[],"seasons":[],`+
		`"moons":[{"id":3,"name":"Lunara","fullmoon":"28","offset":372726,"colour":"grey"},{"id":4,"name":"Nox","fullmoon":"91.5","offset":372764,"colour":"grey"}],`+
		`"start_offset":2,"has_leap_year":false,"is_private":false,"updated_at":"2026-01-02T03:04:05.000000Z"}`, id, strings.Join(ms, ","))
}

// An import of a calendar the campaign does not have: the list, the
// check before the write, the create; the plan and the outcome as kanka
// apply prints them; no warning, as a donjon file loses nothing.
func TestImportCreatesTheCalendar(t *testing.T) {
	env := cmdtest.New(t, "",
		cmdtest.Exchange{Request: "GET calendars", Status: 200, Answer: importList()},
		cmdtest.Exchange{Request: importLastSync, Status: 200, Answer: importList()},
		cmdtest.Exchange{Request: "POST calendars", Body: tolreaPost, Status: 201, Answer: `{"data":` + tolreaRecord(7, "Deepfrost") + `}`},
	)
	if err := runImport(env, example("donjon-calendar.json"), "--name", "Tolrea"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars", importLastSync, "POST calendars")
	wantStreams(t, env, `calendar "Tolrea": create
Plan: 1 calendar to create, 0 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.
`, "created calendar 7 \"Tolrea\"\n")
}

// A write that fails says which command finishes the run: this one.
func TestImportThatFailsSaysToImportAgain(t *testing.T) {
	env := cmdtest.New(t, "",
		cmdtest.Exchange{Request: "GET calendars", Status: 200, Answer: importList()},
		cmdtest.Exchange{Request: importLastSync, Status: 200, Answer: importList()},
		cmdtest.Exchange{Request: "POST calendars", Body: tolreaPost, Status: 422, Answer: `{"message":"The name is invalid.","errors":{"name":["The name is invalid."]}}`},
	)
	err := runImport(env, example("donjon-calendar.json"), "--name", "Tolrea")
	want := "0 of 1 writes done, 1 failed; run calendar import again to finish (nothing is made twice): POST "
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("error %v; want one starting %q", err, want)
	}
}

// The same file again: the calendar is found by its name, as it should
// be: nothing is written, and the one request is the list.
func TestImportTwiceWritesNothing(t *testing.T) {
	env := cmdtest.New(t, "", cmdtest.Exchange{Request: "GET calendars", Status: 200, Answer: importList(tolreaRecord(7, "Deepfrost"))})
	if err := runImport(env, example("donjon-calendar.json"), "--name", "Tolrea"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars")
	wantStreams(t, env, `calendar "Tolrea" (id 7): unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
Nothing to change.
`, "")
}

// A calendar of the name that differs is updated, the whole record sent
// (its moons with their ids), the change shown.
func TestImportUpdatesWhatDiffers(t *testing.T) {
	// The whole record: its moons with their ids, and what it was read
	// with that the file does not give (no years, no seasons, public).
	put := strings.Replace(tolreaPost, `"moon_id":[null,null]`, `"moon_id":[3,4]`, 1)
	put = strings.Replace(put, `"start_offset"`, `"is_private":false,"year_number":[],"year_name":[],"season_name":[],"season_month":[],"season_day":[],"start_offset"`, 1)
	env := cmdtest.New(t, "",
		cmdtest.Exchange{Request: "GET calendars", Status: 200, Answer: importList(tolreaRecord(7, "Frost"))},
		cmdtest.Exchange{Request: importLastSync, Status: 200, Answer: importList()},
		cmdtest.Exchange{Request: "PUT calendars/7", Body: put, Status: 200, Answer: `{"data":` + tolreaRecord(7, "Deepfrost") + `}`},
	)
	if err := runImport(env, example("donjon-calendar.json"), "--name", "Tolrea"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars", importLastSync, "PUT calendars/7")
	out := env.Out.String()
	if !strings.HasPrefix(out, "calendar \"Tolrea\" (id 7): update\n  months: ") || !strings.HasSuffix(out, "Applied: 1 of 1 writes done, 0 failed, 0 may have been applied, 0 not tried.\n") {
		t.Errorf("stdout:\n%s", out)
	}
}

// --dry-run reads the list and prints the plan; it writes nothing.
func TestImportDryRunSendsNoWrite(t *testing.T) {
	env := cmdtest.New(t, "", cmdtest.Exchange{Request: "GET calendars", Status: 200, Answer: importList()})
	if err := runImport(env, example("donjon-calendar.json"), "--name", "Tolrea", "--dry-run"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars")
	wantStreams(t, env, `calendar "Tolrea": create
Plan: 1 calendar to create, 0 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged.
`, "")
}

// With -o json the plan is apply's report.
func TestImportPlanAsJSON(t *testing.T) {
	env := cmdtest.New(t, "json", cmdtest.Exchange{Request: "GET calendars", Status: 200, Answer: importList(tolreaRecord(7, "Deepfrost"))})
	if err := runImport(env, example("donjon-calendar.json"), "--name", "Tolrea", "--dry-run"); err != nil {
		t.Fatal(err)
	}
	if out := env.Out.String(); !strings.Contains(out, `"action": "unchanged"`) || !strings.Contains(out, `"name": "Tolrea"`) {
		t.Errorf("stdout:\n%s", out)
	}
}

// --print writes the apply document and sends no request; what was lost
// is said on stderr and in the document's comment.
func TestImportPrintSendsNothing(t *testing.T) {
	env := cmdtest.New(t, "")
	if err := runImport(env, example("gregorian-fantasy-calendar.json"), "--print"); err != nil {
		t.Fatal(err)
	}
	env.WantSent()
	cmdtest.Golden(t, "import-print-gregorian.yaml", env.Out.String())
	if env.ErrOut.String() != gregorianWarnings {
		t.Errorf("stderr:\n%s\nwant:\n%s", env.ErrOut, gregorianWarnings)
	}
}

// gregorianWarnings are the losses of the Gregorian example, one a line.
const gregorianWarnings = `warning: leap years: Fantasy-Calendar's rule 400,!100,4 (97 leap years in 400) became one every 4 years from year 4; the first year where they differ is 2100
warning: seasons: Fantasy-Calendar's periodic seasons (a cycle of 365.2425 days) became the days they start on in 2020
warning: eras: 2 eras (Before Christ, Anno Domini) are not carried
`

// --strict refuses a file with losses: exit 2, the list, nothing sent.
func TestImportStrictRefusesLosses(t *testing.T) {
	env := cmdtest.New(t, "")
	err := runImport(env, example("gregorian-fantasy-calendar.json"), "--strict")
	want := example("gregorian-fantasy-calendar.json") + `: --strict refuses an import that loses or approximates anything, nothing was sent:
  leap years: Fantasy-Calendar's rule 400,!100,4 (97 leap years in 400) became one every 4 years from year 4; the first year where they differ is 2100
  seasons: Fantasy-Calendar's periodic seasons (a cycle of 365.2425 days) became the days they start on in 2020
  eras: 2 eras (Before Christ, Anno Domini) are not carried`
	if !cmdtest.IsUsage(err) || err.Error() != want {
		t.Errorf("error:\n%v\nwant a usage error:\n%s", err, want)
	}
	env.WantSent()
	wantStreams(t, env, "", "")
}

// --strict lets a file that loses nothing through.
func TestImportStrictWithNoLoss(t *testing.T) {
	env := cmdtest.New(t, "", cmdtest.Exchange{Request: "GET calendars", Status: 200, Answer: importList(tolreaRecord(7, "Deepfrost"))})
	if err := runImport(env, example("donjon-calendar.json"), "--name", "Tolrea", "--strict"); err != nil {
		t.Fatal(err)
	}
}

// A file read from standard input is named so in messages.
func TestImportFromStandardInput(t *testing.T) {
	env := cmdtest.New(t, "")
	data, err := os.ReadFile(example("harptos-simple-calendar.json"))
	if err != nil {
		t.Fatal(err)
	}
	env.In.Write(data)
	if err := runImport(env, "-", "--print"); err != nil {
		t.Fatal(err)
	}
	if out := env.Out.String(); !strings.HasPrefix(out, "# Imported from standard input (a Simple Calendar file) by kanka calendar import.\n") ||
		!strings.Contains(out, "\ncalendars:\n  - name: Calendar of Harptos\n") {
		t.Errorf("stdout:\n%s", out)
	}
}

// What cannot be imported is a usage error (exit 2) saying why, with
// nothing sent.
func TestImportRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	broken := write("broken.json", "{\n  \"year_len\": 360,\n  \"months\": [\"A\",]\n}\n")
	other := write("other.json", `{"title": "not a calendar"}`)
	missing := filepath.Join(dir, "missing.json")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{broken}, broken + ": line 3, column 18: not valid JSON: invalid character ']' looking for beginning of value"},
		{[]string{other}, other + ": not a calendar kanka can import: expected a Fantasy-Calendar export ({name, static_data, dynamic_data, ...}), " +
			"a Simple Calendar file ({calendar: {...}, notes}, {exportVersion: 2, calendars: [...]} or its older yearSettings, monthSettings, ... keys), " +
			"a donjon calendar saved as JSON ({year_len, months, month_len, weekdays, ...}) " +
			"or a Calendarium calendar ({name, static: {months, weekdays, ...}, current, ...})"},
		{[]string{missing}, "open " + missing + ": no such file or directory"},
		{[]string{example("donjon-calendar.json")}, example("donjon-calendar.json") + ": the donjon file names no calendar: give it one with --name"},
		{[]string{example("donjon-calendar.json"), "--format", "fantasy-calendar"}, example("donjon-calendar.json") + ": not a Fantasy-Calendar export: expected {name, static_data, dynamic_data, events, categories}"},
		{[]string{example("donjon-calendar.json"), "--format", "ical"}, `--format: "ical": give auto, fantasy-calendar, simple-calendar, donjon or calendarium`},
		{[]string{example("donjon-calendar.json"), "--print", "--dry-run"}, "give --print (no request at all) or --dry-run (the plan), not both"},
		{[]string{}, "missing FILE|-: the file to import, or - for standard input"},
		{[]string{"a.json", "b.json"}, `unexpected arguments "b.json": kanka calendar import takes one FILE|-`},
	} {
		env := cmdtest.New(t, "")
		err := runImport(env, c.args...)
		if !cmdtest.IsUsage(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("import %q: %v; want a usage error saying %q", c.args, err, c.want)
		}
		env.WantSent()
		if env.Out.Len() > 0 {
			t.Errorf("import %q wrote %q", c.args, env.Out)
		}
	}
}

// --print checks the calendar as apply would before a create.
func TestImportPrintChecksTheName(t *testing.T) {
	env := cmdtest.New(t, "")
	err := runImport(env, example("donjon-calendar.json"), "--name", strings.Repeat("x", 192), "--print")
	want := "the calendar is not valid, nothing was sent:\n  " + example("donjon-calendar.json") + ": name: has 192 characters; at most 191 are allowed"
	if !cmdtest.IsUsage(err) || err.Error() != want {
		t.Errorf("error:\n%v\nwant a usage error:\n%s", err, want)
	}
	if env.Out.Len() > 0 {
		t.Errorf("stdout: %s", env.Out)
	}
}

// --print writes YAML: a plan's format beside it is refused.
func TestImportPrintRefusesJSON(t *testing.T) {
	env := cmdtest.New(t, "json")
	err := runImport(env, example("donjon-calendar.json"), "--name", "Tolrea", "--print")
	want := "--print writes the calendar as YAML; -o json, --jq and --template are for the plan: leave one out"
	if !cmdtest.IsUsage(err) || err.Error() != want {
		t.Errorf("error %v; want a usage error %q", err, want)
	}
	env.WantSent()
}

func wantStreams(t *testing.T, env *cmdtest.Env, out, errOut string) {
	t.Helper()
	if env.Out.String() != out {
		t.Errorf("stdout:\n%s\nwant:\n%s", env.Out, out)
	}
	if env.ErrOut.String() != errOut {
		t.Errorf("stderr:\n%s\nwant:\n%s", env.ErrOut, errOut)
	}
}

// A calendar changed on the server between the read and the write: the
// import writes nothing (exit 8) and its advice is its own (run the
// import again, or --force, which import has); --force writes anyway.
func TestImportOfACalendarChangedMeanwhile(t *testing.T) {
	changed := strings.Replace(tolreaRecord(7, "Frost"), `"name":"Tolrea"`, `"name":"Tolrea","type":"Moon"`, 1)
	env := cmdtest.New(t, "",
		cmdtest.Exchange{Request: "GET calendars", Status: 200, Answer: importList(tolreaRecord(7, "Frost"))},
		cmdtest.Exchange{Request: importLastSync, Status: 200, Answer: importList(changed)},
	)
	err := runImport(env, example("donjon-calendar.json"), "--name", "Tolrea")
	var ce cmdutil.ChangedErrors
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want the changed error (exit 8)", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, "since it was read") || !strings.Contains(msg, "Run kanka calendar import again") ||
		!strings.Contains(msg, "add --force") || strings.Contains(msg, "kanka apply") {
		t.Errorf("advice in apply's words:\n%s", msg)
	}
	env.WantSent("GET calendars", importLastSync)

	put := strings.Replace(tolreaPost, `"moon_id":[null,null]`, `"moon_id":[3,4]`, 1)
	put = strings.Replace(put, `"start_offset"`, `"is_private":false,"year_number":[],"year_name":[],"season_name":[],"season_month":[],"season_day":[],"start_offset"`, 1)
	env = cmdtest.New(t, "",
		cmdtest.Exchange{Request: "GET calendars", Status: 200, Answer: importList(tolreaRecord(7, "Frost"))},
		cmdtest.Exchange{Request: "PUT calendars/7", Body: put, Status: 200, Answer: `{"data":` + tolreaRecord(7, "Deepfrost") + `}`},
	)
	if err := runImport(env, example("donjon-calendar.json"), "--name", "Tolrea", "--force"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars", "PUT calendars/7")
}

// A --jq that does not compile is refused before the file is read (a
// missing file is not what the error names), nothing sent, as apply does.
func TestImportRefusesABadJQBeforeReadingTheFile(t *testing.T) {
	env := cmdtest.New(t, "")
	env.F.Globals.JQ = ".calendars["
	err := runImport(env, filepath.Join(t.TempDir(), "missing.json"), "--name", "Tolrea")
	if err == nil || err.Error() != "invalid --jq expression: unexpected EOF" {
		t.Errorf("err = %v", err)
	}
	env.WantSent()
}
