package monthgrid

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// The legend explains the marks the grid used, and only those, one line
// each (wrapped under its text when long), in a fixed order: today, full
// moon, new moon, first quarter, last quarter, season start. Then, after a
// blank line, the reminders: each day's, with its mark and the reminder in
// words. Then, after a blank line, the weather: each day that has some,
// with its mark, its weather in words and its temperature, in aligned
// columns (as many as the width holds, read down), a day never apart from
// its weather.
//
//	[12]  today: 12 Ches, Year of Three Ships Sailing DR
//	O     full moon: Selûne
//	+     season starts: Spring on 19 Ches
//
//	 3 x snow            -8°C     12 c cloud and wind  -10°C
//
// With several moons a phase's line says which moon is where ("Selûne on 1,
// 31; Karpri on 12"), since a cell shows one mark. For a whole year the
// lines name the moons, and the weather is each kind's mark and words with
// the number of days it was recorded.

type legendEntry struct {
	key      string // as printed (may hold escape sequences)
	keyWidth int
	text     string
}

func (r *renderer) legend() []string {
	var entries []legendEntry
	if t := r.g.today; t != nil && r.g.shows(*t) {
		num := strconv.Itoa(t.Day)
		key := "[" + num + "]"
		switch {
		case r.o.Terminal:
			key = reverseVideo + num + attrReset
		case r.todayMarked(r.layout):
			key = todayMark
		}
		entries = append(entries, legendEntry{key, textWidth(strings.TrimPrefix(strings.TrimSuffix(key, attrReset), reverseVideo)), "today: " + clean(r.g.r.Format(*t))})
	}
	for _, p := range markedPhases {
		if text, ok := r.phaseLegend(p); ok {
			entries = append(entries, legendEntry{r.sym.phase[p], 1, text})
		}
	}
	if text, ok := r.seasonLegend(); ok {
		entries = append(entries, legendEntry{r.sym.season, 1, text})
	}
	keyWidth := 0
	for _, e := range entries {
		keyWidth = max(keyWidth, e.keyWidth)
	}
	indent := keyWidth + 2
	var lines []string
	for _, e := range entries {
		for i, l := range wrap(e.text, max(r.o.Width-indent, 20)) {
			if i == 0 {
				lines = append(lines, e.key+strings.Repeat(" ", indent-e.keyWidth)+l)
			} else {
				lines = append(lines, strings.Repeat(" ", indent)+l)
			}
		}
	}
	if reminders := r.remindersLegend(); len(reminders) > 0 {
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, reminders...)
	}
	if weather := r.weatherLegend(); len(weather) > 0 {
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, weather...)
	}
	return lines
}

// shows reports whether d is a day of the grid.
func (g *Grid) shows(d almanac.Date) bool {
	if d.Year != g.year {
		return false
	}
	for _, m := range g.months {
		if m.view.Month == d.Month {
			return d.Day >= 1 && d.Day <= len(m.view.Days)
		}
	}
	return false
}

// phaseLegend explains phase p's mark, if some cell shows it.
func (r *renderer) phaseLegend(p almanac.Phase) (string, bool) {
	shown := false
	days := map[string][]string{}
	for _, m := range r.g.months {
		for _, d := range m.view.Days {
			if s, ok := shownPhase(d.Moons); ok && s == p {
				shown = true
			}
			for _, mp := range d.Moons {
				if mp.Phase != p {
					continue
				}
				days[mp.Moon] = append(days[mp.Moon], strconv.Itoa(d.Date.Day))
			}
		}
	}
	if !shown {
		return "", false
	}
	// The days are said where a cell cannot: with several moons (a cell
	// shows one), or when the cells leave the moons to the legend.
	byDay := !r.g.wholeYear && (len(r.g.r.Calendar().Moons) > 1 || r.layout.skyless)
	var parts []string
	for _, m := range r.g.r.Calendar().Moons { // in the calendar's order
		list, ok := days[m.Name]
		if !ok {
			continue
		}
		delete(days, m.Name) // a name two moons share is listed once
		part := clean(m.Name)
		if byDay {
			part += " on " + strings.Join(list, ", ")
		}
		parts = append(parts, part)
	}
	sep := ", "
	if byDay {
		sep = "; "
	}
	return phaseLabels[p] + ": " + strings.Join(parts, sep), true
}

// seasonLegend lists the seasons starting in the grid: "Spring on 19 Ches".
func (r *renderer) seasonLegend() (string, bool) {
	var parts []string
	for _, m := range r.g.months {
		for _, d := range m.view.Days {
			if d.SeasonStart && d.Season != nil {
				parts = append(parts, clean(*d.Season)+" on "+strconv.Itoa(d.Date.Day)+" "+clean(m.view.Name))
			}
		}
	}
	if len(parts) == 0 {
		return "", false
	}
	return "season starts: " + strings.Join(parts, ", "), true
}

// weatherLegend is the weather's part of the legend: each day's for a
// month, each kind's count of days for a whole year.
func (r *renderer) weatherLegend() []string {
	if r.g.wholeYear {
		return r.weatherKindsLegend()
	}
	var items [][]string // day, mark, words, temperature
	for _, m := range r.g.months {
		for i, ws := range m.weather {
			if len(ws) == 0 {
				continue
			}
			var words, temps []string
			for _, w := range ws {
				words = appendNew(words, weatherWords(w))
				temps = appendNew(temps, clean(strings.TrimSpace(w.Temperature)))
			}
			items = append(items, []string{strconv.Itoa(i + 1), r.sym.weatherMark(ws[0].Code),
				strings.Join(words, ", "), strings.Join(temps, ", ")})
		}
	}
	return columns(items, []bool{true, false, false, true}, r.o.Width)
}

// weatherKindsLegend is, for a whole year, each kind of weather recorded
// (mark and words) and on how many days, Kanka's codes in weatherKinds'
// order, then the others as they come.
func (r *renderer) weatherKindsLegend() []string {
	type kind struct{ mark, words string }
	days := map[kind]int{}
	var order []kind
	for _, m := range r.g.months {
		for _, ws := range m.weather {
			seen := map[kind]bool{}
			for _, w := range ws {
				k := kind{r.sym.weatherMark(w.Code), weatherWords(w)}
				if seen[k] {
					continue
				}
				seen[k] = true
				if days[k] == 0 {
					order = append(order, k)
				}
				days[k]++
			}
		}
	}
	rank := func(k kind) int {
		for i, wk := range weatherKinds {
			if wk.words == k.words && r.sym.weather[wk.code] == k.mark {
				return i
			}
		}
		return len(weatherKinds)
	}
	sort.SliceStable(order, func(i, j int) bool { return rank(order[i]) < rank(order[j]) })
	digits := 0
	for _, k := range order {
		digits = max(digits, len(strconv.Itoa(days[k])))
	}
	items := make([][]string, len(order))
	for i, k := range order {
		unit := " days"
		if days[k] == 1 {
			unit = " day"
		}
		count := strconv.Itoa(days[k])
		items[i] = []string{k.mark, k.words, strings.Repeat(" ", digits-len(count)) + count + unit}
	}
	return columns(items, []bool{false, false, false}, r.o.Width)
}

// appendNew appends s to list unless it is empty or there already.
func appendNew(list []string, s string) []string {
	if s == "" || slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// columnGap separates the columns of the weather's legend.
const columnGap = "    "

// columns lays items (each a row of fields: right[i] flush right) out as
// aligned entries, one a line or in as many columns as width holds, read
// down. An entry too wide for the width is cut, the last field first (to
// no less than 8 columns), then the one before it: an item's fields stay
// on its line.
func columns(items [][]string, right []bool, width int) []string {
	if len(items) == 0 {
		return nil
	}
	widths := make([]int, len(right))
	for _, it := range items {
		for i, f := range it {
			widths[i] = max(widths[i], textWidth(f))
		}
	}
	entryWidth := func() int {
		w := 0
		for i, fw := range widths {
			if fw > 0 || i == 0 {
				w += fw
				if i > 0 {
					w += gapBefore(i, len(widths))
				}
			}
		}
		return w
	}
	for i := len(widths) - 1; i > 0 && entryWidth() > width; i-- {
		if i == len(widths)-1 {
			widths[i] = max(widths[i]-(entryWidth()-width), min(widths[i], 8))
		} else {
			widths[i] = max(widths[i]-(entryWidth()-width), 1)
		}
	}
	entryW := entryWidth()
	perLine := max(1, (width+len(columnGap))/(entryW+len(columnGap)))
	rows := (len(items) + perLine - 1) / perLine
	lines := make([]string, rows)
	for n, it := range items {
		var b strings.Builder
		for i, f := range it {
			if widths[i] == 0 && i > 0 {
				continue
			}
			if i > 0 {
				b.WriteString(strings.Repeat(" ", gapBefore(i, len(widths))))
			}
			f = ellipsize(f, widths[i])
			pad := strings.Repeat(" ", widths[i]-textWidth(f))
			if right[i] {
				b.WriteString(pad + f)
			} else {
				b.WriteString(f + pad)
			}
		}
		row := n % rows
		if n >= rows {
			lines[row] += columnGap
		}
		lines[row] += b.String()
	}
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " ")
	}
	return lines
}

// gapBefore is the space before field i of n: one between the short
// fields of an entry (day and mark, mark and words), two before its last.
func gapBefore(i, n int) int {
	if i == n-1 && n > 2 {
		return 2
	}
	return 1
}
