package calexport

import (
	"math"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// A Calendarium calendar, the object its settings' "Export this calendar"
// saves and its Import reads (docs/formats.md 4.1, 4.4): static.months,
// static.eras and events present (updateCalendarsToNewSchema reads them
// unchecked), a name, months with a name and a length, weekdays with a
// name, firstWeekDay below their number, and a current date whose month
// exists and whose day is within the month's base length. Months count
// from 0, days from 1; there is no year 0.

type cmCalendar struct {
	ID                        string       `json:"id"`
	Name                      string       `json:"name"`
	Description               string       `json:"description"`
	Static                    cmStatic     `json:"static"`
	Current                   cmDate       `json:"current"`
	Events                    []cmEvent    `json:"events"`
	Categories                []cmCategory `json:"categories"`
	Seasonal                  cmSeasonal   `json:"seasonal"`
	Locations                 cmLocations  `json:"locations"`
	Path                      []string     `json:"path"`
	SupportInlineEvents       bool         `json:"supportInlineEvents"`
	ShowIntercalarySeparately bool         `json:"showIntercalarySeparately"`
}

type cmStatic struct {
	FirstWeekDay     int         `json:"firstWeekDay"`
	Overflow         bool        `json:"overflow"`
	Weekdays         []cmWeekday `json:"weekdays"`
	Months           []cmMonth   `json:"months"`
	LeapDays         []cmLeapDay `json:"leapDays"`
	Moons            []cmMoon    `json:"moons"`
	DisplayMoons     bool        `json:"displayMoons"`
	DisplayDayNumber bool        `json:"displayDayNumber"`
	IncrementDay     bool        `json:"incrementDay"`
	Eras             []struct{}  `json:"eras"`
	// Offset shifts the weekday of every year but the first.
	Offset         int  `json:"offset"`
	UseCustomYears bool `json:"useCustomYears"`
}

type cmWeekday struct {
	Type string `json:"type"`
	Name string `json:"name"`
	ID   string `json:"id"`
}

type cmMonth struct {
	Type     string `json:"type"`
	Name     string `json:"name"`
	Length   int    `json:"length"`
	Interval int    `json:"interval"`
	Offset   int    `json:"offset"`
	ID       string `json:"id"`
	// Subtitle is the month's second name (Kanka's alias: Deepwinter for
	// Hammer, as Calendarium's own Calendar of Harptos has it).
	Subtitle string `json:"subtitle,omitempty"`
}

type cmLeapDay struct {
	Type        string        `json:"type"`
	Name        string        `json:"name"`
	ID          string        `json:"id"`
	Interval    []cmCondition `json:"interval"`
	Timespan    int           `json:"timespan"`
	Intercalary bool          `json:"intercalary"`
	Offset      int           `json:"offset"`
	Numbered    bool          `json:"numbered"`
}

type cmCondition struct {
	Interval  int  `json:"interval"`
	Exclusive bool `json:"exclusive"`
	Ignore    bool `json:"ignore"`
}

type cmMoon struct {
	Name        string  `json:"name"`
	Cycle       float64 `json:"cycle"`
	Offset      float64 `json:"offset"`
	FaceColor   string  `json:"faceColor"`
	ShadowColor string  `json:"shadowColor"`
	ID          string  `json:"id"`
}

type cmDate struct {
	Year  int `json:"year"`
	Month int `json:"month"`
	Day   int `json:"day"`
}

type cmSeasonal struct {
	Type              string     `json:"type"`
	Seasons           []cmSeason `json:"seasons"`
	Offset            int        `json:"offset"`
	DisplayColors     bool       `json:"displayColors"`
	InterpolateColors bool       `json:"interpolateColors"`
	Weather           cmWeather  `json:"weather"`
}

type cmSeason struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	Color         string `json:"color"`
	Type          string `json:"type"`
	Month         int    `json:"month"`
	Day           int    `json:"day"`
	Kind          string `json:"kind"`
	WeatherOffset int    `json:"weatherOffset"`
	WeatherPeak   int    `json:"weatherPeak"`
}

type cmWeather struct {
	Enabled              bool   `json:"enabled"`
	Seed                 int    `json:"seed"`
	TempUnits            string `json:"tempUnits"`
	WindUnits            string `json:"windUnits"`
	PrimaryWindDirection string `json:"primaryWindDirection"`
}

type cmLocations struct {
	Locations       []struct{} `json:"locations"`
	DefaultLocation *string    `json:"defaultLocation"`
}

// calendarium is the calendar object, its events the reminders, or with
// notes its events empty and the reminders the notes.
func (c *calendar) calendarium(reminders []Reminder, withNotes bool) (cmCalendar, []Note) {
	const tool = "Calendarium"
	id := "kanka"
	if c.id > 0 {
		id += "-" + strconv.Itoa(c.id)
	}
	f := cmCalendar{ID: id, Name: c.name(), Path: []string{}, ShowIntercalarySeparately: true,
		Locations: cmLocations{Locations: []struct{}{}}}
	st := &f.Static
	st.Overflow, st.DisplayMoons, st.Eras = true, true, []struct{}{}
	for i, w := range c.in.Weekdays {
		st.Weekdays = append(st.Weekdays, cmWeekday{Type: "day", Name: w, ID: "kanka-weekday-" + strconv.Itoa(i+1)})
	}
	for i, m := range c.months() {
		kind := "month"
		if isIntercalary(m.Type) {
			kind = "intercalary"
		}
		st.Months = append(st.Months, cmMonth{Type: kind, Name: m.Name, Length: c.length(i+1, 0), Interval: 1, ID: "kanka-month-" + strconv.Itoa(i+1),
			Subtitle: strings.TrimSpace(m.Alias)})
	}
	cm := cmYears{c: c}
	st.LeapDays = []cmLeapDay{}
	if l := c.leap; l != nil && l.amount > 0 {
		cm.amount, cm.every = l.amount, l.every
		cm.offset = int(almanac.FloorMod(int64(l.start), int64(l.every)))
		// A leap day in a month outside the week is one too: Calendarium
		// then leaves it out of its counts of the week, as Kanka does.
		cm.outside = c.intercalary(l.month)
		for i := range l.amount {
			st.LeapDays = append(st.LeapDays, cmLeapDay{Type: "leapday", Name: "Leap day", ID: "kanka-leap-day-" + strconv.Itoa(i+1),
				Interval: []cmCondition{{Interval: l.every}}, Timespan: l.month - 1, Intercalary: cm.outside, Offset: cm.offset, Numbered: true})
		}
	}
	from, to := c.yearLosses(tool, cm.years())

	cur := c.calendariumCurrent()
	f.Current = cmDate{Year: cur.Year, Month: cur.Month - 1, Day: cur.Day}
	curOrd, _ := c.r.Ordinal(cur)

	// The weekday: the first year starts on firstWeekDay, every later
	// year on its count of days plus firstWeekDay and offset
	// (getFirstDayOfYear): firstWeekDay is Kanka's weekday of the first
	// year's first day of the week, offset what the current year needs.
	w := int64(c.weekLength())
	if m := c.firstStandard(); m > 0 {
		st.FirstWeekDay = c.weekday(1, m)
		y := max(cur.Year, 2)
		st.Offset = int(almanac.FloorMod(int64(c.weekday(y, m))-cm.monthBefore(y, m)-cm.daysFromYearOne(y)-int64(st.FirstWeekDay), w))
		cm.firstWeekDay, cm.weekOffset = st.FirstWeekDay, st.Offset
		if d := c.calendariumWeekdays(cm, m, from, to); d != nil {
			c.lose(d, "weekdays: Calendarium counts the leap days before a year with the leap day's offset added, not taken off (leapDaysBeforeYear): its weekdays differ in some years for a rule that starts on year %d of every %d; %s",
				c.leap.start, c.leap.every, firstDiffers(d))
		}
	}

	st.Moons = []cmMoon{}
	hasFestivals := false
	for m := range c.months() {
		hasFestivals = hasFestivals || c.intercalary(m+1)
	}
	for i, m := range c.fits(tool) {
		p := m.period()
		delta, ok := m.centre(p / 48)
		shift := float64(cm.count(cur) - curOrd)
		offset := m.reduce(float64(m.Offset) - delta + shift - p/2)
		st.Moons = append(st.Moons, cmMoon{Name: m.Name, Cycle: p, Offset: offset, FaceColor: hexColour(m.Colour),
			ShadowColor: "#000000", ID: "kanka-moon-" + strconv.Itoa(i+1)})
		d := c.firstFullDiffers(m, from, to, func(day int64) bool {
			date, err := c.r.DateOf(day)
			if err != nil {
				return true
			}
			x := (float64(cm.count(date)) - offset) / p
			return int(almanac.FloorMod(int64(math.Floor((x-math.Floor(x))*24+0.5)), 24)) == 12
		})
		switch {
		case d == nil:
		case d.Year < 1:
			c.lose(d, "moon %s: Calendarium counts the years before 1 backwards, mirrored on year 1 (daysFromYearOne): its phases differ there; %s",
				m.Name, firstDiffers(d))
		case hasFestivals:
			c.lose(d, "moon %s: Calendarium leaves the days outside the week (intercalary months and their leap days) out of its moon count, so its phases move a day for each of them; %s",
				m.Name, firstDiffers(d))
		case !ok:
			c.lose(d, "moon %s: a cycle of %s days is too short for Calendarium's 24 phases: some full moons show on no day or on the next; %s",
				m.Name, trimFloat(p), firstDiffers(d))
		default:
			c.lose(d, "moon %s: Calendarium counts the leap days before a year with the leap day's offset added, not taken off: its phases move in some years; %s",
				m.Name, firstDiffers(d))
		}
	}

	f.Seasonal = cmSeasonal{Type: "Dated", Seasons: []cmSeason{},
		Weather: cmWeather{TempUnits: "Metric", WindUnits: "Metric", PrimaryWindDirection: "N"}}
	for i, s := range c.in.Seasons {
		f.Seasonal.Seasons = append(f.Seasonal.Seasons, cmSeason{ID: "kanka-season-" + strconv.Itoa(i+1), Name: s.Name,
			Color: "#ffffff", Type: "Dated", Month: s.Month - 1, Day: s.Day, Kind: "None"})
	}
	c.namesLoss(tool, "names years only as a list from year 1 on, every year up to the last named, and none after")
	c.suffixLoss(tool)
	at := calendariumPlace{from: from, to: to}
	if withNotes {
		var notes []Note
		f.Events = []cmEvent{}
		notes, f.Categories = c.calendariumNotes(c.plan(reminders), at)
		return f, notes
	}
	f.Events, f.Categories = c.calendariumEvents(c.plan(reminders), at)
	return f, nil
}

// calendariumCurrent is the current date Calendarium can take: its
// validator refuses a day beyond the month's base length (a leap day), and
// it has no year 0; either is moved, and said.
func (c *calendar) calendariumCurrent() almanac.Date {
	cur := c.cur
	if cur.Year == 0 {
		cur.Year = 1
	}
	if n := c.length(cur.Month, 0); cur.Day > n {
		cur.Day = n
	}
	if cur != c.cur {
		c.lose(nil, "current date: Calendarium's importer takes no current date in year 0 or on a leap day: %s is written as %s", c.cur, cur)
	}
	if cur.Year < 1 {
		c.lose(nil, "current date: Calendarium counts the years before 1 backwards, mirrored on year 1 (daysFromYearOne): its weekdays and moons differ from Kanka's around the current date %s", c.cur)
	}
	return cur
}

// calendariumWeekdays is the nearest day, within from..to, whose weekday
// Calendarium's count gives otherwise than Kanka: a year's first day of
// the week, going out from the current year.
func (c *calendar) calendariumWeekdays(cm cmYears, m int, from, to int64) *almanac.Date {
	w := int64(c.weekLength())
	if w < 2 {
		return nil
	}
	differs := func(y int) bool {
		first := cm.firstDay(y)
		return almanac.FloorMod(first+cm.monthBefore(y, m), w) != int64(c.weekday(y, m))
	}
	for k := 0; k <= Years; k++ {
		for _, forward := range []bool{true, false} {
			y := c.cur.Year + k
			if !forward {
				y = c.cur.Year - k - 1
			}
			if !c.exists(y) || !cm.years().exists(y) {
				continue
			}
			start, _ := c.r.Ordinal(almanac.Date{Year: y, Month: m, Day: 1})
			if start < from || start > to || !differs(y) {
				continue
			}
			if forward {
				d := almanac.Date{Year: y, Month: m, Day: 1}
				if y == c.cur.Year && d.Compare(c.cur) < 0 {
					continue
				}
				return &d
			}
			last := c.lastStandard()
			n, _ := c.r.MonthLength(y, last)
			return &almanac.Date{Year: y, Month: last, Day: n}
		}
	}
	return nil
}

// lastStandard is the last month (from 1) of the week.
func (c *calendar) lastStandard() int {
	for m := len(c.in.Months); m >= 1; m-- {
		if !c.intercalary(m) {
			return m
		}
	}
	return 0
}
