package sandbox

import (
	"encoding/json"
	"math"
)

// The parallel arrays of a calendar write, read into months, weekdays,
// years, seasons and moons.

// readMonths reads month_name, month_length, month_type and month_alias:
// on create, or when any of them is sent, names and lengths are required,
// at least 2 each (the document's rule; live, at least 1, the service's),
// and every array matches month_name item for item.
func (s *Server) readMonths(in *input, creating bool) *[]month {
	if !creating && !in.sentAny("month_name", "month_length", "month_type", "month_alias") {
		return nil
	}
	least := 2
	if s.live {
		least = 1
	}
	names, okNames := in.requiredArray("month_name", least)
	lengths, okLengths := in.requiredArray("month_length", least)
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
// starts on a day of the calendar's months, monthLengths[i] being the most
// days month i+1 has in any year (see longestMonths).
func readSeasons(in *input, monthLengths []int) *[]season {
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
		if m < 1 || m > len(monthLengths) {
			in.p.add(mk, msgBetween(mk, 1, len(monthLengths)))
			continue
		}
		if d := dayList[i]; d < 1 || d > monthLengths[m-1] {
			in.p.add(dk, msgBetween(dk, 1, monthLengths[m-1]))
		}
	}
	return &seasons
}

// readWeeks reads the parallel week_number (whole numbers, at least 1) and
// week_name of a live write: the named weeks, which every live write
// rebuilds, so a write without them clears them (an empty list, never nil).
func readWeeks(in *input) *[]namedWeek {
	weeks := []namedWeek{}
	if !in.sentAny("week_number", "week_name") {
		return &weeks
	}
	numbers, numbersOK := in.requiredWithArray("week_number", "week_name")
	names, namesOK := in.requiredWithArray("week_name", "week_number")
	numberList := in.ints("week_number", numbers, 1)
	nameList := in.strings("week_name", names, 0)
	if numbersOK && namesOK && len(names) != len(numbers) {
		in.p.add("week_name", msgSameCount("week_name", "week_number"))
	}
	for i := range min(len(numberList), len(nameList)) {
		weeks = append(weeks, namedWeek{Number: numberList[i], Name: nameList[i]})
	}
	return &weeks
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
