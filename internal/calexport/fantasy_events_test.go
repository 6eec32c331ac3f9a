package calexport

import (
	"testing"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/presets"
)

// The days Fantasy-Calendar shows a moon repeat with an end year on, as
// the comparison counts them, run to the end year's last day and stop
// there: the file's condition is Year <= the end.
func TestFantasyMoonDaysStopAtTheEndYear(t *testing.T) {
	p, err := presets.Get("harptos")
	if err != nil {
		t.Fatal(err)
	}
	in := p.Input
	in.Moons = append([]client.Moon(nil), in.Moons...)
	one := 1
	in.Moons[0].ID = &one
	c, err := prepare(&client.Calendar{CalendarInput: in})
	if err != nil {
		t.Fatal(err)
	}
	const until = 1492
	planned := c.plan([]Reminder{{ID: 1, Recurrence: almanac.Recurrence{Date: almanac.Date{Year: 1488, Month: 1, Day: 1},
		Length: 2, IsRecurring: true, Periodicity: "1_f", Until: "1492"}}})
	if len(planned) != 1 || !planned[0].bounded {
		t.Fatalf("planned %+v, want one reminder with an end", planned)
	}
	lastDay := c.yearStart(until+1) - 1
	firstDay := c.yearStart(until)
	days := c.fcMoonDays(planned[0], fcMoonRef{cycle: 30, granularity: 8}, 0, 0)
	inEndYear := 0
	for y := until - 1; y <= until+2; y++ {
		days(y, c.yearStart(y), c.yearStart(y+1)-1, func(from, to int64) {
			if from > lastDay {
				t.Errorf("a start on day %d, after the end year's last day %d", from, lastDay)
			}
			if from >= firstDay && from <= lastDay {
				inEndYear++
			}
		})
	}
	if inEndYear == 0 {
		t.Errorf("no start in the end year %d (days %d to %d)", until, firstDay, lastDay)
	}
}
