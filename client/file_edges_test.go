package client_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	yaml "go.yaml.in/yaml/v3"
)

// seedOfAliases is a seed of cals calendars, each an alias of the first,
// whose weather is entries aliases of one entry: cals*entries entries.
func seedOfAliases(cals, entries int) string {
	list := strings.TrimSuffix(strings.Repeat("*w, ", entries), ", ")
	return "calendars:\n  - &c {name: A, attributes: &w {date: 1492-1-1, weather: sun}, weather: [" + list + "]}\n" +
		strings.Repeat("  - *c\n", cals-1)
}

// A seed naming 23,000 weather entries through aliases is read, as the
// bound promises; one naming 24,000 is refused at the alias that goes past
// it.
func TestSeedOf23000EntriesIsReadAnd24000Refused(t *testing.T) {
	cals, err := client.DecodeSeed(node(t, seedOfAliases(23, 1000)))
	if err != nil {
		t.Fatalf("23 calendars of 1000 entries: %v", err)
	}
	if len(cals) != 23 || len(cals[22].Weather) != 1000 {
		t.Errorf("%d calendars, want 23 of 1000 entries", len(cals))
	}
	_, err = client.DecodeSeed(node(t, seedOfAliases(24, 1000)))
	want := "line 25: calendars[24]: *c expands past 300000 values through aliases and merge keys: more than any file kanka reads"
	if err == nil || err.Error() != want {
		t.Errorf("24 calendars of 1000 entries: error %v, want %q", err, want)
	}
}

// A node tree built by hand (not parsed) whose alias names itself is
// refused, not followed for ever.
func TestHandBuiltAliasLoopIsRefused(t *testing.T) {
	loop := &yaml.Node{Kind: yaml.AliasNode, Line: 1}
	loop.Alias = loop
	done := make(chan error, 1)
	go func() {
		_, err := client.DecodeCalendar(loop)
		done <- err
	}()
	select {
	case err := <-done:
		if want := "line 1: must be a mapping of keys"; err == nil || err.Error() != want {
			t.Errorf("error %v, want %q", err, want)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("still decoding an alias loop")
	}
}

// A mapping built by hand with a last key and no value reads the pairs it
// has and leaves the key out.
func TestHandBuiltMappingWithADanglingKeyIsRead(t *testing.T) {
	scalar := func(v string, line int) *yaml.Node {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v, Line: line}
	}
	m := &yaml.Node{Kind: yaml.MappingNode, Line: 1, Content: []*yaml.Node{scalar("name", 1), scalar("Harptos", 1), scalar("type", 2)}}
	in, err := client.DecodeCalendar(m)
	if err != nil {
		t.Fatal(err)
	}
	if in.Name != "Harptos" || in.Type != nil {
		t.Errorf("name %q, type %v; want Harptos and no type", in.Name, in.Type)
	}
}

// A file's numbers are read up to 1e300 either way; beyond, they are
// refused.
func TestFileNumbersUpTo1e300(t *testing.T) {
	in, err := client.DecodeCalendar(node(t, "name: A\nmoons:\n  - {name: M, fullmoon: 1e300}\n  - {name: N, fullmoon: -1e300}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Moons) != 2 || in.Moons[0].Fullmoon != 1e300 || in.Moons[1].Fullmoon != -1e300 {
		t.Errorf("moons %+v, want cycles 1e300 and -1e300", in.Moons)
	}
	_, err = client.DecodeCalendar(node(t, "name: A\nmoons:\n  - {name: M, fullmoon: 1.1e300}\n  - {name: N, fullmoon: -1.1e300}\n"))
	want := "line 3: moons[1].fullmoon: \"1.1e300\" is not a number\nline 4: moons[2].fullmoon: \"-1.1e300\" is not a number"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// In a file a month is a number or a name: a name is kept, with where it
// was written, to be read with the calendar's months; a decimal number
// and a mapping are refused.
func TestFileMonthsByNameAndNumber(t *testing.T) {
	in, err := client.DecodeCalendar(node(t, "name: A\nseasons:\n  - {name: S, month: Alturiak, day: 1}\n  - {name: T, month: 2, day: 1}\nleap_year_month: alturiak\n"))
	if err != nil {
		t.Fatal(err)
	}
	wantSeasons := []client.Season{
		{Name: "S", Day: 1, MonthName: &client.Written{Text: "Alturiak", Where: "line 3: seasons[1].month"}},
		{Name: "T", Month: 2, Day: 1},
	}
	if !reflect.DeepEqual(in.Seasons, wantSeasons) {
		t.Errorf("seasons %+v, want %+v", in.Seasons, wantSeasons)
	}
	if want := (client.Written{Text: "alturiak", Where: "line 5: leap_year_month"}); in.LeapYearMonth != nil || in.LeapYearMonthName == nil || *in.LeapYearMonthName != want {
		t.Errorf("leap month %v named %+v, want named %+v", in.LeapYearMonth, in.LeapYearMonthName, want)
	}

	_, err = client.DecodeCalendar(node(t, "name: A\nseasons:\n  - {name: S, month: 2.0, day: 1}\n  - {name: T, month: {x: 1}, day: 1}\n"))
	want := "line 3: seasons[1].month: must be a whole number, not 2.0\nline 4: seasons[2].month: must be a whole number"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// An answer's whole number written as a float is read when int64 holds
// it, and refused at both of int64's edges (2^63 and -2^63 as floats), as
// beyond them.
func TestAnswerWholeNumbersWrittenAsFloats(t *testing.T) {
	var cal client.Calendar
	if err := json.Unmarshal([]byte(`{"id":1,"start_offset":3.0}`), &cal); err != nil || cal.StartOffset == nil || *cal.StartOffset != 3 {
		t.Errorf("start offset 3.0: %v, %v; want 3", cal.StartOffset, err)
	}
	for _, v := range []string{"-9.223372036854775808e18", "9.223372036854775808e18", "-1e19"} {
		var cal client.Calendar
		if err := json.Unmarshal([]byte(`{"id":1,"start_offset":`+v+`}`), &cal); err == nil || !strings.Contains(err.Error(), "cannot read "+v+" as a whole number") {
			t.Errorf("start offset %s: error %v, want it refused", v, err)
		}
	}
}
