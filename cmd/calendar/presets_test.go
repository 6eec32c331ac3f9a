package calendar

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
	"github.com/kanka-cli/kanka/internal/presets"
	yaml "go.yaml.in/yaml/v3"
)

// `calendar presets` reads what kanka carries: every test here also
// checks that no request was sent.

func TestPresetsListsThemAll(t *testing.T) {
	env := newTestEnv(t, "")
	if err := env.run("presets"); err != nil {
		t.Fatal(err)
	}
	want := `NAME       SETTING                   MONTHS  DAYS  WEEKDAYS  MOONS  YEAR
eberron    Eberron                   12      336   7         12     998
exandria   Exandria (Critical Role)  11      328   7         2      836
golarion   Golarion (Pathfinder)     12      365   7         1      4725
gregorian  Earth                     12      365   7         1      2026
greyhawk   Greyhawk                  16      364   7         2      591
harptos    Forgotten Realms          17      365   10        1      1492
`
	if got := env.Out.String(); got != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
	}
	env.WantSent()
}

func TestPresetsWideAddsTheirDescription(t *testing.T) {
	env := newTestEnv(t, "wide")
	if err := env.run("presets"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(env.Out.String(), "\n")
	if !strings.HasSuffix(lines[0], "YEAR  DESCRIPTION") || !strings.HasSuffix(lines[6], "1492  The Calendar of Harptos (Dalereckoning): 12 months of three tendays, 5 festivals, Shieldmeet every 4 years, Selûne") {
		t.Errorf("stdout:\n%s", env.Out)
	}
	env.WantSent()
}

func TestPresetsAsJSON(t *testing.T) {
	env := newTestEnv(t, "json")
	if err := env.run("presets"); err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal(env.Out.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, env.Out)
	}
	if len(got) != 6 {
		t.Fatalf("%d presets", len(got))
	}
	want := `{"name":"harptos","setting":"Forgotten Realms","calendar":"Calendar of Harptos","months":17,"days":365,"weekdays":10,"moons":1,"year":1492,
	  "description":"The Calendar of Harptos (Dalereckoning): 12 months of three tendays, 5 festivals, Shieldmeet every 4 years, Selûne"}`
	last, _ := json.Marshal(got[5])
	if !cmdtest.SameJSON(want, string(last)) {
		t.Errorf("the last preset:\n%s\nwant\n%s", last, want)
	}
	env.WantSent()
}

// -o id prints the names, which --preset takes: presets have no ids.
func TestPresetsIDsAreTheirNames(t *testing.T) {
	env := newTestEnv(t, "id")
	if err := env.run("presets"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != strings.Join(presets.Names(), "\n")+"\n" {
		t.Errorf("stdout %q", got)
	}
	env = newTestEnv(t, "id")
	if err := env.run("presets", "Greyhawk"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != "greyhawk\n" {
		t.Errorf("stdout %q", got)
	}
	env.WantSent()
}

// A list as YAML is a list of calendar files, each what `create -f` reads.
func TestPresetsListAsYAMLIsCalendarFiles(t *testing.T) {
	env := newTestEnv(t, "yaml")
	if err := env.run("presets"); err != nil {
		t.Fatal(err)
	}
	var items []yaml.Node
	if err := yaml.Unmarshal(env.Out.Bytes(), &items); err != nil {
		t.Fatal(err)
	}
	var names []string
	for i := range items {
		text, err := yaml.Marshal(&items[i])
		if err != nil {
			t.Fatal(err)
		}
		file, err := decodeCalendarFile(text, "item")
		if err != nil {
			t.Fatalf("item %d: %v\n%s", i+1, err, text)
		}
		p, _ := presets.Get(presets.Names()[i])
		if !client.CalendarFields.Same(&file.Records[0], &p.Input) {
			t.Errorf("item %d reads back as another calendar than %s: %v", i+1, p.Name, client.CalendarFields.Differing(&file.Records[0], &p.Input))
		}
		names = append(names, file.Records[0].Name)
	}
	if strings.Join(names, ", ") != "Galifar Calendar, Exandrian Calendar, Absalom Reckoning, Gregorian calendar, Greyhawk Calendar, Calendar of Harptos" {
		t.Errorf("calendars %v", names)
	}
	env.WantSent()
}

// One preset as YAML is its file, byte for byte, comments and all; it
// reads back as the preset.
func TestPresetAsYAMLIsItsFile(t *testing.T) {
	for _, name := range presets.Names() {
		env := newTestEnv(t, "yaml")
		if err := env.run("presets", name); err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile("../../internal/presets/" + name + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		if env.Out.String() != string(want) {
			t.Errorf("%s: stdout is not the preset's file:\n%s", name, env.Out)
		}
		file, err := decodeCalendarFile(env.Out.Bytes(), name)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := presets.Get(name)
		if got := file.Records[0]; got.Name != p.Input.Name || len(got.Months) != len(p.Input.Months) {
			t.Errorf("%s reads back as %q with %d months", name, got.Name, len(got.Months))
		}
		env.WantSent()
	}
}

// Without -o, one preset is what kanka says of it, then its calendar as
// `calendar get` shows one.
func TestPresetDetail(t *testing.T) {
	env := newTestEnv(t, "")
	if err := env.run("presets", "greyhawk"); err != nil {
		t.Fatal(err)
	}
	cmdtest.Golden(t, "presets_greyhawk.golden", env.Out.String())
	env.WantSent()
}

// --jq reads the JSON of one preset, not its file.
func TestPresetWithJQ(t *testing.T) {
	env := newTestEnv(t, "yaml")
	env.F.Globals.JQ = ".calendar"
	if err := env.run("presets", "eberron"); err != nil {
		t.Fatal(err)
	}
	if got := env.Out.String(); got != "Galifar Calendar\n" {
		t.Errorf("stdout %q", got)
	}
}

func TestPresetUnknownIsAUsageError(t *testing.T) {
	env := newTestEnv(t, "")
	wantUsage(t, env.run("presets", "harptso"),
		`unknown preset "harptso"; did you mean "harptos"? (one of eberron, exandria, golarion, gregorian, greyhawk, harptos)`)
	wantUsage(t, env.run("presets", "krynn"), `unknown preset "krynn": use one of eberron, exandria, golarion, gregorian, greyhawk, harptos`)
	wantUsage(t, env.run("presets", "harptos", "greyhawk", "eberron"), `unexpected arguments "greyhawk" "eberron": kanka calendar presets takes one NAME at most`)
	env.WantSent()
}
