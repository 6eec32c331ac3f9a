package monthgrid

import (
	"encoding/json"

	"github.com/kanka-cli/kanka/almanac"
)

// Month is the JSON of one month, fields in the documented order:
//
//	{"calendar": {"id": 1, "name": "..."}, "year": 1492, "year_name": "...",
//	 "month": 4, "month_name": "Ches", "intercalary": false, "today": "1492-4-1",
//	 "days": [{"day": 1, "date": "1492-4-1", "weekday": "First-day",
//	   "moons": [{"name": "Selûne", "phase": "full"}], "season": "Spring",
//	   "season_starts": false, "weather": [ <entries as the server sent them> ],
//	   "reminders": [{"reminder_id": 3, "comment": "...", "owner": {"kind":
//	     "entity", "id": 1, "name": "...", "type": "calendar"}, "span":
//	     {"start": "1492-4-3", "end": "1492-4-5", "day": 1, "days": 3}}]}]}
//
// year_name is null when the year has no name; today is the calendar's
// current date whether or not it falls in this month (so a script sees where
// the calendar stands), null when the calendar has none.
type Month struct {
	Calendar    CalendarRef   `json:"calendar"`
	Year        int           `json:"year"`
	YearName    *string       `json:"year_name"`
	Month       int           `json:"month"`
	MonthName   string        `json:"month_name"`
	Intercalary bool          `json:"intercalary"`
	Today       *almanac.Date `json:"today"`
	Days        []Day         `json:"days"`
}

// CalendarRef names the calendar a Month belongs to.
type CalendarRef struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// Day is one day of a Month. Weekday is null in an intercalary month;
// Moons lists the phases falling on the day (none: []); Season is the season
// the day is in, null when the calendar has none (or none has started yet);
// Weather holds the entries recorded for the day as the server sent them;
// Reminders the reminders falling on it, each with its id, comment, owner
// and the span of the occurrence the day belongs to.
type Day struct {
	Day          int               `json:"day"`
	Date         almanac.Date      `json:"date"`
	Weekday      *string           `json:"weekday"`
	Moons        []Moon            `json:"moons"`
	Season       *string           `json:"season"`
	SeasonStarts bool              `json:"season_starts"`
	Weather      []json.RawMessage `json:"weather"`
	Reminders    []Reminder        `json:"reminders"`
}

// Moon is a moon's phase on a day: "full", "waning-gibbous",
// "last-quarter", "waning-crescent", "new", "waxing-crescent",
// "first-quarter" or "waxing-gibbous".
type Moon struct {
	Name  string        `json:"name"`
	Phase almanac.Phase `json:"phase"`
}

// Value is what `-o json` prints: a Month, or with WholeYear a []Month of
// every month of the year in order.
func (g *Grid) Value() any {
	if g.wholeYear {
		return g.Months()
	}
	return g.Months()[0]
}

// Months is the JSON value of every month of the grid, in order.
func (g *Grid) Months() []Month {
	out := make([]Month, len(g.months))
	var yearName *string
	if name, ok := g.r.Calendar().Years[g.year]; ok && name != "" {
		yearName = &name
	}
	for i, m := range g.months {
		v := m.view
		jm := Month{
			Calendar: CalendarRef{ID: g.id, Name: g.name},
			Year:     v.Year, YearName: yearName,
			Month: v.Month, MonthName: v.Name, Intercalary: v.Intercalary,
			Today: g.today,
			Days:  make([]Day, len(v.Days)),
		}
		for j, d := range v.Days {
			day := Day{
				Day: d.Date.Day, Date: d.Date, Weekday: d.Weekday,
				Moons:  make([]Moon, len(d.Moons)),
				Season: d.Season, SeasonStarts: d.SeasonStart,
				Weather:   make([]json.RawMessage, len(m.weather[j])),
				Reminders: append([]Reminder{}, m.reminders[j]...),
			}
			for k, p := range d.Moons {
				day.Moons[k] = Moon{Name: p.Moon, Phase: p.Phase}
			}
			for k, w := range m.weather[j] {
				day.Weather[k] = w.Raw
			}
			jm.Days[j] = day
		}
		out[i] = jm
	}
	return out
}
