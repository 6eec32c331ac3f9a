package cache

import (
	"encoding/json"
	"slices"
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

var _ client.ReminderObserver = (*Cache)(nil)

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

// ReminderSeen keeps r (client.ReminderObserver).
func (k *Cache) ReminderSeen(r *client.Reminder) { k.RemindersSeen([]*client.Reminder{r}) }

// ReminderGone forgets reminder id: deleted, or answered 404.
func (k *Cache) ReminderGone(id int) {
	changeKeyed(k, remindersFile, nil, []int{id}, reminderLine)
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
	known := k.KnownReminders()
	i := slices.IndexFunc(known, func(r *client.Reminder) bool { return r.ID == id })
	if i < 0 {
		return nil, false
	}
	return known[i], true
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
