package output

import (
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/internal/suggest"
)

// Formats lists the -o values in the order help text and completion show them.
func Formats() []Format {
	return []Format{Table, Wide, JSON, YAML, NDJSON, ID}
}

// ParseFormat checks an -o value, ignoring case. An empty value is the
// default, table, so an unset config key does not become an error.
func ParseFormat(s string) (Format, error) {
	if s == "" {
		return Table, nil
	}
	want := Format(strings.ToLower(s))
	for _, f := range Formats() {
		if f == want {
			return f, nil
		}
	}
	names := make([]string, 0, len(Formats()))
	for _, f := range Formats() {
		names = append(names, string(f))
	}
	if near, ok := suggest.Nearest(s, names); ok {
		return "", fmt.Errorf("unknown output format %q; did you mean %q? (one of %s)", s, near, formatNames())
	}
	return "", fmt.Errorf("unknown output format %q: use one of %s", s, formatNames())
}

// formatNames is "table, wide, json, yaml, ndjson or id".
func formatNames() string {
	names := make([]string, 0, len(Formats()))
	for _, f := range Formats() {
		names = append(names, string(f))
	}
	last := len(names) - 1
	return strings.Join(names[:last], ", ") + " or " + names[last]
}
