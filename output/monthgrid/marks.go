package monthgrid

import (
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// A day's cell is its number followed by one-column marks, in fixed
// slots: the weather, a reminder, then the moon's phase, then a season's
// start. A slot exists only when some day shown uses it, so a calendar
// without moons or seasons gets narrower cells. Where the cells must
// narrow (cellLayouts), the moon and the season share a slot, then leave
// the cell to the legend; the weather and the reminder stay as long as the
// grid does, sharing a slot (the reminder's first) only at the last.

// symbols are the marks in one character set.
type symbols struct {
	phase    map[almanac.Phase]string
	season   string
	reminder string
	// weather is the mark of each weather code; otherWeather the mark of
	// any other text.
	weather      map[string]string
	otherWeather string
}

var (
	unicodeSymbols = symbols{
		phase: map[almanac.Phase]string{
			almanac.PhaseFull: "○", almanac.PhaseNew: "●",
			almanac.PhaseFirstQuarter: "◐", almanac.PhaseLastQuarter: "◑",
		},
		season:       "✦",
		reminder:     unicodeReminderMark,
		weather:      weatherMarks(0),
		otherWeather: "?",
	}
	// The ASCII marks keep the shapes: an open and a filled disc, the lit
	// half of a quarter moon; the weather by a letter of its word, or a
	// shape (x a flake, z a bolt, = fog's lines, ~ wind).
	asciiSymbols = symbols{
		phase: map[almanac.Phase]string{
			almanac.PhaseFull: "O", almanac.PhaseNew: "@",
			almanac.PhaseFirstQuarter: ")", almanac.PhaseLastQuarter: "(",
		},
		season:       "+",
		reminder:     asciiReminderMark,
		weather:      weatherMarks(1),
		otherWeather: "?",
	}
)

// weatherKinds are Kanka's weather codes (client.WeatherCodes) as the grid
// shows them: a UTF-8 mark, an ASCII mark, and words. The UTF-8 marks are
// one column wide in every library and terminal that draws East Asian
// ambiguous characters narrow (as the moons need too), in their text
// style; rain of every kind is one umbrella (the words tell them apart).
// The order is the legend's for a whole year.
var weatherKinds = []struct {
	code, unicode, ascii, words string
}{
	{"sun", "☀", "s", "sun"},
	{"cloud-sun", "☼", "p", "sun and cloud"},
	{"cloud", "☁", "c", "cloud"},
	{"cloud-sun-rain", "☂", "r", "showers"},
	{"cloud-rain", "☂", "r", "rain"},
	{"cloud-showers-heavy", "☂", "r", "heavy rain"},
	{"bolt", "↯", "z", "thunderstorm"},
	{"snowflake", "❄", "x", "snow"},
	{"wind", "≈", "~", "wind"},
	{"smog", "≡", "=", "fog"},
	{"meteor", "☄", "m", "meteors"},
}

// weatherMarks maps each code to its mark in one set (0 UTF-8, 1 ASCII).
func weatherMarks(set int) map[string]string {
	marks := map[string]string{}
	for _, k := range weatherKinds {
		marks[k.code] = []string{k.unicode, k.ascii}[set]
	}
	return marks
}

// weatherMark is the mark of an entry's weather code.
func (s symbols) weatherMark(code string) string {
	if m, ok := s.weather[code]; ok {
		return m
	}
	return s.otherWeather
}

// WeatherMark is the mark the grid shows for a weather code: UTF-8 or
// ASCII, "?" for a text that is none of Kanka's codes.
func WeatherMark(code string, unicode bool) string {
	if unicode {
		return unicodeSymbols.weatherMark(code)
	}
	return asciiSymbols.weatherMark(code)
}

// WeatherWords says an entry's weather in words, as the legend does.
func WeatherWords(w Weather) string { return weatherWords(w) }

// weatherWords says an entry's weather in words: a code's ("heavy rain"
// for cloud-showers-heavy), else the text as written (made safe), else
// the entry's name; "" when it has none of them.
func weatherWords(w Weather) string {
	for _, k := range weatherKinds {
		if k.code == w.Code {
			return k.words
		}
	}
	if words := clean(strings.TrimSpace(w.Code)); words != "" {
		return words
	}
	return clean(strings.TrimSpace(w.Name))
}

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

// slots says which kinds of mark some day shown has.
type slots struct{ weather, reminder, moon, season bool }

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
			s.reminder = s.reminder || len(m.reminders[i]) > 0
		}
	}
	return s
}
