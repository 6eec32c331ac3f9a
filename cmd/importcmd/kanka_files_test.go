package importcmd_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// A file of kanka's own given to import is named for what it is, with
// the command that reads it; YAML of another kind is said to be no JSON.
// Each is a usage error (exit 2) and nothing is sent.
func TestImportOfAKankaFileSaysWhatToRunInstead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	seedJSON := write("seed.json", `{"calendars": [{"name": "A"}]}`)
	calJSON := write("cal.json", `{"id": 3, "name": "A", "months": [{"name": "M", "length": 3}], "weekdays": ["X"]}`)
	notes := write("my notes.yaml", "# notes\ntitle: the campaign\n")
	for _, tc := range []struct {
		args []string
		in   string
		want string
	}{
		{[]string{example("harptos-seed.yaml")}, "", example("harptos-seed.yaml") +
			": this is a kanka seed (calendars:), which calendar import does not read; apply it with: kanka apply -f " + example("harptos-seed.yaml")},
		{[]string{seedJSON, "--format", "donjon"}, "", seedJSON +
			": this is a kanka seed (calendars:), which calendar import does not read; apply it with: kanka apply -f " + seedJSON},
		{[]string{example("harptos.yaml")}, "", example("harptos.yaml") +
			": this is a kanka calendar file (as calendar get -o yaml prints it), which calendar import does not read; create it with: kanka calendar create -f " + example("harptos.yaml")},
		{[]string{calJSON}, "", calJSON +
			": this is a kanka calendar file (as calendar get -o yaml prints it), which calendar import does not read; create it with: kanka calendar create -f " + calJSON},
		{[]string{"-"}, "calendars: []\n", "standard input: this is a kanka seed (calendars:), which calendar import does not read; apply it with: kanka apply -f -"},
		{[]string{notes}, "", notes + ": this is YAML, not JSON: calendar import reads the JSON files of Fantasy-Calendar, Simple Calendar and donjon"},
	} {
		env := cmdtest.New(t, "")
		env.In.WriteString(tc.in)
		err := runImport(env, tc.args...)
		if !cmdtest.IsUsage(err) || err.Error() != tc.want {
			t.Errorf("import %q: %v\nwant a usage error: %s", tc.args, err, tc.want)
		}
		env.WantSent()
		if env.Out.Len() > 0 {
			t.Errorf("import %q wrote %q", tc.args, env.Out)
		}
	}
}

// A --format near one names it.
func TestImportMistypedFormatSuggestsTheNearest(t *testing.T) {
	env := cmdtest.New(t, "")
	err := runImport(env, example("donjon-calendar.json"), "--format", "donjn")
	want := `--format: "donjn"; did you mean "donjon"? (give auto, fantasy-calendar, simple-calendar, donjon or calendarium)`
	if !cmdtest.IsUsage(err) || err.Error() != want {
		t.Errorf("%v\nwant a usage error: %s", err, want)
	}
	env.WantSent()
}
