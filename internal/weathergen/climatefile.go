package weathergen

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	yaml "go.yaml.in/yaml/v3"
)

// A climate file is YAML (or JSON), the shape of the files in climates/:
//
//	name: temperate
//	summary: mild, grey and damp all year
//	place: London (Greenwich), United Kingdom
//	period: 1971–2000
//	source: https://...
//	wet_day: 1 mm or more
//	hemisphere: north
//	spread: 3
//	wind: 16
//	prevailing: SW
//	months:
//	  - {month: Jan, high: 8.3, low: 2.6, wet_days: 10.8, precipitation: 51.6}
//	  - ... twelve in all, January first
//
// name, months and, in each month, high, low and wet_days are required;
// the rest have defaults. It is read strictly: an unknown key, a value of
// the wrong kind or out of range is a problem named by its line and key,
// and every problem of the file is said at once.

// Defaults of a climate file.
const (
	defaultSpread     = 3.0
	defaultWind       = 15.0
	defaultPrevailing = "W"
)

// Bounds of a climate file's values: generous enough for any place on
// Earth and most beyond it, tight enough to keep the arithmetic exact.
const (
	minTemperature   = -90.0
	maxTemperature   = 60.0
	maxSpread        = 15.0
	maxWind          = 200.0
	maxPrecipitation = 5000.0
	maxTextLength    = 500
)

// climateKeys and monthKeys are the keys a climate file may use, in the
// order the files write them.
var (
	climateKeys = []string{"name", "summary", "place", "period", "source", "wet_day", "hemisphere", "spread", "wind", "prevailing", "months"}
	monthKeys   = []string{"month", "high", "low", "wet_days", "precipitation", "spread", "wind"}
)

// climateNamePattern is what a climate's name may be: one word that a
// shell completes and a flag takes without quotes.
// Compiled when first used, not when kanka starts.
var climateNamePattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`) })

// LoadClimate reads a climate file. Its error lists every problem, one a
// line, each with the line and key it is at:
// `line 7: months[2].high: "warm" is not a number`.
func LoadClimate(data []byte) (Climate, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return Climate{}, errors.New("the climate file is empty")
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return Climate{}, errors.New(strings.TrimPrefix(err.Error(), "yaml: "))
	}
	r := climateReader{}
	c := r.climate(&doc)
	return c, r.err()
}

// fileProblem is one problem of a climate file, at its line and key.
type fileProblem struct {
	line    int
	path    string
	message string
}

func (p fileProblem) String() string {
	switch {
	case p.line == 0 && p.path == "":
		return p.message
	case p.line == 0:
		return p.path + ": " + p.message
	case p.path == "":
		return fmt.Sprintf("line %d: %s", p.line, p.message)
	}
	return fmt.Sprintf("line %d: %s: %s", p.line, p.path, p.message)
}

// climateReader reads the nodes of one climate file and gathers its problems.
type climateReader struct {
	problems []fileProblem
	// keys are the key nodes read, by path: a problem of a whole value
	// (twelve months) is said at its key's line.
	keys map[string]*yaml.Node
}

func (r *climateReader) add(n *yaml.Node, path, format string, args ...any) {
	line := 0
	if n != nil {
		line = n.Line
	}
	r.problems = append(r.problems, fileProblem{line: line, path: path, message: fmt.Sprintf(format, args...)})
}

// err is the problems, in the order of their lines, as one error.
func (r *climateReader) err() error {
	if len(r.problems) == 0 {
		return nil
	}
	slices.SortStableFunc(r.problems, func(a, b fileProblem) int { return cmp.Compare(a.line, b.line) })
	lines := make([]string, len(r.problems))
	for i, p := range r.problems {
		lines[i] = p.String()
	}
	return errors.New(strings.Join(lines, "\n"))
}

// resolve follows an alias to the node it names. The file's shape bounds
// how often a node is read (twelve months of seven scalars), so an alias
// cannot make the reading grow.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// entries are the keys and values of mapping n, checked against known:
// an unknown or repeated key is a problem.
func (r *climateReader) entries(n *yaml.Node, path string, known []string) map[string]*yaml.Node {
	out := map[string]*yaml.Node{}
	keyLine := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), n.Content[i+1]
		key := k.Value
		where := joinPath(path, key)
		switch {
		case k.Kind != yaml.ScalarNode:
			r.add(k, path, "a key must be a word")
		case !slices.Contains(known, key):
			msg := fmt.Sprintf("unknown key %q (the keys are %s)", key, strings.Join(known, ", "))
			r.add(k, path, "%s", msg)
		case keyLine[key] != 0:
			r.add(k, where, "is given twice (first at line %d)", keyLine[key])
		default:
			keyLine[key] = k.Line
			out[key] = v
			if r.keys == nil {
				r.keys = map[string]*yaml.Node{}
			}
			r.keys[where] = k
		}
	}
	return out
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func (r *climateReader) climate(doc *yaml.Node) Climate {
	root := doc
	if root.Kind == yaml.DocumentNode && len(root.Content) > 0 {
		root = root.Content[0]
	}
	root = resolve(root)
	if root == nil || root.Kind != yaml.MappingNode {
		r.add(root, "", "a climate file is a mapping of keys (name, place, months, ...)")
		return Climate{}
	}
	e := r.entries(root, "", climateKeys)
	c := Climate{Spread: defaultSpread, Wind: defaultWind, Prevailing: defaultPrevailing}
	if e["name"] == nil {
		// Said at the mapping's line, as a month's missing key is at its
		// month's: a key that is not there has no line of its own.
		r.add(root, "name", "is missing")
	}
	c.Name = r.text(e, "name", "", true)
	if c.Name != "" && !climateNamePattern().MatchString(c.Name) {
		r.add(e["name"], "name", "%q is not a name: use lower-case letters, digits, - and _, no spaces", c.Name)
	}
	c.Summary = r.text(e, "summary", "", false)
	c.Place = r.text(e, "place", "", false)
	c.Period = r.text(e, "period", "", false)
	c.Source = r.text(e, "source", "", false)
	c.WetDay = r.text(e, "wet_day", "", false)
	switch h := strings.ToLower(r.text(e, "hemisphere", "", false)); h {
	case "", "north":
	case "south":
		c.South = true
	default:
		r.add(e["hemisphere"], "hemisphere", "%q is not north or south", h)
	}
	if s, ok := r.number(e, "spread", "", 0.1, maxSpread); ok {
		c.Spread = s
	}
	if w, ok := r.number(e, "wind", "", 0, maxWind); ok {
		c.Wind = w
	}
	if p := r.text(e, "prevailing", "", false); p != "" {
		if i := directionIndex(p); i < 0 {
			r.add(e["prevailing"], "prevailing", "%q is not a direction: one of %s", p, strings.Join(directions[:], ", "))
		} else {
			c.Prevailing = directions[i]
		}
	}
	r.months(e["months"], root, &c)
	return c
}

// directionIndex is the index of direction d ("sw", "SW") in directions,
// or -1.
func directionIndex(d string) int {
	return slices.Index(directions[:], strings.ToUpper(strings.TrimSpace(d)))
}

func (r *climateReader) months(raw, parent *yaml.Node, c *Climate) {
	n := resolve(raw)
	if n == nil {
		r.add(parent, "months", "is missing: a climate needs its twelve months, January first")
		return
	}
	if n.Kind != yaml.SequenceNode {
		r.add(r.keys["months"], "months", "is not a list: a climate needs its twelve months, January first")
		return
	}
	if len(n.Content) != 12 {
		r.add(r.keys["months"], "months", "has %d months; a climate needs twelve, January first", len(n.Content))
		if len(n.Content) > 12 {
			return
		}
	}
	for i, item := range n.Content {
		r.month(item, i, &c.Months[i])
	}
}

func (r *climateReader) month(raw *yaml.Node, i int, m *Month) {
	path := fmt.Sprintf("months[%d]", i+1)
	n := resolve(raw)
	if n.Kind != yaml.MappingNode {
		r.add(n, path, "is not a mapping of keys (high, low, wet_days, ...)")
		return
	}
	e := r.entries(n, path, monthKeys)
	if name := r.text(e, "month", path, false); name != "" && !strings.EqualFold(name, MonthAbbrev[i]) && !strings.EqualFold(name, monthFull[i]) {
		r.add(e["month"], path+".month", "%q is not %s: the months run January to December", name, MonthAbbrev[i])
	}
	high, okHigh := r.required(n, e, "high", path, minTemperature, maxTemperature)
	low, okLow := r.required(n, e, "low", path, minTemperature, maxTemperature)
	if okHigh && okLow && low > high {
		r.add(e["low"], path+".low", "%s is above the high, %s", formatNumber(low), formatNumber(high))
	}
	m.High, m.Low = high, low
	m.WetDays, _ = r.required(n, e, "wet_days", path, 0, float64(placeMonthDays[i]))
	m.Precipitation, _ = r.number(e, "precipitation", path, 0, maxPrecipitation)
	m.Spread, _ = r.number(e, "spread", path, 0.1, maxSpread)
	m.Wind, _ = r.number(e, "wind", path, 0, maxWind)
}

var monthFull = [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

// text is the text at key of e. An empty required key is a problem (a
// missing one is its caller's to say, at its mapping's line).
func (r *climateReader) text(e map[string]*yaml.Node, key, path string, required bool) string {
	where := joinPath(path, key)
	n := resolve(e[key])
	switch {
	case n == nil:
		return ""
	case n.Kind != yaml.ScalarNode:
		r.add(n, where, "is not text")
		return ""
	case n.Tag == "!!null":
		if required {
			r.add(n, where, "is empty")
		}
		return ""
	case len(n.Value) > maxTextLength:
		r.add(n, where, "is longer than %d characters", maxTextLength)
		return ""
	}
	v := strings.TrimSpace(n.Value)
	if v == "" && required {
		r.add(n, where, "is empty")
	}
	// A climate's texts are printed (kanka weather climates, the
	// summary of generate): an ESC sequence in them would run in the
	// terminal.
	if i := strings.IndexFunc(v, unicode.IsControl); i >= 0 {
		r.add(n, where, "holds a control character (U+%04X)", []rune(v[i:])[0])
		return ""
	}
	return v
}

// required is the number at key of month e, which must be there.
func (r *climateReader) required(month *yaml.Node, e map[string]*yaml.Node, key, path string, lo, hi float64) (float64, bool) {
	if e[key] == nil {
		r.add(month, joinPath(path, key), "is missing")
		return 0, false
	}
	return r.number(e, key, path, lo, hi)
}

// number is the number at key of e, between lo and hi; ok is false when it
// is absent or a problem.
func (r *climateReader) number(e map[string]*yaml.Node, key, path string, lo, hi float64) (float64, bool) {
	where := joinPath(path, key)
	n := resolve(e[key])
	if n == nil {
		return 0, false
	}
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") {
		r.add(n, where, "%q is not a number", nodeText(n))
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		r.add(n, where, "%q is not a number", n.Value)
		return 0, false
	}
	if v < lo || v > hi {
		r.add(n, where, "%s is out of range: it lies between %s and %s", n.Value, formatNumber(lo), formatNumber(hi))
		return 0, false
	}
	return v, true
}

// nodeText is how a node is quoted in a message: a scalar's text, else
// its kind.
func nodeText(n *yaml.Node) string {
	switch n.Kind {
	case yaml.ScalarNode:
		return n.Value
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	}
	return ""
}

func formatNumber(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
