package weather

import (
	"strconv"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
)

// run is one run of create or update.
type run = resource.Run[client.WeatherInput]

var createHelp = resource.Help{
	Short: "Record the weather of a day, or of many days from a file",
	Long: `Record the weather of one day from the field flags, or of one or many days
from a YAML or JSON file (-f; - is standard input). A file holds one entry or a
list of entries, each with date: Y-M-D (or year, month and day) and weather, and
optionally temperature, precipitation, wind, effect, name and visibility. Field
flags given beside -f override those fields of every entry.

A month (--date, and date or month in the file) is a number or a name of the
calendar's months: a name, an alias, in any case, or a prefix only one month
has (1492-Ches-3, "3 Ches 1492"). The calendar is read anyway to check the
dates, so a name costs no extra request.

Every date is checked against the calendar's months, and every entry is checked,
before anything is sent. A list is created entry by entry; if one fails, the
command stops and says which entries were created.`,
	Example: `  kanka weather create --calendar "Calendar of Harptos" --date 1492-Hammer-1 --weather snowflake --temperature "-5°C"
  kanka weather create --calendar 5 -f examples/weather-1492-hammer.yaml
  kanka weather get --calendar 5 41 -o yaml | kanka weather create --calendar 6 -f -`,
}

// checkCreate checks what can be checked without the calendar, before any
// request; the months named and the dates are checked against it after.
func checkCreate(r *run) error { return checkEntries(r.Records, isList(r), nil) }

// create checks the entries against the calendar (read once: a name's
// lookup already holds it) and creates them: one, or a list entry by entry.
func create(r *run) ([]*client.Weather, error) {
	cal, err := scopeCalendar(r.Ctx, r.Client, r.Scope, "to check the date")
	if err != nil {
		return nil, err
	}
	if err := resolveDates(cal, r.Records); err != nil {
		return nil, err
	}
	if err := checkEntries(r.Records, isList(r), cal); err != nil {
		return nil, err
	}
	if !isList(r) {
		w, err := r.Client.CreateWeather(r.Ctx, cal.ID, r.Records[0])
		return []*client.Weather{w}, err
	}
	return createEach(r, cal.ID)
}

// isList reports whether the run's file holds a list.
func isList(r *run) bool { return r.File != nil && r.File.IsList }

// createEach creates the entries one by one, with one progress line on a
// terminal. A failure stops it: a BatchError says on stderr what was
// created, and keeps the failure's kind for the exit code.
func createEach(r *run, calendarID int) ([]*client.Weather, error) {
	f := r.Factory
	progress := cmdutil.NewProgress(f.IO, f.Quiet())
	defer progress.Clear()
	created := make([]*client.Weather, 0, len(r.Records))
	var ids []string
	for i, in := range r.Records {
		date := in.DateLabel()
		progress.Show(i+1, len(r.Records), "creating "+date+" "+*in.Weather)
		w, err := r.Client.CreateWeather(r.Ctx, calendarID, in)
		if err != nil {
			progress.Clear()
			batch := &cmdutil.BatchError{Verb: "created", Done: ids, Total: len(r.Records), Failed: entryName(i, date), Err: err}
			return created, batch.Report(f)
		}
		created = append(created, w)
		ids = append(ids, strconv.Itoa(w.ID))
	}
	return created, nil
}
