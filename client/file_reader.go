package client

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/internal/suggest"
	yaml "go.yaml.in/yaml/v3"
)

// The files of kanka (-f, and later apply) are YAML or JSON: what `get -o
// yaml` prints, or the server's own JSON (`get -o json`), which writes some
// numbers and flags as text ("length": "30", "skip_year_zero": "0") and an
// empty mapping as []. The decoders here read both from yaml.v3 nodes, so
// every problem names its line, and collect every problem of a document
// instead of stopping at the first.

// FileProblem is one problem of a file, at its line.
type FileProblem struct {
	Line int
	// Path names the key: "months[2].length", "[3].date" ("" for the
	// document itself).
	Path    string
	Message string
}

func (p FileProblem) String() string {
	if p.Line == 0 {
		return p.Message
	}
	return p.place() + ": " + p.Message
}

// place is "line 4: months[2].length", or "line 4" for the document.
func (p FileProblem) place() string {
	if p.Path == "" {
		return fmt.Sprintf("line %d", p.Line)
	}
	return fmt.Sprintf("line %d: %s", p.Line, p.Path)
}

// FileError is every problem of a document, in line order, one per line of
// Error().
type FileError struct{ Problems []FileProblem }

func (e *FileError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// fileReader reads values leniently and collects the problems. Every
// mapping and list of a document is entered through its pairs and items,
// which follow the aliases and merge keys, each value through visit: so
// every file kanka reads is read within the bounds of file_bounds.go (a few
// lines of anchors can name millions of values, or themselves).
type fileReader struct {
	problems []FileProblem
	// spent is shared by the readers of one document (see bounds).
	spent *fileBounds
}

func (r *fileReader) add(n *yaml.Node, path, format string, args ...any) {
	r.problems = append(r.problems, FileProblem{Line: n.Line, Path: path, Message: fmt.Sprintf(format, args...)})
}

func (r *fileReader) err() error {
	if broken := r.bounds().broken; broken != nil {
		return &FileError{Problems: []FileProblem{*broken}}
	}
	if len(r.problems) == 0 {
		return nil
	}
	slices.SortStableFunc(r.problems, func(a, b FileProblem) int { return cmp.Compare(a.Line, b.Line) })
	return &FileError{Problems: r.problems}
}

// resolveAlias follows an alias (*name) to its anchor.
func resolveAlias(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < maxAliasHops; i++ {
		n = n.Alias
	}
	return n
}

// maxAliasHops bounds a chain of aliases: yaml.v3 makes none longer than
// one, but a node tree built by hand may loop.
const maxAliasHops = 100

// documentRoot is the value of a document node (what yaml.Unmarshal into
// a yaml.Node gives), or n itself.
func documentRoot(n *yaml.Node) *yaml.Node {
	if n != nil && n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	return resolveAlias(n)
}

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" }

func keyPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// pairs calls each with every key of mapping n and its value, merged keys
// (<<: *defaults) after the keys written, a key written twice refused. each
// returns false for a key it does not know; the problem then names the
// nearest of known, the keys the mapping takes ("weekday": did you mean
// "weekdays"?).
func (r *fileReader) pairs(n *yaml.Node, path string, known []string, each func(key string, v *yaml.Node, path string) bool) {
	r.pairsHinted(n, path, "", known, each)
}

// pairsHinted is pairs with hint said after each unknown key (" (a seed
// file holds calendars:)") instead of the nearest known key, for a mapping
// whose keys are not a table's fields: the hint says what it holds.
func (r *fileReader) pairsHinted(n *yaml.Node, path, hint string, known []string, each func(key string, v *yaml.Node, path string) bool) {
	n = resolveAlias(n)
	if n == nil {
		r.problems = append(r.problems, FileProblem{Message: "is empty"})
		return
	}
	if n.Kind != yaml.MappingNode {
		r.add(n, path, "must be a mapping of keys")
		return
	}
	seen := map[string]bool{}
	var walk func(m *yaml.Node, merged bool)
	walk = func(m *yaml.Node, merged bool) {
		var merges []*yaml.Node
		for i := 0; i+1 < len(m.Content) && !r.stopped(); i += 2 {
			k := m.Content[i]
			if k.ShortTag() == "!!merge" {
				merges = append(merges, m.Content[i+1])
				continue
			}
			// Every key counts, those a merge brings again too: a
			// mapping of many keys merged many times is work.
			p := keyPath(path, k.Value)
			r.visit(m.Content[i+1], p, func(v *yaml.Node) {
				switch {
				case seen[k.Value] && merged:
					return // a key written beside the merge wins
				case seen[k.Value]:
					r.add(k, path, "key %q is given twice", k.Value)
					return
				}
				seen[k.Value] = true
				r.bounds().lines[p] = k.Line
				if !each(k.Value, v, p) {
					r.add(k, path, "%s", unknownKey(k.Value, hint, known))
				}
			})
		}
		mergeMapping := func(v *yaml.Node) {
			if v.Kind == yaml.MappingNode {
				walk(v, true)
			}
		}
		for _, merge := range merges {
			r.visit(merge, path, func(v *yaml.Node) {
				if v.Kind != yaml.SequenceNode {
					mergeMapping(v)
					return
				}
				for _, item := range v.Content {
					if r.stopped() {
						return
					}
					r.visit(item, path, mergeMapping)
				}
			})
		}
	}
	walk(n, false)
}

// unknownKey says key is unknown, with hint, else with the nearest of
// known when one is near.
func unknownKey(key, hint string, known []string) string {
	msg := fmt.Sprintf("unknown key %q", key)
	if hint != "" {
		return msg + hint
	}
	if near, ok := suggest.Nearest(key, known); ok {
		msg += fmt.Sprintf("; did you mean %q?", near)
	}
	return msg
}

// items calls each with every item of list n; null is an empty list.
// ok is false when n is neither.
func (r *fileReader) items(n *yaml.Node, path string, each func(item *yaml.Node, path string)) bool {
	switch {
	case isNull(n):
		return true
	case n.Kind != yaml.SequenceNode:
		r.add(n, path, "must be a list")
		return false
	}
	for i, item := range n.Content {
		if r.stopped() {
			break
		}
		p := fmt.Sprintf("%s[%d]", path, i+1)
		r.bounds().lines[p] = item.Line
		r.visit(item, p, func(v *yaml.Node) { each(v, p) })
	}
	return true
}

// text reads any scalar as text; null is "".
func (r *fileReader) text(n *yaml.Node, path string) string {
	if n.Kind != yaml.ScalarNode {
		r.add(n, path, "must be text")
		return ""
	}
	if isNull(n) {
		return ""
	}
	return n.Value
}

// orNull is a reader of a value that takes null as "not given" (nil).
func orNull[T any](read func(*fileReader, *yaml.Node, string) T) func(*fileReader, *yaml.Node, string) *T {
	return func(r *fileReader, n *yaml.Node, path string) *T {
		if isNull(n) {
			return nil
		}
		return ptr(read(r, n, path))
	}
}

// whole reads a whole number written as a number or as text ("30"). A
// fraction is refused, not cut (yaml would read 30.9 as 30); null and ""
// are 0.
func (r *fileReader) whole(n *yaml.Node, path string) int {
	s, ok := r.scalar(n, path, "must be a whole number")
	if !ok {
		return 0
	}
	if n.ShortTag() == "!!float" {
		r.add(n, path, "must be a whole number, not %s", n.Value)
		return 0
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		if _, ferr := strconv.ParseFloat(s, 64); ferr == nil && strings.Trim(strings.TrimPrefix(s, "-"), "0123456789") != "" {
			r.add(n, path, "must be a whole number, not %s", s)
		} else {
			r.add(n, path, "%q is not a whole number", n.Value)
		}
	}
	return v
}

// scalar is the text of a scalar, trimmed; ok is false for null and ""
// (read as zero) and for a mapping or list, which is a problem (must says
// what the value must be).
func (r *fileReader) scalar(n *yaml.Node, path, must string) (text string, ok bool) {
	if n.Kind != yaml.ScalarNode {
		r.add(n, path, "%s", must)
		return "", false
	}
	s := strings.TrimSpace(n.Value)
	return s, !isNull(n) && s != ""
}

// number reads a number written as a number or as text ("30.4375").
func (r *fileReader) number(n *yaml.Node, path string) float64 {
	s, ok := r.scalar(n, path, "must be a number")
	if !ok {
		return 0
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || x != x || x > 1e300 || x < -1e300 {
		r.add(n, path, "%q is not a number", n.Value)
		return 0
	}
	return x
}

// flagPtr reads true or false, also written 1 or 0 or as text ("0"), as
// the server writes them; null is "not given".
func (r *fileReader) flagPtr(n *yaml.Node, path string) *bool {
	if isNull(n) {
		return nil
	}
	if n.Kind == yaml.ScalarNode {
		switch strings.ToLower(strings.TrimSpace(n.Value)) {
		case "true", "1":
			return ptr(true)
		case "false", "0":
			return ptr(false)
		}
	}
	r.add(n, path, "%q is not true or false", n.Value)
	return nil
}

// texts reads a list of text; null is an empty list.
func (r *fileReader) texts(n *yaml.Node, path string) []string {
	out := []string{}
	r.items(n, path, func(item *yaml.Node, p string) { out = append(out, r.text(item, p)) })
	return out
}

// wholes reads a list of whole numbers; null is an empty list.
func (r *fileReader) wholes(n *yaml.Node, path string) []int {
	out := []int{}
	r.items(n, path, func(item *yaml.Node, p string) { out = append(out, r.whole(item, p)) })
	return out
}

// month reads a month by number, or keeps a name to be resolved against
// the calendar's months (Written). null is "not given".
func (r *fileReader) month(n *yaml.Node, path string) (*int, *Written) {
	if isNull(n) {
		return nil, nil
	}
	if n.Kind == yaml.ScalarNode && n.ShortTag() != "!!float" && !isWholeText(n.Value) {
		if strings.TrimSpace(n.Value) == "" {
			r.add(n, path, "no month given")
			return nil, nil
		}
		return nil, &Written{Text: n.Value, Where: where(n, path)}
	}
	return wholeKind.file(r, n, path), nil
}

// date reads a date: "Y-M-D" in numbers, or any form with month and year
// names (kept whole as Written, for the calendar to read); never one
// counted from today.
func (r *fileReader) date(n *yaml.Node, path string) (*Date, *Written) {
	if isNull(n) {
		return nil, nil
	}
	if n.Kind != yaml.ScalarNode {
		r.add(n, path, "must be a date of the form YEAR-MONTH-DAY")
		return nil, nil
	}
	if almanac.IsRelative(n.Value) {
		r.add(n, path, "%q %s", strings.TrimSpace(n.Value), relativeInFile)
		return nil, nil
	}
	d, w, err := ParseDateInput(n.Value, where(n, path))
	if err != nil {
		r.add(n, path, "%v", err)
	}
	return d, w
}

// relativeInFile is why a file cannot say "today" or "+3": applying the
// same file again must write the same days.
const relativeInFile = "counts from the calendar's current date, so the file would mean another day each time the calendar's date moves: give the date itself (1492-4-3, 1492-Ches-3)"

func isWholeText(s string) bool {
	s = strings.TrimPrefix(strings.TrimSpace(s), "-")
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// where names a value of a file in messages: "line 4: seasons[1].month".
func where(n *yaml.Node, path string) string {
	if path == "" {
		return fmt.Sprintf("line %d", n.Line)
	}
	return fmt.Sprintf("line %d: %s", n.Line, path)
}
