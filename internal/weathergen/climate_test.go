package weathergen

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestClimatesAreTheIssuesTenEachWithItsPlace(t *testing.T) {
	want := []string{"continental", "desert", "mediterranean", "monsoon", "polar", "savanna", "steppe", "temperate", "tropical", "tundra"}
	got := ClimateNames()
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("climates = %v, want %v", got, want)
	}
	for _, c := range Climates() {
		if c.Place == "" || c.Source == "" || c.Period == "" || c.Summary == "" || c.WetDay == "" {
			t.Errorf("%s: place %q, source %q, period %q, summary %q, wet_day %q: a built-in climate names them all", c.Name, c.Place, c.Source, c.Period, c.Summary, c.WetDay)
		}
	}
}

func TestClimateByNameIgnoresCaseAndSuggestsTheNearest(t *testing.T) {
	c, err := ClimateByName(" Temperate ")
	if err != nil || c.Name != "temperate" || !strings.Contains(c.Place, "London") {
		t.Fatalf("ClimateByName(Temperate) = %q, %v", c.Name, err)
	}
	_, err = ClimateByName("tempreate")
	want := `unknown climate "tempreate": the climates are continental, desert, mediterranean, monsoon, polar, savanna, steppe, temperate, tropical, tundra; did you mean "temperate"?`
	if err == nil || err.Error() != want {
		t.Fatalf("error = %v\nwant    %s", err, want)
	}
	// A common name of the climate is offered by its kind.
	_, err = ClimateByName("Rainforest")
	want = `unknown climate "Rainforest": the climates are continental, desert, mediterranean, monsoon, polar, savanna, steppe, temperate, tropical, tundra; did you mean "tropical" (tropical rainforest)?`
	if err == nil || err.Error() != want {
		t.Fatalf("error = %v\nwant    %s", err, want)
	}
	_, err = ClimateByName("lunar")
	if err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Fatalf("a name near none suggests nothing: %v", err)
	}
}

func TestOtherNamesOfferBuiltInClimates(t *testing.T) {
	for name, near := range otherNames {
		if !slices.Contains(ClimateNames(), near.climate) || name != otherName(name) {
			t.Errorf("%q offers %q, which is no built-in climate (or the name is not as otherName keys it)", name, near.climate)
		}
	}
	// Typed as people type them, and as the suggestion names the kinds.
	for typed, want := range map[string]string{"Ice cap": "polar", "humid_continental": "continental", "tropical rainforest": "tropical", " Semi Arid ": "steppe"} {
		_, err := ClimateByName(typed)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("did you mean %q (", want)) {
			t.Errorf("%q: %v, want %s offered", typed, err, want)
		}
	}
}

func TestClimateFileOfABuiltInReadsBack(t *testing.T) {
	for _, name := range ClimateNames() {
		data, ok := ClimateFile(name)
		if !ok {
			t.Fatalf("no file for %s", name)
		}
		c, err := LoadClimate(data)
		if err != nil || c.Name != name {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if _, ok := ClimateFile("lunar"); ok {
		t.Fatal("a file for an unknown climate")
	}
}

// months is twelve months of a climate file, with line n (0-based) replaced
// when replace is not empty.
func months(n int, replace string) string {
	var b strings.Builder
	b.WriteString("months:\n")
	for i := range 12 {
		line := "  - {month: " + MonthAbbrev[i] + ", high: 10, low: 2, wet_days: 8, precipitation: 50}\n"
		if i == n && replace != "" {
			line = replace + "\n"
		}
		b.WriteString(line)
	}
	return b.String()
}

func TestLoadClimateReadsDefaultsAndMonths(t *testing.T) {
	c, err := LoadClimate([]byte("name: drizzle-land\nhemisphere: South\n" + months(3, "  - {month: April, high: 14.5, low: 5.25, wet_days: 30, spread: 2, wind: 40}")))
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "drizzle-land" || !c.South || c.Spread != defaultSpread || c.Wind != defaultWind || c.Prevailing != defaultPrevailing {
		t.Fatalf("climate = %+v", c)
	}
	if m := c.Months[3]; m.High != 14.5 || m.Low != 5.25 || m.WetDays != 30 || m.Spread != 2 || m.Wind != 40 || m.Precipitation != 0 {
		t.Fatalf("April = %+v", m)
	}
}

func TestLoadClimateNamesTheLineAndKeyOfEveryProblem(t *testing.T) {
	for _, tc := range []struct {
		name, file, want string
	}{
		{"empty", "  \n", "the climate file is empty"},
		{"not yaml", "name: [", "line 1: did not find expected node content"},
		{"not a mapping", "- a\n- b\n", "line 1: a climate file is a mapping of keys (name, place, months, ...)"},
		{"no name", months(-1, ""), "line 1: name: is missing"},
		{"no name after a comment", "# my climate\n\nplace: here\n" + months(-1, ""), "line 3: name: is missing"},
		{"bad name", "name: Two Words\n" + months(-1, ""), `line 1: name: "Two Words" is not a name: use lower-case letters, digits, - and _, no spaces`},
		{"unknown key", "name: x\nweekday: 3\n" + months(-1, ""), `line 2: unknown key "weekday" (the keys are name, summary, place, period, source, wet_day, hemisphere, spread, wind, prevailing, months)`},
		{"twice", "name: x\nname: y\n" + months(-1, ""), "line 2: name: is given twice (first at line 1)"},
		{"hemisphere", "name: x\nhemisphere: east\n" + months(-1, ""), `line 2: hemisphere: "east" is not north or south`},
		{"prevailing", "name: x\nprevailing: up\n" + months(-1, ""), `line 2: prevailing: "up" is not a direction: one of N, NE, E, SE, S, SW, W, NW`},
		{"spread text", "name: x\nspread: wide\n" + months(-1, ""), `line 2: spread: "wide" is not a number`},
		{"spread range", "name: x\nspread: 40\n" + months(-1, ""), "line 2: spread: 40 is out of range: it lies between 0.1 and 15"},
		{"no months", "name: x\n", "line 1: months: is missing: a climate needs its twelve months, January first"},
		{"months not list", "name: x\nmonths: 12\n", "line 2: months: is not a list: a climate needs its twelve months, January first"},
		{"eleven", "name: x\n" + strings.Replace(months(-1, ""), "  - {month: Dec, high: 10, low: 2, wet_days: 8, precipitation: 50}\n", "", 1), "line 2: months: has 11 months; a climate needs twelve, January first"},
		{"high text", "name: x\n" + months(2, "  - {month: Mar, high: warm, low: 2, wet_days: 8}"), `line 5: months[3].high: "warm" is not a number`},
		{"low missing", "name: x\n" + months(0, "  - {month: Jan, high: 3, wet_days: 8}"), "line 3: months[1].low: is missing"},
		{"low above high", "name: x\n" + months(6, "  - {month: Jul, high: 3, low: 5, wet_days: 8}"), "line 9: months[7].low: 5 is above the high, 3"},
		{"wet days", "name: x\n" + months(1, "  - {month: Feb, high: 3, low: 1, wet_days: 29}"), "line 4: months[2].wet_days: 29 is out of range: it lies between 0 and 28"},
		{"wrong month", "name: x\n" + months(4, "  - {month: Jun, high: 3, low: 1, wet_days: 2}"), `line 7: months[5].month: "Jun" is not May: the months run January to December`},
		{"month key", "name: x\n" + months(4, "  - {month: May, high: 3, low: 1, wet_days: 2, rain: 4}"), `line 7: months[5]: unknown key "rain" (the keys are month, high, low, wet_days, precipitation, spread, wind)`},
		{"cold", "name: x\n" + months(4, "  - {month: May, high: 3, low: -120, wet_days: 2}"), "line 7: months[5].low: -120 is out of range: it lies between -90 and 60"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadClimate([]byte(tc.file))
			if err == nil || err.Error() != tc.want {
				t.Fatalf("error = %v\nwant    %s", err, tc.want)
			}
		})
	}
}

func TestLoadClimateSaysEveryProblemAtOnceInLineOrder(t *testing.T) {
	file := "name: x\nspread: -1\n" + months(0, "  - {month: Jan, high: hot, low: 2, wet_days: 40}")
	_, err := LoadClimate([]byte(file))
	want := "line 2: spread: -1 is out of range: it lies between 0.1 and 15\n" +
		`line 4: months[1].high: "hot" is not a number` + "\n" +
		"line 4: months[1].wet_days: 40 is out of range: it lies between 0 and 31"
	if err == nil || err.Error() != want {
		t.Fatalf("error = %v\nwant    %s", err, want)
	}
}

func TestLoadClimateFollowsAliases(t *testing.T) {
	file := "name: x\nmonths:\n  - &m {high: 10, low: 2, wet_days: 8}\n" + strings.Repeat("  - *m\n", 11)
	c, err := LoadClimate([]byte(file))
	if err != nil || c.Months[11].High != 10 {
		t.Fatalf("%+v, %v", c.Months[11], err)
	}
}

func TestSeasonsSumTheMonthsOfEachSeason(t *testing.T) {
	c, _ := ClimateByName("temperate")
	s := c.Seasons()
	if s[0].Season != "winter" || s[0].Months != "Dec–Feb" || s[2].Months != "Jun–Aug" {
		t.Fatalf("seasons = %+v", s)
	}
	// Winter: December 8.6, January 8.3, February 8.5, weighted by their days.
	if s[0].High != 8.5 || s[0].WetDays != 29.2 || s[0].Precipitation != 143 {
		t.Fatalf("winter = %+v", s[0])
	}
	south, _ := ClimateByName("savanna")
	if w := south.Seasons()[0]; w.Months != "Jun–Aug" || w.High != 31 {
		t.Fatalf("a southern winter = %+v", w)
	}
}
