package calendar

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/cache"
)

// cachedCalendar is the calendar ID|NAME names, for a verb that shows it
// or checks dates against it but does not write it: the local cache's
// while it is fresh (no request). Else an id is read (one GET, which the
// cache keeps), and a name is looked up among the calendars brought up to
// date (one request: those changed since, or the whole list when the cache
// has none); a name the cache still cannot tell is looked up as every
// command does (readCalendar), which also says what a name that is no
// calendar's should have been. refresh, and a run without a cache, read it
// from the service.
func cachedCalendar(ctx context.Context, c *client.Client, k *cache.Cache, arg string, refresh bool) (int, *client.Calendar, error) {
	if k != nil && !refresh {
		if cal, ok := k.FreshCalendar(arg); ok {
			return cal.ID, cal, nil
		}
		if _, err := strconv.Atoi(strings.TrimSpace(arg)); err != nil {
			cal, ok, err := k.CalendarNamed(ctx, c, arg)
			if err != nil {
				return 0, nil, err
			}
			if ok {
				return cal.ID, cal, nil
			}
		}
	}
	return readCalendar(ctx, c, arg)
}

// listTrust is how long show and agenda trust a calendar's cached weather
// and reminders: cache.ShowTrust, not at all with --refresh.
func listTrust(refresh bool) time.Duration {
	if refresh {
		return 0
	}
	return cache.ShowTrust
}
