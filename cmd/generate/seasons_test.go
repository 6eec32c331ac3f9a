package generate

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// readsOf are the reads of a run on calendar 5 with seasons (their JSON
// list), no weather written.
func readsOf(seasons string) []cmdtest.Exchange {
	return []cmdtest.Exchange{
		ok("GET calendars/5", one(westmarch(seasons))),
		ok("GET calendars", listOf(westmarch(seasons))),
		ok("GET calendars/5/calendar_weathers", listOf()),
	}
}

// A season is read by the season word its name holds: "Snowfall" is
// autumn, and lays the year as autumn does, with no warning. The picture
// says how each season was read, before the months (1 Frost is late
// autumn here: its days are warmer than with fourSeasons); -o json lists
// it.
func TestGenerateShowsHowTheSeasonsWereRead(t *testing.T) {
	const seasons = `[{"name":"Thaw","month":3,"day":1},{"name":"Summer","month":6,"day":21},` +
		`{"name":"Harvest","month":9,"day":1},{"name":"Snowfall","month":12,"day":1}]`
	t.Run("text", func(t *testing.T) {
		env := cmdtest.New(t, "", readsOf(seasons)...)
		if err := runGenerate(env, append(threeDays, "--dry-run")...); err != nil {
			t.Fatal(err)
		}
		want := `Westmarch (id 5): 1 Frost 1000 to 3 Frost 1000, 3 days
Climate mild: Testing Place; seed 7
Seasons: Thaw (no season word: between its neighbours), Summer as summer, Harvest (no season word: between its neighbours), Snowfall as autumn
MONTH       DAYS  HIGH °C  LOW °C  WET  SNOW  WEATHER
Frost 1000     3      9.3     3.7    3     0  cloud-rain
`
		if got, _, _ := strings.Cut(env.Out.String(), "calendar \""); got != want || env.ErrOut.String() != "" {
			t.Errorf("picture:\n%s\nwant:\n%s\nstderr %q", got, want, env.ErrOut)
		}
	})
	t.Run("json", func(t *testing.T) {
		env := cmdtest.New(t, "json", readsOf(seasons)...)
		env.F.Globals.JQ = `.seasons`
		if err := runGenerate(env, append(threeDays, "--dry-run")...); err != nil {
			t.Fatal(err)
		}
		want := `[{"as":"","name":"Thaw"},{"as":"summer","name":"Summer"},{"as":"","name":"Harvest"},{"as":"autumn","name":"Snowfall"}]` + "\n"
		if env.Out.String() != want {
			t.Errorf("stdout %q; want %q", env.Out, want)
		}
	})
}

// A calendar without seasons has no Seasons line, and an empty list.
func TestGenerateCalendarWithoutSeasonsReadsNone(t *testing.T) {
	env := cmdtest.New(t, "", readsOf("[]")...)
	if err := runGenerate(env, append(threeDays, "--dry-run")...); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(env.Out.String(), "Seasons") {
		t.Errorf("stdout:\n%s\nwant no Seasons line", env.Out)
	}
	env = cmdtest.New(t, "json", readsOf("[]")...)
	env.F.Globals.JQ = `.seasons`
	if err := runGenerate(env, append(threeDays, "--dry-run")...); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "[]\n" {
		t.Errorf("stdout %q; want []", env.Out)
	}
}
