package calexport_test

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/calexport"
)

// The events and notes of each file are checked by the tool's importer's
// own rules (docs/formats.md 1.7, 2.5, 4.4): what it reads unchecked is
// there, what it checks passes. Every sample calendar, with reminders of
// every kind.

// exportedWith is sample in written in format f (with notes when notes),
// its reminders the samples'.
func exportedWith(t *testing.T, in client.CalendarInput, f calexport.Format, notes bool) (map[string]any, calexport.Result) {
	t.Helper()
	in = withMoonIDs(in)
	r, err := in.Reckoning()
	if err != nil {
		t.Fatal(err)
	}
	var reminders []calexport.Reminder
	for _, rs := range sampleReminders(r, *in.Date) {
		reminders = append(reminders, rs.Reminder)
	}
	var res calexport.Result
	if notes {
		res, err = calexport.ExportNotes(&client.Calendar{ID: 12, CalendarInput: in}, reminders)
	} else {
		res, err = calexport.Export(&client.Calendar{ID: 12, CalendarInput: in}, reminders, f)
	}
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, res.Data), res
}

// fcInputs are the inputs of each condition kanka may write
// (condition_mapping), a Moons condition taking its moon first too.
var fcInputs = map[string]int{"Date#0": 3, "Date#2": 3, "Year#2": 1, "Year#3": 1, "Month#0": 1, "Day#0": 1, "Moons#0": 2}

var fcColourNames = []any{"Dark-Solid", "Red", "Pink", "Purple", "Deep-Purple", "Blue", "Light-Blue", "Cyan", "Teal",
	"Green", "Light-Green", "Lime", "Yellow", "Orange", "Blue-Grey"}

func TestFantasyCalendarImporterTakesTheEvents(t *testing.T) {
	for _, s := range samples(t) {
		c := &checker{t: t}
		f, _ := exportedWith(t, s.cal, calexport.FantasyCalendar, false)
		c.list(f["categories"], "categories")
		moons := len(c.list(c.obj(f["static_data"], "static_data")["moons"], "moons"))
		events := c.list(f["events"], "events")
		if len(events) == 0 {
			c.fail("events", "none")
		}
		for i, v := range events {
			p := fmt.Sprintf("events[%d]", i)
			ev := c.obj(v, p)
			c.str(ev["name"], p+".name")
			c.str(ev["description"], p+".description")
			if ev["event_category_id"] != -1.0 {
				c.fail(p+".event_category_id", "%v, want -1: kanka writes no category", ev["event_category_id"])
			}
			set := c.obj(ev["settings"], p+".settings")
			if !slices.Contains(fcColourNames, set["color"]) {
				c.fail(p+".settings.color", "%v: none of Fantasy-Calendar's colours", set["color"])
			}
			c.str(set["text"], p+".settings.text")
			for _, k := range []string{"hide", "hide_full", "print"} {
				c.boolean(set[k], p+".settings."+k)
			}
			data := c.obj(ev["data"], p+".data")
			c.num(data["duration"], p+".data.duration")
			c.num(data["limited_repeat_num"], p+".data.limited_repeat_num")
			for _, k := range []string{"has_duration", "limited_repeat", "show_first_last"} {
				c.boolean(data[k], p+".data."+k)
			}
			if n := len(c.list(data["connected_events"], p+".data.connected_events")); n != 0 {
				c.fail(p+".data.connected_events", "%d", n)
			}
			date := c.list(data["date"], p+".data.date")
			if len(date) != 0 && len(date) != 3 {
				c.fail(p+".data.date", "%v: neither [] nor three numbers", date)
			}
			for j, d := range date {
				c.num(d, fmt.Sprintf("%s.data.date[%d]", p, j))
			}
			// event_condition_check: items and operators alternate, an
			// operator one of four, a condition a known group, a numeric
			// index and the exact count of values.
			conds := c.list(data["conditions"], p+".data.conditions")
			if len(conds) == 0 || len(conds)%2 == 0 {
				c.fail(p+".data.conditions", "%d entries: not items joined by operators", len(conds))
			}
			for j, cv := range conds {
				q := fmt.Sprintf("%s.data.conditions[%d]", p, j)
				item := c.list(cv, q)
				if j%2 == 1 {
					if len(item) != 1 || !slices.Contains([]any{"&&", "||", "^", "NAND"}, item[0]) {
						c.fail(q, "%v: no operator", item)
					}
					continue
				}
				if len(item) != 3 {
					c.fail(q, "%v: no condition", item)
					continue
				}
				group, index := c.str(item[0], q+"[0]"), c.str(item[1], q+"[1]")
				if _, err := strconv.Atoi(index); err != nil {
					c.fail(q+"[1]", "%q: no numeric index", index)
				}
				values := c.list(item[2], q+"[2]")
				want, known := fcInputs[group+"#"+index]
				if !known || len(values) != want {
					c.fail(q, "%s#%s with %d values: the importer refuses it", group, index, len(values))
				}
				for k, v := range values {
					if _, isNum := v.(float64); group == "Date" != isNum {
						c.fail(fmt.Sprintf("%s[2][%d]", q, k), "%v: a Date's values are numbers, the others numeric strings", v)
					} else if str, ok := v.(string); ok {
						if _, err := strconv.Atoi(str); err != nil {
							c.fail(fmt.Sprintf("%s[2][%d]", q, k), "%q is not numeric", str)
						}
					}
				}
				if group == "Moons" && len(values) == 2 {
					if m, _ := strconv.Atoi(fmt.Sprint(values[0])); m < 0 || m >= moons {
						c.fail(q, "moon %v of %d", values[0], moons)
					}
				}
			}
		}
		c.done(s.name)
	}
}

// foundryIDPattern is a Foundry document id: 16 letters and digits.
var foundryIDPattern = regexp.MustCompile(`^[A-Za-z0-9]{16}$`)

func TestSimpleCalendarImporterTakesTheNotes(t *testing.T) {
	for _, s := range samples(t) {
		c := &checker{t: t}
		f, _ := exportedWith(t, s.cal, calexport.SimpleCalendar, false)
		cal := c.obj(c.list(f["calendars"], "calendars")[0], "calendars[0]")
		id := c.str(cal["id"], "calendars[0].id")
		categories := map[any]bool{}
		for i, v := range c.list(cal["noteCategories"], "noteCategories") {
			p := fmt.Sprintf("noteCategories[%d]", i)
			cat := c.obj(v, p)
			categories[c.str(cat["name"], p+".name")] = true
			for _, k := range []string{"color", "textColor"} {
				if !hexColour.MatchString(c.str(cat[k], p+"."+k)) {
					c.fail(p+"."+k, "%v", cat[k])
				}
			}
		}
		notes := c.obj(f["notes"], "notes")
		if len(notes) != 1 || notes[id] == nil {
			c.fail("notes", "keys %v: Simple Calendar reads the notes of %q only", notes, id)
		}
		ids := map[string]bool{}
		for i, v := range c.list(notes[id], "notes."+id) {
			p := fmt.Sprintf("notes[%d]", i)
			note := c.obj(v, p)
			if nid := c.str(note["_id"], p+"._id"); !foundryIDPattern.MatchString(nid) || ids[nid] {
				c.fail(p+"._id", "%q: not a Foundry id of its own", nid)
			} else {
				ids[nid] = true
			}
			if c.str(note["name"], p+".name") == "" {
				c.fail(p+".name", "empty: Foundry needs a name")
			}
			pages := c.list(note["pages"], p+".pages")
			if len(pages) != 1 || c.obj(pages[0], p+".pages[0]")["type"] != "text" {
				c.fail(p+".pages", "%v", pages)
			}
			c.num(c.obj(note["ownership"], p+".ownership")["default"], p+".ownership.default")
			flags := c.obj(note["flags"], p+".flags")
			if c.obj(flags["core"], p+".flags.core")["sheetClass"] != "foundryvtt-simple-calendar.NoteSheet" {
				c.fail(p+".flags.core.sheetClass", "%v", flags["core"])
			}
			nd := c.obj(c.obj(flags["foundryvtt-simple-calendar"], p+".flags.module")["noteData"], p+".noteData")
			if nd["calendarId"] != id {
				c.fail(p+".noteData.calendarId", "%v", nd["calendarId"])
			}
			for _, k := range []string{"startDate", "endDate"} {
				d := c.obj(nd[k], p+".noteData."+k)
				for _, part := range []string{"year", "month", "day", "hour", "minute", "seconds"} {
					c.num(d[part], p+".noteData."+k+"."+part)
				}
			}
			c.boolean(nd["allDay"], p+".noteData.allDay")
			if r := c.num(nd["repeats"], p+".noteData.repeats"); r != 0 && r != 2 && r != 3 {
				c.fail(p+".noteData.repeats", "%v", r)
			}
			for j, cat := range c.list(nd["categories"], p+".noteData.categories") {
				if !categories[cat] {
					c.fail(fmt.Sprintf("%s.noteData.categories[%d]", p, j), "%v: no category of the calendar", cat)
				}
			}
			c.list(nd["remindUsers"], p+".noteData.remindUsers")
		}
		c.done(s.name)
	}
}

func TestCalendariumImporterTakesTheEvents(t *testing.T) {
	for _, s := range samples(t) {
		for _, notes := range []bool{false, true} {
			c := &checker{t: t}
			f, res := exportedWith(t, s.cal, calexport.Calendarium, notes)
			categories := map[any]bool{}
			for i, v := range c.list(f["categories"], "categories") {
				p := fmt.Sprintf("categories[%d]", i)
				cat := c.obj(v, p)
				id := c.str(cat["id"], p+".id")
				if categories[id] {
					c.fail(p+".id", "%q twice", id)
				}
				categories[id] = true
				c.str(cat["name"], p+".name")
				if !hexColour.MatchString(c.str(cat["color"], p+".color")) {
					c.fail(p+".color", "%v", cat["color"])
				}
			}
			events := c.list(f["events"], "events")
			if notes != (len(events) == 0) || notes != (len(res.Notes) > 0) {
				c.fail("events", "%d events and %d notes (notes: %v): with notes, the notes carry the reminders", len(events), len(res.Notes), notes)
			}
			ids := map[any]bool{}
			for i, v := range events {
				p := fmt.Sprintf("events[%d]", i)
				ev := c.obj(v, p)
				if id := c.str(ev["id"], p+".id"); ids[id] {
					c.fail(p+".id", "%q twice", id)
				}
				ids[ev["id"]] = true
				c.str(ev["name"], p+".name")
				c.str(ev["description"], p+".description")
				kind := c.str(ev["type"], p+".type")
				date := c.obj(ev["date"], p+".date")
				for _, k := range []string{"year", "month", "day"} {
					if kind != "Recurring" {
						c.num(date[k], p+".date."+k)
					}
				}
				switch kind {
				case "Range":
					end := c.obj(ev["end"], p+".end")
					for _, k := range []string{"year", "month", "day"} {
						c.num(end[k], p+".end."+k)
					}
				case "Date", "Recurring":
				default:
					c.fail(p+".type", "%q", kind)
				}
				if cat := ev["category"]; cat != nil && !categories[cat] {
					c.fail(p+".category", "%v: no category of the calendar", cat)
				}
			}
			c.done(fmt.Sprintf("%s (notes %v)", s.name, notes))
		}
	}
}
