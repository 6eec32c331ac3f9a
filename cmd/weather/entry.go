package weather

import (
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
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
// against cal when it is given) as one UsageError, nil when there is none.
// numbered names each entry's problems with the entry (a list); place, when
// set, says where the -f file gives a value (resource.File.Place), so that
// a problem is said at its line.
func checkEntries(entries []client.WeatherInput, numbered bool, cal *client.Calendar, place func(string) string) error {
	ps := &cmdutil.Problems{Subject: "the weather entry is not valid"}
	bad := 0
	for i, in := range entries {
		before := len(ps.List)
		where, key := "", ""
		if numbered {
			where, key = entryName(i, in.DateLabel()), fmt.Sprintf("[%d].", i+1)
		}
		ps.AddInputAt(where, in.Validate(cal), func(field string) string {
			if place == nil {
				return ""
			}
			return place(key + field)
		})
		if len(ps.List) > before {
			bad++
		}
	}
	if numbered {
		ps.Subject = fmt.Sprintf("%d weather %s not valid", bad, cmdutil.Plural(bad, "entry is", "entries are"))
	}
	return ps.Err()
}

// entryName is "entry 4 (1492-3-4)", or "entry 4" when the date is unknown.
func entryName(i int, date string) string {
	if date == "" {
		return fmt.Sprintf("entry %d", i+1)
	}
	return fmt.Sprintf("entry %d (%s)", i+1, date)
}
