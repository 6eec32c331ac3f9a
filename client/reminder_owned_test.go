package client_test

import (
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A calendar's own reminder is its entity's, not a post's, on it; an
// answer that leaves out the entity or the calendar owns nothing.
func TestReminderOwnedBy(t *testing.T) {
	cal := &client.Calendar{ID: 12, EntityID: 340}
	on := func(id int) *int { return &id }
	for _, tc := range []struct {
		name string
		r    client.Reminder
		want bool
	}{
		{"the calendar's entity", client.Reminder{RemindableID: 340, RemindableType: `App\Models\Entity`, ReminderInput: client.ReminderInput{CalendarID: on(12)}}, true},
		{"a character's", client.Reminder{RemindableID: 50, RemindableType: `App\Models\Entity`, ReminderInput: client.ReminderInput{CalendarID: on(12)}}, false},
		{"a post of the same number", client.Reminder{RemindableID: 340, RemindableType: `App\Models\Post`, ReminderInput: client.ReminderInput{CalendarID: on(12)}}, false},
		{"on another calendar", client.Reminder{RemindableID: 340, RemindableType: `App\Models\Entity`, ReminderInput: client.ReminderInput{CalendarID: on(13)}}, false},
		{"no calendar_id in the answer", client.Reminder{RemindableID: 340, RemindableType: `App\Models\Entity`}, false},
	} {
		if got := tc.r.OwnedBy(cal); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	if (&client.Reminder{RemindableID: 0, ReminderInput: client.ReminderInput{CalendarID: on(12)}}).OwnedBy(&client.Calendar{ID: 12}) {
		t.Error("a calendar without an entity_id owns a reminder of entity 0")
	}
}
