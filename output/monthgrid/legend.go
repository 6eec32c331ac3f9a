package monthgrid

import (
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// The legend explains the marks the grid used, and only those, one line
// each (wrapped under its text when long), in a fixed order: today, full
// moon, new moon, first quarter, last quarter, season start, weather.
//
//	[12]  today: 12 Ches, Year of Three Ships Sailing DR
//	O     full moon: Selûne
//	+     season starts: Spring on 19 Ches
//	~     weather recorded: 3 snowflake, 12 cloud
//
// With several moons a phase's line says which moon is where ("Selûne on 1,
// 31; Karpri on 12"), since a cell shows one mark. For a whole year the
// lines name the moons and count the weather days instead of listing days.

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
		case r.todayMarked():
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
	if text, ok := r.weatherLegend(); ok {
		entries = append(entries, legendEntry{r.sym.weather, 1, text})
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
	var parts []string
	for _, m := range r.g.r.Calendar().Moons { // in the calendar's order
		list, ok := days[m.Name]
		if !ok {
			continue
		}
		delete(days, m.Name) // a name two moons share is listed once
		part := clean(m.Name)
		if !r.g.wholeYear && len(r.g.r.Calendar().Moons) > 1 {
			part += " on " + strings.Join(list, ", ")
		}
		parts = append(parts, part)
	}
	sep := ", "
	if !r.g.wholeYear && len(r.g.r.Calendar().Moons) > 1 {
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

// weatherLegend lists the weather of a month by day ("3 snowflake, 12
// cloud and wind"), or counts the days of a year.
func (r *renderer) weatherLegend() (string, bool) {
	var parts []string
	days := 0
	for _, m := range r.g.months {
		for i, ws := range m.weather {
			if len(ws) == 0 {
				continue
			}
			days++
			var labels []string
			for _, w := range ws {
				if l := clean(strings.TrimSpace(w.Label)); l != "" {
					labels = append(labels, l)
				}
			}
			part := strconv.Itoa(i + 1)
			if len(labels) > 0 {
				part += " " + strings.Join(labels, " and ")
			}
			parts = append(parts, part)
		}
	}
	switch {
	case days == 0:
		return "", false
	case r.g.wholeYear && days == 1:
		return "weather recorded (1 day)", true
	case r.g.wholeYear:
		return "weather recorded (" + strconv.Itoa(days) + " days)", true
	}
	return "weather recorded: " + strings.Join(parts, ", "), true
}
