package client_test

import (
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	yaml "go.yaml.in/yaml/v3"
)

// A file of a few kilobytes can name billions of values through aliases
// and merge keys, or name itself. Every decoder refuses such a file, at the
// line of the alias or merge, within a second and in bounded memory,
// instead of hanging, filling memory or overflowing the stack.

// maxBombAlloc is what refusing a bomb may allocate, the parse of its few
// kilobytes included: far below what a bomb would take if it were read.
const maxBombAlloc = 64 << 20

// refusedWithin runs decode in a goroutine and returns its error, failing
// the test if it has not ended within a few seconds (a hang fails instead
// of holding the suite; the refusal takes a tenth of that, under -race on
// a busy machine too: the second the issue asks is held end to end, in
// cmd/kanka) or allocated more than maxBombAlloc.
func refusedWithin(t *testing.T, decode func() error) *client.FileError {
	t.Helper()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	done := make(chan error, 1)
	go func() { done <- decode() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("still decoding after five seconds")
	}
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > maxBombAlloc {
		t.Errorf("allocated %d MiB; at most %d MiB", alloc>>20, maxBombAlloc>>20)
	}
	var fe *client.FileError
	if !errors.As(err, &fe) {
		t.Fatalf("want a *client.FileError, got %v", err)
	}
	if len(fe.Problems) != 1 {
		t.Errorf("want the one problem of the bound, got %d:\n%v", len(fe.Problems), err)
	}
	return fe
}

// laughs is ten anchors under an ignored key, each merging the one before
// ten times: `<<: *l9` then names 10^9 mappings, in 13 lines.
func laughs() string {
	var b strings.Builder
	b.WriteString("attributes:\n  l0: &l0 {weekdays: [a, b], name: x}\n")
	for i := 1; i < 10; i++ {
		prev := strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 10), ", ")
		fmt.Fprintf(&b, "  l%d: &l%d {<<: [%s]}\n", i, i, prev)
	}
	return b.String()
}

var expandsTooFar = regexp.MustCompile(`^line (\d+): (\S+: )?\*(\w+) expands past \d+ values`)

func TestDecodeCalendarRefusesBillionLaughsThroughMerges(t *testing.T) {
	src := "name: Bomb\n" + laughs() + "<<: *l9\n"
	fe := refusedWithin(t, func() error { _, err := client.DecodeCalendar(yamlNode(src)); return err })
	m := expandsTooFar.FindStringSubmatch(fe.Error())
	if m == nil || m[1] != "13" || m[3] != "l9" {
		t.Errorf("want the merge of *l9 at line 13 refused, got\n%v", fe)
	}
}

// A seed's weather lists of aliases, in a list of aliases of the calendar:
// a thousand calendars of a thousand entries from a file of 4 KB.
func TestDecodeSeedRefusesAliasFanOutInWeatherLists(t *testing.T) {
	entries := strings.TrimSuffix(strings.Repeat("*w, ", 1000), ", ")
	src := "calendars:\n  - &c {name: A, attributes: &w {date: 1492-1-1, weather: sun}, weather: [" + entries + "]}\n" +
		strings.Repeat("  - *c\n", 999)
	fe := refusedWithin(t, func() error { _, err := client.DecodeSeed(yamlNode(src)); return err })
	m := expandsTooFar.FindStringSubmatch(fe.Error())
	if m == nil || m[1] == "2" || !strings.HasPrefix(m[2], "calendars[") || m[3] != "c" {
		t.Errorf("want an alias *c of the calendars refused at its line, got\n%v", fe)
	}
}

// A mapping that merges itself, directly or through another mapping or a
// list, is a loop with no end: refused at the alias that closes it.
func TestDecodersRefuseMappingsThatMergeThemselves(t *testing.T) {
	for _, tt := range []struct {
		name   string
		decode func(src string) error
		src    string
		want   string
	}{
		{"calendar merging itself", calendarDecodeErr, "&a {name: A, <<: *a}\n",
			"line 1: *a is inside the mapping or list it names: a loop with no end"},
		{"calendar merging a mapping that merges it", calendarDecodeErr, "&a\nname: A\n<<: {weekdays: [x], <<: *a}\n",
			"line 3: *a is inside the mapping or list it names: a loop with no end"},
		{"weather list merged into its entry", weathersDecodeErr, "&l\n- date: 1492-1-1\n  <<: *l\n",
			"line 3: [1]: *l is inside the mapping or list it names: a loop with no end"},
		{"weather entry merging itself", weatherDecodeErr, "&e\ndate: 1492-1-1\n<<: [{weather: sun}, *e]\n",
			"line 3: *e is inside the mapping or list it names: a loop with no end"},
		{"seed calendar through a cycle of merges", seedDecodeErr, "calendars:\n  - &c\n    name: A\n    <<: {<<: {<<: *c}}\n",
			"line 4: calendars[1]: *c is inside the mapping or list it names: a loop with no end"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fe := refusedWithin(t, func() error { return tt.decode(tt.src) })
			if fe.Error() != tt.want {
				t.Errorf("got\n%v\nwant\n%s", fe, tt.want)
			}
		})
	}
}

// Merges nested deeper than any file needs are refused at the line where
// they go too deep, even without an alias.
func TestDecodeCalendarRefusesMergesNestedTooDeep(t *testing.T) {
	src := "name: A\n<<: " + strings.Repeat("{<<: ", 300) + "{weekdays: [a]}" + strings.Repeat("}", 300) + "\n"
	fe := refusedWithin(t, func() error { _, err := client.DecodeCalendar(yamlNode(src)); return err })
	if !regexp.MustCompile(`^line 2: mappings and lists nested more than \d+ deep`).MatchString(fe.Error()) {
		t.Errorf("got\n%v", fe)
	}
}

// Aliases and merges as files use them still read: the bounds are far
// above them.
func TestDecodeSeedReadsAliasesWithinTheBounds(t *testing.T) {
	entries := strings.TrimSuffix(strings.Repeat("*w, ", 500), ", ")
	src := "calendars:\n  - &c {name: A, attributes: &w {date: 1492-1-1, weather: sun}, weather: [" + entries + "]}\n" +
		strings.Repeat("  - {<<: *c, name: B}\n", 20)
	cals, err := client.DecodeSeed(node(t, src))
	if err != nil {
		t.Fatal(err)
	}
	if len(cals) != 21 || len(cals[20].Weather) != 500 || cals[20].Input.Name != "B" {
		t.Errorf("%d calendars, the last %q with %d entries", len(cals), cals[len(cals)-1].Input.Name, len(cals[len(cals)-1].Weather))
	}
}

func calendarDecodeErr(src string) error { _, err := client.DecodeCalendar(yamlNode(src)); return err }
func weatherDecodeErr(src string) error  { _, err := client.DecodeWeather(yamlNode(src)); return err }
func weathersDecodeErr(src string) error { _, err := client.DecodeWeathers(yamlNode(src)); return err }
func seedDecodeErr(src string) error     { _, err := client.DecodeSeed(yamlNode(src)); return err }

// yamlNode is node for a goroutine other than the test's: src is the
// test's own, so a syntax error is the test's bug.
func yamlNode(src string) *yaml.Node {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		panic(err)
	}
	return &doc
}
