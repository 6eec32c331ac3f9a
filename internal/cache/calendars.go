package cache

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kanka-cli/kanka/client"
)

const calendarsFile = "calendars.jsonl"

// calendarLine is one calendar of the file, with when it was read.
type calendarLine struct {
	Seen     time.Time       `json:"seen"`
	Calendar json.RawMessage `json:"calendar"`
}

// cachedCalendar is one calendar the cache holds.
type cachedCalendar struct {
	seen time.Time
	cal  *client.Calendar
}

// calendarSet is the calendars file as read: its meta (zero when there is
// no file) and its calendars, in the service's order.
type calendarSet struct {
	meta meta
	list []cachedCalendar
}

// loadCalendars reads the calendars file; a missing or damaged one is an
// empty set at generation -1 (no file to keep).
func (k *Cache) loadCalendars() *calendarSet {
	set := &calendarSet{}
	m, err := k.readFile(calendarsFile, "calendars", func(line []byte) error {
		var l calendarLine
		if err := json.Unmarshal(line, &l); err != nil {
			return err
		}
		var cal client.Calendar
		if err := json.Unmarshal(l.Calendar, &cal); err != nil || cal.ID <= 0 {
			return errDamaged
		}
		set.list = append(set.list, cachedCalendar{seen: l.Seen, cal: &cal})
		return nil
	})
	if err != nil || m == nil {
		return &calendarSet{meta: meta{Gen: -1}}
	}
	set.meta = *m
	return set
}

// save writes set over the file read at generation basedOn.
func (k *Cache) saveCalendars(set *calendarSet, basedOn int64) error {
	set.meta.Kind = "calendars"
	return k.writeFile(calendarsFile, basedOn, set.meta, set.lines)
}

// lines gives the lines of set's calendars to emit.
func (set *calendarSet) lines(emit func([]byte) error) error {
	for _, c := range set.list {
		line, err := json.Marshal(calendarLine{Seen: c.seen, Calendar: c.cal.Raw})
		if err == nil {
			err = emit(line)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// fresh reports whether set holds every calendar of the campaign as of
// less than CalendarsFresh ago.
func (set *calendarSet) fresh(now time.Time) bool {
	return !set.meta.Whole.IsZero() && now.Sub(set.meta.Refreshed) < CalendarsFresh && now.Sub(set.meta.Refreshed) >= 0
}

// FreshCalendar is the calendar ID|NAME names, when the cache can say it
// without a request: an id read less than CalendarsFresh ago, or a name
// (exact, else the one that differs only in case, as the lookup of every
// command reads names) among calendars all read that recently. ok is false
// otherwise: the caller asks the service, which also says what a name that
// is no calendar's should have been.
func (k *Cache) FreshCalendar(arg string) (cal *client.Calendar, ok bool) {
	if k == nil {
		return nil, false
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	set, now := k.loadCalendars(), k.now()
	arg = strings.TrimSpace(arg)
	if id, err := strconv.Atoi(arg); err == nil {
		for _, c := range set.list {
			if c.cal.ID == id && (set.fresh(now) || (now.Sub(c.seen) < CalendarsFresh && now.Sub(c.seen) >= 0)) {
				return c.cal, true
			}
		}
		return nil, false
	}
	if !set.fresh(now) {
		return nil, false
	}
	return set.named(arg)
}

// named is the calendar of set named name (exact, else but for case); ok
// is false when none or several are.
func (set *calendarSet) named(name string) (*client.Calendar, bool) {
	// Several: the service's lookup says which.
	if found := client.NamedBy(set.calendars(), name); len(found) == 1 {
		return found[0], true
	}
	return nil, false
}

func (set *calendarSet) calendars() []*client.Calendar {
	out := make([]*client.Calendar, len(set.list))
	for i, c := range set.list {
		out[i] = c.cal
	}
	return out
}

// Calendars is every calendar of the campaign: the cache's while fresh,
// else brought up to date first (RefreshCalendars).
func (k *Cache) Calendars(ctx context.Context, c *client.Client) ([]*client.Calendar, error) {
	if k == nil {
		all, _, err := c.CalendarsAsOf(ctx)
		return all, err
	}
	k.mu.Lock()
	set := k.loadCalendars()
	k.mu.Unlock()
	if set.fresh(k.now()) {
		return set.calendars(), nil
	}
	set, err := k.refreshCalendars(ctx, c)
	if err != nil {
		return nil, err
	}
	return set.calendars(), nil
}

// CalendarNamed is the calendar named name among the campaign's calendars
// brought up to date (RefreshCalendars: one request); ok is false when none
// or several are, or there is no cache.
func (k *Cache) CalendarNamed(ctx context.Context, c *client.Client, name string) (*client.Calendar, bool, error) {
	if k == nil {
		return nil, false, nil
	}
	set, err := k.refreshCalendars(ctx, c)
	if err != nil {
		return nil, false, err
	}
	cal, ok := set.named(strings.TrimSpace(name))
	return cal, ok, nil
}

// RefreshCalendars brings the cached calendars up to date: one request
// with the lastSync filter (the calendars changed since the last answer)
// when a whole list was read less than FullEvery ago, else a whole list.
func (k *Cache) RefreshCalendars(ctx context.Context, c *client.Client) error {
	if k == nil {
		return nil
	}
	_, err := k.refreshCalendars(ctx, c)
	return err
}

func (k *Cache) refreshCalendars(ctx context.Context, c *client.Client) (*calendarSet, error) {
	k.mu.Lock()
	set := k.loadCalendars()
	k.mu.Unlock()
	basedOn, started := set.meta.Gen, k.now()
	whole := set.meta.Whole.IsZero() || set.meta.AsOf.IsZero() || started.Sub(set.meta.Whole) >= FullEvery || started.Before(set.meta.Whole)
	var changed []*client.Calendar
	var asOf time.Time
	var err error
	if whole {
		changed, asOf, err = c.CalendarsAsOf(ctx)
	} else {
		changed, asOf, err = c.CalendarsChangedAsOf(ctx, set.meta.AsOf)
	}
	if err != nil {
		return nil, err
	}
	if whole {
		set.list, set.meta.Whole = nil, started
	}
	for _, cal := range changed {
		set.put(cal, started)
	}
	set.meta.AsOf, set.meta.Refreshed = asOf, started
	k.mu.Lock()
	defer k.mu.Unlock()
	// What was read is the answer whatever becomes of the file.
	_ = k.saveCalendars(set, basedOn)
	return set, nil
}

// put puts cal in set, in place of the calendar of its id, else last.
func (set *calendarSet) put(cal *client.Calendar, seen time.Time) {
	i := slices.IndexFunc(set.list, func(c cachedCalendar) bool { return c.cal.ID == cal.ID })
	if i < 0 {
		set.list = append(set.list, cachedCalendar{seen: seen, cal: cal})
		return
	}
	set.list[i] = cachedCalendar{seen: seen, cal: cal}
}

// changeCalendars applies change to the calendars file as it is now, under
// the folder's lock, so that nothing another kanka wrote is lost; when
// there is no file, create says whether to start one. A change that cannot
// be made takes the file away: a copy that missed a write is no copy.
func (k *Cache) changeCalendars(create bool, change func(set *calendarSet)) {
	k.mu.Lock()
	defer k.mu.Unlock()
	err := k.locked(func() error {
		set := k.loadCalendars()
		if set.meta.Gen < 0 && !create {
			// No copy to change; a kanka reading the list now must not
			// keep what it read before this change: a file of a newer
			// generation, holding no calendar, tells it so.
			return k.replaceFile(calendarsFile, meta{Kind: "calendars", Gen: 0}, noLines)
		}
		change(set)
		set.meta.Gen++
		set.meta.Kind = "calendars"
		return k.replaceFile(calendarsFile, set.meta, set.lines)
	})
	if err != nil {
		_ = os.Remove(filepath.Join(k.dir, calendarsFile))
	}
}
