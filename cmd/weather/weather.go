// Package weather holds the `kanka weather` commands: list, get, create,
// update and delete the weather entries of one calendar.
package weather

import (
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/cobra"
)

// NewCmdWeather builds `kanka weather` and its verbs: get, list and delete
// are the generic verbs over Spec; create (one entry or a batch) and
// update are weather's own.
func NewCmdWeather(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "weather <command>",
		Aliases: []string{"weathers"},
		Short:   "Manage the weather of a calendar",
		Long: `Manage the weather entries of a calendar: one entry records the weather of
one day. Every command but climates needs --calendar ID|NAME.`,
		Example: `  kanka weather list --calendar "Calendar of Harptos" --year 1492
  kanka weather set --calendar 1 --date 1492-Ches-6 --weather cloud-rain
  kanka weather create --calendar 1 -f examples/weather-1492-hammer.yaml
  kanka weather delete --calendar 1 5 --yes`,
	}
	spec := Spec(f)
	resource.AddVerbs(cmd, f, spec, NewCmdCreate(f, nil), NewCmdUpdate(f, nil))
	cmd.AddCommand(NewCmdSet(f))
	return cmd
}

// readEntryFile reads a -f file of one entry or a list of them, each in the
// shape client.DecodeWeather reads (what `get -o yaml` prints, or the
// server's own JSON).
var readEntryFile = (&resource.RecordFile[input]{One: client.DecodeWeather, List: client.DecodeWeathers, Lines: client.WeatherFileLines,
	Plural: "entries"}).Read

// writes is the weather entry as the create and update verbs see it.
func writes(intercept func(*run) error) *resource.Writes[*client.Weather, client.WeatherInput] {
	return &resource.Writes[*client.Weather, client.WeatherInput]{
		Fields: client.WeatherFields, Flags: fieldFlags(), ReadFile: readEntryFile,
		CheckCreate: checkCreate, Create: create, Update: update,
		NothingToChange: nothingToChange,
		CreateHelp:      createHelp, UpdateHelp: updateHelp,
		Intercept: intercept,
	}
}

// NewCmdCreate builds `kanka weather create`; intercept, when set, runs
// instead of the write (tests).
func NewCmdCreate(f *cmdutil.Factory, intercept func(*run) error) *cobra.Command {
	return resource.NewCreateCmd(f, Spec(f), createWrites(intercept))
}

// NewCmdUpdate builds `kanka weather update`; intercept, when set, runs
// instead of the write (tests).
func NewCmdUpdate(f *cmdutil.Factory, intercept func(*run) error) *cobra.Command {
	return resource.NewUpdateCmd(f, Spec(f), writes(intercept))
}
