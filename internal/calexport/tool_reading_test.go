package calexport_test

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// Each tool's reading of the events and notes kanka writes, ported from
// the tools' source as docs/formats.md sets it out (1.3 and 1.4, 2.3,
// 4.2 and 4.3), apart from the export's own code: which days the tool
// shows each event on. The tool's days are Kanka's day numbers: the
// calendars these run on are held the same in the tool (their years,
// months and leap days), so a date names the same day in both.

// day is a day of the window walked: its number and its date.
type day struct {
	ord  int64
	date almanac.Date
}

// walkDays are the days lo..hi of r, in order.
func walkDays(t *testing.T, r *almanac.Reckoning, lo, hi int64) []day {
	t.Helper()
	var out []day
	d, err := r.DateOf(lo)
	if err != nil {
		t.Fatal(err)
	}
	for o := lo; o <= hi; o++ {
		out = append(out, day{o, d})
		n, _ := r.MonthLength(d.Year, d.Month)
		if d.Day < n {
			d.Day++
			continue
		}
		if d, err = r.DateOf(o + 1); err != nil && o < hi {
			t.Fatal(err)
		}
	}
	return out
}

// shown is the days a tool shows each reminder's event on, by reminder id.
type shown map[int]map[int64]bool

func (s shown) add(id int, ord int64) {
	if s[id] == nil {
		s[id] = map[int64]bool{}
	}
	s[id][ord] = true
}

// reminderID reads the id kanka gives an event ("R12", "Owner: R12",
// "kanka-12-2", "kanka00000000012", "R12 (12).md").
var reminderID = regexp.MustCompile(`(?:R|kanka-|kanka0*)(\d+)`)

func idOf(t *testing.T, s string) int {
	t.Helper()
	m := reminderID.FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("no reminder id in %q", s)
	}
	id, _ := strconv.Atoi(m[1])
	return id
}

func num(v any) int {
	switch x := v.(type) {
	case float64:
		return int(x)
	case string:
		n, _ := strconv.ParseFloat(x, 64)
		return int(n)
	}
	return 0
}

// --- Fantasy-Calendar (docs/formats.md 1.3, 1.4, 1.7; calendar_workers.js)

// fcShown is what Fantasy-Calendar shows: a one-off on data.date, a
// repeat on every day whose conditions (joined by && only, as kanka
// writes them) hold, each such day starting `duration` days. Its epoch
// counts every day as Kanka's day number does, from dynamic_data's epoch
// on the current date; a moon's phase index is
// round(frac((epoch - shift)/cycle) * G) mod G, G from the cycle (its
// importer computes it).
func fcShown(t *testing.T, r *almanac.Reckoning, file map[string]any, cur int64, days []day) shown {
	t.Helper()
	out := shown{}
	epoch0 := int64(num(file["dynamic_data"].(map[string]any)["epoch"])) - cur
	moons, _ := file["static_data"].(map[string]any)["moons"].([]any)
	ordOf := func(y, t0, d int) (int64, bool) {
		o, err := r.Ordinal(almanac.Date{Year: y, Month: t0 + 1, Day: d})
		return o, err == nil
	}
	phase := func(m int, e int64) int {
		moon := moons[m].(map[string]any)
		cycle, shift := moon["cycle"].(float64), moon["shift"].(float64)
		g := 4
		for _, n := range []int{40, 24, 16, 8} {
			if cycle >= float64(n) {
				g = n
				break
			}
		}
		x := (float64(e) - shift) / cycle
		return int(math.Floor((x-math.Floor(x))*float64(g)+0.5)) % g
	}
	for _, raw := range file["events"].([]any) {
		ev := raw.(map[string]any)
		id := idOf(t, ev["name"].(string))
		data := ev["data"].(map[string]any)
		length := int64(1)
		if data["has_duration"] == true {
			length = int64(num(data["duration"]))
		}
		mark := func(start int64) {
			for o := start; o < start+length; o++ {
				out.add(id, o)
			}
		}
		if date := data["date"].([]any); len(date) == 3 {
			if o, ok := ordOf(num(date[0]), num(date[1]), num(date[2])); ok {
				mark(o)
			}
			continue
		}
		conds := data["conditions"].([]any)
		holds := func(d day) bool {
			for i, c := range conds {
				item := c.([]any)
				if i%2 == 1 {
					if len(item) != 1 || item[0] != "&&" {
						t.Fatalf("event %d: operator %v: kanka joins conditions by && only", id, item)
					}
					continue
				}
				values := item[2].([]any)
				var ok bool
				switch group, sub := item[0].(string), item[1].(string); group + "#" + sub {
				case "Date#0", "Date#2":
					o, exists := ordOf(num(values[0]), num(values[1]), num(values[2]))
					ok = exists && (sub == "0" && d.ord == o || sub == "2" && d.ord >= o)
				case "Year#0":
					ok = d.date.Year == num(values[0])
				case "Year#2":
					ok = d.date.Year >= num(values[0])
				case "Year#3":
					ok = d.date.Year <= num(values[0])
				case "Month#0":
					ok = d.date.Month-1 == num(values[0])
				case "Day#0":
					ok = d.date.Day == num(values[0])
				case "Moons#0":
					ok = phase(num(values[0]), d.ord+epoch0) == num(values[1])
				default:
					t.Fatalf("event %d: condition %v is none kanka writes", id, item)
				}
				if !ok {
					return false
				}
			}
			return len(conds) > 0
		}
		for _, d := range days {
			if holds(d) {
				mark(d.ord)
			}
		}
	}
	return out
}

// --- Simple Calendar (docs/formats.md 2.3; NoteStub.isVisible,
// IsDayBetweenDates, ToSeconds)

// scShown is what Simple Calendar shows: for each day, isVisible of each
// note of the calendar's key. Dates are compared by the day count of
// dateToDays, in which a day beyond its month's days runs on into the
// next month.
func scShown(t *testing.T, r *almanac.Reckoning, file map[string]any, days []day) shown {
	t.Helper()
	out := shown{}
	months := r.MonthCount()
	cal := file["calendars"].([]any)[0].(map[string]any)
	count := func(y, mi, di int) (int64, bool) {
		o, err := r.Ordinal(almanac.Date{Year: y, Month: mi + 1, Day: 1})
		return o + int64(di), err == nil
	}
	between := func(check int64, sy, sm, sd, ey, em, ed int) bool {
		s, okS := count(sy, sm, sd)
		e, okE := count(ey, em, ed)
		return okS && okE && (check == s || check == e || check > s && check < e)
	}
	for key, list := range file["notes"].(map[string]any) {
		if key != cal["id"] {
			t.Fatalf("notes under %q: Simple Calendar reads only those of a calendar of the file (%v)", key, cal["id"])
		}
		for _, raw := range list.([]any) {
			note := raw.(map[string]any)
			id := idOf(t, note["_id"].(string))
			nd := note["flags"].(map[string]any)["foundryvtt-simple-calendar"].(map[string]any)["noteData"].(map[string]any)
			if nd["calendarId"] != key {
				t.Errorf("note %d: calendarId %v under %q", id, nd["calendarId"], key)
			}
			sd, ed := nd["startDate"].(map[string]any), nd["endDate"].(map[string]any)
			sY, sM, sD := num(sd["year"]), num(sd["month"]), num(sd["day"])
			eY, eM, eD := num(ed["year"]), num(ed["month"]), num(ed["day"])
			for _, d := range days {
				y, mi, di := d.date.Year, d.date.Month-1, d.date.Day-1
				check, _ := count(y, mi, di)
				var visible bool
				switch num(nd["repeats"]) {
				case 2:
					if sM != eM {
						am, sy := mi-1, y
						if am < 0 {
							am, sy = months-1, sy-1
						}
						bm, ey := mi+1, y
						if bm >= months {
							bm, ey = 0, ey+1
						}
						visible = between(check, sy, am, sD, y, mi, eD) || between(check, y, mi, sD, ey, bm, eD)
					} else {
						visible = between(check, y, mi, sD, y, mi, eD)
					}
				case 3:
					if sY != eY {
						diff := eY - sY
						visible = between(check, y, sM, sD, y+diff, eM, eD) || between(check, y-diff, sM, sD, y, eM, eD)
					} else {
						visible = between(check, y, sM, sD, y, eM, eD)
					}
				case 0:
					visible = between(check, sY, sM, sD, eY, eM, eD)
				default:
					t.Fatalf("note %d repeats %v", id, nd["repeats"])
				}
				if visible {
					out.add(id, d.ord)
				}
			}
		}
	}
	return out
}

// --- Calendarium (docs/formats.md 4.2, 4.3; event-cache.ts,
// event.helper.ts)

// cmEvent is an event as Calendarium keeps it: each part of its date a
// number, nil, or a pair whose ends may be nil.
type cmEvent struct {
	id        int
	kind      string
	date, end [3]any
	hasEnd    bool
}

// cmEventsOf are the calendar object's events.
func cmEventsOf(t *testing.T, file map[string]any) []cmEvent {
	t.Helper()
	var out []cmEvent
	for _, raw := range file["events"].([]any) {
		ev := raw.(map[string]any)
		e := cmEvent{id: idOf(t, ev["id"].(string)), kind: ev["type"].(string)}
		date := ev["date"].(map[string]any)
		e.date = [3]any{date["year"], date["month"], date["day"]}
		if end, ok := ev["end"].(map[string]any); ok {
			e.end, e.hasEnd = [3]any{end["year"], end["month"], end["day"]}, true
		}
		out = append(out, e)
	}
	return out
}

// part reads a date part: a number (ok), nil, or a pair [a, b] of numbers
// or nils.
func part(v any) (n int, isNum bool, pair [2]*int, isPair bool) {
	switch x := v.(type) {
	case float64:
		return int(x), true, pair, false
	case int:
		return x, true, pair, false
	case []any:
		for i := range 2 {
			if f, ok := x[i].(float64); ok {
				n := int(f)
				pair[i] = &n
			}
		}
		return 0, false, pair, true
	case [2]*int:
		return 0, false, x, true
	}
	return 0, false, pair, false
}

// inPart is the Recurring test of one part, nil ends open; a nil end of a
// day's range is the month (event-cache.ts's bug), given as fallback.
func inPart(v any, value, fallback int) bool {
	n, isNum, pair, isPair := part(v)
	switch {
	case isNum:
		return n == value
	case isPair:
		lo, hi := fallback, fallback
		if pair[0] != nil {
			lo = *pair[0]
		}
		if pair[1] != nil {
			hi = *pair[1]
		}
		return lo <= value && value <= hi
	}
	return true // null: any
}

// cmShows reports whether Calendarium shows event e on year y, month mi
// (from 0), day d: the year's, the month's and the day's caches each keep
// it.
func cmShows(e cmEvent, y, mi, d int) bool {
	num := func(v any) (int, bool) { n, ok, _, _ := part(v); return n, ok }
	switch e.kind {
	case "Recurring":
		return inPart(e.date[0], y, y) && inPart(e.date[1], mi, mi) && inPart(e.date[2], d, mi)
	case "Range":
		sy, _ := num(e.date[0])
		sm, _ := num(e.date[1])
		sd, _ := num(e.date[2])
		ey, _ := num(e.end[0])
		em, _ := num(e.end[1])
		ed, _ := num(e.end[2])
		yearOK := sy == y || sy <= y && ey >= y
		monthOK := sy == y && sm == mi || !(sy > y || sy == y && sm > mi) &&
			(sy < y && ey > y || sy == y && sm <= mi && ey > y || sy == y && sm <= mi && em >= mi || sy < y && ey == y && em >= mi)
		equal := sy == y && sm == mi && sd == d
		before := sy < y || sm < mi && sy == y || sd <= d && sm == mi && sy == y
		after := ey > y || em > mi && ey == y || ed >= d && em == mi && ey == y
		return yearOK && monthOK && (equal || e.hasEnd && before && after)
	case "Date":
		sy, _ := num(e.date[0])
		sm, _ := num(e.date[1])
		sd, _ := num(e.date[2])
		return sy == y && sm == mi && sd == d
	}
	return false
}

// cmShown is what Calendarium shows of events; it has no year 0.
func cmShown(events []cmEvent, days []day) shown {
	out := shown{}
	for _, e := range events {
		for _, d := range days {
			if d.date.Year != 0 && cmShows(e, d.date.Year, d.date.Month-1, d.date.Day) {
				out.add(e.id, d.ord)
			}
		}
	}
	return out
}

// cmNoteEvent is the event Calendarium reads from a note's front matter
// (parseFrontmatterEvent): fc-date parsed as parseCalDateString does,
// fc-end for a span; ok is false when Calendarium drops the note (a day a
// month lacks in a year of the date, a year it cannot read).
func cmNoteEvent(t *testing.T, r *almanac.Reckoning, id int, text string) (cmEvent, bool) {
	t.Helper()
	fields := map[string]string{}
	body, found := strings.CutPrefix(text, "---\n")
	head, _, closed := strings.Cut(body, "\n---\n")
	if !found || !closed {
		t.Fatalf("note %d: no front matter:\n%s", id, text)
	}
	for _, line := range strings.Split(head, "\n") {
		key, value, _ := strings.Cut(line, ": ")
		var s string
		if err := json.Unmarshal([]byte(value), &s); err != nil {
			t.Fatalf("note %d: %s is no quoted text: %v", id, line, err)
		}
		fields[key] = s
	}
	if fields["fc-calendar"] == "" || fields["fc-display-name"] == "" {
		t.Errorf("note %d: %v", id, fields)
	}
	date, ok := cmParseDate(r, fields["fc-date"])
	if !ok {
		return cmEvent{}, false
	}
	e := cmEvent{id: id, date: date, kind: "Date"}
	recurring := false
	for _, v := range date {
		_, isNum, _, isPair := part(v)
		recurring = recurring || isPair || !isNum
	}
	switch {
	case recurring:
		e.kind = "Recurring"
	case fields["fc-end"] != "":
		end, ok := cmParseDate(r, fields["fc-end"])
		if !ok {
			return cmEvent{}, false
		}
		e.kind, e.end, e.hasEnd = "Range", end, true
	}
	return e, true
}

// cmParseDate is parseCalDateString: split on a dash but a leading one
// and those inside [...], each part "*" (any), a number or [a-b] (a and b
// numbers or *), the month from 1 (made from 0), each day checked against
// the month's days in each year given.
func cmParseDate(r *almanac.Reckoning, s string) ([3]any, bool) {
	var bits []string
	startBit := 0
	for i := 0; i < len(s); i++ {
		if i == 0 || s[i] != '-' {
			continue
		}
		rest := s[i+1:]
		if close := strings.IndexByte(rest, ']'); close >= 0 && !strings.Contains(rest[:close], "[") {
			continue // inside a range
		}
		bits = append(bits, s[startBit:i])
		startBit = i + 1
	}
	bits = append(bits, s[startBit:])
	if len(bits) < 3 {
		return [3]any{}, false
	}
	read := func(bit string) any {
		if bit == "*" {
			return [2]*int{} // [null, null]
		}
		if inner, ok := strings.CutPrefix(bit, "["); ok {
			ends := strings.Split(strings.TrimSuffix(inner, "]"), "-")
			if len(ends) != 2 {
				return "broken"
			}
			var pair [2]*int
			for i, e := range ends {
				if e != "*" {
					n, err := strconv.Atoi(e)
					if err != nil {
						return "broken"
					}
					pair[i] = &n
				}
			}
			return pair
		}
		n, err := strconv.Atoi(bit)
		if err != nil {
			return "broken"
		}
		return n
	}
	year, month, dayPart := read(bits[0]), read(bits[1]), read(bits[2])
	for _, p := range []any{year, month, dayPart} {
		if p == "broken" {
			return [3]any{}, false
		}
	}
	if n, ok := month.(int); ok {
		month = int(almanac.FloorMod(int64(n-1), int64(r.MonthCount())))
	} else if pair, ok := month.([2]*int); ok {
		for i := range pair {
			if pair[i] != nil {
				v := *pair[i] - 1
				pair[i] = &v
			}
		}
		month = pair
	}
	// resolveDay: each day given checked in each year given, for a month
	// given but the first (its index 0 is skipped).
	var checkDays []int
	if n, ok := dayPart.(int); ok {
		checkDays = []int{n}
	} else if pair, ok := dayPart.([2]*int); ok {
		for _, p := range pair {
			if p != nil {
				checkDays = append(checkDays, *p)
			}
		}
	}
	var years []*int
	if n, ok := year.(int); ok {
		years = []*int{&n}
	} else if pair, ok := year.([2]*int); ok {
		years = pair[:]
	}
	if m, ok := month.(int); ok && m != 0 {
		for _, y := range years {
			for _, d := range checkDays {
				var most int
				if mo, _ := r.Month(m + 1); y != nil {
					most, _ = r.MonthLength(*y, m+1)
				} else if l := r.Calendar().Leap; l.Enabled && l.Month == m+1 {
					most = mo.Length + max(l.Amount, 0) // daysForMonth(month, null)
				} else {
					most = mo.Length
				}
				if d > most {
					return [3]any{}, false
				}
			}
		}
	}
	return [3]any{year, month, dayPart}, true
}

func (e cmEvent) String() string { return fmt.Sprintf("%s %v %v", e.kind, e.date, e.end) }
