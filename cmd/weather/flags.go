package weather

import (
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// entryFlags are the field flags of create and update, as typed.
type entryFlags struct {
	date, weather, temperature, precipitation, wind, effect, name, visibility string
}

// addEntryFlags registers the field flags on cmd.
func addEntryFlags(cmd *cobra.Command, ef *entryFlags) {
	fs := cmd.Flags()
	fs.StringVar(&ef.date, "date", "", "the day, as `DATE`: 1492-1-3, or with a month name 1492-Hammer-3 or \"3 Hammer 1492\" (the year may be negative)")
	fs.StringVar(&ef.weather, "weather", "", "the weather, up to 20 characters: any `TEXT`; the web interface knows bolt, cloud, cloud-rain, cloud-showers-heavy, cloud-sun, cloud-sun-rain, meteor, smog, snowflake, sun and wind")
	fs.StringVar(&ef.temperature, "temperature", "", "the temperature, up to 45 characters of `TEXT`")
	fs.StringVar(&ef.precipitation, "precipitation", "", "the precipitation, up to 45 characters of `TEXT`")
	fs.StringVar(&ef.wind, "wind", "", "the wind, up to 45 characters of `TEXT`")
	fs.StringVar(&ef.effect, "effect", "", "the effect, up to 45 characters of `TEXT`")
	fs.StringVar(&ef.name, "name", "", "a `NAME` for the entry, up to 40 characters")
	fs.StringVar(&ef.visibility, "visibility", "", "who sees it, a `VISIBILITY`: all, self, admin, self-admin, members, or 1 to 5")
}

// input reads the flags that were given into the writable entry (an empty
// value given on purpose clears a text field). A malformed date or
// visibility, or a value that is not UTF-8 text, is a UsageError; whether
// the date is a day of the calendar, and which month a name is, is
// settled later, against it.
func (ef *entryFlags) input(fs *pflag.FlagSet) (client.WeatherInput, error) {
	var in client.WeatherInput
	if err := cmdutil.RefuseNonUTF8Flags(fs); err != nil {
		return in, err
	}
	if fs.Changed("date") {
		d, written, err := client.ParseDateInput(ef.date, "--date")
		if err != nil {
			return in, cmdutil.UsageErrorf("--date: %v", err)
		}
		if d != nil {
			in.SetDate(*d)
		} else {
			in.SetWrittenDate(written)
		}
	}
	if fs.Changed("visibility") {
		v, err := client.ParseVisibility(ef.visibility)
		if err != nil {
			return in, cmdutil.UsageErrorf("--visibility: %v", err)
		}
		in.VisibilityID = &v
	}
	for name, dst := range map[string]**string{
		"weather": &in.Weather, "temperature": &in.Temperature, "precipitation": &in.Precipitation,
		"wind": &in.Wind, "effect": &in.Effect, "name": &in.Name,
	} {
		if fs.Changed(name) {
			v, _ := fs.GetString(name)
			*dst = &v
		}
	}
	return in, nil
}
