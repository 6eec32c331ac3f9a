package sandbox

import (
	"encoding/json"
	"math"
	"strings"
	"time"
)

// calendarWrite is a validated calendar write. A nil field was not sent.
type calendarWrite struct {
	name, entry, typ, suffix, format, image            *string
	currentYear, currentMonth, currentDay, startOffset *int
	leapAmount, leapOffset, leapStart, leapMonth       *int
	hasLeap, isPrivate, skipYearZero                   *bool
	tags                                               *[]int
	months                                             *[]month
	weekdays                                           *[]string
	years                                              *[]year
	seasons                                            *[]season
	moons                                              *[]moon // a moon's ID is 0 when it is new
}

func ptr[T any](v T, ok bool) *T {
	if !ok {
		return nil
	}
	return &v
}

// readCalendarWrite reads and checks a calendar write against existing (nil
// on create), adding every problem to in.p.
func (s *Server) readCalendarWrite(in *input, existing *calendar) *calendarWrite {
	creating := existing == nil
	w := &calendarWrite{}
	if creating && !in.has("name") {
		in.p.add("name", msgRequired("name"))
	}
	if name, ok := in.str("name", 191); ok {
		if strings.TrimSpace(name) == "" {
			in.p.add("name", msgRequired("name"))
		}
		w.name = &name
	}
	w.entry = ptr(in.str("entry", 0))
	w.typ = ptr(in.str("type", 191))
	w.suffix = ptr(in.str("suffix", 191))
	w.image = ptr(in.str("image_url", 0))
	if f, ok := in.str("format", 20); ok {
		if strings.Trim(f, "ymMds ,-") != "" {
			in.p.add("format", "The format format is invalid: only y, m, M, d, s, spaces, commas and dashes are allowed.")
		}
		w.format = &f
	}
	w.currentYear = ptr(in.integer("current_year"))
	w.currentMonth = ptr(in.integer("current_month"))
	w.currentDay = ptr(in.integer("current_day"))
	w.startOffset = ptr(in.between("start_offset", 0, 99))
	w.isPrivate = ptr(in.boolean("is_private"))
	w.skipYearZero = ptr(in.boolean("skip_year_zero"))
	w.hasLeap = ptr(in.boolean("has_leap_year"))
	w.leapAmount = ptr(in.between("leap_year_amount", -128, 128))
	// The offset and start only mean something, and are only checked, when
	// the calendar has leap years.
	hasLeap := existing != nil && existing.HasLeapYear
	if w.hasLeap != nil {
		hasLeap = *w.hasLeap
	}
	if hasLeap {
		w.leapOffset = ptr(in.between("leap_year_offset", 1, 255))
		w.leapStart = ptr(in.between("leap_year_start", 1, 255))
	} else {
		w.leapOffset = ptr(in.integer("leap_year_offset"))
		w.leapStart = ptr(in.integer("leap_year_start"))
	}
	if items, ok := in.array("tags"); ok {
		tags := in.ints("tags", items, 1)
		w.tags = &tags
	}

	w.months = s.readMonths(in, creating)
	if creating || in.sentAny("weekday") {
		w.weekdays = readWeekdays(in)
	}
	w.years = readYears(in)
	w.moons = s.readMoons(in)

	// Seasons and the leap month are checked against the months the
	// calendar will have after this write.
	var months []month
	switch {
	case w.months != nil:
		months = *w.months
	case !creating && !s.live: // document mode keeps the months
		months = existing.Months
	}
	w.seasons = readSeasons(in, months)
	if m, ok := in.integer("leap_year_month"); ok {
		if m < 1 || m > len(months) {
			in.p.add("leap_year_month", msgBetween("leap_year_month", 1, len(months)))
		}
		w.leapMonth = &m
	}
	return w
}

// readMonths reads month_name, month_length, month_type and month_alias:
// on create, or when any of them is sent, names and lengths are required,
// at least 2 each, and every array matches month_name item for item.
func (s *Server) readMonths(in *input, creating bool) *[]month {
	if !creating && !in.sentAny("month_name", "month_length", "month_type", "month_alias") {
		return nil
	}
	names, okNames := in.requiredArray("month_name", 2)
	lengths, okLengths := in.requiredArray("month_length", 2)
	nameList := in.strings("month_name", names, 0)
	lengthList := in.ints("month_length", lengths, 1)
	if okNames && okLengths && len(lengths) != len(names) {
		in.p.add("month_length", msgSameCount("month_length", "month_name"))
	}
	types := make([]string, len(names))
	if items, ok := in.alignedArray("month_type", "month_name", len(names)); ok {
		for i, raw := range items {
			t, isString := decodeString(raw)
			switch {
			case isNull(raw) || (isString && t == ""):
				t = "standard"
			case !isString || (t != "standard" && t != "intercalary"):
				in.p.add(itemKey("month_type", i), msgInvalid(itemKey("month_type", i)))
			}
			if i < len(types) {
				types[i] = t
			}
		}
	}
	aliases := make([]string, len(names))
	if items, ok := in.alignedArray("month_alias", "month_name", len(names)); ok {
		for i, raw := range items {
			a, isString := decodeString(raw)
			if !isString && !isNull(raw) {
				in.p.add(itemKey("month_alias", i), msgString(itemKey("month_alias", i)))
			}
			if i < len(aliases) {
				aliases[i] = a
			}
		}
	}
	months := make([]month, len(names))
	for i := range months {
		months[i] = month{Name: nameList[i], Type: types[i], Alias: aliases[i]}
		if types[i] == "" {
			months[i].Type = "standard"
		}
		if i < len(lengthList) {
			months[i].Length = lengthList[i]
		}
	}
	return &months
}

// readWeekdays reads weekday: required (when sent at all, on update), at
// least 2 names.
func readWeekdays(in *input) *[]string {
	items, _ := in.requiredArray("weekday", 2)
	days := in.strings("weekday", items, 0)
	return &days
}

// readYears reads the parallel year_name and year_number.
func readYears(in *input) *[]year {
	if !in.sentAny("year_name", "year_number") {
		return nil
	}
	names, namesOK := in.requiredWithArray("year_name", "year_number")
	numbers, numbersOK := in.requiredWithArray("year_number", "year_name")
	nameList := in.strings("year_name", names, 0)
	numberList := in.ints("year_number", numbers, math.MinInt)
	if namesOK && numbersOK && len(numbers) != len(names) {
		in.p.add("year_number", msgSameCount("year_number", "year_name"))
	}
	years := make([]year, min(len(names), len(numbers)))
	for i := range years {
		years[i] = year{Number: numberList[i], Name: nameList[i]}
	}
	return &years
}

// readSeasons reads season_name, season_month and season_day; each season
// starts on a day of the calendar's months.
func readSeasons(in *input, months []month) *[]season {
	if !in.sentAny("season_name", "season_month", "season_day") {
		return nil
	}
	names, namesOK := in.requiredWithArray("season_name", "season_month")
	monthItems, monthsOK := in.requiredWithArray("season_month", "season_name")
	dayItems, daysOK := in.requiredWithArray("season_day", "season_name")
	nameList := in.strings("season_name", names, 0)
	monthList := in.ints("season_month", monthItems, math.MinInt)
	dayList := in.ints("season_day", dayItems, math.MinInt)
	for _, k := range []struct {
		key  string
		sent bool
		n    int
	}{{"season_month", monthsOK, len(monthItems)}, {"season_day", daysOK, len(dayItems)}} {
		if namesOK && k.sent && k.n != len(names) {
			in.p.add(k.key, msgSameCount(k.key, "season_name"))
		}
	}
	seasons := make([]season, min(len(names), len(monthList), len(dayList)))
	for i := range seasons {
		seasons[i] = season{Name: nameList[i], Month: monthList[i], Day: dayList[i]}
		mk, dk := itemKey("season_month", i), itemKey("season_day", i)
		if in.p.has(mk) || in.p.has(dk) {
			continue
		}
		m := monthList[i]
		if m < 1 || m > len(months) {
			in.p.add(mk, msgBetween(mk, 1, len(months)))
			continue
		}
		if d := dayList[i]; d < 1 || d > months[m-1].Length {
			in.p.add(dk, msgBetween(dk, 1, months[m-1].Length))
		}
	}
	return &seasons
}

// readMoons reads moon_name, moon_fullmoon, moon_offset, moon_colour and
// moon_id. Every moon needs a full moon period; live, offset, colour and id
// are required too whenever names are sent (an id may be null: a new moon).
func (s *Server) readMoons(in *input) *[]moon {
	keys := []string{"moon_name", "moon_fullmoon", "moon_offset", "moon_colour", "moon_id"}
	if !in.sentAny(keys...) {
		return nil
	}
	names, namesOK := in.requiredWithArray("moon_name", "moon_fullmoon")
	nameList := in.strings("moon_name", names, 0)
	moons := make([]moon, len(names))
	for i := range moons {
		moons[i] = moon{Name: nameList[i], Fullmoon: "1", Colour: "grey"}
	}
	for _, key := range keys[1:] {
		required := key == "moon_fullmoon" || s.live
		var items []json.RawMessage
		var ok bool
		if required && len(names) > 0 {
			items, ok = in.requiredWithArray(key, "moon_name")
		} else {
			items, ok = in.array(key)
		}
		if !ok {
			continue
		}
		if namesOK && len(items) != len(names) {
			in.p.add(key, msgSameCount(key, "moon_name"))
		}
		for i, raw := range items[:min(len(items), len(moons))] {
			k := itemKey(key, i)
			switch key {
			case "moon_fullmoon":
				f, ok := decodeNumber(raw)
				if !ok {
					in.p.add(k, msgNumeric(k))
				}
				moons[i].Fullmoon = f
			case "moon_offset":
				n, ok := decodeInt(raw)
				if !ok && !isNull(raw) {
					in.p.add(k, msgInteger(k))
				}
				moons[i].Offset = n
			case "moon_colour":
				if c, ok := decodeString(raw); ok && c != "" {
					moons[i].Colour = c
				} else if !ok && !isNull(raw) {
					in.p.add(k, msgString(k))
				}
			case "moon_id":
				n, ok := decodeInt(raw)
				if !ok && !isNull(raw) {
					in.p.add(k, msgInteger(k))
				}
				moons[i].ID = n
			}
		}
	}
	return &moons
}

// sentAny reports whether any of keys is in the body (null counts: it
// is a deliberate value).
func (in *input) sentAny(keys ...string) bool {
	for _, k := range keys {
		if _, ok := in.raw[k]; ok {
			return true
		}
	}
	return false
}

// requiredArray reads an array that must be sent with at least min items.
func (in *input) requiredArray(key string, min int) ([]json.RawMessage, bool) {
	if !in.has(key) {
		in.p.add(key, msgRequired(key))
		return nil, false
	}
	items, ok := in.array(key)
	if ok && len(items) < min {
		in.p.add(key, msgMinItems(key, min))
	}
	return items, ok
}

// requiredWithArray reads an array that must be sent when `with` is.
func (in *input) requiredWithArray(key, with string) ([]json.RawMessage, bool) {
	if !in.has(key) {
		if in.has(with) {
			in.p.add(key, msgRequiredWith(key, with))
		}
		return nil, false
	}
	return in.array(key)
}

// alignedArray reads an optional array that must match `with` item for
// item.
func (in *input) alignedArray(key, with string, n int) ([]json.RawMessage, bool) {
	items, ok := in.array(key)
	if ok && len(items) != n {
		in.p.add(key, msgSameCount(key, with))
	}
	return items, ok
}

// applyCalendarWrite puts a validated write into c. Document mode keeps
// what the write leaves out; live mode, like the service, rebuilds months,
// weekdays, years, seasons, moons and the date from the write, so an update
// that leaves them out wipes them.
func (s *Server) applyCalendarWrite(st *state, c *calendar, w *calendarWrite, creating bool, now time.Time) {
	set(&c.Name, w.name)
	set(&c.Entry, w.entry)
	set(&c.Type, w.typ)
	set(&c.Suffix, w.suffix)
	set(&c.Format, w.format)
	set(&c.Image, w.image)
	set(&c.StartOffset, w.startOffset)
	set(&c.IsPrivate, w.isPrivate)
	set(&c.SkipYearZero, w.skipYearZero)
	set(&c.HasLeapYear, w.hasLeap)
	set(&c.LeapYearAmount, w.leapAmount)
	set(&c.LeapYearOffset, w.leapOffset)
	set(&c.LeapYearStart, w.leapStart)
	set(&c.LeapYearMonth, w.leapMonth)
	set(&c.Tags, w.tags)

	rebuild := creating || s.live
	if w.months != nil || rebuild {
		c.Months = orEmpty(w.months)
	}
	if w.weekdays != nil || rebuild {
		c.Weekdays = orEmpty(w.weekdays)
	}
	if w.years != nil || rebuild {
		c.Years = orEmpty(w.years)
	}
	if w.seasons != nil || rebuild {
		c.Seasons = orEmpty(w.seasons)
	}
	if w.moons != nil || rebuild {
		c.Moons = assignMoonIDs(st, c.Moons, orEmpty(w.moons))
	}
	for _, d := range []struct {
		field *int
		sent  *int
	}{{&c.CurrentYear, w.currentYear}, {&c.CurrentMonth, w.currentMonth}, {&c.CurrentDay, w.currentDay}} {
		switch {
		case d.sent != nil:
			*d.field = *d.sent
		case rebuild:
			*d.field = 1
		}
	}
	clampDate(c)
	c.UpdatedAt = now
}

func set[T any](field *T, v *T) {
	if v != nil {
		*field = *v
	}
}

func orEmpty[T any](v *[]T) []T {
	if v == nil {
		return []T{}
	}
	return *v
}

// assignMoonIDs keeps the id of a moon sent with the id of one of the
// calendar's moons, and gives every other moon a new id.
func assignMoonIDs(st *state, old, moons []moon) []moon {
	known := map[int]bool{}
	for _, m := range old {
		known[m.ID] = true
	}
	for i := range moons {
		if !known[moons[i].ID] {
			st.LastIDs.Moon++
			moons[i].ID = st.LastIDs.Moon
		}
		delete(known, moons[i].ID) // an id sent twice names one moon only
	}
	return moons
}

// clampDate keeps the current date inside the calendar, as the service
// does: the month within the months (0 when there are none), the day within
// that month.
func clampDate(c *calendar) {
	if len(c.Months) == 0 {
		c.CurrentMonth, c.CurrentDay = 0, max(c.CurrentDay, 1)
		return
	}
	c.CurrentMonth = min(max(c.CurrentMonth, 1), len(c.Months))
	c.CurrentDay = min(max(c.CurrentDay, 1), c.Months[c.CurrentMonth-1].Length)
}
