package calendar

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/cache"
	"github.com/kanka-cli/kanka/output"
	"github.com/kanka-cli/kanka/output/monthgrid"
)

// What the days a move passed held: after advance, the days after the old
// date up to the new one; after retreat, the days from the new date up to
// the one before the old. Each day that holds a reminder (by the rules
// the grid and the agenda follow) or recorded weather is one passedDay.

// daysPassedKey is the one key advance and retreat add to the calendar's
// JSON (docs/calendar-time.md).
const daysPassedKey = "days_passed"

// maxPassedLines bounds the days the text names; the rest are counted.
const maxPassedLines = 10

// passedDay is one day of the days passed, as -o json prints it.
type passedDay struct {
	Date      almanac.Date         `json:"date"`
	Reminders []monthgrid.Reminder `json:"reminders"`
	Weather   []json.RawMessage    `json:"weather"`
	// weather in words, for the text
	words []string
}

// daysPassed reads the calendar's reminders and weather (from the cache as
// calendar show does) and gives the days from..to (included) that held
// any, in date order. Nothing is written.
func (opts *MoveOptions) daysPassed(c *client.Client, cal *client.Calendar, r *almanac.Reckoning, from, to almanac.Date) ([]passedDay, error) {
	a, err := r.Ordinal(from)
	if err != nil {
		return nil, err
	}
	b, err := r.Ordinal(to)
	if err != nil {
		return nil, err
	}
	k := opts.Factory.LocalCache()
	rs, err := k.CalendarReminders(opts.Ctx, c, cal.ID, cache.ShowTrust)
	if err != nil {
		return nil, err
	}
	days, err := gridReminders(r, calendarReminders(cal.ID, rs), a, b, KnownOwners(cal, k).Of)
	if err != nil {
		return nil, err
	}
	weather, err := k.Weather(opts.Ctx, c, cal.ID, cache.ShowTrust, func(w *client.Weather) bool {
		n, err := r.Ordinal(w.Date())
		return err == nil && n >= a && n <= b && w.Misplaced(cal.ID) == ""
	})
	if err != nil {
		return nil, err
	}
	byDate := map[almanac.Date]*passedDay{}
	var order []almanac.Date
	day := func(d almanac.Date) *passedDay {
		p, ok := byDate[d]
		if !ok {
			p = &passedDay{Date: d, Reminders: []monthgrid.Reminder{}, Weather: []json.RawMessage{}}
			byDate[d] = p
			order = append(order, d)
		}
		return p
	}
	for _, rm := range days {
		p := day(rm.Date)
		p.Reminders = append(p.Reminders, rm)
	}
	for _, w := range weather {
		p := day(w.Date())
		var compact bytes.Buffer
		if json.Compact(&compact, w.Raw) == nil {
			p.Weather = append(p.Weather, compact.Bytes())
		}
		p.words = append(p.words, weatherLine(gridWeather(w)))
	}
	out := make([]passedDay, 0, len(order))
	for _, d := range order {
		out = append(out, *byDate[d])
	}
	// The reminders' days came in order, then the weather's.
	slices.SortStableFunc(out, func(x, y passedDay) int { return x.Date.Compare(y.Date) })
	return out, nil
}

// weatherLine is an entry in words: "rain, 3°C".
func weatherLine(w monthgrid.Weather) string {
	parts := []string{}
	for _, s := range []string{monthgrid.WeatherWords(w), w.Temperature, w.Precipitation, w.Wind, w.Effect} {
		if s = strings.TrimSpace(oneLineText(s)); s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return "weather recorded"
	}
	return strings.Join(parts, ", ")
}

// writePassed writes what the days passed held after the move's line: a
// heading and a line a day, at most maxPassedLines; nothing when they
// held nothing.
func writePassed(w io.Writer, months []client.Month, back bool, days []passedDay, width int) error {
	if len(days) == 0 {
		return nil
	}
	var b strings.Builder
	if back {
		b.WriteString("The days gone back over held:\n")
	} else {
		b.WriteString("The days passed held:\n")
	}
	for i, d := range days {
		if i == maxPassedLines {
			fmt.Fprintf(&b, "  and %d more %s (-o json lists them all)\n", len(days)-i, cmdutil.Plural(len(days)-i, "day", "days"))
			break
		}
		var items []string
		for _, rm := range d.Reminders {
			items = append(items, passedReminder(rm))
		}
		for _, words := range d.words {
			items = append(items, "weather: "+words)
		}
		line := client.ReadableDate(months, d.Date) + ": " + strings.Join(items, "; ")
		b.WriteString(strings.Join(output.Wrap(line, width, "  ", "    "), "\n"))
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// passedReminder is a reminder in a line: its comment, whose it is when
// not the calendar's own, and the day of a span.
func passedReminder(rm monthgrid.Reminder) string {
	s := strings.TrimSpace(oneLineText(output.Text(rm.Comment)))
	if s == "" {
		s = "reminder " + strconv.Itoa(rm.ID)
	}
	if !rm.Owner.Own {
		s += " (" + rm.Owner.Words() + ")"
	}
	if rm.Span.Days > 1 {
		s += fmt.Sprintf(" (day %d of %d)", rm.Span.Day, rm.Span.Days)
	}
	return s
}

// movedRecord is the calendar as the server stored it, with the days
// passed under daysPassedKey (null when they could not be read).
type movedRecord struct {
	*client.Calendar
	days []passedDay
}

// RawJSON is the server's record with the key added after its own.
func (m movedRecord) RawJSON() json.RawMessage {
	raw := bytes.TrimSpace(m.Calendar.RawJSON())
	days := json.RawMessage("null")
	if m.days != nil {
		if b, err := marshalNoEscape(m.days); err == nil {
			days = b
		}
	}
	if len(raw) < 2 || raw[len(raw)-1] != '}' {
		return raw
	}
	out := append([]byte{}, raw[:len(raw)-1]...)
	if len(bytes.TrimSpace(out)) > 1 {
		out = append(out, ',')
	}
	out = append(out, `"`+daysPassedKey+`":`...)
	out = append(out, days...)
	return append(out, '}')
}

// movedKind prints a movedRecord: -o yaml stays the calendar's file form
// (what -f reads back), -o id its id.
var movedKind = output.Kind{
	Detail: func(r output.Record) []output.Field { return detail(r.(movedRecord).Calendar) },
	YAML:   func(r output.Record) any { return fileFromCalendar(r.(movedRecord).Calendar) },
}
