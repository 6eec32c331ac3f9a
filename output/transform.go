package output

import "fmt"

// CheckTransform refuses --jq or --template with an -o that is given
// (given: the flag was set) and is not json or ndjson: they run over the
// JSON and replace the format, so the -o would be ignored. Left out, -o
// is the JSON they work on. As gh refuses --jq without --json.
func CheckTransform(format string, given bool, jq, template string) error {
	if !given || (jq == "" && template == "") {
		return nil
	}
	if f, err := ParseFormat(format); err != nil || f == JSON || f == NDJSON {
		return err
	}
	flag, does := "--jq", "filters"
	if jq == "" {
		flag, does = "--template", "formats"
	}
	return fmt.Errorf("%s %s the JSON output: use it with -o json (or -o ndjson, one record a line), not -o %s", flag, does, format)
}
