package client_test

import (
	"reflect"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"

	"github.com/kanka-cli/kanka/client"
)

func decodeInput(t *testing.T, src string) (client.CalendarInput, error) {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	return client.DecodeCalendar(&doc)
}

func TestInputReadsTheServersJSONShape(t *testing.T) {
	in, err := decodeInput(t, `{"name": "H", "years": [], "moons": [{"name": "Selûne", "fullmoon": "30.4375", "offset": "2", "colour": "white", "id": 4}]}`)
	if err != nil {
		t.Fatal(err)
	}
	want := []client.Moon{{Name: "Selûne", Fullmoon: 30.4375, Offset: 2, Colour: "white", ID: ptr(4)}}
	if !reflect.DeepEqual(in.Moons, want) || len(in.Years) != 0 || in.Years == nil {
		t.Errorf("moons %+v, years %#v", in.Moons, in.Years)
	}
	in, err = decodeInput(t, "name: H\nyears:\n  \"1492\": Three Ships\n  -3: Ash\n")
	if err != nil {
		t.Fatal(err)
	}
	if want := (client.Years{1492: "Three Ships", -3: "Ash"}); !reflect.DeepEqual(in.Years, want) {
		t.Errorf("years %v, want %v", in.Years, want)
	}
}

func TestInputNamesTheLineOfABadMoonOrYear(t *testing.T) {
	for src, want := range map[string]string{
		"name: H\nmoons:\n  - name: A\n    fullmoon: often\n": `line 4: moons[1].fullmoon: "often" is not a number`,
		"name: H\nmoons:\n  - name: A\n    phase: 3\n":        `line 4: moons[1]: unknown key "phase"`,
		"name: H\nyears:\n  soon: Ash\n":                      `line 3: years: "soon" is not a year number`,
		"name: H\nyears: [1492]\n":                            `line 2: years: must be a mapping of year number: name`,
	} {
		if _, err := decodeInput(t, src); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one containing %q", src, err, want)
		}
	}
}

func TestInputWholeNumbersAndNullNames(t *testing.T) {
	in, err := decodeInput(t, "name: H\nyears:\n  1492: ~\nmoons:\n  - {name: A, fullmoon: 3, offset: \"2\", id: 4}\n")
	if err != nil {
		t.Fatal(err)
	}
	if in.Years[1492] != "" || in.Moons[0].Offset != 2 || *in.Moons[0].ID != 4 {
		t.Errorf("years %v, moon %+v", in.Years, in.Moons[0])
	}
	for src, want := range map[string]string{
		"name: H\nmoons:\n  - {name: A, fullmoon: 3, offset: 1.7}\n": `line 3: moons[1].offset: must be a whole number, not 1.7`,
		"name: H\nmoons:\n  - {name: A, fullmoon: 3, id: 2.9}\n":     `line 3: moons[1].id: must be a whole number, not 2.9`,
	} {
		if _, err := decodeInput(t, src); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", src, err, want)
		}
	}
}
