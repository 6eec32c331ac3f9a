package weather

import (
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
)

// resolveDates turns the months written by name into numbers with cal's
// months, and a date counted from today into the day it is
// (client.ResolveDates); every name that is no month is said, one a line,
// in one UsageError. The day today (or +3) is is said on stderr, so that
// the day written is never a surprise.
func resolveDates(f *cmdutil.Factory, cal *client.Calendar, inputs []client.WeatherInput) error {
	var counted string
	for _, in := range inputs {
		if in.Written != nil && in.Written.Date && almanac.IsRelative(in.Written.Text) {
			counted = strings.TrimSpace(in.Written.Text) // the flag's, the same in every entry
		}
	}
	if err := cmdutil.AsUsage(client.ResolveDates(cal, inputs)); err != nil || counted == "" {
		return err
	}
	d := inputs[0].Date()
	day := d.String()
	if r, err := cal.Reckoning(); err == nil {
		day = r.FormatShort(d)
	}
	cmdutil.Say(f, "%s is %s (%s) on calendar %d %q", counted, d, output.Sanitize(day), cal.ID, cal.Name)
	return nil
}

// isDatePart reports whether a field of WeatherFields is part of the date.
func isDatePart(key string) bool { return key == "year" || key == "month" || key == "day" }

// checkEntries is every problem of the entries (their dates checked
// against cal when it is given) as one UsageError, nil when there is none
// (resource.CheckEach).
func checkEntries(entries []client.WeatherInput, numbered bool, cal *client.Calendar, place func(string) string) error {
	return resource.CheckEach(spec, entries, numbered, (*input).DateLabel, func(in *input) error { return in.Validate(cal) }, place)
}

// entryName is "entry 4 (1492-3-4)", or "entry 4" when the date is unknown.
func entryName(i int, date string) string { return resource.RecordName("entry", i, date) }
