package yamlwrite

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// reference is what the library's encoder writes of v, indent two: what
// Encode must write.
func reference(t testing.TB, v any) (string, error) {
	t.Helper()
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	if err := enc.Close(); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// checkTree fails t unless Append writes n as the library does (or fails
// as it does); it reports whether the writer wrote it itself.
func checkTree(t testing.TB, n *yaml.Node) (own bool) {
	t.Helper()
	want, wantErr := reference(t, n)
	got, err := Append(nil, n)
	if (err != nil) != (wantErr != nil) || string(got) != want {
		t.Fatalf("tree %s:\nwrote %q (err %v)\nthe library writes %q (err %v)", dump(n), got, err, want, wantErr)
	}
	return (&writer{}).root(n) == nil
}

// dump is n in one line, to name a failing tree.
func dump(n *yaml.Node) string {
	if n == nil {
		return "nil"
	}
	var b strings.Builder
	b.WriteString("{")
	b.WriteString([]string{0: "zero", yaml.DocumentNode: "doc", yaml.SequenceNode: "seq", yaml.MappingNode: "map", yaml.ScalarNode: "scalar", yaml.AliasNode: "alias"}[n.Kind])
	if n.Tag != "" {
		b.WriteString(" tag=" + n.Tag)
	}
	if n.Style != 0 {
		b.WriteString(" style=" + strconv.Itoa(int(n.Style)))
	}
	if n.Kind == yaml.ScalarNode {
		b.WriteString(" " + quote(n.Value))
	}
	for _, c := range n.Content {
		b.WriteString(" " + dump(c))
	}
	b.WriteString("}")
	return b.String()
}

func quote(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "\n", `\n`), " ", "·") }

func str(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v} }
func plain(v string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Value: v}
}
func mapping(kv ...*yaml.Node) *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode, Content: kv} }
func sequence(items ...*yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.SequenceNode, Content: items}
}
func flow(n *yaml.Node) *yaml.Node { n.Style = yaml.FlowStyle; return n }

// trickyValues are values whose writing the emitter decides from their
// characters: indicators, quotes, spaces, breaks, look-alikes of other
// types, characters it escapes.
var trickyValues = []string{
	"", "a", "Harptos", "Selûne", "Year of the Shattered Oak", "null", "Null", "~", "true", "False", "yes", "No", "on", "y", "<<",
	"123", "-5", "+1", "1_000", "0x1F", "0o17", "0b101", "1e3", "-.5", ".inf", "-.Inf", ".nan", "12345678901234567890123",
	"1492-3-12", "1492-2-30", "1-1-1", "-12-3-1", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10", "1:20", "-1:30:05.5",
	"-5C", "warm: 20°C", "north, strong", "a: b", "a:b", "a:", ":a", ": a", "a #b", "a#b", "#a", "- a", "-a", "-", "--", "---", "---a", "...", "...a",
	"[a]", "{a}", ",a", "a,b", "a?", "?a", "? a", "@a", "`a", "%a", "!a", "&a", "*a", "|a", ">a", "'a", "\"a", "a'b", "a\"b", "a\\b",
	" lead", "trail ", "two  spaces", "tab\there", "\ttab", "emoji 😀", "\x00nul", "bell\a", "del\x7f", "c1\u0085x", "\u00a0nbsp", "\ufeffbom",
	"\ufffe", "a\u2028b", "a\u2029b", "a\rb", "a\r\nb", "line\nbreak", "trailing\n", "\n", "\n\n", "a\n\n", " a\nb", "a \nb", "a\n b", "a\n\nb\n",
	"<p>The reckoning of Faerûn.</p>", "https://api.kanka.io/1.0/campaigns/1/calendars/12", strings.Repeat("long ", 30),
	strings.Repeat("k", 128), strings.Repeat("k", 129), "\xff\xfe not utf-8",
}

var tags = []string{"", "", "", "!!str", "!!str", "!!int", "!!float", "!!bool", "!!null", "!!timestamp", "!", "!custom", "tag:yaml.org,2002:str", "!!map"}

var styles = []yaml.Style{0, 0, 0, yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle, yaml.LiteralStyle, yaml.FoldedStyle, yaml.TaggedStyle, yaml.FlowStyle}

// randomTree is a tree of up to depth levels, its scalars from
// trickyValues with any tag and style, its collections of any style, now
// and then with a comment or an anchor.
func randomTree(r *rand.Rand, depth int) *yaml.Node {
	if depth == 0 || r.IntN(3) == 0 {
		return randomScalar(r)
	}
	return randomCollection(r, depth)
}

func randomScalar(r *rand.Rand) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Value: trickyValues[r.IntN(len(trickyValues))]}
	if r.IntN(3) == 0 {
		n.Tag, n.Style = tags[r.IntN(len(tags))], styles[r.IntN(len(styles))]
	} else if r.IntN(2) == 0 {
		n.Tag = "!!str"
	}
	return n
}

var saneKeys = []string{"name", "id", "1492", "-3", "other_keys", "a b", "Selûne", "y", "true", "1:20", "", "k: v", "#x"}

func randomCollection(r *rand.Rand, depth int) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode}
	if r.IntN(2) == 0 {
		n.Kind = yaml.SequenceNode
	}
	if r.IntN(5) == 0 {
		n.Style = yaml.FlowStyle
	}
	switch r.IntN(30) {
	case 0:
		n.HeadComment = "# a comment"
	case 1:
		n.Anchor = "x"
	case 2:
		n.Tag = "!!map"
	case 3:
		n.Tag = "!!seq"
	}
	for range r.IntN(5) {
		if n.Kind == yaml.MappingNode {
			// Mostly keys as kanka writes them, now and then any.
			key := plain(saneKeys[r.IntN(len(saneKeys))])
			switch r.IntN(10) {
			case 0:
				key = randomScalar(r)
			case 1:
				key = randomTree(r, depth-1)
			}
			n.Content = append(n.Content, key)
		}
		n.Content = append(n.Content, randomTree(r, depth-1))
	}
	return n
}

func TestAppendWritesAsTheLibrary(t *testing.T) {
	for _, n := range []*yaml.Node{
		mapping(plain("name"), str("Harptos"), plain("date"), str("1492-3-12"), plain("id"), &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: "12"}),
		mapping(plain("months"), sequence(mapping(plain("name"), str("Hammer"), plain("length"), plain("30")), mapping(plain("name"), str("Alturiak"))),
			plain("weekdays"), sequence(str("X"), str("Y")), plain("years"), mapping(plain("1491"), str("Year of the Scarlet Witch"))),
		sequence(mapping(plain("calendars"), sequence(mapping(plain("name"), str("A"), plain("weather"), sequence(
			flow(mapping(plain("date"), str("1491-4-30"), plain("temperature"), str("warm: 20°C"), plain("wind"), str("north, strong"))),
			flow(mapping())))))),
		mapping(plain("empty"), sequence(), plain("none"), mapping(), plain("flow"), flow(sequence(str("a"), str("b, c"), flow(mapping(plain("k"), str("v")))))),
		sequence(sequence(str("a"), sequence(str("b"), str("c"))), sequence()),
		mapping(plain("entry"), str("<p>one</p>\n<p>two</p>\n"), plain("deep"), mapping(plain("in"), sequence(str("a\n b\n"), mapping(plain("x"), str("\n\n"))))),
		mapping(plain(""), str(""), str(""), plain(""), plain("x"), &yaml.Node{Kind: yaml.ScalarNode, Value: ""}),
		sequence(&yaml.Node{Kind: yaml.ScalarNode, Value: ""}, str("")),
		mapping(plain("odd"), mapping(plain("only a key"))),
	} {
		if !checkTree(t, n) {
			t.Errorf("the writer left %s to the library", dump(n))
		}
	}
	// What is left to the library, and still written as it does.
	for _, n := range []*yaml.Node{
		{Kind: yaml.DocumentNode, Content: []*yaml.Node{mapping(plain("a"), str("b"))}},
		str("a lone scalar"),
		flow(mapping(plain("a"), str("b"))),
		mapping(plain("a"), &yaml.Node{Kind: yaml.ScalarNode, Value: "b", LineComment: "# c"}),
		mapping(&yaml.Node{Kind: yaml.ScalarNode, Value: strings.Repeat("k", 129)}, str("long key")),
		mapping(sequence(str("a")), str("a key that is a list")),
		mapping(plain("a"), &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: "twelve"}),
		mapping(plain("a"), &yaml.Node{Kind: yaml.AliasNode, Value: "x"}),
		mapping(plain("a"), &yaml.Node{}),
	} {
		checkTree(t, n)
	}
}

func TestAppendWritesRandomTreesAsTheLibrary(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 1))
	own := 0
	const trees = 3000
	for range trees {
		n := randomCollection(r, 4)
		n.Style, n.Anchor, n.HeadComment = 0, "", ""
		if len(n.Content) < 2 {
			n.Content = append(n.Content, plain("a"), str("b"))
		}
		if checkTree(t, n) {
			own++
		}
	}
	// Most trees are the writer's: the test reaches its code, not only the
	// library's.
	if own < trees/3 {
		t.Errorf("the writer wrote %d of %d trees itself", own, trees)
	}
}

// FuzzScalar holds every place a scalar stands to the library: a
// mapping's value and key, an item, in flow collections, under keys and
// items two and four deep.
func FuzzScalar(f *testing.F) {
	for _, v := range trickyValues {
		f.Add(v, uint8(0), uint8(0))
	}
	f.Fuzz(func(t *testing.T, v string, tag, style uint8) {
		s := &yaml.Node{Kind: yaml.ScalarNode, Value: v, Tag: tags[int(tag)%len(tags)], Style: styles[int(style)%len(styles)]}
		k := &yaml.Node{Kind: yaml.ScalarNode, Value: v, Tag: tags[int(tag)%len(tags)]}
		for _, n := range []*yaml.Node{
			mapping(plain("k"), s, plain("next"), str("x")),
			mapping(k, str("x"), plain("next"), s),
			sequence(s, str("x")),
			mapping(plain("a"), mapping(plain("b"), sequence(mapping(plain("c"), s, k, str("x")), s)), plain("z"), s),
			sequence(sequence(s), mapping(plain("k"), sequence(s))),
			mapping(plain("f"), flow(mapping(plain("a"), s, k, s)), plain("g"), flow(sequence(s, s)), plain("h"), sequence(flow(sequence(s)))),
		} {
			checkTree(t, n)
		}
	})
}
