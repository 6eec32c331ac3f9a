package profile

import (
	"bytes"
	"reflect"
	"sort"
	"strings"

	"github.com/kanka-cli/kanka/internal/yamlwrite"
	"go.yaml.in/yaml/v3"
)

// A save edits the file's yaml tree in place rather than marshalling the
// settings anew, so that what the user wrote stays: comments, the order of
// profiles and keys, quoting, indentation. Only what changed is touched: a
// changed value is replaced (its comments kept), a new key goes where the
// order of Keys puts it among the keys already there, a new profile goes
// last, a removed key or profile goes (a comment above it moves to the next
// key).

// topKeys are the file's own keys, in the order a new file has them.
var topKeys = []string{"active", "profiles"}

// render is the file's text: its tree as read with the settings of f
// applied, or f marshalled anew when the tree cannot say the same (an
// alias shared by two profiles, say): the settings matter more than the
// comments.
func (f *File) render() ([]byte, error) {
	doc := f.doc
	if doc == nil {
		doc = &yaml.Node{Kind: yaml.DocumentNode}
	}
	if len(doc.Content) == 0 {
		// A file of comments only: they stay, above the settings.
		doc.Content = []*yaml.Node{{}}
	}
	if doc.Content[0].Kind != yaml.MappingNode {
		// An empty file, or one holding only `~`.
		doc.Content[0] = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map",
			HeadComment: doc.Content[0].HeadComment, FootComment: doc.Content[0].FootComment}
	}
	top := doc.Content[0]
	if err := syncFile(top, f); err != nil {
		return nil, err
	}
	if len(top.Content) == 0 {
		// Nothing left (the last profile deleted): the comments alone,
		// where yaml would write `{}` above them.
		return commentsOf(doc, top), nil
	}
	data, err := encode(doc, f.indent)
	if err != nil {
		return nil, err
	}
	if !sameSettings(data, f) {
		return encode(f, f.indent)
	}
	return data, nil
}

// commentsOf are the comments of a document whose top mapping is empty,
// one a line, in the order they were written; nothing when it has none.
func commentsOf(doc, top *yaml.Node) []byte {
	var lines []string
	for _, c := range []string{doc.HeadComment, top.HeadComment, top.LineComment, top.FootComment, doc.FootComment} {
		if c != "" {
			lines = append(lines, c)
		}
	}
	if len(lines) == 0 {
		return nil
	}
	return []byte(strings.Join(lines, "\n") + "\n")
}

func encode(v any, indent int) ([]byte, error) {
	if indent == 0 {
		indent = 4
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(indent)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// sameSettings reports whether data reads back as exactly the settings of f.
func sameSettings(data []byte, f *File) bool {
	back, err := decode(f.path, data)
	if err != nil {
		return false
	}
	norm := func(m map[string]*Profile) map[string]Profile {
		out := map[string]Profile{}
		for name, p := range m {
			if p != nil {
				out[name] = *p
			} else {
				out[name] = Profile{}
			}
		}
		return out
	}
	return back.Active == f.Active && reflect.DeepEqual(norm(back.Profiles), norm(f.Profiles))
}

// syncFile applies active and profiles to the file's top mapping.
func syncFile(top *yaml.Node, f *File) error {
	if f.Active != "" {
		if err := setScalar(top, "active", f.Active, topKeys); err != nil {
			return err
		}
	} else {
		removeKey(top, "active")
	}
	if len(f.Profiles) == 0 {
		removeKey(top, "profiles")
		return nil
	}
	i := find(top, "profiles")
	if i < 0 {
		if err := insertKey(top, "profiles", &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}, topKeys); err != nil {
			return err
		}
		i = find(top, "profiles")
	}
	profiles := top.Content[i+1]
	if profiles.Kind != yaml.MappingNode {
		// `profiles:` with nothing after it, or an alias.
		profiles = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", LineComment: profiles.LineComment}
		top.Content[i+1] = profiles
	}
	return syncProfiles(profiles, f.Profiles)
}

// syncProfiles applies each profile to its mapping under profiles.
func syncProfiles(m *yaml.Node, profiles map[string]*Profile) error {
	seen := map[string]bool{}
	for i := 0; i < len(m.Content); {
		name := m.Content[i].Value
		p, ok := profiles[name]
		if !ok {
			removeAt(m, i)
			continue
		}
		seen[name] = true
		if err := syncProfile(m, i+1, p); err != nil {
			return err
		}
		i += 2
	}
	var added []string
	for name := range profiles {
		if !seen[name] {
			added = append(added, name)
		}
	}
	sort.Strings(added)
	for _, name := range added {
		key, err := scalar(name)
		if err != nil {
			return err
		}
		m.Content = append(m.Content, key, &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"})
		if err := syncProfile(m, len(m.Content)-1, profiles[name]); err != nil {
			return err
		}
	}
	return nil
}

// syncProfile applies p to the value at m.Content[at], a profile's mapping.
func syncProfile(m *yaml.Node, at int, p *Profile) error {
	if p == nil {
		p = &Profile{}
	}
	node := m.Content[at]
	var was Profile
	if node.Decode(&was) == nil && was == *p {
		return nil // unchanged: left as written
	}
	if node.Kind != yaml.MappingNode || node.Anchor != "" || find(node, "<<") >= 0 {
		// An alias, an anchor others may share or a merge: editing it
		// would change other profiles too. This one is written out whole.
		fresh := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", LineComment: node.LineComment}
		m.Content[at] = fresh
		node = fresh
	}
	values := p.setValues()
	for _, key := range fileKeys {
		v, ok := values[key]
		if !ok {
			removeKey(node, key)
			continue
		}
		if err := setScalar(node, key, v, fileKeys); err != nil {
			return err
		}
	}
	return nil
}

// setScalar gives key the value v in mapping m: the value node is replaced
// (keeping its comments) unless it already reads as v, and a missing key is
// inserted in the order of order.
func setScalar(m *yaml.Node, key string, v any, order []string) error {
	value, err := scalar(v)
	if err != nil {
		return err
	}
	i := find(m, key)
	if i < 0 {
		return insertKey(m, key, value, order)
	}
	old := m.Content[i+1]
	if old.Kind == yaml.ScalarNode {
		was := reflect.New(reflect.TypeOf(v))
		if old.Decode(was.Interface()) == nil && was.Elem().Interface() == v {
			return nil // as written, quotes and all
		}
	}
	value.HeadComment, value.LineComment, value.FootComment = old.HeadComment, old.LineComment, old.FootComment
	m.Content[i+1] = value
	return nil
}

// scalar is v as a yaml node, quoted when it must be (a token of digits).
func scalar(v any) (*yaml.Node, error) { return yamlwrite.Node(v) }

// insertKey adds key: value to m before the first key that order puts after
// it, else last.
func insertKey(m *yaml.Node, key string, value *yaml.Node, order []string) error {
	k, err := scalar(key)
	if err != nil {
		return err
	}
	rank := func(name string) int {
		for i, o := range order {
			if o == name {
				return i
			}
		}
		return len(order)
	}
	if len(m.Content) == 0 {
		// `{}` as written, now with a key: a block like the rest.
		m.Style &^= yaml.FlowStyle
	}
	at := len(m.Content)
	for i := 0; i < len(m.Content); i += 2 {
		if rank(m.Content[i].Value) > rank(key) {
			at = i
			break
		}
	}
	if at == 0 && len(m.Content) > 0 {
		// The comment above the first key is often the file's own
		// heading: it stays on top.
		k.HeadComment, m.Content[0].HeadComment = m.Content[0].HeadComment, ""
	}
	m.Content = append(m.Content[:at], append([]*yaml.Node{k, value}, m.Content[at:]...)...)
	return nil
}

// find is the index of key in mapping m, or -1.
func find(m *yaml.Node, key string) int {
	if m.Kind != yaml.MappingNode {
		return -1
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return i
		}
	}
	return -1
}

func removeKey(m *yaml.Node, key string) {
	if i := find(m, key); i >= 0 {
		removeAt(m, i)
	}
}

// removeAt removes the pair whose key is at m.Content[i]; the comment above
// it moves to the next key, or below the mapping.
func removeAt(m *yaml.Node, i int) {
	if c := m.Content[i].HeadComment; c != "" {
		if i+2 < len(m.Content) {
			next := m.Content[i+2]
			next.HeadComment = joinComments(c, next.HeadComment)
		} else {
			m.FootComment = joinComments(m.FootComment, c)
		}
	}
	m.Content = append(m.Content[:i], m.Content[i+2:]...)
}

func joinComments(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n" + b
}
