package yamlwrite

import (
	"math"
	"math/rand/v2"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// encodeMapping is the mapping kanka built before Map: each value through
// (*yaml.Node).Encode under a plain key, left out when that fails.
func encodeMapping(pairs []Pair) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for _, p := range pairs {
		var value yaml.Node
		if err := value.Encode(p.Value); err == nil {
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: p.Key}, &value)
		}
	}
	return n
}

// checkMap fails t unless the Map of pairs, made with Add, is written as
// the mapping kanka built before, alone and as an item of a list.
func checkMap(t testing.TB, pairs []Pair) {
	t.Helper()
	var m Map
	for _, p := range pairs {
		m.Add(p.Key, p.Value)
	}
	for _, v := range []struct {
		old, now any
	}{
		{encodeMapping(pairs), m},
		{[]any{encodeMapping(pairs)}, []any{m}},
		{[]any{encodeMapping(pairs), encodeMapping(pairs)}, []any{m, m}},
	} {
		want, wantErr := reference(t, v.old)
		got, err := Encode(v.now)
		if string(got) != want || (err != nil) != (wantErr != nil) {
			t.Fatalf("pairs %#v:\nwrote %q (err %v)\nbefore %q (err %v)", pairs, got, err, want, wantErr)
		}
		if lib, err := reference(t, v.now); lib != want || err != nil {
			t.Fatalf("pairs %#v: the library writes the Map %q (err %v), want %q", pairs, lib, err, want)
		}
	}
}

// randomValue is a value as a file form holds: texts, numbers, lists of
// texts, named numbers, nested maps, trees.
func randomValue(r *rand.Rand, depth int) any {
	text := func() string { return trickyValues[r.IntN(len(trickyValues))] }
	switch r.IntN(12) {
	case 0:
		return text()
	case 1:
		return r.IntN(2000) - 1000
	case 2:
		return []float64{30.4375, 7, 1e21, -0.5, math.Inf(1), math.NaN()}[r.IntN(6)]
	case 3:
		return r.IntN(2) == 0
	case 4:
		return nil
	case 5:
		var l []string
		for range r.IntN(4) {
			l = append(l, text())
		}
		return l
	case 6:
		m := map[int]string{}
		for range r.IntN(5) {
			m[r.IntN(40)-20] = text()
		}
		return m
	case 7:
		if depth > 0 {
			var pairs []Pair
			for range r.IntN(4) {
				pairs = append(pairs, Pair{saneKeys[r.IntN(len(saneKeys))], randomValue(r, depth-1)})
			}
			var m Map
			for _, p := range pairs {
				m.Add(p.Key, p.Value)
			}
			return m
		}
		return text()
	case 8:
		return randomCollection(r, 2)
	case 9:
		return []month{{Name: text(), Length: r.IntN(3), Type: text()}}
	case 10:
		return map[string]any{text(): text(), "b": []any{1.5, text()}}
	}
	return int64(r.IntN(100))
}

func TestMapWritesAsTheMappingBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 3))
	for range 1000 {
		var pairs []Pair
		for range 1 + r.IntN(6) {
			key := saneKeys[r.IntN(len(saneKeys))]
			if r.IntN(8) == 0 {
				key = trickyValues[r.IntN(len(trickyValues))]
			}
			pairs = append(pairs, Pair{key, randomValue(r, 2)})
		}
		checkMap(t, pairs)
	}
}

// A value (*yaml.Node).Encode cannot make a tree of (text the library
// writes and cannot read back: a literal block that starts with a space,
// in a list) is left out, as before.
func TestMapLeavesOutWhatTheLibraryCannotRead(t *testing.T) {
	var m Map
	m.Add("weekdays", []string{" a\nb"})
	m.Add("name", "Harptos")
	if len(m) != 1 || m[0].Key != "name" {
		t.Errorf("the Map holds %v, want the name alone", m)
	}
	checkMap(t, []Pair{{"weekdays", []string{" a\nb"}}, {"name", "Harptos"}, {"entry", " a\nb"}})
}

// The calendar's years are written as they are: no tree is made of them.
func TestMapWritesNamedNumbersWithoutATree(t *testing.T) {
	years := map[int]string{}
	for y := range 20_000 {
		years[y-100] = "Year of the Shattered Oak " + string(rune('a'+y%26))
	}
	var m Map
	m.Add("years", years)
	if _, isTree := m[0].Value.(*yaml.Node); isTree {
		t.Fatal("the years were made a tree")
	}
	allocs := testing.AllocsPerRun(3, func() {
		if _, err := Encode(m); err != nil {
			t.Fatal(err)
		}
	})
	// The sorted numbers and the text growing: a few dozen, not one or
	// more a year.
	if allocs > 100 {
		t.Errorf("writing 20,000 years took %.0f allocations", allocs)
	}
	some := map[int]string{}
	for y := range 300 {
		some[y*7-1000] = years[y]
	}
	checkMap(t, []Pair{{"years", some}})
}
