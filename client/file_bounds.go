package client

import (
	"fmt"

	yaml "go.yaml.in/yaml/v3"
)

// yaml.v3 parses a file into nodes without expanding its aliases: an alias
// is one node that points at its anchor, a merge key a key like any other,
// so the parsed document is never much larger than its text. The reader
// expands them: it follows an alias, and reads a merged mapping, every time
// they are named. Ten anchors each naming the one before ten times name
// 10^9 values in ten lines (a "billion laughs"), and an alias inside the
// mapping it names (`&a {<<: *a}`) names itself without end. yaml.v3 bounds
// this only when it decodes into Go values; for the nodes kanka reads, the
// bounds are here, and every value of every file goes through visit.

// maxFileValues is how many values a file may hold once its aliases and
// merge keys are expanded. Each key with its value and each item of a list
// counts one, and a mapping mappingValues more: a record is built of it,
// which costs about ten values (measured: an item of a list of text some
// 90 bytes and half a microsecond, a weather entry 900 bytes, a seed's
// calendar three times that). A calendar is a few hundred values; 23,000
// weather entries of a seed fit, sixty years of days (12,000 of an
// export, which gives every key), whose writes would take hours at the
// service's rate limit (30 to 90 a minute). Refusing a file at the bound takes kanka under
// two tenths of a second and under a hundred MiB, where the file that
// broke it (a few kilobytes) could have named billions.
const maxFileValues = 300_000

// mappingValues is what a mapping counts beyond its keys (see
// maxFileValues).
const mappingValues = 10

// maxFileNesting is how deep mappings and lists may be nested, aliases and
// merge keys followed: the deepest file kanka reads (a seed's calendars,
// a calendar, its weather list, an entry) is five, each merge adds one or
// two, and a document hundreds deep only exists to exhaust the reader.
const maxFileNesting = 100

// fileBounds is what the reading of one document has spent, shared by every
// reader of it (a seed's calendar keys are read aside, on the same bounds).
type fileBounds struct {
	values int
	// open holds the mappings and lists being read: an alias back into
	// one of them is a loop.
	open map[*yaml.Node]bool
	// expansion is the outermost alias being followed, and its path: where
	// the file grows, named when it grows past maxFileValues.
	expansion     *yaml.Node
	expansionPath string
	// broken is the bound the document broke: the reading stops, and it
	// is the one problem said (the problems found on the way may be a
	// million copies of one).
	broken *FileProblem
	// lines are the line of each key and item read, by its path
	// ("moons[1].name"): where the problems that the checks of the values
	// read find are said (addCheck, FileLines).
	lines map[string]int
}

// bounds are the bounds r reads within, made on first use.
func (r *fileReader) bounds() *fileBounds {
	if r.spent == nil {
		r.spent = &fileBounds{open: map[*yaml.Node]bool{}, lines: map[string]int{}}
	}
	return r.spent
}

// aside is a reader with its own problems on the bounds of r.
func (r *fileReader) aside() *fileReader { return &fileReader{spent: r.bounds()} }

// stopped says whether the document broke a bound: nothing more is read.
func (r *fileReader) stopped() bool { return r.bounds().broken != nil }

// decodeFile reads the document n with read, within the bounds: the one
// way in of every decoder of a file.
func decodeFile(n *yaml.Node, read func(r *fileReader, root *yaml.Node)) error {
	var r fileReader
	root := documentRoot(n)
	if root == nil {
		read(&r, nil)
	} else {
		r.visit(root, "", func(v *yaml.Node) { read(&r, v) })
	}
	return r.err()
}

// visit reads with read the value at n, n itself or what its alias names,
// at path, unless it breaks a bound: one value more than maxFileValues,
// an alias into a mapping or list being read, or nesting deeper than
// maxFileNesting. A broken bound is a problem at the line of the alias or
// merge, and ends the reading.
func (r *fileReader) visit(n *yaml.Node, path string, read func(v *yaml.Node)) {
	b := r.bounds()
	if b.broken != nil {
		return
	}
	v := resolveAlias(n)
	b.values++
	if v != nil && v.Kind == yaml.MappingNode {
		b.values += mappingValues
	}
	if n.Kind == yaml.AliasNode && b.expansion == nil {
		b.expansion, b.expansionPath = n, path
		defer func() { b.expansion = nil }()
	}
	container := v != nil && (v.Kind == yaml.MappingNode || v.Kind == yaml.SequenceNode)
	switch {
	case b.values > maxFileValues && b.expansion != nil:
		r.breakBound(b.expansion, b.expansionPath, "*%s expands past %d values through aliases and merge keys: more than any file kanka reads", b.expansion.Value, maxFileValues)
	case b.values > maxFileValues:
		r.breakBound(n, path, "the file holds more than %d values: more than any file kanka reads", maxFileValues)
	case container && b.open[v] && n.Kind == yaml.AliasNode:
		r.breakBound(n, path, "*%s is inside the mapping or list it names: a loop with no end", n.Value)
	case container && b.open[v]:
		r.breakBound(n, path, "is inside itself: a loop with no end")
	case container && len(b.open) >= maxFileNesting:
		r.breakBound(n, path, "mappings and lists nested more than %d deep (aliases and merge keys followed): deeper than any file kanka reads", maxFileNesting)
	case container:
		b.open[v] = true
		read(v)
		delete(b.open, v)
	default:
		read(v)
	}
}

// breakBound ends the reading with the problem at n.
func (r *fileReader) breakBound(n *yaml.Node, path, format string, args ...any) {
	r.bounds().broken = &FileProblem{Line: n.Line, Path: path, Message: fmt.Sprintf(format, args...)}
}
