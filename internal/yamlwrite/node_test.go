package yamlwrite

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	yaml "go.yaml.in/yaml/v3"
)

// checkNode fails t unless Node(v) is written as the tree
// (*yaml.Node).Encode(v) makes, by the library and by Append.
func checkNode(t testing.TB, v any) {
	t.Helper()
	var old yaml.Node
	oldErr := old.Encode(v)
	n, err := Node(v)
	if (err != nil) != (oldErr != nil) {
		t.Fatalf("Node(%#v): error %v; (*yaml.Node).Encode: %v", v, err, oldErr)
	}
	if err != nil {
		return
	}
	want, wantErr := reference(t, &old)
	got, gotErr := reference(t, n)
	if got != want || (gotErr != nil) != (wantErr != nil) {
		t.Fatalf("Node(%#v) is written\n%q (err %v)\nthe tree (*yaml.Node).Encode makes\n%q (err %v)", v, got, gotErr, want, wantErr)
	}
	if own, err := Append(nil, n); string(own) != want || err != nil {
		t.Fatalf("Append(Node(%#v)) = %q (err %v), want %q", v, own, err, want)
	}
}

type month struct {
	Name   string `json:"name" yaml:"name"`
	Length int    `json:"length" yaml:"length"`
	Type   string `json:"type,omitempty" yaml:"type,omitempty"`
}

type moon struct {
	Name     string   `yaml:"name"`
	Fullmoon float64  `yaml:"fullmoon"`
	Offset   int      `yaml:"offset,omitempty"`
	ID       *int     `yaml:"id,omitempty"`
	Hidden   string   `yaml:"-"`
	NoTag    string   `json:"no_tag"`
	Inner    *month   `yaml:"inner,omitempty"`
	Zero     struct{} `yaml:"zero,omitempty"`
	secret   string
}

type textValue string

func (v textValue) MarshalText() ([]byte, error) { return []byte("text:" + v), nil }

type marshaled struct{ to any }

func (m marshaled) MarshalYAML() (any, error) { return m.to, nil }

type failing struct{}

func (failing) MarshalYAML() (any, error) { return nil, errors.New("no YAML for this") }

type zeroer struct{ N int }

func (z zeroer) IsZero() bool { return z.N < 0 }

type withZeroer struct {
	Z zeroer `yaml:"z,omitempty"`
}

type inlined struct {
	month `yaml:",inline"`
	Extra string
}

type flowed struct {
	List []int `yaml:"list,flow"`
}

// rawTagged is a struct whose field's tag is a bare word, which the
// library takes as its key (vet refuses such a tag written in the source).
func rawTagged(v string) any {
	t := reflect.StructOf([]reflect.StructField{{Name: "Raw", Type: reflect.TypeFor[string](), Tag: "raw"}})
	s := reflect.New(t).Elem()
	s.Field(0).SetString(v)
	return s.Interface()
}

func TestNodeMakesTheTreeEncodeMakes(t *testing.T) {
	seven := 7
	values := []any{
		nil, "Harptos", "", "123", "yes", "1:20", "1492-3-12", "line\nbreak", "\xff\xfe", 12, -3, int8(4), uint16(9), uint64(math.MaxUint64),
		1.5, 30.4375, 5.0, 1e21, math.Inf(1), math.Inf(-1), math.NaN(), float32(0.1), true, false,
		[]string{"First-day", "Y", "", "no"}, []int{}, []string(nil), []any{1, "a", nil, []any{}, map[string]any{}},
		map[int]string{1492: "Year of Three Ships Sailing", -3: "Year of the Dark Dawn", 0: "", 7: "y"},
		map[int]string{}, map[string]any{"b": 1, "a": "x", "10": true, "9": nil, "a10": 1, "a9": 2, "Z": 3, "_": 4},
		map[string]string(nil), map[bool]int{true: 1, false: 0}, map[float64]string{1.5: "a", -2: "b"}, map[any]any{1: "a", "b": 2, 1.5: 3},
		[]month{{Name: "Hammer", Length: 30, Type: "standard"}, {Name: "Midwinter", Length: 1}},
		moon{Name: "Selûne", Fullmoon: 30.4375, Offset: 2, ID: &seven, Hidden: "x", NoTag: "n", secret: "s"}, rawTagged("r"),
		moon{Name: "Tears", Inner: &month{Name: "In"}},
		&month{Name: "pointer"}, (*month)(nil), textValue("t"), marshaled{map[string]int{"b": 1, "a": 2}}, marshaled{nil},
		[]any{marshaled{"y"}, textValue("n")}, withZeroer{zeroer{-1}}, withZeroer{zeroer{0}},
		time.Date(2026, 12, 6, 7, 0, 0, 0, time.UTC), 90 * time.Second, inlined{month{Name: "x"}, "e"}, flowed{[]int{1, 2}},
		failing{}, []any{failing{}},
		&yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{plain("k"), str("v")}},
		[2]string{"a", "b"}, []byte("ab"),
	}
	for _, v := range values {
		checkNode(t, v)
	}
}

func TestNodeAsksTheLibraryOnlyWhatItDoesNotKnow(t *testing.T) {
	libraryNodes = 0
	for _, v := range []any{
		[]month{{Name: "Hammer", Length: 30}}, map[int]string{1: "a"}, map[string]any{"a": []any{1.5, true, nil}},
		moon{Name: "Selûne", Fullmoon: 30.4375}, "Selûne", 12, marshaled{[]string{"a"}},
	} {
		if _, err := Node(v); err != nil {
			t.Fatal(err)
		}
	}
	if libraryNodes != 0 {
		t.Errorf("Node asked the library %d times for kinds it writes itself", libraryNodes)
	}
	if _, err := Node(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil || libraryNodes != 1 {
		t.Errorf("a time: err %v, %d library nodes, want the library's", err, libraryNodes)
	}
}

// A map's keys as the library orders them: random keys of digits,
// letters and signs, whose order is the library's own, not Go's.
func TestNodeOrdersKeysAsTheLibrary(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 2))
	const alphabet = "0123456789aAbZ_-. é1"
	for range 300 {
		m := map[string]any{}
		for range 1 + r.IntN(12) {
			var b strings.Builder
			for range 1 + r.IntN(6) {
				b.WriteString(string([]rune(alphabet)[r.IntN(len([]rune(alphabet)))]))
			}
			m[b.String()] = r.IntN(100)
		}
		checkNode(t, m)
	}
}

// FuzzNode holds Node to (*yaml.Node).Encode for any string as a value,
// a key, a struct's field, and for any JSON value.
func FuzzNode(f *testing.F) {
	for _, v := range trickyValues {
		f.Add(v)
	}
	f.Add(`{"a":[1,2.5,"x",null,true,{"b":"c"}],"10":"y","9":{}}`)
	f.Fuzz(func(t *testing.T, s string) {
		checkNode(t, s)
		checkNode(t, []string{s, s})
		checkNode(t, map[string]string{s: s, "k": s})
		checkNode(t, map[int]string{1: s, 2: "x"})
		checkNode(t, month{Name: s, Type: s})
		var v any
		if json.Unmarshal([]byte(s), &v) == nil {
			checkNode(t, v)
		}
		if n, err := strconv.Atoi(s); err == nil {
			checkNode(t, n)
		}
	})
}
