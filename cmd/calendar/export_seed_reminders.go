package calendar

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/yamlwrite"
)

// With --with-reminders, export writes each calendar's own reminders (those
// of the calendar's entity on it; never another entity's or a post's) in
// the seed's form apply reads: no ids, no calendar, a repeat on a moon by
// the moon's name (MOON:PHASE), as moons are written without their ids
// (by its id, with a warning, when another moon has its name); so
// the document copies them to another campaign, and applied to the
// campaign it came from changes nothing.

// ownReminders are the reminders of cal's own entity on cal, by date, then
// id; ok is false (with a warning) when cal's answer names no entity, so
// that which are its own is not known: the document then has no
// reminders key, and apply leaves its reminders alone.
func ownReminders(ctx context.Context, f *cmdutil.Factory, c *client.Client, cal *client.Calendar) (own []*client.Reminder, ok bool, err error) {
	if cal.EntityID <= 0 {
		fmt.Fprintf(f.IO.ErrOut, "warning: calendar %d %q: the server's answer gives it no entity_id, so its own reminders are not known: the export has no reminders for it\n",
			cal.ID, cal.Name)
		return nil, false, nil
	}
	all, err := f.LocalCache().CalendarReminders(ctx, c, cal.ID, 0)
	if err != nil {
		return nil, false, fmt.Errorf("calendar %d %q: reading its reminders: %w", cal.ID, cal.Name, err)
	}
	for _, r := range all {
		if r.OwnedBy(cal) {
			own = append(own, r)
		}
	}
	slices.SortStableFunc(own, func(a, b *client.Reminder) int {
		return cmp.Or(a.Date().Compare(b.Date()), cmp.Compare(a.ID, b.ID))
	})
	return own, true, nil
}

// withReminders appends to node the calendar's reminders, one a line, in
// the seed's form (client.SeedReminderFile): a moon repeat named by its
// moon, a length of one day (the service's own) left out.
func withReminders(f *cmdutil.Factory, node yamlwrite.Map, cal *client.Calendar, reminders []*client.Reminder) (yamlwrite.Map, error) {
	entries := make([]any, 0, len(reminders))
	for _, r := range reminders {
		in := client.FromReminder(r)
		in.CalendarID = nil
		if in.Length != nil && *in.Length == 1 {
			in.Length = nil
		}
		if in.Repeat != nil {
			repeat, ok, colon := moonByName(cal, *in.Repeat)
			if colon != nil {
				fmt.Fprintf(f.IO.ErrOut, "warning: calendar %q: reminder %d repeats on moon %d, %q, whose name holds a colon, which a repeat by name cannot carry: the export writes the moon's id (%s); the id is this campaign's, and another campaign numbers its moons anew\n",
					cal.Name, r.ID, *colon.ID, colon.Name, repeat)
			} else if n, name := sharedMoon(cal, repeat); n > 1 {
				repeat = *in.Repeat
				fmt.Fprintf(f.IO.ErrOut, "warning: calendar %q: reminder %d repeats on moon %s, one of %d moons named %q: the export writes the moon's id (%s), not the name; the id is this campaign's, and another campaign numbers its moons anew\n",
					cal.Name, r.ID, strings.Split(repeat, "_")[0], n, name, repeat)
			} else if !ok {
				fmt.Fprintf(f.IO.ErrOut, "warning: calendar %q: reminder %d repeats on %q, a moon the calendar does not have; the export writes it as it is, which names no moon elsewhere\n",
					cal.Name, r.ID, *in.Repeat)
			}
			in.Repeat = &repeat
		}
		entries = append(entries, client.SeedReminderFile(&in))
	}
	list, err := flowList(entries)
	if err != nil {
		return nil, err
	}
	warnSameKeys(f, cal, reminders)
	return append(node, yamlwrite.Pair{Key: "reminders", Value: list}), nil
}

// moonByName is a stored repeat as a seed writes it: a moon's by the
// moon's name and the phase (Selûne:full), another as it is. A moon's
// that stays by its id says why: the calendar has no moon of that id
// (colon is nil), or the moon's name holds a colon, which MOON:PHASE
// cannot carry (colon is that moon).
func moonByName(cal *client.Calendar, repeat string) (out string, found bool, colon *client.Moon) {
	p, err := almanac.ParsePeriodicity(repeat)
	if err != nil || p.Repeat != almanac.RepeatMoon {
		return repeat, true, nil
	}
	for i, m := range cal.Moons {
		if m.ID == nil || *m.ID != p.MoonID {
			continue
		}
		if strings.Contains(m.Name, ":") {
			return repeat, true, &cal.Moons[i]
		}
		return client.StoredText(m.Name) + ":" + p.Phase.String(), true, nil
	}
	return repeat, false, nil
}

// sharedMoon is, for a repeat on a moon by its name (MOON:PHASE), how
// many of cal's moons have that name (as stored, in any case), and the
// name; more than one is a name the repeat cannot tell apart by.
func sharedMoon(cal *client.Calendar, repeat string) (n int, name string) {
	if _, name, err := almanac.ReadRepeat(repeat); err == nil && name != "" {
		return len(client.MoonsNamed(cal.Moons, name)), name
	}
	return 0, ""
}

// warnSameKeys says on stderr when reminders of the calendar share a date
// and a comment: apply knows a reminder by them and refuses them twice.
func warnSameKeys(f *cmdutil.Factory, cal *client.Calendar, reminders []*client.Reminder) {
	type key struct {
		date    client.Date
		comment string
	}
	ids := map[key][]string{}
	var keys []key
	for _, r := range reminders {
		k := key{r.Date(), client.StoredPurifiedText(cmdutil.Deref(r.Comment))}
		if ids[k] == nil {
			keys = append(keys, k)
		}
		ids[k] = append(ids[k], strconv.Itoa(r.ID))
	}
	for _, k := range keys {
		if len(ids[k]) > 1 {
			fmt.Fprintf(f.IO.ErrOut, "warning: calendar %q has %d reminders on %s with the comment %q (ids %s); kanka apply refuses a date and comment given twice: delete one, or change its comment\n",
				cal.Name, len(ids[k]), k.date, k.comment, strings.Join(ids[k], ", "))
		}
	}
}
