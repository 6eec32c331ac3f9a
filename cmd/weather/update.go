package weather

import (
	"fmt"
	"slices"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
)

var updateHelp = resource.Help{
	Short: "Change a weather entry",
	Long: `Change a weather entry: it is read, the file (-f, one entry) and then the
flags go over it, and the date, the weather and the fields that change are
sent, nothing else, so a field someone changed meanwhile stays as they left it.`,
	Example: `  kanka weather update --calendar 1 2 --weather cloud-rain --precipitation heavy
  kanka weather get --calendar 1 2 -o yaml > entry.yaml   # edit it, then:
  kanka weather update --calendar 1 2 -f entry.yaml`,
}

const nothingToChange = "nothing to change: give -f FILE or a field flag (--date, --weather, --temperature, --precipitation, --wind, --effect, --name, --visibility)"

// update puts the run's changes over current and sends what changes; an
// entry that already has the values is left alone.
func update(r *run, current *client.Weather) (*client.Weather, error) {
	before := client.FromWeather(current)
	in := client.WeatherFields.Over(&before, &r.Records[0])
	record := fmt.Sprintf("weather %d of calendar %d", current.ID, current.CalendarID)
	if err := resource.CheckUnread(client.WeatherFields, &in, record, "give them with --date and --weather (or in the file)", ""); err != nil {
		return nil, err
	}
	// A month by name needs the calendar's months.
	if in.Written != nil {
		cal, err := calendar.OfScope(r.Ctx, r.Client, r.Scope, "to check the date")
		if err != nil {
			return nil, err
		}
		resolved := []client.WeatherInput{in}
		if err := resolveDates(r.Factory, cal, resolved); err != nil {
			return nil, err
		}
		in = resolved[0]
	}
	if client.WeatherFields.Same(&in, &before) {
		cmdutil.Say(r.Factory, "weather %d already has these values; nothing was sent", current.ID)
		return current, nil
	}
	// A new date must be a day of the calendar; an unchanged one is left
	// alone, so no request is spent on the calendar.
	var cal *client.Calendar
	if slices.ContainsFunc(client.WeatherFields.Differing(&in, &before), isDatePart) {
		var err error
		if cal, err = calendar.OfScope(r.Ctx, r.Client, r.Scope, "to check the date"); err != nil {
			return nil, err
		}
	}
	if err := checkEntries([]client.WeatherInput{in}, false, cal, nil); err != nil {
		return nil, err
	}
	return r.Client.UpdateWeather(r.Ctx, r.Scope.ParentID, current.ID, client.WeatherFields.UpdateOf(&in, &before))
}
