package resource

import (
	"context"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// File is what a -f file held.
type File[In any] struct {
	Records []In
	// IsList is set when the file holds a list (even of one record): a
	// create then answers with a list.
	IsList bool
	// Source names the file in messages: its path, or "standard input".
	Source string
	// Origin is the record the file was written from, when it says (a
	// file `get -o yaml` wrote).
	Origin client.FileOrigin
	// Place, when set, says where the file gives the value a check's
	// problem names ("cal.yaml: line 14: seasons[2].month"; in a list of
	// records, the field of one: "[2].weather"), "" when it does not give
	// it: a check of the records after they were read places its problems
	// in the file too.
	Place func(field string) string
}

// ReadFile reads the -f file at path ("-" is standard input) and decodes
// its text with decode, which names the file by source in its messages.
// The places the file's Place says are said with the source too
// ("cal.yaml: line 14: seasons[2].month"). ctx ends a read that blocks
// (Ctrl-C, SIGTERM).
func ReadFile[In any](ctx context.Context, streams *cmdutil.IOStreams, path string, decode func(text []byte, source string) (*File[In], error)) (*File[In], error) {
	text, err := cmdutil.ReadInput(ctx, streams, path)
	if err != nil {
		return nil, err
	}
	source := cmdutil.SourceName(path)
	f, err := decode(text, source)
	if err != nil || f.Place == nil {
		return f, err
	}
	at := f.Place
	f.Place = func(field string) string {
		if place := at(field); place != "" {
			return source + ": " + place
		}
		return ""
	}
	return f, nil
}

// FilePlace is where the run's -f file gives a field (File.Place), nil
// without a file.
func (r *Run[In]) FilePlace() func(string) string {
	if r.File == nil {
		return nil
	}
	return r.File.Place
}

// IsList reports whether the run's -f file holds a list.
func (r *Run[In]) IsList() bool { return r.File != nil && r.File.IsList }
