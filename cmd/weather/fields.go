package weather

import (
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
)

// What the command line adds to the fields of client.WeatherFields: their
// flags and their lines in the detail view, in the table's order.

type input = client.WeatherInput

func fieldFlags() []resource.Flag[input] {
	return []resource.Flag[input]{
		resource.DatedFlag("the day,", func(in *input) *client.Dated { return &in.Dated }),
		resource.TextFlag("weather", "weather", "the weather, up to 20 characters: any `TEXT`; the web interface knows "+
			strings.Join(client.WeatherCodes[:len(client.WeatherCodes)-1], ", ")+" and "+client.WeatherCodes[len(client.WeatherCodes)-1],
			func(in *input) **string { return &in.Weather }).Offering(client.WeatherCodes...),
		resource.TextFlag("temperature", "temperature", "the temperature, up to 45 characters of `TEXT`", func(in *input) **string { return &in.Temperature }),
		resource.TextFlag("precipitation", "precipitation", "the precipitation, up to 45 characters of `TEXT`", func(in *input) **string { return &in.Precipitation }),
		resource.TextFlag("wind", "wind", "the wind, up to 45 characters of `TEXT`", func(in *input) **string { return &in.Wind }),
		resource.TextFlag("effect", "effect", "the effect, up to 45 characters of `TEXT`", func(in *input) **string { return &in.Effect }),
		resource.TextFlag("name", "name", "a `NAME` for the entry, up to 40 characters", func(in *input) **string { return &in.Name }),
		resource.VisibilityFlag(func(in *input) **int { return &in.VisibilityID }),
	}
}

func detailLines() []resource.Line[input] {
	return []resource.Line[input]{
		resource.Plain("Weather", func(in *input) string { return output.Text(in.Weather) }),
		resource.Plain("Temperature", func(in *input) string { return output.Text(in.Temperature) }),
		resource.Plain("Precipitation", func(in *input) string { return output.Text(in.Precipitation) }),
		resource.Plain("Wind", func(in *input) string { return output.Text(in.Wind) }),
		resource.Plain("Effect", func(in *input) string { return output.Text(in.Effect) }),
		{Label: "Name", Show: func(in *input) output.Field { return output.Field{Value: output.Text(in.Name)} }, IfSet: true},
		resource.Plain("Visibility", func(in *input) string { return in.Visibility() }),
	}
}
