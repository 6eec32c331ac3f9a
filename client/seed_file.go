package client

import (
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// The seed file of `kanka apply`:
//
//	calendars:
//	  - name: Harptos          # every key of the calendar's file
//	    id: 7                  # optional: pins a calendar by id
//	    preset: harptos        # optional: the keys go over this calendar
//	    weather:               # optional: entries as the weather's file
//	      - {date: 1492-1-1, weather: snowflake}
//	    reminders:             # optional: on the calendar's own entity
//	      - {date: 1492-1-1, comment: New year, repeat: year}
//
// It is read by the reader of the calendar's and the weather's files, so
// its keys, lists, aliases, merge keys and problems are theirs; a problem's
// path starts at the top of the document ("calendars[2].months[1].length").

// SeedCalendar is one calendar of a seed file.
type SeedCalendar struct {
	// Line is where its mapping starts.
	Line int
	// ID is `id: N`, 0 when the file does not pin the calendar.
	ID int
	// Preset is `preset: NAME`, nil when none: the calendar of a
	// well-known setting that Input's keys go over. The client does not
	// know the presets; the command applying the seed fills them in.
	Preset *Written
	Input  CalendarInput
	// Weather is nil when the calendar has no weather key, and empty when
	// the key lists no entries.
	Weather []SeedWeather
	// Reminders is nil when the calendar has no reminders key, and empty
	// when the key lists none (seed_reminder.go).
	Reminders []SeedReminder
}

// SeedWeather is one weather entry of a seed calendar.
type SeedWeather struct {
	// Line is where its mapping starts.
	Line  int
	Input WeatherInput
}

// DecodeSeed reads a seed document strictly, every problem of it in a
// *FileError with its line, what the checks of a calendar and of a
// weather entry refuse in its values included. Months written by name are
// resolved with the calendar's own months where the file gives them; the
// others stay Written, their Where without a file name ("line 9:
// calendars[1].date"). With the error come the calendars that have no
// problem of their own, with their entries that have none, so that the
// checks of the seed as a whole can be said with the file's.
func DecodeSeed(n *yaml.Node) ([]SeedCalendar, error) {
	var cals []SeedCalendar
	err := decodeFile(n, func(r *fileReader, root *yaml.Node) { cals = r.seed(root) })
	return cals, err
}

// seed reads the top: a mapping with one key, calendars.
func (r *fileReader) seed(root *yaml.Node) []SeedCalendar {
	if root != nil && root.Kind != yaml.MappingNode {
		r.add(root, "", "must be a mapping with the key calendars")
		return nil
	}
	var list *yaml.Node
	r.pairsHinted(root, "", " (a seed file holds calendars:)", nil, func(key string, v *yaml.Node, _ string) bool {
		if key != "calendars" {
			return false
		}
		list = v
		return true
	})
	if list == nil {
		if len(r.problems) == 0 {
			r.add(root, "", "has no calendars: key")
		}
		return nil
	}
	var out []SeedCalendar
	r.items(list, "calendars", func(item *yaml.Node, path string) {
		if cal, ok := r.seedCalendar(item, path); ok {
			out = append(out, cal)
		}
	})
	return out
}

// seedCalendar reads one calendar: its keys by CalendarFields, as
// DecodeCalendar does, and the seed's own id and weather, and checks it
// (checkCalendar). ok is false when it has a problem of its own; an entry
// with a problem is left out of its weather (and said, so that the seed
// is refused).
func (r *fileReader) seedCalendar(n *yaml.Node, path string) (cal SeedCalendar, ok bool) {
	before := len(r.problems)
	cal.Line = n.Line
	var id, weather, preset, reminders *yaml.Node
	// The calendar's keys are read aside and their problems added after
	// the id's, so that problems on one line (`{months: 3, id: x}`) come
	// in the order apply has always said them.
	keys := r.aside()
	CalendarFields.readFile(keys, n, path, &cal.Input, func(key string) bool { return calendarServerKeys[key] },
		map[string]func(v *yaml.Node, path string){
			"id":        func(v *yaml.Node, _ string) { id = v },
			"weather":   func(v *yaml.Node, _ string) { weather = v },
			"preset":    func(v *yaml.Node, _ string) { preset = v },
			"reminders": func(v *yaml.Node, _ string) { reminders = v },
		})
	if id != nil {
		cal.ID = r.seedID(id, keyPath(path, "id"), "calendar", false)
	}
	if preset != nil {
		p := keyPath(path, "preset")
		cal.Preset = &Written{Text: r.text(preset, p), Where: where(preset, p)}
	}
	r.problems = append(r.problems, keys.problems...)
	// The entries' problems come after the calendar's own, as the
	// calendar's keys' after its id's.
	entries := r.aside()
	if weather != nil {
		cal.Weather = entries.seedWeather(weather, keyPath(path, "weather"))
	}
	if reminders != nil {
		cal.Reminders = entries.seedReminders(reminders, keyPath(path, "reminders"))
	}
	// With its own months the file says what its month names mean.
	if len(cal.Input.Months) > 0 {
		r.resolveOwnMonths(&cal)
	}
	r.checkCalendar(cal.Input, path, false, before)
	ok = len(r.problems) == before
	r.problems = append(r.problems, entries.problems...)
	return cal, ok
}

// seedID reads `id: N`, the id of a seed's calendar or reminder (noun): a
// whole number, above 0 when positive is set (apply refuses a calendar's
// below 1 itself, saying why).
func (r *fileReader) seedID(n *yaml.Node, path, noun string, positive bool) int {
	if n.Kind == yaml.ScalarNode && n.ShortTag() != "!!float" {
		if id, err := strconv.Atoi(strings.TrimSpace(n.Value)); err == nil && (id > 0 || !positive) {
			return id
		}
	}
	what := "a whole number"
	if positive {
		what += " above 0"
	}
	r.add(n, path, "%q is not a %s id (%s)", n.Value, noun, what)
	return 0
}

// seedWeather reads a calendar's weather list, each entry as DecodeWeather
// does, and checks it (checkWeather); null is an empty list (the
// calendar's weather managed as "none"). An entry with a problem is left
// out.
func (r *fileReader) seedWeather(n *yaml.Node, path string) []SeedWeather {
	out := []SeedWeather{}
	r.items(n, path, func(item *yaml.Node, path string) {
		before := len(r.problems)
		in := weatherForm.read(r, item, path)
		r.checkWeather(in, path, true, before)
		if len(r.problems) == before {
			out = append(out, SeedWeather{Line: item.Line, Input: in})
		}
	})
	return out
}

// resolveOwnMonths turns the month names of cal (its date's, seasons',
// leap month's, and its weather's and reminders' dates) into numbers with
// the months the file gives it.
func (r *fileReader) resolveOwnMonths(cal *SeedCalendar) {
	r.addWritten(cal.Input.ResolveMonths())
	reckoning, err := cal.Input.NamesReckoning()
	if err != nil {
		return // the calendar's own validation says why
	}
	for i := range cal.Weather {
		r.addWritten(cal.Weather[i].Input.ResolveDate(reckoning))
	}
	for i := range cal.Reminders {
		r.addWritten(cal.Reminders[i].Input.ResolveDate(reckoning))
	}
}

// addWritten adds each line of err, which resolving a Written gives,
// starting with its Where ("line 5: calendars[1].date: ..."), as a problem
// at that line.
func (r *fileReader) addWritten(err error) {
	if err == nil {
		return
	}
	for _, l := range strings.Split(err.Error(), "\n") {
		p := FileProblem{Message: l}
		if num, msg, ok := strings.Cut(strings.TrimPrefix(l, "line "), ": "); ok && strings.HasPrefix(l, "line ") {
			if line, err := strconv.Atoi(num); err == nil {
				p.Line, p.Message = line, msg
			}
		}
		r.problems = append(r.problems, p)
	}
}
