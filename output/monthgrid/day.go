package monthgrid

import (
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/output"
)

// One day in full (`calendar show --day`): what the grid's cell and
// legend say of it, and all of its weather.
//
//	Date:          12 Ches, Year of Three Ships Sailing DR (1492-4-12), today
//	Weekday:       Second-day
//	Season:        Spring
//	Moons:         no phase falls on this day (or: Selûne at first quarter)
//	Weather:       ☂ rain (cloud-rain)
//	Temperature:   7°C
//	Precipitation: light rain
//	Wind:          gentle breeze from the west
//
//	Reminder:      Market day
//	Reminder:      The fair (day 2 of 3: 1492-4-11 to 1492-4-13; Elminster, character)
//
// Each weather entry of the day is such a group (its name first when it
// has one, the texts it has after it). The day's reminders follow, a line
// each ("none" when reminders were read and none falls on the day).

// DayValue is the JSON of one day in full: the month's context, then the
// day as in a Month's days, with the same fields and meanings.
//
//	{"calendar": {"id": 1, "name": "..."}, "year": 1492, "year_name": "...",
//	 "month": 4, "month_name": "Ches", "intercalary": false, "today": "1492-4-12",
//	 "day": 12, "date": "1492-4-12", "weekday": "Second-day", "moons": [],
//	 "season": "Spring", "season_starts": false, "weather": [ ... ],
//	 "reminders": [ ... ]}
type DayValue struct {
	Calendar    CalendarRef   `json:"calendar"`
	Year        int           `json:"year"`
	YearName    *string       `json:"year_name"`
	Month       int           `json:"month"`
	MonthName   string        `json:"month_name"`
	Intercalary bool          `json:"intercalary"`
	Today       *almanac.Date `json:"today"`
	Day
}

// Day is the day d of the grid in full, ok false when the grid does not
// show it.
func (g *Grid) Day(d almanac.Date) (DayValue, bool) {
	if !g.shows(d) {
		return DayValue{}, false
	}
	for _, m := range g.Months() {
		if m.Month != d.Month {
			continue
		}
		return DayValue{Calendar: m.Calendar, Year: m.Year, YearName: m.YearName, Month: m.Month,
			MonthName: m.MonthName, Intercalary: m.Intercalary, Today: m.Today, Day: m.Days[d.Day-1]}, true
	}
	return DayValue{}, false
}

// DayFields is day d as the lines of a detail view (labels and values;
// the printer aligns, wraps and makes them safe), with UTF-8 or ASCII
// marks; nil when the grid does not show d.
func (g *Grid) DayFields(d almanac.Date, unicode bool) []output.Field {
	if !g.shows(d) {
		return nil
	}
	var m month
	for _, mm := range g.months {
		if mm.view.Month == d.Month {
			m = mm
		}
	}
	day := m.view.Days[d.Day-1]
	sym := asciiSymbols
	if unicode {
		sym = unicodeSymbols
	}
	date := g.r.Format(d) + " (" + d.String() + ")"
	if g.isToday(d) {
		date += ", today"
	}
	fields := []output.Field{{Label: "Date", Value: date}}
	weekday := "none (outside the week)"
	if day.Weekday != nil {
		weekday = *day.Weekday
	}
	fields = append(fields, output.Field{Label: "Weekday", Value: weekday})
	if len(g.r.Calendar().Seasons) > 0 {
		season := "none"
		if day.Season != nil {
			season = *day.Season
			if day.SeasonStart {
				season += ", from this day"
			}
		}
		fields = append(fields, output.Field{Label: "Season", Value: season})
	}
	if len(g.r.Calendar().Moons) > 0 {
		moons := "no phase falls on this day"
		if len(day.Moons) > 0 {
			var parts []string
			for _, p := range day.Moons {
				phase := strings.ReplaceAll(p.Phase.String(), "-", " ")
				if strings.HasSuffix(phase, "quarter") {
					phase = "at " + phase
				}
				parts = append(parts, p.Moon+" "+phase)
			}
			moons = strings.Join(parts, ", ")
		}
		fields = append(fields, output.Field{Label: "Moons", Value: moons})
	}
	if len(m.weather[d.Day-1]) == 0 {
		fields = append(fields, output.Field{Label: "Weather", Value: "none recorded"})
	}
	for _, w := range m.weather[d.Day-1] {
		fields = append(fields, weatherFields(w, sym)...)
	}
	rs := m.reminders[d.Day-1]
	if g.remindersRead && len(rs) == 0 {
		fields = append(fields, output.Field{Label: "Reminders", Value: "none"})
	}
	for _, rm := range rs {
		fields = append(fields, output.Field{Label: "Reminder", Value: rm.dayWords()})
	}
	return fields
}

// weatherFields are the lines of one weather entry: its name when it has
// one, its weather (mark, words and the code as written), then every text
// it has.
func weatherFields(w Weather, sym symbols) []output.Field {
	var fields []output.Field
	if name := strings.TrimSpace(w.Name); name != "" {
		fields = append(fields, output.Field{Label: "Name", Value: name})
	}
	weather := sym.weatherMark(w.Code)
	if words := weatherWords(w); words != "" {
		weather += " " + words
	}
	if code := strings.TrimSpace(w.Code); code != "" && code != weatherWords(w) {
		weather += " (" + code + ")"
	}
	fields = append(fields, output.Field{Label: "Weather", Value: weather})
	for _, f := range []struct{ label, value string }{
		{"Temperature", w.Temperature}, {"Precipitation", w.Precipitation},
		{"Wind", w.Wind}, {"Effect", w.Effect},
	} {
		if v := strings.TrimSpace(f.value); v != "" {
			fields = append(fields, output.Field{Label: f.label, Value: v})
		}
	}
	return fields
}
