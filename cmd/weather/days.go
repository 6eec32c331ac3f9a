package weather

import (
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/cache"
)

// weatherDays are the calendar's entries by date (of the dates wanted
// keeps; nil: every date), each day's lowest id first: from the cache when
// it holds the calendar's weather (read whole less than trust ago) and the
// service's tail page agrees, else from every weather page (the interface
// has no weather filters). An entry the list holds that cannot be taken as
// the calendar's (another calendar's, one without a whole date) is on no
// day of it and is never written: it is returned in apart, to be reported.
func weatherDays(ctx context.Context, c *client.Client, k *cache.Cache, trust time.Duration, calendarID int, wanted func(client.Date) bool) (byDate map[client.Date][]*client.Weather, apart []*client.Weather, err error) {
	entries, err := k.Weather(ctx, c, calendarID, trust, func(w *client.Weather) bool {
		return w.Misplaced(calendarID) != "" || wanted == nil || wanted(w.Date())
	})
	if err != nil {
		return nil, nil, err
	}
	byDate = map[client.Date][]*client.Weather{}
	for _, w := range entries {
		if w.Misplaced(calendarID) != "" {
			apart = append(apart, w)
			continue
		}
		byDate[w.Date()] = append(byDate[w.Date()], w)
	}
	for _, ws := range byDate {
		slices.SortFunc(ws, client.ByDate) // the lowest id first
	}
	return byDate, apart, nil
}

// idList is "id 41" or "ids 41, 42".
func idList(ws []*client.Weather) string {
	ids := make([]string, len(ws))
	for i, w := range ws {
		ids[i] = strconv.Itoa(w.ID)
	}
	return cmdutil.IDs(ids)
}
