package generate

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
	"github.com/kanka-cli/kanka/internal/weathergen"
	"github.com/kanka-cli/kanka/output"
)

// runClimates runs `kanka weather climates args...` on env.
func runClimates(env *cmdtest.Env, args ...string) error {
	return env.Run(NewCmdClimates(env.F), args...)
}

// mild is the tests' climate, read as --climate-file reads it.
func mild(t testing.TB) weathergen.Climate {
	t.Helper()
	data, err := os.ReadFile(mildFile)
	if err != nil {
		t.Fatal(err)
	}
	c, err := weathergen.LoadClimate(data)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The list: every built-in climate, by name, with its place and its
// seasons; -o id the names, as --climate takes them. No request.
func TestClimatesListsEveryClimate(t *testing.T) {
	env := cmdtest.New(t, "id")
	if err := runClimates(env); err != nil {
		t.Fatal(err)
	}
	names := weathergen.ClimateNames()
	if want := strings.Join(names, "\n") + "\n"; env.Out.String() != want {
		t.Errorf("-o id:\n%s\nwant:\n%s", env.Out, want)
	}
	for _, need := range []string{"temperate", "continental", "mediterranean", "desert", "steppe", "tropical", "monsoon", "savanna", "tundra", "polar"} {
		if !strings.Contains(env.Out.String(), need+"\n") {
			t.Errorf("the climates lack %s", need)
		}
	}

	env = cmdtest.New(t, "")
	if err := runClimates(env); err != nil {
		t.Fatal(err)
	}
	// Pinned as printed, not rebuilt with the code that prints it: a
	// wrong season mean or a wrong count of wet days shows here (London's
	// months add up to 110.4 wet days).
	cmdtest.Golden(t, "climates.txt", env.Out.String())
	env.WantSent()
}

// One climate's detail view: where its normals come from, its seasons and
// its months.
func TestClimateDetailView(t *testing.T) {
	var out bytes.Buffer
	p, err := output.New(&out, output.Options{Format: output.Table})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := newClimateRecord(mild(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.PrintOne(rec, climateKind); err != nil {
		t.Fatal(err)
	}
	want := `Climate:      mild
Summary:      a test climate, mild and damp
Place:        Testing Place
Period:       1971–2000
Source:       https://example.org/normals
Wet day:      1 mm or more
Hemisphere:   north
Daily spread: ±3 °C about the normal
Wind:         16 km/h, mostly from the SW
Year:         110.4 wet days, 592 mm
Seasons:
  winter  Dec–Feb  8.5/2.6 °C    29.2 wet days  143 mm
  spring  Mar–May  14.4/6 °C     28 wet days    132 mm
  summer  Jun–Aug  22.3/13.8 °C  23.9 wet days  140 mm
  autumn  Sep–Nov  15.7/8.2 °C   29.3 wet days  177 mm
Months:
  Jan  8.3/2.6 °C    10.8 wet days  52 mm
  Feb  8.5/2.4 °C    8.5 wet days   38 mm
  Mar  11.4/4.1 °C   9.6 wet days   41 mm
  Apr  14.2/5.4 °C   9.4 wet days   45 mm
  May  17.7/8.4 °C   9 wet days     47 mm
  Jun  20.7/13.2 °C  8.3 wet days   47 mm
  Jul  23.2/14.2 °C  8 wet days     41 mm
  Aug  22.9/14 °C    7.6 wet days   52 mm
  Sep  20.1/11.2 °C  8.5 wet days   50 mm
  Oct  15.6/8.3 °C   10.7 wet days  69 mm
  Nov  11.4/5.1 °C   10.1 wet days  58 mm
  Dec  8.6/2.8 °C    9.9 wet days   53 mm
`
	if out.String() != want {
		t.Errorf("detail:\n%s\nwant:\n%s", out.String(), want)
	}
}

// -o json gives every figure of a climate: where they come from, the
// seasons' sums and the months.
func TestClimateJSON(t *testing.T) {
	rec, err := newClimateRecord(mild(t))
	if err != nil {
		t.Fatal(err)
	}
	cmdtest.Golden(t, "mild.json", string(rec.RawJSON())+"\n")
}

// -o yaml of one climate is its file, comments and all: given to
// --climate-file it is that very climate.
func TestClimateYAMLIsItsFile(t *testing.T) {
	for _, name := range weathergen.ClimateNames() {
		env := cmdtest.New(t, "yaml")
		if err := runClimates(env, strings.ToUpper(name)); err != nil {
			t.Fatal(err)
		}
		file, _ := weathergen.ClimateFile(name)
		if env.Out.String() != string(file) {
			t.Errorf("%s -o yaml is not its file:\n%s", name, env.Out)
		}
		c, err := weathergen.LoadClimate(env.Out.Bytes())
		builtin, _ := weathergen.ClimateByName(name)
		if err != nil || c.Name != builtin.Name || c.Months != builtin.Months || c.Place != builtin.Place {
			t.Errorf("%s -o yaml does not read back as the climate: %v", name, err)
		}
	}
}

// An unknown name, or two, exits 2 (the nearest name said) and sends
// nothing.
func TestClimatesRefusesAnUnknownName(t *testing.T) {
	env := cmdtest.New(t, "")
	err := runClimates(env, "desret")
	want := `unknown climate "desret": the climates are ` + strings.Join(weathergen.ClimateNames(), ", ") + `; did you mean "desert"?`
	if !cmdtest.IsUsage(err) || err.Error() != want {
		t.Errorf("error %v; want a usage error:\n%s", err, want)
	}
	err = runClimates(env, "desert", "polar")
	if want := `unexpected argument "polar": kanka climates takes one NAME at most`; !cmdtest.IsUsage(err) || err.Error() != want {
		t.Errorf("error %v; want a usage error:\n%s", err, want)
	}
	if env.Out.String() != "" {
		t.Errorf("stdout %q", env.Out)
	}
}
