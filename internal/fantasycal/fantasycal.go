// Package fantasycal holds the rules of Fantasy-Calendar that both of
// kanka's directions need, so that a file kanka writes reads back the way
// kanka reads the tool's own files (docs/formats.md, section 1).
package fantasycal

// Granularity is how many phases Fantasy-Calendar draws for a moon of the
// cycle: its get_moon_granularity (docs/formats.md 1.1).
func Granularity(cycle float64) int {
	switch {
	case cycle >= 40:
		return 40
	case cycle >= 24:
		return 24
	case cycle >= 16:
		return 16
	case cycle >= 8:
		return 8
	}
	return 4
}

// EventColour is one of Fantasy-Calendar's event colours and its shade.
type EventColour struct{ Name, Hex string }

// EventColours are Fantasy-Calendar's event colours, in its order (the
// table Calendarium's importer keeps, docs/formats.md 1.6). The first,
// Dark-Solid, is the colour it gives an event nobody coloured.
var EventColours = []EventColour{
	{"Dark-Solid", "#000000"}, {"Red", "#9b2c2c"}, {"Pink", "#880e4f"}, {"Purple", "#4a148c"},
	{"Deep-Purple", "#311b92"}, {"Blue", "#0d47a1"}, {"Light-Blue", "#0288d1"}, {"Cyan", "#006064"},
	{"Teal", "#004d40"}, {"Green", "#2e7d32"}, {"Light-Green", "#7cb342"}, {"Lime", "#9e9d24"},
	{"Yellow", "#ffeb3b"}, {"Orange", "#ff9100"}, {"Blue-Grey", "#455a64"},
}
