package client

import (
	"encoding/json"
	"strconv"

	yaml "go.yaml.in/yaml/v3"
)

// The file forms as kanka built them before they were written in one pass
// (each value through (*yaml.Node).Encode: written as text and read back),
// kept here unchanged so that the tests can hold the one pass to them.

// CalendarFileBefore is CalendarFile as it was.
func CalendarFileBefore(c *Calendar) *yaml.Node {
	return recordFileBefore(c.ID, fileNodeBefore(CalendarFields, &c.CalendarInput), CalendarFields, c.Raw, calendarServerKeys)
}

// WeatherFileBefore is WeatherFile as it was.
func WeatherFileBefore(w *Weather) *yaml.Node {
	return recordFileBefore(w.ID, weatherFileNodeBefore(&w.WeatherInput), WeatherFields, w.Raw, weatherForm.serverKeys)
}

func recordFileBefore[In any](id int, fields *yaml.Node, t Fields[In], raw []byte, serverKeys map[string]bool) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode}
	if id != 0 {
		value := scalarNodeBefore(strconv.Itoa(id))
		value.Tag = "!!int"
		n.Content = append(n.Content, scalarNodeBefore("id"), value)
	}
	n.Content = append(n.Content, fields.Content...)
	var others []keyValue
	for _, kv := range extraKeys(t, raw, "id") {
		if serverKeys[kv.Key] {
			n.Content = append(n.Content, extraNodeBefore([]keyValue{kv}).Content...)
		} else {
			others = append(others, kv)
		}
	}
	if len(others) > 0 {
		n.Content = append(n.Content, scalarNodeBefore(otherKeysKey), extraNodeBefore(others))
	}
	return n
}

func scalarNodeBefore(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: s} }

func weatherFileNodeBefore(in *WeatherInput) *yaml.Node {
	if !in.HasDate() {
		return fileNodeBefore(WeatherFields, in)
	}
	rest := *in
	rest.Year, rest.Month, rest.Written, rest.Day = nil, nil, nil, nil
	n := fileNodeBefore(WeatherFields, &rest)
	var date yaml.Node
	_ = date.Encode(in.DateLabel())
	n.Content = append([]*yaml.Node{scalarNodeBefore("date"), &date}, n.Content...)
	return n
}

func fileNodeBefore[In any](t Fields[In], in *In) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for i := range t {
		f := &t[i]
		if f.yaml == nil || !f.given(in) {
			continue
		}
		if v := f.yaml(in); v != nil {
			addPairBefore(n, f.Key, v)
		}
	}
	return n
}

func extraNodeBefore(kvs []keyValue) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for _, kv := range kvs {
		var v any
		if err := json.Unmarshal(kv.Value, &v); err == nil {
			addPairBefore(n, kv.Key, v)
		}
	}
	return n
}

func addPairBefore(n *yaml.Node, key string, v any) {
	var value yaml.Node
	if err := value.Encode(v); err == nil {
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, &value)
	}
}
