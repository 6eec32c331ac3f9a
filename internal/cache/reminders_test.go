package cache_test

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
)

func reminder(t *testing.T, id, entity, calendar int) *client.Reminder {
	t.Helper()
	var r client.Reminder
	raw := `{"id":` + itoa(id) + `,"remindable_id":` + itoa(entity) + `,"remindable_type":"App\\Models\\Entity","calendar_id":` + itoa(calendar) +
		`,"day":1,"month":1,"year":1492,"comment":"c"}`
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// A reminder seen is known by its id alone (its entity and calendar), in
// another process too; one gone is forgotten.
func TestRemindersAreKnownByID(t *testing.T) {
	root, now := t.TempDir(), newClock()
	k := openCache(root, now)
	if _, ok := k.KnownReminder(3); ok {
		t.Fatal("an empty cache knows a reminder")
	}
	k.RemindersSeen([]*client.Reminder{reminder(t, 3, 50, 5), reminder(t, 4, 42, 5)})
	k.ReminderSeen(reminder(t, 9, 50, 6), false)
	k.ReminderGone(4)
	other := openCache(root, now)
	r, ok := other.KnownReminder(3)
	if !ok || r.RemindableID != 50 || *r.CalendarID != 5 {
		t.Errorf("reminder 3: %+v %v", r, ok)
	}
	var ids []int
	for _, r := range other.KnownReminders() {
		ids = append(ids, r.ID)
	}
	if len(ids) != 2 || ids[0] != 3 || ids[1] != 9 {
		t.Errorf("known %v, want [3 9]", ids)
	}
}

// An entity's name and type are read once, and again after EntityTrust.
func TestEntitiesAreReadOnce(t *testing.T) {
	root, now := t.TempDir(), newClock()
	k := openCache(root, now)
	reads := 0
	get := func(id int) (*client.Entity, error) {
		reads++
		return &client.Entity{ID: id, Name: "Elminster", Type: "character"}, nil
	}
	for range 2 {
		if e, err := openCache(root, now).Entity(42, get); err != nil || e.Name != "Elminster" {
			t.Fatalf("%+v %v", e, err)
		}
	}
	now.add(2 * time.Hour)
	if _, err := k.Entity(42, get); err != nil || reads != 2 {
		t.Errorf("reads %d, want 2 (once, and again when stale): %v", reads, err)
	}
	failed := errors.New("no")
	if _, err := k.Entity(7, func(int) (*client.Entity, error) { return nil, failed }); err != failed {
		t.Errorf("got %v", err)
	}
}
