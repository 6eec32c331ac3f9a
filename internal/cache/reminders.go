package cache

import (
	"context"
	"encoding/json"
	"iter"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// Reminders and the entities they belong to are kept by id, as commands
// read and write them: a reminder the cache knows is found by its id alone
// (its calendar and its entity, which the service's routes need), and an
// entity's name and type are read once an EntityTrust. A command reads the
// reminder itself before it shows or changes it.

const (
	remindersFile = "reminders.jsonl"
	entitiesFile  = "entities.jsonl"
)

// EntityTrust is how long an entity's name and type are shown as the
// cache holds them.
var EntityTrust = time.Hour

// knownEntity is an entity as the cache keeps it, with when it was read.
type knownEntity struct {
	Entity *client.Entity `json:"entity"`
	Seen   time.Time      `json:"seen"`
}

func (e *knownEntity) RecordID() int {
	if e.Entity == nil {
		return 0
	}
	return e.Entity.ID
}

// keyed reads the records of the file name, by id; none when there is no
// file to trust.
func keyed[T any, P interface {
	*T
	RecordID() int
}](k *Cache, name string) map[int]P {
	out := map[int]P{}
	m, err := k.readFile(name, name, func(line []byte) error {
		var v T
		if json.Unmarshal(line, &v) != nil || P(&v).RecordID() <= 0 {
			return errDamaged
		}
		out[P(&v).RecordID()] = &v
		return nil
	})
	if err != nil || m == nil {
		return map[int]P{}
	}
	return out
}

// changeKeyed puts seen in the file name and takes the ids gone out of it,
// as it is now, under the folder's lock; line is a record's line.
func changeKeyed[T any, P interface {
	*T
	RecordID() int
}](k *Cache, name string, seen []P, gone []int, line func(P) []byte) {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	_ = k.locked(func() error {
		all := keyed[T, P](k, name)
		for _, r := range seen {
			all[r.RecordID()] = r
		}
		for _, id := range gone {
			delete(all, id)
		}
		ids := sortedIDs(all)
		if len(ids) > maxRecords {
			ids = ids[len(ids)-maxRecords:] // the newest ids
		}
		return k.replaceFile(name, meta{Kind: name}, func(emit func([]byte) error) error {
			for _, id := range ids {
				if err := emit(line(all[id])); err != nil {
					return err
				}
			}
			return nil
		})
	})
}

func sortedIDs[V any](m map[int]V) []int {
	ids := make([]int, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

func reminderLine(r *client.Reminder) []byte { return r.Raw }

// RemindersSeen keeps the reminders as the service answered them.
func (k *Cache) RemindersSeen(rs []*client.Reminder) {
	changeKeyed(k, remindersFile, rs, nil, reminderLine)
}

// ReminderSeen keeps r (client.Observer), and puts it in its
// calendar's list (created: at its place by id, the total one more). A
// reminder the cache knew on another calendar leaves that one's list.
func (k *Cache) ReminderSeen(r *client.Reminder, created bool) {
	if k == nil || r == nil || r.ID <= 0 {
		return
	}
	was, known := k.KnownReminder(r.ID)
	k.RemindersSeen([]*client.Reminder{r})
	cal := 0
	if r.CalendarID != nil {
		cal = *r.CalendarID
	}
	if known && was.CalendarID != nil && *was.CalendarID != cal {
		reminderList.gone(k, *was.CalendarID, r.ID)
	}
	if cal > 0 {
		reminderList.seen(k, cal, r, created)
	}
}

// ReminderGone forgets reminder id, deleted or answered 404: by its id,
// and in the list of every calendar that holds it.
func (k *Cache) ReminderGone(id int) {
	if k == nil {
		return
	}
	changeKeyed(k, remindersFile, nil, []int{id}, reminderLine)
	for _, cal := range k.reminderCalendars() {
		reminderList.gone(k, cal, id)
	}
}

// MaxReminders is the most reminders of one calendar the cache keeps in
// its list, as MaxWeather is for weather.
var MaxReminders = 20_000

// reminderList is a calendar's reminders as the cache keeps them (of
// entities and posts alike, lists.go), for the days they fall on.
var reminderList = calendarList[client.Reminder, *client.Reminder]{
	kind: "reminders",
	max:  &MaxReminders,
	page: func(ctx context.Context, c *client.Client, calendarID, page int) (*client.Page[*client.Reminder], error) {
		return c.CalendarReminders(calendarID).Page(ctx, nil, &client.PageOptions{Page: page})
	},
	walk: func(ctx context.Context, c *client.Client, calendarID int, opts *client.PageOptions) iter.Seq2[*client.Reminder, error] {
		return c.CalendarReminders(calendarID).All(ctx, nil, opts)
	},
	// Each reminder of a walk is then known by its id too.
	walked: func(k *Cache, rs []*client.Reminder) { k.RemindersSeen(rs) },
}

// CalendarReminders is every reminder of calendar calendarID, in the
// service's order, as Weather gives its weather: the cache's, when they
// were read whole less than trust ago and the page of their tail agrees
// (one request, and the pages of those added since); else every page is
// walked (a page per 15 reminders), and the cache rewritten. Without a
// cache, every page is walked.
func (k *Cache) CalendarReminders(ctx context.Context, c *client.Client, calendarID int, trust time.Duration) ([]*client.Reminder, error) {
	return reminderList.read(ctx, k, c, calendarID, trust, nil)
}

// reminderCalendars are the calendars whose reminders the cache holds a
// list of.
func (k *Cache) reminderCalendars() []int {
	names, _ := filepath.Glob(filepath.Join(k.dir, reminderList.kind+"-*.jsonl"))
	var out []int
	for _, name := range names {
		id := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(name), reminderList.kind+"-"), ".jsonl")
		if n, err := strconv.Atoi(id); err == nil && n > 0 {
			out = append(out, n)
		}
	}
	return out
}

// KnownReminders are the reminders the cache holds, by id, with no
// request: as they were when last read.
func (k *Cache) KnownReminders() []*client.Reminder {
	if k == nil {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	all := keyed[client.Reminder](k, remindersFile)
	out := make([]*client.Reminder, 0, len(all))
	for _, id := range sortedIDs(all) {
		out = append(out, all[id])
	}
	return out
}

// KnownReminder is reminder id as the cache holds it.
func (k *Cache) KnownReminder(id int) (*client.Reminder, bool) {
	if k == nil {
		return nil, false
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	r, ok := keyed[client.Reminder](k, remindersFile)[id]
	return r, ok
}

// KnownEntity is entity id as the cache holds it, however long ago it was
// read, with no request.
func (k *Cache) KnownEntity(id int) (*client.Entity, bool) {
	if k == nil {
		return nil, false
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	e, ok := keyed[knownEntity](k, entitiesFile)[id]
	if !ok || e.Entity == nil {
		return nil, false
	}
	return e.Entity, true
}

// Entity is entity id: the cache's, read less than EntityTrust ago, else
// read with get (one GET) and kept.
func (k *Cache) Entity(id int, get func(id int) (*client.Entity, error)) (*client.Entity, error) {
	if k != nil {
		k.mu.Lock()
		e, ok := keyed[knownEntity](k, entitiesFile)[id]
		k.mu.Unlock()
		if ok && within(k.now(), e.Seen, EntityTrust) {
			return e.Entity, nil
		}
	}
	e, err := get(id)
	if err != nil || k == nil {
		return e, err
	}
	changeKeyed(k, entitiesFile, []*knownEntity{{Entity: e, Seen: k.now()}}, nil, func(e *knownEntity) []byte {
		line, _ := json.Marshal(e)
		return line
	})
	return e, nil
}
