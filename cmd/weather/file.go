package weather

import (
	"context"
	"fmt"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	yaml "go.yaml.in/yaml/v3"
)

// fileEntry is one weather entry of a -f file (YAML or JSON), in the shape
// `kanka weather get -o yaml` prints, so that a printed entry can be edited
// and sent back. The server's own JSON (`-o json`) is accepted too.
type fileEntry struct {
	// The day: date: Y-M-D, or year, month and day (not both).
	Date  *fileDate `yaml:"date"`
	Year  *int      `yaml:"year"`
	Month *int      `yaml:"month"`
	Day   *int      `yaml:"day"`

	Weather       *string `yaml:"weather"`
	Temperature   *string `yaml:"temperature"`
	Precipitation *string `yaml:"precipitation"`
	Wind          *string `yaml:"wind"`
	Effect        *string `yaml:"effect"`
	Name          *string `yaml:"name"`
	// Visibility is a name or 1 to 5; visibility_id, the server's key, is
	// accepted as an alias so that the server's JSON can be sent back.
	Visibility   *fileVisibility `yaml:"visibility"`
	VisibilityID *fileVisibility `yaml:"visibility_id"`

	// Keys only the server sets: accepted and ignored.
	ID         any `yaml:"id"`
	CalendarID any `yaml:"calendar_id"`
	CreatedAt  any `yaml:"created_at"`
	CreatedBy  any `yaml:"created_by"`
	UpdatedAt  any `yaml:"updated_at"`
}

// fileDate is a "Y-M-D" value that names its line when it is malformed.
type fileDate client.Date

// UnmarshalYAML reads "Y-M-D". A bad value is reported as a yaml.TypeError
// so that decoding goes on and every bad value of the file is reported.
func (d *fileDate) UnmarshalYAML(n *yaml.Node) error {
	parsed, err := client.ParseDate(n.Value)
	if n.Kind != yaml.ScalarNode || err != nil {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: date: %q is not a date of the form YEAR-MONTH-DAY", n.Line, n.Value)}}
	}
	*d = fileDate(parsed)
	return nil
}

// fileVisibility is a visibility name or number that names its line when it
// is neither.
type fileVisibility int

// UnmarshalYAML reads a visibility name or a number from 1 to 5.
func (v *fileVisibility) UnmarshalYAML(n *yaml.Node) error {
	id, err := client.ParseVisibility(n.Value)
	if n.Kind != yaml.ScalarNode || err != nil {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: visibility: %q is not a visibility: use all, self, admin, self-admin, members or 1 to 5", n.Line, n.Value)}}
	}
	*v = fileVisibility(id)
	return nil
}

// fields returns what the entry gives, and the problems of its shape.
func (fe fileEntry) fields() (entryFields, []client.Problem) {
	e := entryFields{
		Year: fe.Year, Month: fe.Month, Day: fe.Day,
		Weather: fe.Weather, Temperature: fe.Temperature, Precipitation: fe.Precipitation,
		Wind: fe.Wind, Effect: fe.Effect, Name: fe.Name,
	}
	var ps []client.Problem
	if fe.Date != nil {
		if fe.Year != nil || fe.Month != nil || fe.Day != nil {
			ps = append(ps, client.Problem{Field: "date", Message: "give date: Y-M-D or year, month and day, not both"})
		}
		e.setDate(client.Date(*fe.Date))
	}
	switch {
	case fe.Visibility != nil && fe.VisibilityID != nil && *fe.Visibility != *fe.VisibilityID:
		ps = append(ps, client.Problem{Field: "visibility", Message: "visibility and visibility_id disagree: give one"})
	case fe.Visibility != nil:
		v := int(*fe.Visibility)
		e.Visibility = &v
	case fe.VisibilityID != nil:
		v := int(*fe.VisibilityID)
		e.Visibility = &v
	}
	return e, ps
}

// entryFile is what a -f file holds.
type entryFile struct {
	Entries []fileEntry
	// IsList is set when the file holds a list (even of one entry): the
	// command then answers with a list.
	IsList bool
	// Source names the file in messages.
	Source string
}

// readEntryFile reads path ("-" is standard input): one entry, or a list of
// entries. Unknown keys, mistyped values, fractions where a whole number is
// wanted and text that is not UTF-8 are UsageErrors naming the key and the
// line. ctx ends a read that blocks (Ctrl-C, SIGTERM).
func readEntryFile(ctx context.Context, streams *cmdutil.IOStreams, path string) (*entryFile, error) {
	data, err := cmdutil.ReadInput(ctx, streams, path)
	if err != nil {
		return nil, err
	}
	f := &entryFile{Source: cmdutil.SourceName(path), IsList: isYAMLList(data)}
	if f.IsList {
		if err := cmdutil.DecodeStrict(data, f.Source, &f.Entries); err != nil {
			return nil, err
		}
		if len(f.Entries) == 0 {
			return nil, cmdutil.UsageErrorf("%s: the list holds no entries", f.Source)
		}
		return f, nil
	}
	var one fileEntry
	if err := cmdutil.DecodeStrict(data, f.Source, &one); err != nil {
		return nil, err
	}
	f.Entries = []fileEntry{one}
	return f, nil
}

// isYAMLList reports whether the document is a list. A document that does
// not parse is not: decoding it as one entry reports the syntax error.
func isYAMLList(data []byte) bool {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return false
	}
	return doc.Content[0].Kind == yaml.SequenceNode
}
