package api

import (
	"encoding/json"
	"testing"
)

// The body the fields make, byte for byte: keys in the order first given,
// a list's items in theirs, -F's values typed, text not HTML-escaped.
func TestFieldsBodyBytes(t *testing.T) {
	args := []fieldArg{
		{text: "name=Tiny <1>"}, {text: "month_name[]=Hammer"}, {text: "month_length[]=30", typed: true},
		{text: "month_name[]=Alturiak"}, {text: "month_length[]=31", typed: true},
		{text: "is_private=false", typed: true}, {text: "parent=null", typed: true}, {text: "code=007", typed: true},
		{text: "big=12345678901234567890", typed: true}, {text: "ratio=2.5e-3", typed: true}, {text: "plain=30"},
	}
	fields, err := readFields(args, nil)
	if err != nil {
		t.Fatal(err)
	}
	body, err := fieldsBody(fields)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"name":"Tiny <1>","month_name":["Hammer","Alturiak"],"month_length":[30,31],"is_private":false,"parent":null,"code":"007","big":12345678901234567890,"ratio":2.5e-3,"plain":"30"}`
	if string(body) != want {
		t.Errorf("body %s\nwant %s", body, want)
	}
}

// The merged answer of --paginate: page 1's keys in its order, its data
// every page's items.
func TestMergedList(t *testing.T) {
	first := []byte(`{"links":{"next":"p2"}, "data": [ {"id":1} ], "meta":{"total":3},"sync":"x"}`)
	items := []json.RawMessage{[]byte(`{"id": 1}`), []byte(`{"id":2}`), []byte(` {"id":3, "name":"<b>"}`)}
	got, err := mergedList(first, items)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"links":{"next":"p2"},"data":[{"id":1},{"id":2},{"id":3,"name":"<b>"}],"meta":{"total":3},"sync":"x"}`
	if string(got) != want {
		t.Errorf("merged %s\nwant %s", got, want)
	}
}

// Line and column of a byte, counted in characters.
func TestPosition(t *testing.T) {
	data := []byte("{\n  \"näme\": x\n}")
	for offset, want := range map[int]string{0: "line 1, column 1", 2: "line 2, column 1", 13: "line 2, column 11", 100: "line 3, column 2"} {
		if got := position(data, offset); got != want {
			t.Errorf("offset %d: %s, want %s", offset, got, want)
		}
	}
}
