package apply

import (
	"context"
	"fmt"

	"github.com/kanka-cli/kanka/client"
)

// writeReminder carries out one reminder write of cp, under the
// calendar's own entity.
func (x *executor) writeReminder(cp *CalendarPlan, rp *ReminderPlan) {
	defer x.report(cp, nil, rp)
	if !x.acquire() {
		rp.Result = x.notStarted()
		return
	}
	defer x.release()
	rp.Result = x.resultOf(x.reminder(x.ctx, cp, rp))
}

func (x *executor) reminder(ctx context.Context, cp *CalendarPlan, rp *ReminderPlan) error {
	entityID := cp.entityID()
	if entityID <= 0 {
		return fmt.Errorf("calendar %q: the server's answer gives it no entity_id, the entity its reminders belong to", cp.Name)
	}
	send := client.ReminderFields().Clone(&rp.Send)
	if rp.moonRepeat != "" && send.Repeat != nil {
		if err := numberMoon(cp, &send, rp.moonRepeat); err != nil {
			return err
		}
	}
	reminders := x.c.Reminders(entityID)
	switch rp.Action {
	case Create:
		send.CalendarID = &cp.ID
		rm, err := reminders.Create(ctx, send)
		if err == nil && rm != nil {
			rp.ID = rm.ID
		}
		return err
	case Update:
		_, err := reminders.Patch(ctx, rp.ID, send)
		return err
	case Delete:
		err := reminders.Delete(ctx, rp.ID)
		if client.IsNotFound(err) {
			return nil // gone already: what was asked
		}
		return err
	}
	return nil
}

// entityID is the calendar's entity, which its reminders belong to: as
// the run's write of it answered, else as read.
func (cp *CalendarPlan) entityID() int {
	if cp.answer != nil && cp.answer.EntityID > 0 {
		return cp.answer.EntityID
	}
	if cp.current != nil {
		return cp.current.EntityID
	}
	return 0
}

// numberMoon reads the seed's repeat on a moon named (MOON:PHASE) that
// the plan could not number with the calendar the run wrote, whose answer
// numbers its moons (a new calendar's, a new moon's), or as it was read.
func numberMoon(cp *CalendarPlan, send *client.ReminderInput, repeat string) error {
	cal := cp.answer
	if cal == nil {
		cal = cp.current
	}
	if cal == nil {
		return fmt.Errorf("calendar %q: its moons are not known, to number the repeat %q", cp.Name, repeat)
	}
	send.Repeat = &repeat
	if err := send.ResolveRepeat(cal); err != nil {
		return fmt.Errorf("repeat %q: %w", repeat, err)
	}
	return nil
}

// remindersHeldBy says why the calendar's reminders must wait for the next
// run: its weather would (weatherHeldBy: its create failed, or its update
// failed while changing its days), or its update failed while changing its
// moons, which the reminders' repeats name by id. nil when they may go.
func remindersHeldBy(cp *CalendarPlan) error {
	if err := weatherHeldBy(cp); err != nil || cp.Result.Status == Done || cp.written {
		return err
	}
	if cp.Action == Update {
		for _, ch := range cp.Changes {
			if ch.Field == "moons" {
				return fmt.Errorf("calendar %q was not updated, and its moons were changing", cp.Name)
			}
		}
	}
	return nil
}
