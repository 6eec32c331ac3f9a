package apply

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// A seed calendar's reminders are those of the calendar's own entity: each
// is found by its id when the seed pins one, else by its date and comment
// (as the service stores them) among those no pinned one took. A reminder
// the seed lists that the calendar's entity lacks is created on it; one
// that differs is changed (its date and what differs sent); with prune,
// one the seed does not list is deleted. Another entity's reminders on the
// calendar (a character's birthday) and a post's are never read as the
// calendar's, so never changed or deleted.

// ReminderPlan is what happens to one reminder of a calendar's own entity.
type ReminderPlan struct {
	Where  string
	Action Action
	Date   client.Date
	// Comment is the reminder's, for listing: the seed's, or the
	// server's for a delete.
	Comment string
	// Repeat is the seed's repeat as written (year, Selûne:full), or the
	// server's for a delete; "" for none.
	Repeat string
	// ID is the existing reminder's id (update, delete, unchanged), and a
	// created one's once Execute made it.
	ID      int
	Changes []Change
	// Send is the whole reminder for a create (its calendar set when it is
	// written); for an update, its date and the fields that change
	// (client.Fields.UpdateOf).
	Send client.ReminderInput
	// moonRepeat is the seed's repeat when it names a moon (MOON:PHASE)
	// the plan could not number (a moon the run creates): read with the
	// answer of the calendar's write. A moon the plan numbered is sent
	// with the id the plan showed.
	moonRepeat string
	// Result is set by Execute.
	Result Result
}

// reminderLabel names a reminder in messages: `reminder 1492-5-1
// "Greengrass"`.
func reminderLabel(d client.Date, comment string) string {
	return "reminder " + d.String() + " " + strconv.Quote(client.StoredText(comment))
}

// planReminders plans the calendar's own entity's reminders (when the seed
// manages them): each of the seed is created, changed or unchanged; with
// prune, each the seed does not list is deleted. Dates are checked against
// the calendar as it will be, and a repeat on a moon named is read with
// its moons; a moon the calendar will not have is a problem. A pinned id
// that is not one of the calendar's own reminders is said in missing; a
// calendar whose answer gave no entity in unread.
func planReminders(ps *cmdutil.Problems, missing *[]string, unread *[]error, cp *CalendarPlan, want DesiredCalendar, cur *client.Calendar, act *Actual, opts PlanOptions) {
	if want.Reminders == nil {
		return
	}
	cp.RemindersManaged = true
	if cur != nil && cur.EntityID <= 0 {
		*unread = append(*unread, fmt.Errorf("calendar %d %q: the server's answer gives it no entity_id, the entity its reminders belong to; nothing was sent", cur.ID, cur.Name))
		return
	}
	r, err := cp.Send.Reckoning()
	if err != nil {
		r = nil // the calendar's own validation says why
	}
	// The calendar as it will be, to read moons by name: the one read,
	// with what the plan sends over it.
	will := &client.Calendar{ID: cp.ID, CalendarInput: cp.Send}
	existing := slices.Clone(act.Reminders[cp.ID])
	slices.SortFunc(existing, func(a, b *client.Reminder) int { return cmp.Compare(a.ID, b.ID) })
	byID := map[int]*client.Reminder{}
	for _, rm := range existing {
		byID[rm.ID] = rm
	}
	claimed := map[int]bool{}
	for _, dr := range want.Reminders {
		if dr.ID == 0 {
			continue
		}
		switch {
		case cp.Action == Create:
			*missing = append(*missing, fmt.Sprintf("reminder id %d%s: calendar %q does not exist yet", dr.ID, at(dr.Where), cp.Name))
		case byID[dr.ID] == nil:
			*missing = append(*missing, fmt.Sprintf("reminder id %d%s is not a reminder of calendar %d %q's own entity", dr.ID, at(dr.Where), cp.ID, cp.Name))
		default:
			claimed[dr.ID] = true
		}
	}
	// The first (lowest id) unclaimed reminder of a key is the one the
	// seed's is; any other of that key is one the seed does not list.
	byKey := map[ReminderKey]*client.Reminder{}
	for _, rm := range existing {
		if _, ok := byKey[keyOf(&rm.ReminderInput)]; !ok && !claimed[rm.ID] {
			byKey[keyOf(&rm.ReminderInput)] = rm
		}
	}
	listed := map[int]bool{}
	for _, dr := range want.Reminders {
		where := cmdutil.Place(dr.Where, "calendar "+strconv.Quote(cp.Name), reminderLabel(dr.Date(), cmdutil.Deref(dr.Input.Comment)))
		if r != nil {
			if err := r.Check(dr.Date()); err != nil {
				ps.Add(where, "%s", err)
			}
		}
		in := client.SeedReminderFields().Clone(&dr.Input)
		rp := &ReminderPlan{Where: dr.Where, Date: dr.Date(), Comment: cmdutil.Deref(in.Comment), Repeat: cmdutil.Deref(in.Repeat)}
		if unnumbered, err := readMoonRepeat(&in, will, cp.Action != Unchanged); err != nil {
			ps.Add(where, "repeat: %s", err)
		} else if unnumbered {
			rp.moonRepeat = cmdutil.Deref(dr.Input.Repeat)
		}
		var have *client.Reminder
		switch {
		case cp.Action == Create:
		case dr.ID > 0:
			have = byID[dr.ID]
		default:
			if rm := byKey[dr.Key()]; rm != nil && !listed[rm.ID] {
				have = rm
			}
		}
		if have == nil {
			rp.Action, rp.Send = Create, in
			cp.Reminders = append(cp.Reminders, rp)
			continue
		}
		listed[have.ID] = true
		rp.ID = have.ID
		before := client.FromReminder(have)
		var uncompared []string
		rp.Changes, uncompared = client.SeedReminderFields().ChangesOf(&in, &before, have.Raw)
		cp.RemindersNotCompared = fieldKeys(client.SeedReminderFields(), cp.RemindersNotCompared, uncompared)
		if len(rp.Changes) == 0 {
			rp.Action = Unchanged
			cp.RemindersUnchanged = append(cp.RemindersUnchanged, rp)
			continue
		}
		after := client.SeedReminderFields().Over(&before, &in)
		rp.Action, rp.Send = Update, client.SeedReminderFields().UpdateOf(&after, &before)
		cp.Reminders = append(cp.Reminders, rp)
	}
	if !opts.Prune {
		return
	}
	for _, rm := range existing {
		if !listed[rm.ID] {
			cp.Reminders = append(cp.Reminders, &ReminderPlan{Action: Delete, Date: rm.Date(), ID: rm.ID,
				Comment: cmdutil.Deref(rm.Comment), Repeat: cmdutil.Deref(rm.Repeat)})
		}
	}
}

// readMoonRepeat reads a repeat on a moon named (MOON:PHASE) with the
// moons of cal, the calendar as it will be: with the moon's id when it
// has one; when the run writes the calendar (written), a moon it will
// have that has no id yet (a calendar or a moon the run creates) is left
// as written, to be read with the calendar's answer (unnumbered). A moon
// cal will not have, or a name two of its moons have, is an error.
func readMoonRepeat(in *client.ReminderInput, cal *client.Calendar, written bool) (unnumbered bool, err error) {
	_, name, err := almanac.ReadRepeat(cmdutil.Deref(in.Repeat))
	if err != nil || name == "" {
		return false, err
	}
	moons := client.MoonsNamed(cal.Moons, name)
	if len(moons) == 0 {
		return false, client.NoMoonNamed("the calendar", name, cal.Moons)
	}
	if len(moons) > 1 {
		return false, in.ResolveRepeat(cal) // says which ids to give
	}
	err = in.ResolveRepeat(cal)
	if err != nil && written {
		return true, nil // numbered by the write
	}
	return false, err
}

// fieldKeys are the keys keys and more name, each once, in the order of
// the field table t.
func fieldKeys[In any](t client.Fields[In], keys, more []string) []string {
	for _, k := range more {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	index := func(key string) int {
		return slices.IndexFunc(t, func(f client.Field[In]) bool { return f.Key == key })
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Compare(index(a), index(b)) })
	return keys
}

// reminderCounts counts one calendar's reminders by action.
func reminderCounts(cp *CalendarPlan) WeatherCounts {
	return countActions(cp.Reminders, len(cp.RemindersUnchanged), func(rp *ReminderPlan) Action { return rp.Action })
}
