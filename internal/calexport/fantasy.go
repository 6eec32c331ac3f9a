package calexport

import (
	"strconv"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/internal/fantasycal"
)

// A Fantasy-Calendar export, {name, static_data, dynamic_data, events,
// categories}, as its "Load custom JSON" box reads it (parse_json,
// process_fantasycalendar; docs/formats.md 1.7): every key it reads
// without a check is written, and every value it checks has the type it
// checks for. Timespans count from 0, days from 1.

type fcFile struct {
	Name        string       `json:"name"`
	StaticData  fcStatic     `json:"static_data"`
	DynamicData fcDynamic    `json:"dynamic_data"`
	Events      []fcEvent    `json:"events"`
	Categories  []fcCategory `json:"categories"`
}

type fcStatic struct {
	YearData fcYearData `json:"year_data"`
	Moons    []fcMoon   `json:"moons"`
	Clock    fcClock    `json:"clock"`
	Seasons  fcSeasons  `json:"seasons"`
	Eras     []struct{} `json:"eras"`
	Settings fcSettings `json:"settings"`
	Cycles   fcCycles   `json:"cycles"`
}

type fcYearData struct {
	// FirstDay is the weekday (from 1) of the first day of the first
	// year; Fantasy-Calendar's importer does not read it (1.7).
	FirstDay   int          `json:"first_day"`
	Overflow   bool         `json:"overflow"`
	GlobalWeek []string     `json:"global_week"`
	Timespans  []fcTimespan `json:"timespans"`
	LeapDays   []fcLeapDay  `json:"leap_days"`
}

type fcTimespan struct {
	Name     string `json:"name"`
	Type     string `json:"type"`
	Length   int    `json:"length"`
	Interval int    `json:"interval"`
	Offset   int    `json:"offset"`
}

type fcLeapDay struct {
	Name        string `json:"name"`
	Intercalary bool   `json:"intercalary"`
	Timespan    int    `json:"timespan"`
	AddsWeekDay bool   `json:"adds_week_day"`
	Interval    string `json:"interval"`
	Offset      int    `json:"offset"`
}

type fcMoon struct {
	Name          string  `json:"name"`
	Cycle         float64 `json:"cycle"`
	Shift         float64 `json:"shift"`
	Granularity   int     `json:"granularity"`
	Color         string  `json:"color"`
	ShadowColor   string  `json:"shadow_color"`
	Hidden        bool    `json:"hidden"`
	CustomPhase   bool    `json:"custom_phase"`
	CycleRounding string  `json:"cycle_rounding"`
}

type fcClock struct {
	Enabled  bool `json:"enabled"`
	Render   bool `json:"render"`
	Hours    int  `json:"hours"`
	Minutes  int  `json:"minutes"`
	Offset   int  `json:"offset"`
	Crowding int  `json:"crowding"`
}

type fcSeasons struct {
	Data           []fcSeason       `json:"data"`
	Locations      []struct{}       `json:"locations"`
	GlobalSettings fcSeasonSettings `json:"global_settings"`
}

// fcSeason is a dated season; the importer requires its sunrise and
// sunset (process_fantasycalendar throws "has invalid time data").
type fcSeason struct {
	Name     string    `json:"name"`
	Timespan int       `json:"timespan"`
	Day      int       `json:"day"`
	Color    [2]string `json:"color"`
	Time     struct {
		Sunrise fcTime `json:"sunrise"`
		Sunset  fcTime `json:"sunset"`
	} `json:"time"`
}

type fcTime struct {
	Hour   int `json:"hour"`
	Minute int `json:"minute"`
}

type fcSeasonSettings struct {
	SeasonOffset    int    `json:"season_offset"`
	WeatherOffset   int    `json:"weather_offset"`
	Seed            int    `json:"seed"`
	TempSys         string `json:"temp_sys"`
	WindSys         string `json:"wind_sys"`
	Cinematic       bool   `json:"cinematic"`
	EnableWeather   bool   `json:"enable_weather"`
	PeriodicSeasons bool   `json:"periodic_seasons"`
	ColorEnabled    bool   `json:"color_enabled"`
}

type fcSettings struct {
	YearZeroExists   bool `json:"year_zero_exists"`
	ShowCurrentMonth bool `json:"show_current_month"`
	AllowView        bool `json:"allow_view"`
	OnlyBackwards    bool `json:"only_backwards"`
	HideMoons        bool `json:"hide_moons"`
	HideWeekdays     bool `json:"hide_weekdays"`
}

type fcCycles struct {
	Format string     `json:"format"`
	Data   []struct{} `json:"data"`
}

type fcDynamic struct {
	Year           int   `json:"year"`
	Timespan       int   `json:"timespan"`
	Day            int   `json:"day"`
	Epoch          int64 `json:"epoch"`
	CustomLocation bool  `json:"custom_location"`
	Hour           int   `json:"hour"`
	Minute         int   `json:"minute"`
}

func (c *calendar) fantasy(reminders []Reminder) fcFile {
	const tool = "Fantasy-Calendar"
	f := fcFile{Name: c.name()}
	yd := &f.StaticData.YearData
	yd.Overflow = true
	yd.GlobalWeek = append([]string{}, c.in.Weekdays...)
	for _, m := range c.months() {
		kind := "month"
		if isIntercalary(m.Type) {
			kind = "intercalary"
		}
		yd.Timespans = append(yd.Timespans, fcTimespan{Name: m.Name, Type: kind, Length: max(m.Length, 1), Interval: 1, Offset: 0})
	}
	yd.LeapDays = []fcLeapDay{}
	fc := fcYears{c: c}
	if l := c.leap; l != nil && l.amount > 0 {
		// One leap day each, on one rule: the importer sums them (1.8).
		for range l.amount {
			yd.LeapDays = append(yd.LeapDays, fcLeapDay{Name: "Leap day", Timespan: l.month - 1,
				Interval: strconv.Itoa(l.every), Offset: int(almanac.FloorMod(int64(l.start), int64(l.every)))})
		}
		fc.amount = l.amount
	}
	from, to := c.yearLosses(tool, fc.years())

	all, week := fc.delta()
	w := int64(c.weekLength())
	yd.FirstDay = int(almanac.FloorMod(int64(c.startOffset())-week, w)) + 1
	if yd.FirstDay != 1 {
		d := c.nearestWeekday()
		c.lose(d, "first day: Fantasy-Calendar's importer ignores first_day and starts the first year on %s: set its First week day (Weekdays) to %s (first_day %d) after importing, or every weekday differs; %s",
			c.in.Weekdays[0], c.in.Weekdays[yd.FirstDay-1], yd.FirstDay, firstDiffers(d))
	}

	f.StaticData.Moons = []fcMoon{}
	at := fcPlace{moons: map[int]fcMoonRef{}, all: all, from: from, to: to}
	for i, m := range c.fits(tool) {
		p := m.period()
		g := fantasycal.Granularity(p)
		delta, ok := m.centre(p / float64(2*g))
		shift := m.reduce(float64(m.Offset) - delta + float64(all) - p/2)
		f.StaticData.Moons = append(f.StaticData.Moons, fcMoon{Name: m.Name, Cycle: p, Shift: shift, Granularity: g,
			Color: hexColour(m.Colour), ShadowColor: "#292b4a", CycleRounding: "round"})
		ref := fcMoonRef{index: i, cycle: p, shift: shift, granularity: g}
		c.keepMoon(at.moons, m, ref)
		if !ok {
			d := c.firstFullDiffers(m, from, to, func(day int64) bool { return fcPhase(day+all, ref) == g/2 })
			if d != nil {
				c.lose(d, "moon %s: a cycle of %s days is too short for Fantasy-Calendar's %d phases: some full moons show on no day or on the next; %s",
					m.Name, trimFloat(p), g, firstDiffers(d))
			}
		}
	}

	f.StaticData.Clock = fcClock{Hours: 24, Minutes: 60}
	ss := &f.StaticData.Seasons
	ss.Data, ss.Locations = []fcSeason{}, []struct{}{}
	ss.GlobalSettings = fcSeasonSettings{TempSys: "metric", WindSys: "metric"}
	for _, s := range c.in.Seasons {
		season := fcSeason{Name: s.Name, Timespan: s.Month - 1, Day: s.Day, Color: [2]string{"#ffffff", "#ffffff"}}
		season.Time.Sunrise, season.Time.Sunset = fcTime{Hour: 6}, fcTime{Hour: 18}
		ss.Data = append(ss.Data, season)
	}
	f.StaticData.Eras = []struct{}{}
	f.StaticData.Settings = fcSettings{YearZeroExists: !c.skip, ShowCurrentMonth: true, AllowView: true}
	f.StaticData.Cycles = fcCycles{Data: []struct{}{}}
	f.DynamicData = fcDynamic{Year: c.cur.Year, Timespan: c.cur.Month - 1, Day: c.cur.Day, Epoch: c.ord + all}
	c.aliasLoss(tool)
	c.namesLoss(tool, "has no year names")
	c.suffixLoss(tool)
	f.Events, f.Categories = c.fantasyEvents(c.plan(reminders), at), []fcCategory{}
	return f
}

// fcYears are Fantasy-Calendar's years of the calendar: the same years
// (year_zero_exists follows skip_year_zero), and a leap day in every year
// that fits the interval, before the start too. A year before 1 is tested
// one up when year 0 does not exist (1.1).
type fcYears struct {
	c      *calendar
	amount int // the leap days written, 0 for none
}

func (t fcYears) isLeap(y int) bool {
	l := t.c.leap
	if t.amount == 0 {
		return false
	}
	if y < 0 && t.c.skip {
		y++
	}
	return almanac.FloorMod(int64(y-l.start), int64(l.every)) == 0
}

func (t fcYears) years() toolYears {
	return toolYears{exists: t.c.exists, leapDays: func(y int) int {
		if t.isLeap(y) {
			return t.amount
		}
		return 0
	}}
}

// count is how many of years lo..hi-1 Fantasy-Calendar has leap days in.
func (t fcYears) count(lo, hi int64) int64 {
	if t.amount == 0 {
		return 0
	}
	l := t.c.leap
	s, n := int64(l.start), int64(l.every)
	first := int64(0)
	if t.c.skip {
		first = 1
	}
	below := s
	if t.c.skip {
		below = s - 1 // year y < 0 is tested as y+1
	}
	return congruent(max(lo, first), hi, s, n) + congruent(lo, min(hi, 0), below, n)
}

// kankaCount is how many of years lo..hi-1 Kanka has leap days in.
func (c *calendar) kankaCount(lo, hi int64) int64 {
	l := c.leap
	if l == nil {
		return 0
	}
	s, n := int64(l.start), int64(l.every)
	count := congruent(max(lo, s), hi, s, n)
	if c.skip && lo <= 0 && 0 < hi && s <= 0 && almanac.FloorMod(-s, n) == 0 {
		count-- // year 0 does not exist
	}
	return count
}

// delta is Fantasy-Calendar's epoch of the current date less Kanka's day
// number of it (both count from day 1 of year 0, or of year 1 without
// year 0), and the same of the days of the week: the leap days one has
// and the other not, between.
func (t fcYears) delta() (all, week int64) {
	c := t.c
	origin, y := int64(1), int64(c.cur.Year)
	if !c.skip {
		origin = 0
	}
	kanka := int64(0)
	if c.leap != nil {
		kanka = int64(c.leap.amount)
	}
	tool := int64(t.amount)
	if y >= origin {
		all = tool*t.count(origin, y) - kanka*c.kankaCount(origin, y)
	} else {
		all = -(tool*t.count(y, origin) - kanka*c.kankaCount(y, origin))
	}
	if c.cur.Month > c.leapMonth() {
		all += int64(t.years().leapDays(c.cur.Year) - c.leapDays(c.cur.Year))
	}
	if c.leap != nil && c.intercalary(c.leap.month) {
		return all, 0
	}
	return all, all
}
