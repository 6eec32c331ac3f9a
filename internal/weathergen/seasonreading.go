package weathergen

import "github.com/kanka-cli/kanka/almanac"

// SeasonReading is how one of the calendar's seasons was read: as the
// season of the place its name holds the word of, or as none. A name is
// read by the words it contains, so "Snowfall" is autumn; the picture
// shows the reading so that a game master sees it.
type SeasonReading struct {
	Name string `json:"name"`
	// As is winter, spring, summer or autumn, or "" for a name without
	// their words (nor fall's): its days lie between its neighbours'.
	As string `json:"as"`
}

// seasonWords are the kinds of season by name, in the order of the year.
var seasonWords = [4]string{winter: "winter", spring: "spring", summer: "summer", autumn: "autumn"}

// readSeasons is how SpanOf reads the seasons that start in a year, in
// their order: by seasonKind, as it lays the year.
func readSeasons(starts []almanac.SeasonStart) []SeasonReading {
	out := make([]SeasonReading, len(starts))
	for i, s := range starts {
		out[i] = SeasonReading{Name: s.Name}
		if kind := seasonKind(s.Name); kind != noSeason {
			out[i].As = seasonWords[kind]
		}
	}
	return out
}
