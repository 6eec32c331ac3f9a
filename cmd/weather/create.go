package weather

import (
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/pflag"
)

// run is one run of create or update.
type run = resource.Run[client.WeatherInput]

var createHelp = resource.Help{
	Short: "Record the weather of a day, or of many days from a file",
	Long: `Record the weather of one day from the field flags, or of one or many days
from a file (-f: one entry or a list, as "weather get -o yaml" prints one; the
flags go over every entry). A day that has weather already is refused (exit 5)
unless --allow-duplicate: "weather set" changes a day's weather.`,
	Example: `  kanka weather create --calendar 1 --date 1492-Hammer-6 --weather snowflake
  kanka weather create --calendar 1 -f examples/weather-1492-hammer.yaml
  kanka weather get --calendar 1 5 -o yaml | kanka weather create --calendar 1 -f - --date 1492-Ches-6`,
}

// createWrites are the writes of weather create: weather's, with
// --allow-duplicate and the check that no day given has weather already.
func createWrites(intercept func(*run) error) *resource.Writes[*client.Weather, client.WeatherInput] {
	// allowDuplicate skips the check (and its walk of the weather pages).
	var allowDuplicate bool
	w := writes(intercept)
	w.CreateFlags = func(fs *pflag.FlagSet) {
		fs.BoolVar(&allowDuplicate, "allow-duplicate", false, "create even on a day that has weather already")
	}
	w.Create = func(r *run) ([]*client.Weather, error) { return createEntries(r, allowDuplicate) }
	return w
}

// checkCreate checks what can be checked without the calendar, before any
// request; the months named and the dates are checked against it after.
func checkCreate(r *run) error { return checkEntries(r.Records, r.IsList(), nil, r.FilePlace()) }

// create is createEntries without the check that the days are free: set
// creates only on a day it found without weather.
func create(r *run) ([]*client.Weather, error) { return createEntries(r, true) }

// createEntries checks the entries against the calendar (read once: a
// name's lookup already holds it), refuses a day that has weather already
// unless allowDuplicate (refuseTakenDays), and creates them: one, or a list
// entry by entry (resource.CreateEach).
func createEntries(r *run, allowDuplicate bool) ([]*client.Weather, error) {
	cal, err := calendar.OfScope(r.Ctx, r.Client, r.Scope, "to check the date")
	if err != nil {
		return nil, err
	}
	if err := resource.ResolveDates(r.Factory, cal, r.Records); err != nil {
		return nil, err
	}
	if err := checkEntries(r.Records, r.IsList(), cal, r.FilePlace()); err != nil {
		return nil, err
	}
	if !allowDuplicate {
		if err := refuseTakenDays(r, cal); err != nil {
			return nil, err
		}
	}
	return resource.CreateEach(r, func(_ int, in *input) string { return in.DateLabel() + " " + *in.Weather },
		func(i int, in *input) string { return entryName(i, in.DateLabel()) },
		func(in input) (*client.Weather, error) { return r.Client.CreateWeather(r.Ctx, cal.ID, in) })
}
