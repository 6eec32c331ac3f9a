package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// fakeCalendar is a Record as the commands will hand one over: typed fields
// for the table, and the server's bytes for json.
type fakeCalendar struct {
	ID      int
	Name    string
	Type    string
	Private bool
	Months  []string
	Updated string
	Raw     string
}

func (c fakeCalendar) RawJSON() json.RawMessage { return json.RawMessage(c.Raw) }
func (c fakeCalendar) RecordID() int            { return c.ID }

func cal(r Record) fakeCalendar { return r.(fakeCalendar) }

// calendarYAML is the input-file shape the fake kind prints with -o yaml.
type calendarYAML struct {
	Name    string   `yaml:"name"`
	Type    string   `yaml:"type,omitempty"`
	Private bool     `yaml:"is_private"`
	Months  []string `yaml:"months"`
}

var fakeKind = Kind{
	Columns: []Column{
		{Header: "ID", Value: func(r Record) string { return fmt.Sprint(cal(r).ID) }},
		{Header: "NAME", Value: func(r Record) string { return cal(r).Name }},
		{Header: "TYPE", Value: func(r Record) string { return cal(r).Type }},
		{Header: "MONTHS", Value: func(r Record) string { return fmt.Sprint(len(cal(r).Months)) }},
		{Header: "UPDATED", Wide: true, Value: func(r Record) string { return cal(r).Updated }},
	},
	Detail: func(r Record) []Field {
		c := cal(r)
		return []Field{
			{Label: "ID", Value: fmt.Sprint(c.ID)},
			{Label: "Name", Value: c.Name},
			{Label: "Type", Value: c.Type},
			{Label: "Private", Value: fmt.Sprint(c.Private)},
			{Label: "Months", Value: strings.Join(c.Months, "\n")},
			{Label: "Suffix", Value: ""},
		}
	},
	YAML: func(r Record) any {
		c := cal(r)
		return calendarYAML{Name: c.Name, Type: c.Type, Private: c.Private, Months: c.Months}
	},
}

// The raw objects keep what a decode-and-re-encode would lose: key order,
// an unknown key, number spellings (1.0, 1e3, a 20-digit id), escapes and HTML.
var (
	harptos = fakeCalendar{
		ID: 1, Name: "Harptos", Type: "Forgotten Realms", Months: []string{"Hammer", "Alturiak", "Ches"},
		Updated: "2026-01-02T03:04:05Z",
		Raw:     `{"name":"Harptos","id":1,"zeta":{"b":1.0,"a":1e3},"type":"Forgotten Realms","entry":"<p>Caf\u00e9 & co</p>","big":12345678901234567890,"weekdays":["Mon","Tue"]}`,
	}
	galifar = fakeCalendar{
		ID: 22, Name: "Galifar Calendar of the Five Nations", Type: "", Private: true, Months: []string{"Zarantyr"},
		Updated: "2026-02-03T04:05:06Z",
		Raw:     `{"id":22, "name": "Galifar Calendar of the Five Nations", "type": null, "is_private": true}`,
	}
)

// listOf yields recs, then err if it is not nil.
func listOf(err error, recs ...Record) iter.Seq2[Record, error] {
	return func(yield func(Record, error) bool) {
		for _, r := range recs {
			if !yield(r, nil) {
				return
			}
		}
		if err != nil {
			yield(nil, err)
		}
	}
}

var errPage = errors.New("page 2: 500 Internal Server Error")

func newPrinter(t *testing.T, opts Options) (*Printer, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	p, err := New(&out, opts)
	if err != nil {
		t.Fatalf("New(%+v): %v", opts, err)
	}
	return p, &out
}

// assertGolden compares got with testdata/NAME.golden (rewritten with -update).
func assertGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./output/ -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// syncBuffer is a buffer a printer goroutine writes while the test reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
