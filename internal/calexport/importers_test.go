package calexport_test

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/calexport"
)

// Each file is checked by its tool's importer's own rules, as
// docs/formats.md sets them out from the tool's source (1.7, 2.5, 4.4):
// the keys it reads without a check are there, the values it checks have
// the type and range it checks for, and the indexes count from where the
// tool counts (months from 0 everywhere; days from 1 but in Simple
// Calendar). Every sample calendar is checked.

// checker collects what a file breaks, by path.
type checker struct {
	t    *testing.T
	errs []string
}

func (c *checker) fail(path, format string, args ...any) {
	c.errs = append(c.errs, path+": "+fmt.Sprintf(format, args...))
}

func (c *checker) obj(v any, path string) map[string]any {
	o, ok := v.(map[string]any)
	if !ok {
		c.fail(path, "not an object (%T)", v)
		return map[string]any{}
	}
	return o
}

func (c *checker) list(v any, path string) []any {
	l, ok := v.([]any)
	if !ok {
		c.fail(path, "not a list (%T)", v)
	}
	return l
}

func (c *checker) num(v any, path string) float64 {
	n, ok := v.(float64)
	if !ok || math.IsNaN(n) {
		c.fail(path, "not a number (%v)", v)
	}
	return n
}

func (c *checker) str(v any, path string) string {
	s, ok := v.(string)
	if !ok {
		c.fail(path, "not a text (%v)", v)
	}
	return s
}

func (c *checker) boolean(v any, path string) {
	if _, ok := v.(bool); !ok {
		c.fail(path, "not true or false (%v)", v)
	}
}

// exported is sample s written in format f, decoded as JSON, with the
// calendar.
func exported(t *testing.T, in client.CalendarInput, f calexport.Format) map[string]any {
	t.Helper()
	res, err := calexport.Export(&client.Calendar{ID: 12, CalendarInput: in}, nil, f)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(res.Data, &v); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	return v
}

func (c *checker) done(name string) {
	if len(c.errs) > 0 {
		c.t.Errorf("%s: the tool's importer would refuse or misread:\n  %s", name, strings.Join(c.errs, "\n  "))
	}
}

// fcInterval is a leap day's interval as Fantasy-Calendar's importer
// takes it: no character of its global pattern, each comma entry
// ^\+*!*[1-9]\d*$ (process_fantasycalendar).
var (
	fcIntervalChars = regexp.MustCompile("[ `~@#$%^&*()_|\\-=?;:'\".<>{}\\[\\]\\\\/A-Za-z]")
	fcIntervalEntry = regexp.MustCompile(`^\+*!*[1-9]\d*$`)
	hexColour       = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
)

func TestFantasyCalendarImporterTakesTheExport(t *testing.T) {
	for _, s := range samples(t) {
		c := &checker{t: t}
		f := exported(t, s.cal, calexport.FantasyCalendar)
		c.str(f["name"], "name")
		dyn := c.obj(f["dynamic_data"], "dynamic_data") // how the file is recognised (1.7)
		st := c.obj(f["static_data"], "static_data")
		yd := c.obj(st["year_data"], "static_data.year_data")
		c.obj(st["settings"], "static_data.settings")
		c.list(f["events"], "events")
		c.list(f["categories"], "categories")
		for i, w := range c.list(yd["global_week"], "global_week") {
			c.str(w, fmt.Sprintf("global_week[%d]", i))
		}
		c.boolean(yd["overflow"], "year_data.overflow")
		spans := c.list(yd["timespans"], "year_data.timespans")
		for i, v := range spans {
			p := fmt.Sprintf("timespans[%d]", i)
			ts := c.obj(v, p)
			c.str(ts["name"], p+".name")
			if kind := c.str(ts["type"], p+".type"); kind != "month" && kind != "intercalary" {
				c.fail(p+".type", "%q", kind)
			}
			if c.num(ts["length"], p+".length") <= 0 {
				c.fail(p+".length", "not above 0")
			}
			if c.num(ts["interval"], p+".interval") != 1 {
				c.num(ts["offset"], p+".offset")
			}
			if want := s.cal.Months[i]; ts["name"] != want.Name {
				c.fail(p+".name", "%v, want month %d's %q", ts["name"], i+1, want.Name)
			}
		}
		for i, v := range c.list(yd["leap_days"], "year_data.leap_days") {
			p := fmt.Sprintf("leap_days[%d]", i)
			ld := c.obj(v, p)
			c.str(ld["name"], p+".name")
			c.boolean(ld["intercalary"], p+".intercalary")
			if n := c.num(ld["timespan"], p+".timespan"); n < 0 || int(n) >= len(spans) || int(n) != *s.cal.LeapYearMonth-1 {
				c.fail(p+".timespan", "%v: not the leap month %d counted from 0", n, *s.cal.LeapYearMonth)
			}
			if v, ok := ld["adds_week_day"]; ok {
				c.boolean(v, p+".adds_week_day")
			}
			iv := c.str(ld["interval"], p+".interval")
			if fcIntervalChars.MatchString(iv) {
				c.fail(p+".interval", "%q holds a character the importer refuses", iv)
			}
			for _, e := range strings.Split(iv, ",") {
				if !fcIntervalEntry.MatchString(e) {
					c.fail(p+".interval", "entry %q", e)
				}
			}
			c.num(ld["offset"], p+".offset")
		}
		for i, v := range c.list(st["moons"], "static_data.moons") {
			p := fmt.Sprintf("moons[%d]", i)
			m := c.obj(v, p)
			c.str(m["name"], p+".name")
			c.boolean(m["custom_phase"], p+".custom_phase")
			c.num(m["cycle"], p+".cycle")
			c.num(m["shift"], p+".shift")
			c.boolean(m["hidden"], p+".hidden")
			if !hexColour.MatchString(c.str(m["color"], p+".color")) {
				c.fail(p+".color", "no hex colour (the importer takes white instead)")
			}
		}
		seasons := c.obj(st["seasons"], "static_data.seasons")
		g := c.obj(seasons["global_settings"], "seasons.global_settings")
		for _, k := range []string{"season_offset", "weather_offset", "seed"} {
			c.num(g[k], "global_settings."+k)
		}
		if !slices.Contains([]any{"imperial", "metric", "both_i", "both_m"}, g["temp_sys"]) {
			c.fail("global_settings.temp_sys", "%v", g["temp_sys"])
		}
		if !slices.Contains([]any{"imperial", "metric", "both"}, g["wind_sys"]) {
			c.fail("global_settings.wind_sys", "%v", g["wind_sys"])
		}
		// Absent, it would be true: the seasons would be periodic.
		if g["periodic_seasons"] != false {
			c.fail("global_settings.periodic_seasons", "%v, want false for dated seasons", g["periodic_seasons"])
		}
		for i, v := range c.list(seasons["data"], "seasons.data") {
			p := fmt.Sprintf("seasons.data[%d]", i)
			se := c.obj(v, p)
			c.str(se["name"], p+".name")
			if int(c.num(se["timespan"], p+".timespan")) != s.cal.Seasons[i].Month-1 || int(c.num(se["day"], p+".day")) != s.cal.Seasons[i].Day {
				c.fail(p, "timespan %v day %v, want month %d day %d counted from 0 and 1", se["timespan"], se["day"], s.cal.Seasons[i].Month, s.cal.Seasons[i].Day)
			}
			tm := c.obj(se["time"], p+".time")
			for _, k := range []string{"sunrise", "sunset"} {
				o := c.obj(tm[k], p+".time."+k)
				c.num(o["hour"], p+".time."+k+".hour")
				c.num(o["minute"], p+".time."+k+".minute")
			}
		}
		c.list(st["eras"], "static_data.eras")
		cycles := c.obj(st["cycles"], "static_data.cycles")
		c.str(cycles["format"], "cycles.format")
		c.list(cycles["data"], "cycles.data")
		settings := c.obj(st["settings"], "static_data.settings")
		if settings["year_zero_exists"] != (s.cal.SkipYearZero == nil || !*s.cal.SkipYearZero) {
			c.fail("settings.year_zero_exists", "%v for skip_year_zero %v", settings["year_zero_exists"], s.cal.SkipYearZero)
		}
		cur := s.cal.Date
		if int(c.num(dyn["year"], "dynamic_data.year")) != cur.Year || int(c.num(dyn["timespan"], "dynamic_data.timespan")) != cur.Month-1 ||
			int(c.num(dyn["day"], "dynamic_data.day")) != cur.Day {
			c.fail("dynamic_data", "%v, want %s with the timespan from 0 and the day from 1", dyn, cur)
		}
		c.done(s.name)
	}
}

func TestSimpleCalendarImporterTakesTheExport(t *testing.T) {
	for _, s := range samples(t) {
		c := &checker{t: t}
		f := exported(t, s.cal, calexport.SimpleCalendar)
		// Without exportVersion the file is read as the first version's.
		if f["exportVersion"] != 2.0 {
			c.fail("exportVersion", "%v, want 2", f["exportVersion"])
		}
		c.obj(f["globalConfig"], "globalConfig")
		c.obj(f["permissions"], "permissions")
		cals := c.list(f["calendars"], "calendars")
		if len(cals) != 1 {
			c.fail("calendars", "%d calendars, want 1", len(cals))
			c.done(s.name)
			continue
		}
		cal := c.obj(cals[0], "calendars[0]")
		id := c.str(cal["id"], "id")
		// Notes are read only under the id of a calendar of the file.
		for key := range c.obj(f["notes"], "notes") {
			if key != id {
				c.fail("notes", "key %q is no calendar's id (%q)", key, id)
			}
		}
		c.str(cal["name"], "name")
		year := c.obj(cal["year"], "year")
		if len(year) == 0 {
			c.fail("year", "empty: the loader then takes a default year")
		}
		c.num(year["numericRepresentation"], "year.numericRepresentation")
		c.num(year["firstWeekday"], "year.firstWeekday")
		c.num(year["yearZero"], "year.yearZero")
		leap := c.obj(cal["leapYear"], "leapYear")
		switch rule := c.str(leap["rule"], "leapYear.rule"); rule {
		case "none", "gregorian":
		case "custom":
			if c.num(leap["customMod"], "leapYear.customMod") <= 0 {
				c.fail("leapYear.customMod", "not above 0: the rule becomes none")
			}
			c.num(leap["startingYear"], "leapYear.startingYear")
		default:
			c.fail("leapYear.rule", "%q", rule)
		}
		var lengths []int
		for i, v := range c.list(cal["months"], "months") {
			p := fmt.Sprintf("months[%d]", i)
			m := c.obj(v, p)
			c.str(m["name"], p+".name")
			days := c.num(m["numberOfDays"], p+".numberOfDays") // read with toString(): required
			leapDays := c.num(m["numberOfLeapYearDays"], p+".numberOfLeapYearDays")
			c.boolean(m["intercalary"], p+".intercalary")
			c.boolean(m["intercalaryInclude"], p+".intercalaryInclude")
			if m["intercalary"] != isIntercalary(s.cal.Months[i].Type) {
				c.fail(p+".intercalary", "%v for a month of type %q", m["intercalary"], s.cal.Months[i].Type)
			}
			lengths = append(lengths, int(max(days, leapDays)))
		}
		for i, v := range c.list(cal["weekdays"], "weekdays") {
			c.str(c.obj(v, "weekdays")["name"], fmt.Sprintf("weekdays[%d].name", i))
		}
		for i, v := range c.list(cal["moons"], "moons") {
			p := fmt.Sprintf("moons[%d]", i)
			m := c.obj(v, p)
			cycle := c.num(m["cycleLength"], p+".cycleLength")
			fn := c.obj(m["firstNewMoon"], p+".firstNewMoon") // read unchecked
			if r := c.str(fn["yearReset"], p+".firstNewMoon.yearReset"); !slices.Contains([]string{"none", "leap-year", "x-years"}, r) {
				c.fail(p+".firstNewMoon.yearReset", "%q", r)
			}
			month, day := int(c.num(fn["month"], p+".firstNewMoon.month")), int(c.num(fn["day"], p+".firstNewMoon.day"))
			if month < 0 || month >= len(lengths) || day < 0 || day >= lengths[month] {
				c.fail(p+".firstNewMoon", "month %d day %d: not a day counted from 0", month, day)
			}
			c.num(fn["year"], p+".firstNewMoon.year")
			c.num(m["cycleDayAdjust"], p+".cycleDayAdjust")
			total := 0.0
			for j, pv := range c.list(m["phases"], p+".phases") {
				ph := c.obj(pv, fmt.Sprintf("%s.phases[%d]", p, j))
				if n := c.num(ph["length"], "phase length"); n < 0 {
					c.fail(p+".phases", "a phase of %v days", n)
				} else {
					total += n
				}
				c.str(ph["icon"], "phase icon")
				c.boolean(ph["singleDay"], "phase singleDay")
			}
			if cycle >= 4 && math.Abs(total-cycle) > 1e-3 {
				c.fail(p+".phases", "last %v days of a cycle of %v", total, cycle)
			}
		}
		for i, v := range c.list(cal["seasons"], "seasons") {
			p := fmt.Sprintf("seasons[%d]", i)
			se := c.obj(v, p)
			if int(c.num(se["startingMonth"], p+".startingMonth")) != s.cal.Seasons[i].Month-1 || int(c.num(se["startingDay"], p+".startingDay")) != s.cal.Seasons[i].Day-1 {
				c.fail(p, "month %v day %v, want month %d day %d counted from 0", se["startingMonth"], se["startingDay"], s.cal.Seasons[i].Month, s.cal.Seasons[i].Day)
			}
		}
		cd := c.obj(cal["currentDate"], "currentDate")
		cur := s.cal.Date
		month, day := int(c.num(cd["month"], "currentDate.month")), int(c.num(cd["day"], "currentDate.day"))
		c.num(cd["seconds"], "currentDate.seconds")
		if int(c.num(cd["year"], "currentDate.year")) != cur.Year || month != cur.Month-1 || day != cur.Day-1 {
			c.fail("currentDate", "%v, want %s with the month and day from 0", cd, cur)
		}
		if month < 0 || month >= len(lengths) || day < 0 || day >= lengths[month] {
			c.fail("currentDate", "the loader cannot find month %d day %d", month, day)
		}
		c.done(s.name)
	}
}

func TestCalendariumImporterTakesTheExport(t *testing.T) {
	for _, s := range samples(t) {
		c := &checker{t: t}
		f := exported(t, s.cal, calexport.Calendarium)
		if name := c.str(f["name"], "name"); name == "" {
			c.fail("name", "empty")
		}
		st := c.obj(f["static"], "static")
		// updateCalendarsToNewSchema reads these unchecked.
		months := c.list(st["months"], "static.months")
		c.list(st["eras"], "static.eras")
		c.list(f["events"], "events")
		if len(months) == 0 {
			c.fail("static.months", "none")
		}
		var lengths []int
		for i, v := range months {
			p := fmt.Sprintf("months[%d]", i)
			m := c.obj(v, p)
			if c.str(m["name"], p+".name") == "" {
				c.fail(p+".name", "empty")
			}
			n := c.num(m["length"], p+".length")
			if n <= 0 {
				c.fail(p+".length", "not above 0")
			}
			lengths = append(lengths, int(n))
			kind := c.str(m["type"], p+".type")
			if want := map[bool]string{true: "intercalary", false: "month"}[isIntercalary(s.cal.Months[i].Type)]; kind != want {
				c.fail(p+".type", "%q, want %q", kind, want)
			}
			if c.num(m["interval"], p+".interval") != 1 {
				c.fail(p+".interval", "%v: the month would not come every year", m["interval"])
			}
			c.num(m["offset"], p+".offset")
			c.str(m["id"], p+".id")
		}
		weekdays := c.list(st["weekdays"], "static.weekdays")
		if len(weekdays) == 0 {
			c.fail("static.weekdays", "none")
		}
		for i, v := range weekdays {
			w := c.obj(v, "weekday")
			if c.str(w["name"], fmt.Sprintf("weekdays[%d].name", i)) == "" || w["type"] != "day" {
				c.fail(fmt.Sprintf("weekdays[%d]", i), "%v", w)
			}
		}
		if fw := c.num(st["firstWeekDay"], "static.firstWeekDay"); fw < 0 || int(fw) >= len(weekdays) {
			c.fail("static.firstWeekDay", "%v, not below the %d weekdays", fw, len(weekdays))
		}
		c.boolean(st["overflow"], "static.overflow")
		c.num(st["offset"], "static.offset")
		if st["useCustomYears"] == true {
			c.fail("static.useCustomYears", "custom years make every year after the list invalid")
		}
		for i, v := range c.list(st["leapDays"], "static.leapDays") {
			p := fmt.Sprintf("leapDays[%d]", i)
			ld := c.obj(v, p)
			if ld["type"] != "leapday" {
				c.fail(p+".type", "%v", ld["type"])
			}
			for j, cv := range c.list(ld["interval"], p+".interval") {
				if c.num(c.obj(cv, "condition")["interval"], fmt.Sprintf("%s.interval[%d].interval", p, j)) < 1 {
					c.fail(p+".interval", "an interval below 1")
				}
			}
			if n := c.num(ld["timespan"], p+".timespan"); int(n) != *s.cal.LeapYearMonth-1 || int(n) >= len(months) {
				c.fail(p+".timespan", "%v: not the leap month %d counted from 0", n, *s.cal.LeapYearMonth)
			}
			c.num(ld["offset"], p+".offset")
			c.boolean(ld["intercalary"], p+".intercalary")
		}
		for i, v := range c.list(st["moons"], "static.moons") {
			p := fmt.Sprintf("moons[%d]", i)
			m := c.obj(v, p)
			c.str(m["name"], p+".name")
			if c.num(m["cycle"], p+".cycle") <= 0 {
				c.fail(p+".cycle", "not above 0")
			}
			c.num(m["offset"], p+".offset")
			c.str(m["faceColor"], p+".faceColor")
			c.str(m["shadowColor"], p+".shadowColor")
			c.str(m["id"], p+".id")
		}
		seasonal := c.obj(f["seasonal"], "seasonal")
		c.obj(seasonal["weather"], "seasonal.weather")
		if seasonal["type"] != "Dated" {
			c.fail("seasonal.type", "%v", seasonal["type"])
		}
		for i, v := range c.list(seasonal["seasons"], "seasonal.seasons") {
			p := fmt.Sprintf("seasons[%d]", i)
			se := c.obj(v, p)
			if int(c.num(se["month"], p+".month")) != s.cal.Seasons[i].Month-1 || int(c.num(se["day"], p+".day")) != s.cal.Seasons[i].Day || se["type"] != "Dated" {
				c.fail(p, "%v, want a dated season on month %d day %d counted from 0 and 1", se, s.cal.Seasons[i].Month, s.cal.Seasons[i].Day)
			}
		}
		c.list(c.obj(f["locations"], "locations")["locations"], "locations.locations")
		cur := c.obj(f["current"], "current")
		month, day := int(c.num(cur["month"], "current.month")), int(c.num(cur["day"], "current.day"))
		c.num(cur["year"], "current.year")
		// The validator: a month that exists, a day within its base length.
		if month < 0 || month >= len(lengths) || day < 1 || day > lengths[month] {
			c.fail("current", "month %d day %d is not a day the validator takes", month, day)
		}
		if d := s.cal.Date; d.Year != 0 && d.Day <= lengths[d.Month-1] && (int(cur["year"].(float64)) != d.Year || month != d.Month-1 || day != d.Day) {
			c.fail("current", "%v, want %s with the month from 0", cur, d)
		}
		c.done(s.name)
	}
}

func isIntercalary(kind string) bool {
	return strings.EqualFold(strings.TrimSpace(kind), "intercalary")
}
