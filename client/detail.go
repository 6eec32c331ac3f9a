package client

import "github.com/kanka-cli/kanka/almanac"

// DetailLine is one line of a record's detail view (get and show on a
// terminal, or piped as text): its label, its value as people read it, and
// the value with month names where it holds a date ("" when the same).
type DetailLine struct{ Label, Value, Readable string }

// Detail is the lines of in's detail view: one for each field that has one
// (shown), in the table's order.
func (t Fields[In]) Detail(in *In) []DetailLine {
	var out []DetailLine
	for i := range t {
		if show := t[i].detail; show != nil {
			line := show(in)
			line.Label = t[i].detailLabel
			if line.Value != "" || !t[i].detailIfSet {
				out = append(out, line)
			}
		}
	}
	return out
}

// shown gives a field its line in the detail view, under label.
func shown[In any](label string, f Field[In], value func(in *In) DetailLine) Field[In] {
	f.detailLabel, f.detail = label, value
	return f
}

// ifSet leaves the field's detail line out when it has no value.
func ifSet[In any](f Field[In]) Field[In] {
	f.detailIfSet = true
	return f
}

// plain is a detail line without a readable form.
func plain(value string) DetailLine { return DetailLine{Value: value} }

// ReadableDate is d with its month named from months, "3 Ches 1492"
// (almanac.ShortDate: the form every --date reads back); the numeric
// "1492-4-3" when months has no month d.Month.
func ReadableDate(months []Month, d Date) string {
	name, _ := monthName(months, d.Month)
	return almanac.ShortDate(name, d)
}

// monthName is the name of month m (1 is the first), if the list has it
// and it has a name.
func monthName(months []Month, m int) (string, bool) {
	if m < 1 || m > len(months) || months[m-1].Name == "" {
		return "", false
	}
	return months[m-1].Name, true
}
