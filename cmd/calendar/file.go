package calendar

import (
	"context"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/internal/yamlwrite"
)

// readFile reads the -f file at path ("-" is standard input): its
// schema and strict decoding are client.DecodeCalendar's (what `get -o
// yaml` and `get -o json` print both read back). Every problem is a
// UsageError naming the source and the line.
func readFile(ctx context.Context, streams *cmdutil.IOStreams, path string) (*resource.File[client.CalendarInput], error) {
	return resource.ReadFile(ctx, streams, path, decodeCalendarFile)
}

// decodeCalendarFile decodes the text of a calendar file; source names it
// in messages. The file's Origin is the record it was written from, when it
// says; its Place, the line where it gives a field.
func decodeCalendarFile(data []byte, source string) (*resource.File[client.CalendarInput], error) {
	doc, err := cmdutil.ParseYAML(data, source)
	if err != nil {
		return nil, err
	}
	f := &resource.File[client.CalendarInput]{Source: source, Origin: client.ReadFileOrigin(doc)}
	in, err := client.DecodeCalendar(doc)
	if err != nil {
		return f, cmdutil.InFile(source, err)
	}
	for _, w := range in.WrittenNames() {
		w.Where = source + ": " + w.Where
	}
	if in.Entry != nil {
		if p := client.EntryProblem(*in.Entry); p != "" {
			return f, cmdutil.UsageErrorf("%s: entry: %s", source, p)
		}
	}
	f.Records = []client.CalendarInput{in}
	f.Place = client.CalendarFileLines(doc).Place
	return f, nil
}

// resolveMonths turns the months given by name into numbers with the
// calendar's months (see client.CalendarInput.ResolveMonths); a name that
// is no month is a usage error.
func resolveMonths(in *client.CalendarInput) error { return cmdutil.AsUsage(in.ResolveMonths()) }

// fileFromCalendar is the -f shape of a record: what `get -o yaml` prints.
func fileFromCalendar(c *client.Calendar) yamlwrite.Map { return client.CalendarFile(c) }
