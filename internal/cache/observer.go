package cache

import (
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// The cache follows every record the client reads and writes
// (client.Observer): a write changes the file as it is now, under the
// folder's lock, so that another kanka's change is not lost; a calendar
// or entry that answered 404 leaves it. Only files that exist are changed:
// what the cache does not hold yet, the next read brings.
var _ client.Observer = (*Cache)(nil)

// CalendarSeen puts cal in the cached calendars.
func (k *Cache) CalendarSeen(cal *client.Calendar) {
	if k == nil || cal == nil || cal.ID <= 0 {
		return
	}
	seen := k.now()
	k.changeCalendars(true, func(set *calendarSet) { set.put(cal, seen) })
}

// CalendarChanged takes calendar id out of the cached calendars, which are
// then no longer the whole list: what the cache holds of it is not what
// the service has, and a name must not resolve to another calendar (one
// that differs only in case, or shares its name) for want of it.
func (k *Cache) CalendarChanged(id int) {
	if k == nil {
		return
	}
	k.changeCalendars(false, func(set *calendarSet) {
		set.list = slices.DeleteFunc(set.list, func(c cachedCalendar) bool { return c.cal.ID == id })
		set.meta.Refreshed = time.Time{}
	})
}

// CalendarGone takes calendar id, its weather and its reminders, out of
// the cache.
func (k *Cache) CalendarGone(id int) {
	if k == nil {
		return
	}
	k.CalendarChanged(id)
	k.forget(weatherList.file(id))
	k.forget(reminderList.file(id))
}

// WeatherSeen puts entry w of calendarID in the cache: in place of the
// entry of its id; a created one at its place by id, the list's total one
// more (past MaxWeather, the calendar's weather is no longer kept).
func (k *Cache) WeatherSeen(calendarID int, w *client.Weather, created bool) {
	if k == nil || w == nil || w.ID <= 0 || w.Misplaced(calendarID) != "" {
		return
	}
	weatherList.seen(k, calendarID, w, created)
}

// WeatherGone takes entry id of calendarID out of the cache, the list's
// total one less.
func (k *Cache) WeatherGone(calendarID, id int) { weatherList.gone(k, calendarID, id) }

// generation is the generation of the file name of kind, -1 when there is
// none to read.
func (k *Cache) generation(name, kind string) int64 {
	if m, err := k.readFile(name, kind, func([]byte) error { return nil }); err == nil && m != nil {
		return m.Gen
	}
	return -1
}

// noLines writes no lines: a file that is only its meta.
func noLines(func([]byte) error) error { return nil }

// forget removes the file name: what it held is not to be trusted.
func (k *Cache) forget(name string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	_ = k.locked(func() error { return os.Remove(filepath.Join(k.dir, name)) })
}

// serverFile holds what the cache learnt of the server itself.
const serverFile = "server.jsonl"

// LiveWeatherPath remembers that the server has the live service's
// weather path: the next runs start there (client.Config.LiveWeatherPath)
// instead of paying a 404 each to find it.
func (k *Cache) LiveWeatherPath() {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	_ = k.writeFile(serverFile, k.generation(serverFile, "server"), meta{Kind: "server", LiveWeather: true}, noLines)
}

// KnowsLiveWeatherPath reports whether an earlier run found the server to
// have the live service's weather path.
func (k *Cache) KnowsLiveWeatherPath() bool {
	if k == nil {
		return false
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	m, err := k.readFile(serverFile, "server", func([]byte) error { return nil })
	return err == nil && m != nil && m.LiveWeather
}
