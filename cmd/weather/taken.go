package weather

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/cache"
)

// entriesByDate are the calendar's entries by date, each day's lowest id
// first, as set's entriesOn finds them for one date: from the cache when
// it holds the calendar's weather (read whole less than cache.SetTrust
// ago) and the service's tail page agrees, else from every weather page,
// read once (the interface has no weather filters). An entry the list
// holds that cannot be taken as the calendar's (another calendar's, one
// without a whole date) is on no day of it and is left out.
func entriesByDate(ctx context.Context, c *client.Client, k *cache.Cache, calendarID int) (map[client.Date][]*client.Weather, error) {
	entries, err := k.Weather(ctx, c, calendarID, cache.SetTrust, func(w *client.Weather) bool { return w.Misplaced(calendarID) == "" })
	if err != nil {
		return nil, err
	}
	byDate := map[client.Date][]*client.Weather{}
	for _, w := range entries {
		byDate[w.Date()] = append(byDate[w.Date()], w)
	}
	for _, ws := range byDate {
		slices.SortFunc(ws, func(a, b *client.Weather) int { return cmp.Compare(a.ID, b.ID) })
	}
	return byDate, nil
}

// refuseTakenDays is a ConflictError (exit 5) when an entry to create is
// on a day the calendar has weather on already, or (in a list) on the day
// of an earlier entry: a second entry of one day is rarely meant, and set
// and apply then see only one of them. It costs one walk of the weather
// pages, whatever the number of entries. The dates are resolved and
// checked already.
func refuseTakenDays(r *run, cal *client.Calendar) error {
	existing, err := entriesByDate(r.Ctx, r.Client, r.Factory.LocalCache(), cal.ID)
	if err != nil {
		return fmt.Errorf("checking that calendar %d has no weather on those days yet: %w", cal.ID, err)
	}
	calendar := fmt.Sprintf("calendar %d %q", cal.ID, cal.Name)
	if !isList(r) {
		in := r.Records[0]
		onDay := existing[entryDate(in)]
		if len(onDay) == 0 {
			return nil
		}
		return &cmdutil.ConflictError{Err: fmt.Errorf("%s already has weather on %s (%s): nothing was created. "+
			"To change that day's weather use `kanka weather set`, which updates the day's entry; "+
			"to add another entry on that day pass --allow-duplicate",
			calendar, in.DateLabel(), idList(onDay))}
	}
	var taken []cmdutil.Problem
	first := map[client.Date]int{} // the first entry of the file on each date
	for i, in := range r.Records {
		date := entryDate(in)
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
		calendar, len(taken), plural(len(taken), "entry is", "entries are"), strings.Join(lines, "\n"))}
}

// entryDate is the date of an entry whose date is resolved and checked.
func entryDate(in client.WeatherInput) client.Date {
	return client.Date{Year: *in.Year, Month: *in.Month, Day: *in.Day}
}

// idList is "id 41" or "ids 41, 42".
func idList(ws []*client.Weather) string {
	return plural(len(ws), "id ", "ids ") + joinIDs(ws)
}
