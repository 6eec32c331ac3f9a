package calendar

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/presets"
	"github.com/kanka-cli/kanka/output"
	yaml "go.yaml.in/yaml/v3"
)

// Export writes each calendar in one pass, byte for byte as it wrote it
// before from its tree: the tree of the file form ((*yaml.Node).Encode of
// each field, which client's tests hold yamlwrite.Map.Node to) written as
// text and read back, each weather entry likewise, the item encoded by the
// library and moved under "calendars:". What follows is that code, kept
// unchanged.

func exportItemBefore(t *testing.T, cal *client.Calendar, weather []*client.Weather, withWeather bool) string {
	t.Helper()
	var full yaml.Node
	if err := full.Encode(client.CalendarFile(cal).Node()); err != nil {
		t.Fatal(err)
	}
	node := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for i := 0; i+1 < len(full.Content); i += 2 {
		key, value := full.Content[i], full.Content[i+1]
		if client.CalendarFields.Lookup(key.Value) == nil || key.Value == "tags" {
			continue
		}
		if key.Value == "moons" {
			dropMoonIDs(value)
		}
		node.Content = append(node.Content, key, value)
	}
	if withWeather {
		list := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for _, w := range weather {
			var entry yaml.Node
			if err := entry.Encode(client.FromWeather(w)); err != nil {
				t.Fatal(err)
			}
			entry.Style = yaml.FlowStyle
			list.Content = append(list.Content, &entry)
		}
		if len(list.Content) == 0 {
			list.Style = yaml.FlowStyle
		}
		node.Content = append(node.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "weather"}, list)
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode([]*yaml.Node{node}); err != nil {
		t.Fatal(err)
	}
	_ = enc.Close()
	var b bytes.Buffer
	for _, line := range bytes.SplitAfter(buf.Bytes(), []byte("\n")) {
		if len(bytes.TrimRight(line, "\n")) > 0 {
			b.WriteString("  ")
		}
		b.Write(line)
	}
	return b.String()
}

// exportItemNow is the item export writes now.
func exportItemNow(t *testing.T, cal *client.Calendar, weather []*client.Weather, withWeather bool) string {
	t.Helper()
	node, err := exportNode(cal, weather, withWeather)
	if err != nil {
		t.Fatal(err)
	}
	item, err := output.EncodeYAML([]any{node})
	if err != nil {
		t.Fatal(err)
	}
	return string(underKey(item))
}

// awkwardTexts are texts whose writing YAML decides from their characters.
var awkwardTexts = []string{
	"Harptos", "", "Selûne", "null", "yes", "123", "1:20", "1492-3-12", "1-1-1", "warm: 20°C", "north, strong", "a #b",
	"- a", "'a", "\"a\"", " lead", "trail ", "tab\there", "emoji 😀", "\ufeffbom", "a\u2028b", "line\nbreak",
	"trailing\n", " a\nb", "\ta\nb", "<p>one</p>\n\n<p>two</p>\n  indented\n",
}

// awkwardRecord is a calendar and its weather whose every text is one of
// texts.
func awkwardRecord(t *testing.T, id int, texts []string) (*client.Calendar, []*client.Weather) {
	t.Helper()
	at := func(i int) string { return texts[i%len(texts)] }
	var months, moons []map[string]any
	weekdays, years := []string{}, map[string]string{}
	for i := range texts {
		months = append(months, map[string]any{"name": at(i), "length": 30, "alias": at(i + 1)})
		weekdays = append(weekdays, at(i+2))
		years[strconv.Itoa(i*3-5)] = at(i + 3)
		moons = append(moons, map[string]any{"name": at(i + 4), "fullmoon": 29.5, "colour": at(i + 5), "id": i + 1})
	}
	raw, err := json.Marshal(map[string]any{"id": id, "name": at(0), "type": at(1), "entry": at(2), "date": "1-1-1",
		"months": months, "weekdays": weekdays, "years": years, "moons": moons, "suffix": at(3), "tags": []int{1},
		"seasons": []map[string]any{{"name": at(4), "month": 1, "day": 2}}, "urls": map[string]string{"api": at(5)}, at(6): at(7)})
	if err != nil {
		t.Fatal(err)
	}
	var cal client.Calendar
	if err := json.Unmarshal(raw, &cal); err != nil {
		t.Fatal(err)
	}
	var weather []*client.Weather
	for i, text := range texts {
		raw, err := json.Marshal(map[string]any{"id": i + 1, "calendar_id": id, "year": 1, "month": 1 + i%2, "day": 1 + i%10,
			"weather": text, "temperature": text, "precipitation": at(i + 1), "wind": at(i + 2), "effect": text, "visibility_id": 1 + i%5})
		if err != nil {
			t.Fatal(err)
		}
		var w client.Weather
		if err := json.Unmarshal(raw, &w); err != nil {
			t.Fatal(err)
		}
		weather = append(weather, &w)
	}
	return &cal, weather
}

func TestExportWritesAsBefore(t *testing.T) {
	type record struct {
		name    string
		cal     *client.Calendar
		weather []*client.Weather
	}
	var records []record
	for _, name := range presets.Names() {
		p, err := presets.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		_, weather := awkwardRecord(t, 1, awkwardTexts)
		records = append(records, record{name, &client.Calendar{CalendarInput: p.Input}, weather})
	}
	cal, weather := awkwardRecord(t, 2, awkwardTexts)
	records = append(records, record{"awkward", cal, weather}, record{"no weather", cal, nil})
	for i, text := range awkwardTexts {
		cal, weather := awkwardRecord(t, 3+i, []string{text})
		records = append(records, record{strconv.Quote(text), cal, weather})
	}
	for _, r := range records {
		for _, withWeather := range []bool{false, true} {
			want := exportItemBefore(t, r.cal, r.weather, withWeather)
			if got := exportItemNow(t, r.cal, r.weather, withWeather); got != want {
				t.Errorf("%s (with weather %v): export writes\n%s\nit wrote\n%s", r.name, withWeather, got, want)
			}
		}
	}
	if !strings.Contains(exportItemNow(t, records[0].cal, records[0].weather, true), "weather:\n") {
		t.Error("the weather is not written")
	}
}
