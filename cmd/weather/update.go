package weather

import (
	"fmt"
	"slices"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/calendar"
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
	// A new date must be a day of the calendar, and a month by name needs
	// its months; an unchanged date is left alone, so no request is spent
	// on the calendar.
	var cal *client.Calendar
	changes := resource.Changes[input]{Fields: client.WeatherFields,
		Check: func(in *input, _ []string) error {
			record := fmt.Sprintf("weather %d of calendar %d", current.ID, current.CalendarID)
			return resource.CheckUnread(client.WeatherFields, in, record, "give them with --date and --weather (or in the file)", "")
		},
		Keys: dateKeys, Ready: func(records []input) (err error) {
			if cal, err = calendar.OfScope(r.Ctx, r.Client, r.Scope, "to check the date"); err != nil {
				return err
			}
			return resource.ResolveDates(r.Factory, cal, records)
		}}
	in, changed, err := changes.Over(r, &before, fmt.Sprintf("weather %d", current.ID))
	if err != nil || len(changed) == 0 {
		return current, err
	}
	if !slices.ContainsFunc(changed, isDatePart) {
		cal = nil // the date stays as it is: it is not checked again
	}
	if err := checkEntries([]client.WeatherInput{in}, false, cal, nil); err != nil {
		return nil, err
	}
	return r.Client.UpdateWeather(r.Ctx, r.Scope.ParentID, current.ID, client.WeatherFields.UpdateOf(&in, &before))
}
