package almanac

// MonthView is one month as the service's calendar page draws it: what
// `kanka calendar show` renders and prints as JSON.
type MonthView struct {
	Year        int      `json:"year"`
	Month       int      `json:"month"`
	Name        string   `json:"name"`
	Alias       string   `json:"alias,omitempty"`
	Intercalary bool     `json:"intercalary"`
	LeapYear    bool     `json:"leap_year"`
	Length      int      `json:"length"`
	Weekdays    []string `json:"weekdays"`
	Days        []Day    `json:"days"`
}

// Day is one day of a MonthView.
type Day struct {
	Date Date `json:"date"`
	// Weekday is nil in an intercalary month, which stands outside the week.
	Weekday *string `json:"weekday"`
	// Column is the day's column in the grid (0-based): an intercalary
	// month starts its own row at column 0.
	Column int         `json:"column"`
	Moons  []MoonPhase `json:"moons"`
	// Season is the season the day is in, nil when none.
	Season      *string `json:"season"`
	SeasonStart bool    `json:"season_start"`
}

// MonthView lays out month m of year y. It needs at least 2 weekdays.
func (r *Reckoning) MonthView(y, m int) (MonthView, error) {
	length, err := r.MonthLength(y, m)
	if err != nil {
		return MonthView{}, err
	}
	if len(r.cal.Weekdays) < 2 {
		return MonthView{}, ErrFewWeekdays
	}
	month := r.months[m-1]
	v := MonthView{
		Year: y, Month: m, Name: month.Name, Alias: month.Alias, Intercalary: month.Intercalary,
		LeapYear: r.IsLeapYear(y), Length: length, Weekdays: append([]string{}, r.cal.Weekdays...),
		Days: make([]Day, length),
	}
	first := Date{Year: y, Month: m, Day: 1}
	ord := r.ordinal(first)
	col := r.column(first)
	w := len(r.cal.Weekdays)
	season, inSeason := r.seasonOf(first)
	starts := r.seasonStarts(int64(y))
	for i := range v.Days {
		d := Date{Year: y, Month: m, Day: i + 1}
		day := Day{Date: d, Column: (col + i) % w, Moons: r.phasesOn(ord + int64(i))}
		if !month.Intercalary {
			day.Weekday = &v.Weekdays[day.Column]
		}
		for _, s := range starts {
			if s.Date == d {
				season, inSeason, day.SeasonStart = s, true, true
			}
		}
		if inSeason {
			name := season.Name
			day.Season = &name
		}
		v.Days[i] = day
	}
	return v, nil
}
