package weather

import (
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// refuseTakenDays is a ConflictError (exit 5) when an entry to create is
// on a day the calendar has weather on already, or (in a list) on the day
// of an earlier entry: a second entry of one day is rarely meant, and set
// and apply then see only one of them. It costs one walk of the weather
// pages, whatever the number of entries (the cache cannot prove a day has
// no weather: an entry moved onto it elsewhere would not show; the walk
// brings the cache up to date). The dates are resolved and checked
// already.
func refuseTakenDays(r *run, cal *client.Calendar) error {
	existing, _, err := weatherDays(r.Ctx, r.Client, r.Factory.LocalCache(), 0, cal.ID, nil)
	if err != nil {
		return fmt.Errorf("checking that calendar %d has no weather on those days yet: %w", cal.ID, err)
	}
	named := fmt.Sprintf("calendar %d %q", cal.ID, cal.Name)
	if !r.IsList() {
		in := r.Records[0]
		onDay := existing[in.Date()]
		if len(onDay) == 0 {
			return nil
		}
		return &cmdutil.ConflictError{Err: fmt.Errorf("%s already has weather on %s (%s): nothing was created. "+
			"To change that day's weather use `kanka weather set`, which updates the day's entry; "+
			"to add another entry on that day pass --allow-duplicate",
			named, in.DateLabel(), idList(onDay))}
	}
	var taken []cmdutil.Problem
	first := map[client.Date]int{} // the first entry of the file on each date
	for i, in := range r.Records {
		date := in.Date()
		where := entryName(i, in.DateLabel())
		earlier, repeated := first[date]
		switch {
		case len(existing[date]) > 0:
			taken = append(taken, cmdutil.Problem{Where: where, Message: "the calendar has weather on that day (" + idList(existing[date]) + ")"})
		case repeated:
			taken = append(taken, cmdutil.Problem{Where: where, Message: "on the same day as " + entryName(earlier, r.Records[earlier].DateLabel())})
		}
		if !repeated {
			first[date] = i
		}
	}
	if len(taken) == 0 {
		return nil
	}
	lines := make([]string, len(taken))
	for i, p := range taken {
		lines[i] = "  " + p.String()
	}
	return &cmdutil.ConflictError{Err: fmt.Errorf("%s: %d weather %s on a day that has weather already; nothing was created:\n%s\n"+
		"To change a day's weather use `kanka weather set`, which updates the day's entry; "+
		"to create these entries anyway pass --allow-duplicate",
		named, len(taken), cmdutil.Plural(len(taken), "entry is", "entries are"), strings.Join(lines, "\n"))}
}
