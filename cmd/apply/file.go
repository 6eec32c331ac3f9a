package apply

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	yaml "go.yaml.in/yaml/v3"
)

// The apply file:
//
//	calendars:
//	  - name: Harptos          # the identity; `id: N` pins one instead
//	    months: [...]          # every key `calendar create -f` accepts
//	    weather:               # optional
//	      - {date: 1492-1-1, weather: snowflake}
//
// Each calendar is read by client.DecodeCalendar (without its id and
// weather keys, which are apply's own) and each weather entry by
// client.DecodeWeather, so the file shape is the one of `calendar create
// -f` and `weather create -f`, problems and all.

// ReadSeed reads the seed at path: a file, standard input ("-"), or a
// directory, whose *.yaml, *.yml and *.json files are read in name order
// as one seed. Every problem of every file is a *cmdutil.UsageError naming
// the file and the line; nothing is sent before. Months written by name
// are resolved with the file's own months where it gives them; the others
// are left to ResolveWithServer.
func ReadSeed(ctx context.Context, streams *cmdutil.IOStreams, path string) (Seed, error) {
	paths := []string{path}
	if path != "-" {
		if st, err := os.Stat(path); err == nil && st.IsDir() {
			if paths, err = seedFiles(path); err != nil {
				return Seed{}, err
			}
		}
	}
	var seed Seed
	var problems []string
	for _, p := range paths {
		data, err := cmdutil.ReadInput(ctx, streams, p)
		if err != nil {
			return Seed{}, err
		}
		cals, err := decodeSeedFile(data, cmdutil.SourceName(p))
		if err != nil {
			// Every file is read, so that one run names every problem.
			problems = append(problems, err.Error())
			continue
		}
		seed.Calendars = append(seed.Calendars, cals...)
	}
	if len(problems) > 0 {
		return Seed{}, cmdutil.UsageErrorf("%s", strings.Join(problems, "\n"))
	}
	return seed, nil
}

// seedFiles are the seed files of directory dir, in name order.
func seedFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, &cmdutil.UsageError{Err: err}
	}
	var out []string
	for _, e := range entries { // ReadDir sorts by name
		switch strings.ToLower(filepath.Ext(e.Name())) {
		case ".yaml", ".yml", ".json":
			if !e.IsDir() {
				out = append(out, filepath.Join(dir, e.Name()))
			}
		}
	}
	if len(out) == 0 {
		return nil, cmdutil.UsageErrorf("%s: holds no .yaml, .yml or .json file", dir)
	}
	return out, nil
}

// decodeSeedFile decodes the text of one seed file; source names it in
// messages and in each calendar's and entry's Where.
func decodeSeedFile(data []byte, source string) ([]DesiredCalendar, error) {
	doc, err := cmdutil.ParseYAML(data, source)
	if err != nil {
		return nil, err
	}
	d := &seedDecoder{source: source}
	cals := d.document(doc)
	if len(d.problems) > 0 {
		return nil, cmdutil.InFile(source, &client.FileError{Problems: sortByLine(d.problems)})
	}
	return cals, nil
}

// seedDecoder gathers the problems of one file, with paths from the top of
// the document ("calendars[2].months[1].length").
type seedDecoder struct {
	source   string
	problems []client.FileProblem
}

func (d *seedDecoder) add(n *yaml.Node, path, format string, args ...any) {
	d.problems = append(d.problems, client.FileProblem{Line: n.Line, Path: path, Message: fmt.Sprintf(format, args...)})
}

// adopt takes the problems a client decoder found under path.
func (d *seedDecoder) adopt(path string, err error) {
	fe, ok := err.(*client.FileError)
	if !ok {
		d.problems = append(d.problems, client.FileProblem{Path: path, Message: err.Error()})
		return
	}
	for _, p := range fe.Problems {
		p.Path = joinPath(path, p.Path)
		d.problems = append(d.problems, p)
	}
}

// joinPath is "calendars[1]" + "months[2]", or + "[3].date".
func joinPath(prefix, path string) string {
	switch {
	case path == "":
		return prefix
	case strings.HasPrefix(path, "["):
		return prefix + path
	}
	return prefix + "." + path
}

func (d *seedDecoder) where(n *yaml.Node) string {
	return fmt.Sprintf("%s: line %d", d.source, n.Line)
}

// document reads the top: a mapping with one key, calendars.
func (d *seedDecoder) document(doc *yaml.Node) []DesiredCalendar {
	root := deAlias(doc)
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = deAlias(root.Content[0])
	}
	if root.Kind != yaml.MappingNode {
		d.add(root, "", "must be a mapping with the key calendars")
		return nil
	}
	var list *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], deAlias(root.Content[i+1])
		switch {
		case k.Value != "calendars":
			d.add(k, "", "unknown key %q (a seed file holds calendars:)", k.Value)
		case list != nil:
			d.add(k, "", "key %q is given twice", k.Value)
		default:
			list = v
		}
	}
	if list == nil {
		if len(d.problems) == 0 {
			d.add(root, "", "has no calendars: key")
		}
		return nil
	}
	if list.Kind != yaml.SequenceNode {
		if list.Kind == yaml.ScalarNode && list.ShortTag() == "!!null" {
			return nil // calendars: with nothing under it
		}
		d.add(list, "calendars", "must be a list")
		return nil
	}
	var out []DesiredCalendar
	for i, item := range list.Content {
		if cal, ok := d.calendar(deAlias(item), fmt.Sprintf("calendars[%d]", i+1)); ok {
			out = append(out, cal)
		}
	}
	return out
}

// calendar reads one calendar: id and weather here, the rest by
// client.DecodeCalendar.
func (d *seedDecoder) calendar(n *yaml.Node, path string) (DesiredCalendar, bool) {
	if n.Kind != yaml.MappingNode {
		d.add(n, path, "must be a mapping of keys")
		return DesiredCalendar{}, false
	}
	before := len(d.problems)
	cal := DesiredCalendar{Where: d.where(n)}
	rest := *n
	rest.Content = nil
	var weather *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], deAlias(n.Content[i+1])
		switch k.Value {
		case "id":
			cal.ID = d.id(v, joinPath(path, "id"))
		case "weather":
			if weather != nil {
				d.add(k, path, "key %q is given twice", k.Value)
			}
			weather = v
		default:
			rest.Content = append(rest.Content, n.Content[i], n.Content[i+1])
		}
	}
	in, err := client.DecodeCalendar(&rest)
	if err != nil {
		d.adopt(path, err)
	}
	for _, w := range in.WrittenNames() {
		w.Where = d.source + ": " + qualify(w.Where, path)
	}
	if in.Entry != nil {
		if p := client.EntryProblem(*in.Entry); p != "" {
			d.add(n, joinPath(path, "entry"), "%s", p)
		}
	}
	cal.Input = in
	if weather != nil {
		cal.Weather = d.weather(weather, joinPath(path, "weather"))
	}
	if len(d.problems) > before {
		return DesiredCalendar{}, false
	}
	// With its own months the file says what its month names mean.
	if len(cal.Input.Months) > 0 {
		d.resolveOwnMonths(&cal)
	}
	return cal, len(d.problems) == before
}

// id reads `id: N`, a whole number (Check refuses one below 1).
func (d *seedDecoder) id(v *yaml.Node, path string) int {
	if v.Kind == yaml.ScalarNode && v.ShortTag() != "!!float" {
		if n, err := strconv.Atoi(strings.TrimSpace(v.Value)); err == nil {
			return n
		}
	}
	d.add(v, path, "%q is not a calendar id (a whole number)", v.Value)
	return 0
}

// weather reads the calendar's weather list; null is an empty list (the
// calendar's weather managed as "none").
func (d *seedDecoder) weather(n *yaml.Node, path string) []DesiredWeather {
	out := []DesiredWeather{}
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" {
		return out
	}
	if n.Kind != yaml.SequenceNode {
		d.add(n, path, "must be a list")
		return out
	}
	for i, item := range n.Content {
		item = deAlias(item)
		p := fmt.Sprintf("%s[%d]", path, i+1)
		in, err := client.DecodeWeather(item)
		if err != nil {
			d.adopt(p, err)
			continue
		}
		if in.Written != nil {
			in.Written.Where = d.source + ": " + qualify(in.Written.Where, p)
		}
		out = append(out, DesiredWeather{Where: d.where(item), Input: in})
	}
	return out
}

// resolveOwnMonths turns the month names of cal (its date's, seasons',
// leap month's, and its weather dates') into numbers with the months the
// file gives it.
func (d *seedDecoder) resolveOwnMonths(cal *DesiredCalendar) {
	if err := cal.Input.ResolveMonths(); err != nil {
		d.problems = append(d.problems, unplaced(err, d.source)...)
	}
	if hasNamedWeather(cal.Weather) {
		r, err := cal.Input.NamesReckoning()
		if err != nil {
			return // the calendar's own validation says why
		}
		for i := range cal.Weather {
			if err := cal.Weather[i].Input.ResolveDate(r); err != nil {
				d.problems = append(d.problems, unplaced(err, d.source)...)
			}
		}
	}
}

// unplaced are the lines of err (which name the file and the line
// already, from Written.Where) as problems, without the source InFile adds
// again.
func unplaced(err error, source string) []client.FileProblem {
	var out []client.FileProblem
	for _, l := range strings.Split(err.Error(), "\n") {
		line := 0
		rest := strings.TrimPrefix(l, source+": ")
		if num, msg, ok := strings.Cut(strings.TrimPrefix(rest, "line "), ": "); ok && strings.HasPrefix(rest, "line ") {
			if n, err := strconv.Atoi(num); err == nil {
				line, rest = n, msg
			}
		}
		out = append(out, client.FileProblem{Line: line, Message: rest})
	}
	return out
}

// qualify puts the calendar's path before the key of where ("line 5:
// date" -> "line 5: calendars[1].date").
func qualify(where, path string) string {
	head, key, ok := strings.Cut(where, ": ")
	if !ok {
		return where + ": " + path
	}
	return head + ": " + joinPath(path, key)
}

func deAlias(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

func sortByLine(ps []client.FileProblem) []client.FileProblem {
	out := slices.Clone(ps)
	slices.SortStableFunc(out, func(a, b client.FileProblem) int { return cmp.Compare(a.Line, b.Line) })
	return out
}

func hasNamedWeather(ws []DesiredWeather) bool {
	for _, w := range ws {
		if w.Input.Written != nil {
			return true
		}
	}
	return false
}
