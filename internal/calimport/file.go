package calimport

import (
	"strconv"

	"github.com/kanka-cli/kanka/client"
	yaml "go.yaml.in/yaml/v3"
)

// File is the converted calendar in the file form `calendar create -f`
// and `kanka apply` read, every field it manages written: the form `get
// -o yaml` prints leaves out a false flag and a zero (an update starts
// from the record, so nothing is lost there), but an import manages them
// (year zero exists, the week starts with no offset, no leap years), and a
// file that says so applies as the import does.
func File(in client.CalendarInput) (*yaml.Node, error) {
	form := client.CalendarFile(&client.Calendar{CalendarInput: in}).Node()
	written := map[string]*yaml.Node{}
	for i := 0; i+1 < len(form.Content); i += 2 {
		written[form.Content[i].Value] = form.Content[i+1]
	}
	zeros := map[string]string{}
	if in.SkipYearZero != nil {
		zeros["skip_year_zero"] = strconv.FormatBool(*in.SkipYearZero)
	}
	if in.StartOffset != nil {
		zeros["start_offset"] = strconv.Itoa(*in.StartOffset)
	}
	if in.HasLeapYear != nil {
		zeros["has_leap_year"] = strconv.FormatBool(*in.HasLeapYear)
	}
	out := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for _, f := range client.CalendarFields {
		value, ok := written[f.Key]
		if !ok {
			text, zero := zeros[f.Key]
			if !zero {
				continue
			}
			value = &yaml.Node{Kind: yaml.ScalarNode, Value: text}
		}
		out.Content = append(out.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: f.Key}, value)
	}
	return out, nil
}

// SeedFile is the converted calendar as a calendar of the seed `kanka
// apply` reads: File, and when reminders is not nil its reminders: key,
// one reminder a line in the seed's form (client.SeedReminderFile).
func SeedFile(in client.CalendarInput, reminders []client.ReminderInput) (*yaml.Node, error) {
	node, err := File(in)
	if err != nil || reminders == nil {
		return node, err
	}
	list := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for i := range reminders {
		entry := client.SeedReminderFile(&reminders[i]).Node()
		entry.Style = yaml.FlowStyle
		list.Content = append(list.Content, entry)
	}
	if len(list.Content) == 0 {
		list.Style = yaml.FlowStyle
	}
	node.Content = append(node.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "reminders"}, list)
	return node, nil
}
