package cmdutil

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	yaml "go.yaml.in/yaml/v3"
)

// laughsFile is a calendar file whose last line merges 10^9 mappings: ten
// anchors, each merging the one before ten times.
func laughsFile() []byte {
	var b bytes.Buffer
	b.WriteString("name: Bomb\nattributes:\n  l0: &l0 {weekdays: [a, b]}\n")
	for i := 1; i < 10; i++ {
		prev := strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 10), ", ")
		fmt.Fprintf(&b, "  l%d: &l%d {<<: [%s]}\n", i, i, prev)
	}
	b.WriteString("<<: *l9\n")
	return b.Bytes()
}

// hangBound is how long a parse may take before it counts as hung. What
// these tests guard against, a blow-up of billions of values or a loop,
// takes minutes or never ends; a second was too little for the race
// detector on a loaded machine (the syntax search of a 1 MiB file takes
// 0.35 s alone, and passed a second with three suites at once).
const hangBound = 10 * time.Second

// withinHangBound runs do in a goroutine, failing the test if it has not
// ended within hangBound: a hang fails instead of holding the suite.
func withinHangBound(t *testing.T, do func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		do()
	}()
	select {
	case <-done:
	case <-time.After(hangBound):
		t.Fatalf("still running after %s", hangBound)
	}
}

// parseWithin is ParseYAML within hangBound.
func parseWithin(t *testing.T, data []byte) (doc *yaml.Node, err error) {
	t.Helper()
	withinHangBound(t, func() { doc, err = ParseYAML(data, "bomb.yaml") })
	return doc, err
}

// nodesWithoutAliases counts the nodes of the tree at n, an alias one node
// (what the parser made, not what it names).
func nodesWithoutAliases(n *yaml.Node) int {
	count := 1
	for _, c := range n.Content {
		count += nodesWithoutAliases(c)
	}
	return count
}

// yaml.v3 does not expand aliases into a yaml.Node: an alias is one node
// that points at its anchor, so the bomb parses at once into a tree the
// size of its text, and it is the decoders that must bound their reading.
func TestParseYAMLKeepsAliasesAsNodes(t *testing.T) {
	doc, err := parseWithin(t, laughsFile())
	if err != nil {
		t.Fatal(err)
	}
	if n := nodesWithoutAliases(doc); n > 200 {
		t.Errorf("the parsed tree has %d nodes; aliases were expanded", n)
	}
	root := doc.Content[0]
	merge := root.Content[len(root.Content)-1]
	if merge.Kind != yaml.AliasNode || merge.Alias == nil || merge.Alias.Anchor != "l9" {
		t.Errorf("the merge is not one alias node of l9: %+v", merge)
	}

	// A mapping that merges itself parses too: the loop is in the tree,
	// for the decoders to refuse.
	self, err := parseWithin(t, []byte("&a {name: A, <<: *a}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if m := self.Content[0]; m.Content[3].Alias != m {
		t.Errorf("the alias does not point at its own mapping")
	}
}

// A bomb read from a file is a UsageError (exit 2) naming the file and
// the line of the merge that would expand it.
func TestBombInAFileIsAUsageErrorAtItsLine(t *testing.T) {
	doc, err := parseWithin(t, laughsFile())
	if err != nil {
		t.Fatal(err)
	}
	withinHangBound(t, func() { _, err = client.DecodeCalendar(doc) })
	err = InFile("bomb.yaml", err)
	var usage *UsageError
	if !errors.As(err, &usage) || !strings.HasPrefix(err.Error(), "bomb.yaml: line 13: *l9 expands past ") {
		t.Errorf("want a UsageError at bomb.yaml: line 13, got %T: %v", err, err)
	}
}

// ParseYAML bounds its input as ReadInput does, whoever gives it the text.
func TestParseYAMLRefusesMoreThanMaxInputBytes(t *testing.T) {
	data := bytes.Repeat([]byte("# a comment, nothing to parse\n"), MaxInputBytes/30+1)
	_, err := parseWithin(t, data)
	var usage *UsageError
	want := "bomb.yaml: larger than 16 MiB; is it the right file?"
	if !errors.As(err, &usage) || err.Error() != want {
		t.Errorf("got %T %v, want a UsageError %q", err, err, want)
	}
}
