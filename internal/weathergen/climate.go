package weathergen

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/kanka-cli/kanka/internal/suggest"
)

// Climate is the year of weather of one real place: its monthly normals
// (what the model is calibrated against) and the few choices of the model
// that normals do not give (how much days vary, the wind). A climate file
// (LoadClimate) has the same shape as the built-in ones in climates/.
type Climate struct {
	// Name is what --climate takes: one word, lower case.
	Name string
	// Summary says in a few words what the weather is like.
	Summary string
	// Place is the real place whose normals these are, with its station.
	Place string
	// Period is the span of years the normals describe ("1991–2020").
	Period string
	// Source is where the normals were published (an address).
	Source string
	// WetDay is the precipitation a day needs to count as wet in the
	// source ("1 mm or more").
	WetDay string
	// South says the place is in the southern hemisphere: its winter is
	// June to August, which matters when a calendar's seasons are mapped
	// onto its year.
	South bool
	// Spread is how far a day's temperature strays from the normal: the
	// standard deviation of the daily anomaly, in °C. A month may set its
	// own.
	Spread float64
	// Wind is the typical daytime wind in km/h; a month may set its own.
	Wind float64
	// Prevailing is the direction the wind most often blows from: one of
	// N, NE, E, SE, S, SW, W, NW.
	Prevailing string
	// Months are January to December of the place.
	Months [12]Month
}

// Month is one month of the place's normals.
type Month struct {
	// High and Low are the mean daily maximum and minimum, in °C.
	High, Low float64
	// WetDays is the mean number of wet days (see Climate.WetDay).
	WetDays float64
	// Precipitation is the mean monthly total in mm.
	Precipitation float64
	// Spread and Wind, when not zero, replace the climate's for this month.
	Spread, Wind float64
}

// placeMonthDays are the lengths of the place's months: normals are kept
// for a common year.
var placeMonthDays = [12]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}

// placeYearDays is the length of the place's year.
const placeYearDays = 365

// MonthAbbrev names the months of the place, as a climate file writes them
// (and kanka weather climates shows them).
var MonthAbbrev = [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// directions are the eight points of the compass, clockwise from north.
var directions = [8]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}

//go:embed climates/*.yaml
var builtinFiles embed.FS

// builtin holds the climates of climates/, read once, when first asked
// for: a file that does not load is a fault of the build, which the
// package's tests catch, and it must not stop every other command of the
// binary at its start.
var builtin = sync.OnceValue(loadBuiltin)

func loadBuiltin() []Climate {
	names, err := fs.Glob(builtinFiles, "climates/*.yaml")
	if err != nil {
		panic(err)
	}
	var out []Climate
	for _, name := range names {
		data, err := builtinFiles.ReadFile(name)
		if err != nil {
			panic(err)
		}
		c, err := LoadClimate(data)
		if err != nil {
			panic(fmt.Sprintf("%s: %v", name, err))
		}
		if want := strings.TrimSuffix(path.Base(name), ".yaml"); c.Name != want {
			panic(fmt.Sprintf("%s: the climate is named %q: a built-in climate's file is named for it", name, c.Name))
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Climate) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Climates lists the built-in climates by name.
func Climates() []Climate { return slices.Clone(builtin()) }

// ClimateNames lists the names of the built-in climates, as completion
// and the help of --climate offer them: the names of their files
// (climates/NAME.yaml, which loadBuiltin holds to the name inside), so
// that building the command tree parses none of them.
func ClimateNames() []string {
	files, _ := fs.Glob(builtinFiles, "climates/*.yaml")
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = strings.TrimSuffix(path.Base(f), ".yaml")
	}
	slices.Sort(names)
	return names
}

// ClimateByName is the built-in climate called name, in any case. An
// unknown name is an error that lists the climates and names the nearest.
func ClimateByName(name string) (Climate, error) {
	want := strings.TrimSpace(name)
	for _, c := range builtin() {
		if strings.EqualFold(c.Name, want) {
			return c, nil
		}
	}
	names := ClimateNames()
	msg := fmt.Sprintf("unknown climate %q: the climates are %s", name, strings.Join(names, ", "))
	if near, ok := offered(want); ok {
		msg += fmt.Sprintf("; did you mean %q (%s)?", near.climate, near.kind)
	} else if near, ok := suggest.Nearest(want, names); ok {
		msg += fmt.Sprintf("; did you mean %q?", near)
	}
	return Climate{}, fmt.Errorf("%s", msg)
}

// otherClimate is the built-in climate a common name stands for, and the
// kind of climate that name is.
type otherClimate struct{ climate, kind string }

// otherName is a name as otherNames keys it: lower case, its words joined
// by "-" ("Ice cap", "ice_cap" and "ICE-CAP" are "ice-cap").
func otherName(name string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == ' ' || r == '_' || r == '-' }), "-")
}

// otherNames are the common names of the Köppen climates the built-in
// ones model, which a game master may type for them: no spelling is near
// enough for a suggestion ("rainforest" is not "tropical"), so they are
// offered by name. They are offered, not taken, so that a script names
// the climate as kanka lists it.
var otherNames = map[string]otherClimate{
	"rainforest":        {"tropical", "tropical rainforest"},
	"jungle":            {"tropical", "tropical rainforest"},
	"equatorial":        {"tropical", "tropical rainforest"},
	"oceanic":           {"temperate", "oceanic"},
	"maritime":          {"temperate", "oceanic"},
	"arid":              {"desert", "hot desert"},
	"semiarid":          {"steppe", "cold semi-arid"},
	"semi-arid":         {"steppe", "cold semi-arid"},
	"prairie":           {"steppe", "cold semi-arid"},
	"arctic":            {"tundra", "tundra"},
	"icecap":            {"polar", "ice cap"},
	"ice-cap":           {"polar", "ice cap"},
	"antarctic":         {"polar", "ice cap"},
	"wet-dry":           {"savanna", "tropical savanna"},
	"humid-continental": {"continental", "humid continental"},
}

// offered is the built-in climate a common name stands for: a name of
// otherNames, or a kind the suggestion names ("tropical rainforest").
func offered(name string) (otherClimate, bool) {
	key := otherName(name)
	if near, ok := otherNames[key]; ok {
		return near, true
	}
	for _, near := range otherNames {
		if otherName(near.kind) == key {
			return near, true
		}
	}
	return otherClimate{}, false
}

// monthSpread is the spread of month m (0-based), in °C.
func (c Climate) monthSpread(m int) float64 {
	if s := c.Months[m].Spread; s > 0 {
		return s
	}
	return c.Spread
}

// monthWind is the typical wind of month m (0-based), in km/h.
func (c Climate) monthWind(m int) float64 {
	if w := c.Months[m].Wind; w > 0 {
		return w
	}
	return c.Wind
}

// ClimateFile is the file of the built-in climate called name, as it is
// kept: a start for a climate of one's own (--climate-file).
func ClimateFile(name string) ([]byte, bool) {
	data, err := builtinFiles.ReadFile("climates/" + strings.ToLower(name) + ".yaml")
	return data, err == nil && slices.Contains(ClimateNames(), strings.ToLower(name))
}
