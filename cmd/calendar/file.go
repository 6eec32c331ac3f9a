package calendar

import (
	"context"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
)

// readCalendarFile reads the -f file at path ("-" is standard input): its
// schema and strict decoding are client.DecodeCalendar's (what `get -o
// yaml` and `get -o json` print both read back). Every problem is a
// UsageError naming the source and the line. ctx ends a read that blocks
// (Ctrl-C, SIGTERM).
// origin is the record the file was written from, when it says.
func readCalendarFile(ctx context.Context, streams *cmdutil.IOStreams, path string) (in client.CalendarInput, origin client.FileOrigin, err error) {
	data, err := cmdutil.ReadInput(ctx, streams, path)
	if err != nil {
		return client.CalendarInput{}, origin, err
	}
	return decodeCalendarFile(data, cmdutil.SourceName(path))
}

// readFile is readCalendarFile as the create and update verbs read -f.
func readFile(ctx context.Context, streams *cmdutil.IOStreams, path string) (*resource.File[client.CalendarInput], error) {
	in, origin, err := readCalendarFile(ctx, streams, path)
	if err != nil {
		return nil, err
	}
	return &resource.File[client.CalendarInput]{Records: []client.CalendarInput{in}, Source: cmdutil.SourceName(path), Origin: origin}, nil
}

// decodeCalendarFile decodes the text of a calendar file; source names it
// in messages.
func decodeCalendarFile(data []byte, source string) (client.CalendarInput, client.FileOrigin, error) {
	doc, err := cmdutil.ParseYAML(data, source)
	if err != nil {
		return client.CalendarInput{}, client.FileOrigin{}, err
	}
	origin := client.ReadFileOrigin(doc)
	in, err := client.DecodeCalendar(doc)
	if err != nil {
		return client.CalendarInput{}, origin, cmdutil.InFile(source, err)
	}
	for _, w := range in.WrittenNames() {
		w.Where = source + ": " + w.Where
	}
	if in.Entry != nil {
		if p := client.EntryProblem(*in.Entry); p != "" {
			return client.CalendarInput{}, origin, cmdutil.UsageErrorf("%s: entry: %s", source, p)
		}
	}
	return in, origin, nil
}

// resolveMonths turns the months given by name into numbers with the
// calendar's months (see client.CalendarInput.ResolveMonths); a name that
// is no month is a usage error.
func resolveMonths(in *client.CalendarInput) error {
	if err := in.ResolveMonths(); err != nil {
		return &cmdutil.UsageError{Err: err}
	}
	return nil
}

// fileFromCalendar is the -f shape of a record: what `get -o yaml` prints.
func fileFromCalendar(c *client.Calendar) any { return client.CalendarFile(c) }
