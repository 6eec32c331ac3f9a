package weather

import (
	"context"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	yaml "go.yaml.in/yaml/v3"
)

// readEntryFile reads path ("-" is standard input): one entry, or a list of
// entries, each in the shape client.DecodeWeather reads (what `get -o
// yaml` prints, or the server's own JSON). Unknown keys, mistyped values,
// fractions where a whole number is wanted and text that is not UTF-8 are
// UsageErrors naming the key and the line.
func readEntryFile(ctx context.Context, streams *cmdutil.IOStreams, path string) (*resource.File[client.WeatherInput], error) {
	return resource.ReadFile(ctx, streams, path, decodeEntryFile)
}

// decodeEntryFile decodes the text of a weather file; source names it.
func decodeEntryFile(text []byte, source string) (*resource.File[client.WeatherInput], error) {
	doc, err := cmdutil.ParseYAML(text, source)
	if err != nil {
		return nil, err
	}
	f := &resource.File[client.WeatherInput]{Source: source}
	f.IsList = len(doc.Content) > 0 && doc.Content[0].Kind == yaml.SequenceNode
	if f.IsList {
		f.Records, err = client.DecodeWeathers(doc)
	} else {
		var one client.WeatherInput
		one, err = client.DecodeWeather(doc)
		f.Records = []client.WeatherInput{one}
	}
	if err != nil {
		return nil, cmdutil.InFile(source, err)
	}
	if len(f.Records) == 0 {
		return nil, cmdutil.UsageErrorf("%s: the list holds no entries", source)
	}
	for _, e := range f.Records {
		if e.Written != nil {
			e.Written.Where = source + ": " + e.Written.Where
		}
	}
	f.Place = client.WeatherFileLines(doc).PlaceKey
	return f, nil
}
