package apply

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// The apply file:
//
//	calendars:
//	  - name: Harptos          # the identity; `id: N` pins one instead
//	    months: [...]          # every key `calendar create -f` accepts
//	    weather:               # optional
//	      - {date: 1492-1-1, weather: snowflake}
//	    reminders:             # optional, on the calendar's own entity
//	      - {date: 1492-1-1, comment: New year, repeat: year}
//
// client.DecodeSeed reads it with the reader of `calendar create -f` and
// `weather create -f` files, so each calendar and entry has their shape,
// problems and all; here it is only found and named.

// ReadSeed reads the seed at path: a file, standard input ("-"), or a
// directory, whose *.yaml, *.yml and *.json files (seedFiles: not hidden,
// not an editor's lock or backup) are read in name order as one seed. Every problem of every file is a *cmdutil.UsageError naming
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
	sources := make([]string, len(paths))
	for i, p := range paths {
		data, err := cmdutil.ReadInput(ctx, streams, p)
		if err != nil {
			return Seed{}, err
		}
		sources[i] = cmdutil.SourceName(p)
		cals, err := decodeSeedFile(data, sources[i])
		if err != nil {
			// Every file is read, so that one run names every problem.
			problems = append(problems, strings.Split(err.Error(), "\n")...)
		}
		seed.Calendars = append(seed.Calendars, cals...)
	}
	if len(problems) == 0 {
		return seed, nil
	}
	// What Check finds in the calendars and entries that were read (two
	// entries on one date, a date the calendar lacks) is said with the
	// files' problems, each at its place, in the order of the files and
	// their lines: one run names them all.
	var checked *cmdutil.Problems
	if errors.As(Check(seed.Resolved()), &checked) {
		for _, p := range checked.List {
			problems = append(problems, p.String())
		}
	}
	slices.SortStableFunc(problems, func(a, b string) int {
		fileA, lineA := placeOf(a, sources)
		fileB, lineB := placeOf(b, sources)
		return cmp.Or(cmp.Compare(fileA, fileB), cmp.Compare(lineA, lineB))
	})
	return Seed{}, cmdutil.UsageErrorf("%s", strings.Join(problems, "\n"))
}

// placeOf is where a problem ("seed.yaml: line 4: ...") is: the index of
// its file in sources and its line; past every file and line when it names
// neither.
func placeOf(problem string, sources []string) (file, line int) {
	for i, source := range sources {
		rest, ok := strings.CutPrefix(problem, source+": line ")
		if !ok {
			continue
		}
		n, _, _ := strings.Cut(rest, ":")
		if line, err := strconv.Atoi(n); err == nil {
			return i, line
		}
		return i, math.MaxInt
	}
	return len(sources), math.MaxInt
}

// seedFiles are the seed files of directory dir, in name order: its
// *.yaml, *.yml and *.json files (in any case), but not a hidden one nor
// what an editor leaves beside the file it edits (leftover).
func seedFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, &cmdutil.UsageError{Err: err}
	}
	var out []string
	for _, e := range entries { // ReadDir sorts by name
		if e.IsDir() || leftover(e.Name()) {
			continue
		}
		switch strings.ToLower(filepath.Ext(e.Name())) {
		case ".yaml", ".yml", ".json":
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	if len(out) == 0 {
		return nil, cmdutil.UsageErrorf("%s: holds no seed file (*.yaml, *.yml or *.json, not hidden, not an editor's lock or backup)", dir)
	}
	return out, nil
}

// leftover reports whether a file of a seed directory is hidden or an
// editor's, not a seed: a hidden file (.x, which takes in Emacs's lock
// .#x, most often a link to nowhere, and Vim's swap .x.swp), a backup
// (x~) or an auto-save file (#x#, and #x#.yaml).
func leftover(name string) bool {
	stem := strings.TrimSuffix(name, filepath.Ext(name))
	return strings.HasPrefix(name, ".") || strings.HasSuffix(name, "~") ||
		strings.HasPrefix(name, "#") && (strings.HasSuffix(name, "#") || strings.HasSuffix(stem, "#"))
}

// decodeSeedFile decodes the text of one seed file with client.DecodeSeed;
// source names it in messages and in each calendar's and entry's Where.
// With its problems come the calendars read without any.
func decodeSeedFile(data []byte, source string) ([]DesiredCalendar, error) {
	doc, err := cmdutil.ParseYAML(data, source)
	if err != nil {
		return nil, err
	}
	seeds, err := client.DecodeSeed(doc)
	ps := &cmdutil.Problems{}
	ps.AddFile(source, err)
	var cals []DesiredCalendar
	for _, sc := range seeds {
		sc, start, problems := withPreset(sc, source)
		for _, p := range problems {
			ps.Add("", "%s", p)
		}
		if len(problems) == 0 {
			cal := desiredCalendar(sc, source)
			cal.Start = start
			cals = append(cals, cal)
		}
	}
	return cals, ps.Err()
}

// desiredCalendar is sc of the file source, the names its months are left
// to be read with (ResolveWithServer) naming the file too.
func desiredCalendar(sc client.SeedCalendar, source string) DesiredCalendar {
	cal := DesiredCalendar{Where: lineOf(source, sc.Line), ID: sc.ID, Input: sc.Input}
	for _, w := range cal.Input.WrittenNames() {
		w.Where = source + ": " + w.Where
	}
	if sc.Weather != nil {
		cal.Weather = make([]DesiredWeather, 0, len(sc.Weather))
	}
	for _, sw := range sc.Weather {
		if sw.Input.Written != nil {
			sw.Input.Written.Where = source + ": " + sw.Input.Written.Where
		}
		cal.Weather = append(cal.Weather, DesiredWeather{Where: lineOf(source, sw.Line), Input: sw.Input})
	}
	if sc.Reminders != nil {
		cal.Reminders = make([]DesiredReminder, 0, len(sc.Reminders))
	}
	for _, sr := range sc.Reminders {
		if sr.Input.Written != nil {
			sr.Input.Written.Where = source + ": " + sr.Input.Written.Where
		}
		cal.Reminders = append(cal.Reminders, DesiredReminder{Where: lineOf(source, sr.Line), ID: sr.ID, Input: sr.Input})
	}
	return cal
}

// lineOf is "cal.yaml: line 3".
func lineOf(source string, line int) string { return fmt.Sprintf("%s: line %d", source, line) }

// hasNamedDates says whether an entry of ws or a reminder of rs has a
// month name left to read with the server's months.
func hasNamedDates(ws []DesiredWeather, rs []DesiredReminder) bool {
	for _, w := range ws {
		if w.Input.Written != nil {
			return true
		}
	}
	for _, r := range rs {
		if r.Input.Written != nil {
			return true
		}
	}
	return false
}
