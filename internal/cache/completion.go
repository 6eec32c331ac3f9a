package cache

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// What shell completion reads of the cache. A shell waits on a completion
// at every Tab, under a budget of 30 requests a minute, and a candidate is
// only a suggestion the command then checks: completion takes what the
// cache holds, however old, when the service cannot be asked, and spends
// one request at most to bring it up to date.

// CompletionFresh is how long completion offers a calendar's weather as the
// cache holds it without asking the service (the calendars have
// CalendarsFresh).
var CompletionFresh = time.Minute

// KnownCalendars is every calendar the cache holds, however long ago it
// was read, with no request; fresh reports whether they are the whole list
// as of less than CalendarsFresh ago.
func (k *Cache) KnownCalendars() (calendars []*client.Calendar, fresh bool) {
	if k == nil {
		return nil, false
	}
	k.mu.Lock()
	set := k.loadCalendars()
	k.mu.Unlock()
	return set.calendars(), set.fresh(k.now())
}

// KnownCalendar is the calendar ID|NAME names among those the cache holds,
// however long ago it was read, with no request: an id, or a name (exact,
// else the one that differs only in case). ok is false when the cache
// holds none, or several of that name.
func (k *Cache) KnownCalendar(arg string) (cal *client.Calendar, ok bool) {
	if k == nil {
		return nil, false
	}
	k.mu.Lock()
	set := k.loadCalendars()
	k.mu.Unlock()
	arg = strings.TrimSpace(arg)
	if id, err := strconv.Atoi(arg); err == nil {
		for _, c := range set.list {
			if c.cal.ID == id {
				return c.cal, true
			}
		}
		return nil, false
	}
	return set.named(arg)
}

// CompletionWeather is calendarID's weather for a completion, in the
// service's order, with one request at most:
//   - the cache's, with no request, while it was brought up to date less
//     than CompletionFresh ago;
//   - else the page that holds the cached tail: when it agrees, the cache's
//     entries and those added since on that page (the file is brought up to
//     date when that page ends the list); when it does not, the cache's
//     entries before that page and the page's;
//   - with no copy, the first page (kept as the cache when it is the whole
//     list).
//
// A request that fails gives the cache's entries, however old, with the
// error (nil entries when there are none).
func (k *Cache) CompletionWeather(ctx context.Context, c *client.Client, calendarID int) ([]*client.Weather, error) {
	if k == nil {
		page, err := c.ListWeather(ctx, calendarID, &client.WeatherListOptions{Page: 1})
		if err != nil {
			return nil, err
		}
		return page.Items, nil
	}
	k.mu.Lock()
	set := weatherList.load(k, calendarID, nil)
	basedOn := k.generation(weatherList.file(calendarID), weatherList.kind)
	k.mu.Unlock()
	if set == nil {
		return k.firstWeatherPage(ctx, c, calendarID, basedOn)
	}
	if within(k.now(), set.meta.Refreshed, CompletionFresh) {
		return set.keptInOrder(), nil
	}
	return k.tailForCompletion(ctx, c, calendarID, set)
}

// firstWeatherPage is the first page of calendarID's weather, kept as the
// cache when it holds every entry: a small calendar is then known whole
// after one completion.
func (k *Cache) firstWeatherPage(ctx context.Context, c *client.Client, calendarID int, basedOn int64) ([]*client.Weather, error) {
	started := k.now()
	page, err := c.ListWeather(ctx, calendarID, &client.WeatherListOptions{Page: 1})
	if err != nil {
		return nil, err
	}
	if m := page.Meta; m.PerPage > 0 && m.Total == len(page.Items) && m.Total <= MaxWeather && inIDOrder[client.Weather](page.Items, 0) {
		set := &weatherSet{meta: meta{Total: m.Total, PerPage: m.PerPage, Whole: started, Refreshed: started}}
		for _, w := range page.Items {
			set.ids = append(set.ids, w.ID)
			set.raws = append(set.raws, []byte(w.Raw))
		}
		k.mu.Lock()
		_ = weatherList.write(k, calendarID, set, basedOn)
		k.mu.Unlock()
	}
	return page.Items, nil
}

// tailForCompletion asks for the page that holds set's tail (one request),
// as Weather's revalidation does, but reads no further page.
func (k *Cache) tailForCompletion(ctx context.Context, c *client.Client, calendarID int, set *weatherSet) ([]*client.Weather, error) {
	page, tail, agrees, err := weatherList.tailPage(ctx, c, calendarID, set)
	if err != nil {
		return set.keptInOrder(), err
	}
	start, n := (tail-1)*set.meta.PerPage, len(set.ids)
	if !agrees {
		// The page is the service's word on its part of the list; the rest
		// is the cache's until a command reads every page.
		cached := set.keptInOrder()[:start]
		out := append([]*client.Weather(nil), cached...)
		for _, w := range page.Items {
			if !slices.ContainsFunc(cached, func(o *client.Weather) bool { return o.ID == w.ID }) {
				out = append(out, w)
			}
		}
		return out, nil
	}
	for i, w := range page.Items[:n-start] {
		set.put(start+i, w, nil)
	}
	added := page.Items[n-start:]
	if !weatherList.extend(k, calendarID, set, added, page.Meta.Total, nil) {
		// Entries added past this page (or out of the order the cache
		// keeps): the file waits for a command that reads them.
		return append(set.keptInOrder(), added...), nil
	}
	return set.keptInOrder(), nil
}
