package monthgrid

import "github.com/kanka-cli/kanka/almanac"

// A day's cell is its number followed by up to three marks, each one
// column, in fixed slots: moon, season start, weather. A slot exists only
// when some day shown uses it, so a calendar without moons or seasons gets
// narrower cells.

// symbols are the marks in one character set.
type symbols struct {
	phase   map[almanac.Phase]string
	season  string
	weather string
}

var (
	unicodeSymbols = symbols{
		phase: map[almanac.Phase]string{
			almanac.PhaseFull: "○", almanac.PhaseNew: "●",
			almanac.PhaseFirstQuarter: "◐", almanac.PhaseLastQuarter: "◑",
		},
		season: "✦", weather: "≈",
	}
	// The ASCII marks keep the shapes: an open and a filled disc, the lit
	// half of a quarter moon.
	asciiSymbols = symbols{
		phase: map[almanac.Phase]string{
			almanac.PhaseFull: "O", almanac.PhaseNew: "@",
			almanac.PhaseFirstQuarter: ")", almanac.PhaseLastQuarter: "(",
		},
		season: "+", weather: "~",
	}
)

// todayMark marks today piped in a cell too narrow for brackets ("12*").
const todayMark = "*"

// markedPhases are the phases the grid marks, most notable first: a day on
// which several moons show marked phases shows the first of them here (the
// legend names each moon's days). Crescents and gibbous phases are only in
// the JSON.
var markedPhases = []almanac.Phase{almanac.PhaseFull, almanac.PhaseNew, almanac.PhaseFirstQuarter, almanac.PhaseLastQuarter}

var phaseLabels = map[almanac.Phase]string{
	almanac.PhaseFull: "full moon", almanac.PhaseNew: "new moon",
	almanac.PhaseFirstQuarter: "first quarter", almanac.PhaseLastQuarter: "last quarter",
}

// shownPhase is the phase a day's moon slot shows; ok is false when no
// moon has a marked phase that day.
func shownPhase(moons []almanac.MoonPhase) (almanac.Phase, bool) {
	for _, want := range markedPhases {
		for _, m := range moons {
			if m.Phase == want {
				return want, true
			}
		}
	}
	return 0, false
}

// slots says which mark slots the cells have.
type slots struct{ moon, season, weather bool }

func (s slots) count() int {
	n := 0
	for _, on := range []bool{s.moon, s.season, s.weather} {
		if on {
			n++
		}
	}
	return n
}

// usedSlots finds the slots some day of g needs.
func (g *Grid) usedSlots() slots {
	var s slots
	for _, m := range g.months {
		for i, d := range m.view.Days {
			if _, ok := shownPhase(d.Moons); ok {
				s.moon = true
			}
			s.season = s.season || d.SeasonStart
			s.weather = s.weather || len(m.weather[i]) > 0
		}
	}
	return s
}
