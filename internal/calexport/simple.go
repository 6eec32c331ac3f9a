package calexport

import (
	"math"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// A Simple Calendar export, {exportVersion: 2, globalConfig, permissions,
// calendars, notes}, as its configuration's Import reads it
// (importCalendarRead, importCalendarSave, then the calendar's
// loadFromSettings; docs/formats.md 2.5): one calendar config, every key
// its loaders read without a check written (a month's numberOfDays and
// numberOfLeapYearDays, a moon's firstNewMoon and phases), months, days
// and season starts from 0.

type scFile struct {
	ExportVersion int                 `json:"exportVersion"`
	GlobalConfig  struct{}            `json:"globalConfig"`
	Permissions   struct{}            `json:"permissions"`
	Calendars     []scCalendar        `json:"calendars"`
	Notes         map[string][]scNote `json:"notes"`
}

type scCalendar struct {
	ID             string       `json:"id"`
	Name           string       `json:"name"`
	CurrentDate    scDate       `json:"currentDate"`
	LeapYear       scLeapYear   `json:"leapYear"`
	Months         []scMonth    `json:"months"`
	Moons          []scMoon     `json:"moons"`
	NoteCategories []scCategory `json:"noteCategories"`
	Seasons        []scSeason   `json:"seasons"`
	Time           scTime       `json:"time"`
	Weekdays       []scWeekday  `json:"weekdays"`
	Year           scYear       `json:"year"`
}

type scDate struct {
	Year    int `json:"year"`
	Month   int `json:"month"`
	Day     int `json:"day"`
	Seconds int `json:"seconds"`
}

type scLeapYear struct {
	Rule         string `json:"rule"`
	CustomMod    int    `json:"customMod"`
	StartingYear int    `json:"startingYear"`
}

type scMonth struct {
	Name                        string `json:"name"`
	Abbreviation                string `json:"abbreviation"`
	NumericRepresentation       int    `json:"numericRepresentation"`
	NumericRepresentationOffset int    `json:"numericRepresentationOffset"`
	NumberOfDays                int    `json:"numberOfDays"`
	NumberOfLeapYearDays        int    `json:"numberOfLeapYearDays"`
	Intercalary                 bool   `json:"intercalary"`
	IntercalaryInclude          bool   `json:"intercalaryInclude"`
	StartingWeekday             *int   `json:"startingWeekday"`
}

type scMoon struct {
	Name           string     `json:"name"`
	CycleLength    float64    `json:"cycleLength"`
	FirstNewMoon   scFirstNew `json:"firstNewMoon"`
	Phases         []scPhase  `json:"phases"`
	Color          string     `json:"color"`
	CycleDayAdjust float64    `json:"cycleDayAdjust"`
}

type scFirstNew struct {
	YearReset string `json:"yearReset"`
	YearX     int    `json:"yearX"`
	Year      int    `json:"year"`
	Month     int    `json:"month"`
	Day       int    `json:"day"`
}

type scPhase struct {
	Name      string  `json:"name"`
	Length    float64 `json:"length"`
	Icon      string  `json:"icon"`
	SingleDay bool    `json:"singleDay"`
}

type scSeason struct {
	Name          string `json:"name"`
	StartingMonth int    `json:"startingMonth"`
	StartingDay   int    `json:"startingDay"`
	Color         string `json:"color"`
	Icon          string `json:"icon"`
	SunriseTime   int    `json:"sunriseTime"`
	SunsetTime    int    `json:"sunsetTime"`
}

type scTime struct {
	HoursInDay             int  `json:"hoursInDay"`
	MinutesInHour          int  `json:"minutesInHour"`
	SecondsInMinute        int  `json:"secondsInMinute"`
	GameTimeRatio          int  `json:"gameTimeRatio"`
	UnifyGameAndClockPause bool `json:"unifyGameAndClockPause"`
	UpdateFrequency        int  `json:"updateFrequency"`
}

type scWeekday struct {
	Abbreviation          string `json:"abbreviation"`
	Name                  string `json:"name"`
	NumericRepresentation int    `json:"numericRepresentation"`
}

type scYear struct {
	NumericRepresentation int      `json:"numericRepresentation"`
	Prefix                string   `json:"prefix"`
	Postfix               string   `json:"postfix"`
	ShowWeekdayHeadings   bool     `json:"showWeekdayHeadings"`
	FirstWeekday          int      `json:"firstWeekday"`
	YearZero              int      `json:"yearZero"`
	YearNames             []string `json:"yearNames"`
	YearNamingRule        string   `json:"yearNamingRule"`
	YearNamesStart        int      `json:"yearNamesStart"`
}

// scPhases are Simple Calendar's eight phases, in its order (new first),
// with its icons; the one-day phases are the quarters.
var scPhases = []struct {
	name, icon string
	single     bool
}{
	{"New Moon", "new", true}, {"Waxing Crescent", "waxing-crescent", false},
	{"First Quarter", "first-quarter", true}, {"Waxing Gibbous", "waxing-gibbous", false},
	{"Full Moon", "full", true}, {"Waning Gibbous", "waning-gibbous", false},
	{"Last Quarter", "last-quarter", true}, {"Waning Crescent", "waning-crescent", false},
}

func (c *calendar) simple(reminders []Reminder) scFile {
	const tool = "Simple Calendar"
	id := "kanka"
	if c.id > 0 {
		id += "-" + strconv.Itoa(c.id)
	}
	cal := scCalendar{ID: id, Name: c.name(),
		Time: scTime{HoursInDay: 24, MinutesInHour: 60, SecondsInMinute: 60, GameTimeRatio: 1, UpdateFrequency: 1}}
	cal.CurrentDate = scDate{Year: c.cur.Year, Month: c.cur.Month - 1, Day: c.cur.Day - 1}

	sc := scYears{c: c}
	cal.LeapYear = scLeapYear{Rule: "none"}
	if l := c.leap; l != nil {
		sc.amount, sc.start = l.amount, c.simpleStart()
		cal.LeapYear = scLeapYear{Rule: "custom", CustomMod: l.every, StartingYear: sc.start}
	}
	standard, festival := 0, 0
	for i, m := range c.months() {
		month := scMonth{Name: m.Name, Abbreviation: abbreviation(m.Name, 3), NumberOfDays: c.length(i+1, 0),
			NumberOfLeapYearDays: c.length(i+1, sc.amount), Intercalary: isIntercalary(m.Type)}
		if month.Intercalary {
			festival--
			month.NumericRepresentation = festival
		} else {
			standard++
			month.NumericRepresentation = standard
		}
		cal.Months = append(cal.Months, month)
	}
	for i, w := range c.in.Weekdays {
		cal.Weekdays = append(cal.Weekdays, scWeekday{Abbreviation: abbreviation(w, 2), Name: w, NumericRepresentation: i + 1})
	}
	from, to := c.yearLosses(tool, sc.years())

	// Simple Calendar counts days from year.yearZero: the current year,
	// so that the current date's count is its days in the year
	// (dateToDays), and the weekday of a day that count plus firstWeekday,
	// the days of the week only.
	cal.Year = scYear{NumericRepresentation: c.cur.Year, Postfix: c.suffix(), ShowWeekdayHeadings: true,
		YearZero: c.cur.Year, YearNames: []string{}, YearNamingRule: "default"}
	if m := c.firstStandard(); m > 0 {
		counted := c.standardDays(m, sc.years().leapDays(c.cur.Year))
		cal.Year.FirstWeekday = int(almanac.FloorMod(int64(c.weekday(c.cur.Year, m))-counted, int64(c.weekLength())))
	}
	c.aliasLoss(tool)
	c.simpleNames(&cal.Year)

	cal.Moons = []scMoon{}
	for _, m := range c.fits(tool) {
		cal.Moons = append(cal.Moons, c.simpleMoon(m, sc, from, to))
	}
	cal.Seasons = []scSeason{}
	for _, s := range c.in.Seasons {
		cal.Seasons = append(cal.Seasons, scSeason{Name: s.Name, StartingMonth: s.Month - 1, StartingDay: s.Day - 1,
			Color: "#ffffff", Icon: "none", SunriseTime: 6 * 3600, SunsetTime: 18 * 3600})
	}
	notes := map[string][]scNote{}
	notes[id], cal.NoteCategories = c.simpleNotes(id, c.plan(reminders), from, to)
	return scFile{ExportVersion: 2, Calendars: []scCalendar{cal}, Notes: notes}
}

// scYears are Simple Calendar's years of the calendar: every year, 0
// too (it has no setting to skip it), and leap days in every year that
// fits the custom rule, before its starting year too (2.1).
type scYears struct {
	c             *calendar
	amount, start int
}

// simpleStart is the starting year written: Simple Calendar has the leap
// years before it too, so any year of the rule will do, and it counts the
// days of the years around its starting year unevenly (howManyLeapYears
// leaves the starting year's leap day out, and counts a year at or before
// it as though its own leap day came before it): the year of the rule
// before the Years compared is taken, so that its count runs evenly over
// them and kanka's import reads the same rule.
func (c *calendar) simpleStart() int {
	l := c.leap
	below := c.cur.Year - Years - 1
	if l.start <= below {
		return l.start
	}
	return l.start - int(almanac.FloorDiv(int64(l.start-below)+int64(l.every)-1, int64(l.every)))*l.every
}

func (t scYears) years() toolYears {
	return toolYears{exists: func(int) bool { return true }, leapDays: func(y int) int {
		l := t.c.leap
		if l == nil || almanac.FloorMod(int64(y-t.start), int64(l.every)) != 0 {
			return 0
		}
		return t.amount
	}}
}

// simpleMoon is moon m in Simple Calendar: a cycle from a first new moon
// and a day adjust, its eight phases the default (a quarter a day each,
// the others sharing the rest). The full moon is the day whose count
// since the first new moon, modulo the cycle, plus the adjust, falls in
// [start, start+1) (getDateMoonPhase), start the phases before it: the
// first new moon and adjust are set so that it is Kanka's day, a little
// (eta) past the instant so that every cycle compared rounds the same way.
func (c *calendar) simpleMoon(m moonFit, sc scYears, from, to int64) scMoon {
	p := m.period()
	span := 0.0
	if p > 4 {
		span = toPrecision6((p - 4) / 4)
	}
	moon := scMoon{Name: m.Name, CycleLength: p, Color: hexColour(m.Colour)}
	start := 0.0 // where the full moon starts in the cycle
	for i, ph := range scPhases {
		length := span
		if ph.single {
			length = 1
		}
		moon.Phases = append(moon.Phases, scPhase{Name: ph.name, Length: length, Icon: ph.icon, SingleDay: ph.single})
		if i < 4 {
			start += length
		}
	}
	eta := (1 - m.maxFraction) / 2
	// Kanka's full moon k is day offset + floor(k*P); Simple Calendar's
	// the first day whose count from the first new moon F reaches
	// k*P + start - adjust: F's count, as a day number near the current
	// date, plus start - adjust must be offset - 1 + eta. F is the day
	// that makes it so for k = 0, found by Simple Calendar's own count
	// (its quirks between F and the current date included), so that kanka's
	// import, which reads the count the same way, finds the offset again.
	count := c.scCount(c.cur.Year, sc)
	shift := count.days(c.cur.Year, c.cur.Month-1, c.cur.Day-1, true) - c.ord
	target := float64(m.Offset) - 1 + eta - start
	want := int64(math.Ceil(target)) + shift
	first := int64(math.Ceil(target))
	var firstCount int64
	for range 4 {
		day, err := c.r.DateOf(first)
		if err != nil {
			break
		}
		firstCount = count.days(day.Year, day.Month-1, day.Day-1, true)
		if firstCount == want {
			break
		}
		first -= firstCount - want
	}
	day, _ := c.r.DateOf(first)
	firstCount = count.days(day.Year, day.Month-1, day.Day-1, true)
	moon.CycleDayAdjust = float64(firstCount-shift) - target
	moon.FirstNewMoon = scFirstNew{YearReset: "none", Year: day.Year, Month: day.Month - 1, Day: day.Day - 1}
	if eta < 1e-7 || p < 4 {
		d := c.firstFullDiffers(m, from, to, func(o int64) bool {
			date, err := c.r.DateOf(o)
			if err != nil {
				return true
			}
			x := float64(count.days(date.Year, date.Month-1, date.Day-1, true) - firstCount)
			into := (x/p-math.Floor(x/p))*p + moon.CycleDayAdjust
			return into >= start && into < start+1
		})
		if d != nil {
			c.lose(d, "moon %s: Simple Calendar shows its full moon on one day a cycle, which cannot be Kanka's day for every cycle of %s days; %s",
				m.Name, trimFloat(p), firstDiffers(d))
		}
	}
	return moon
}

// simpleNames writes the year names: Simple Calendar names consecutive
// years from yearNamesStart, one a year (an empty name shows the number),
// later years by the last name (an empty one here) and earlier years by
// the names counted back the other way (getYearName), which is said.
func (c *calendar) simpleNames(y *scYear) {
	years := c.yearNames()
	if len(years) == 0 {
		return
	}
	first, last := years[0], years[len(years)-1]
	if last-first >= maxYearNames {
		c.lose(nil, "year names: Simple Calendar names consecutive years; %s over more than %d years: they are not written",
			countNames(years), maxYearNames)
		return
	}
	y.YearNamesStart = first
	for n := first; n <= last; n++ {
		y.YearNames = append(y.YearNames, strings.TrimSpace(c.in.Years[n]))
	}
	y.YearNames = append(y.YearNames, "")
	// A year before the first shows the name as far after it.
	for n := first - 1; n >= c.cur.Year-Years && first-n < len(y.YearNames); n-- {
		if name := y.YearNames[first-n]; name != "" {
			c.lose(nil, "year names: Simple Calendar names the years before %d too, counting its names back: %d shows %q", first, n, name)
			return
		}
	}
}

// maxYearNames bounds the span of the years named, which Simple Calendar
// holds one name a year.
const maxYearNames = 100_000

// suffix is the year suffix, "" for none.
func (c *calendar) suffix() string {
	if c.in.Suffix == nil {
		return ""
	}
	return strings.TrimSpace(*c.in.Suffix)
}

// abbreviation is the first n characters of a name.
func abbreviation(name string, n int) string {
	r := []rune(strings.TrimSpace(name))
	return string(r[:min(n, len(r))])
}

// toPrecision6 is x to six significant digits, as Simple Calendar rounds
// a phase's length when it sets them (updatePhaseLength).
func toPrecision6(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 6, 64), 64)
	return v
}
