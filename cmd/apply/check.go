package apply

import (
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// newProblems gathers the problems of a seed, each where it was
// written: the command was used rightly, the file (or the campaign against
// it) is what is wrong, so no "Run --help" line follows them.
func newProblems() *cmdutil.Problems {
	return &cmdutil.Problems{Subject: "the input is not valid"}
}

// Check finds, from the seed alone, what would make any write wrong: a
// calendar without a name or id, two calendars with one name or one id,
// two weather entries on one date of a calendar, two reminders of one
// date and comment (or one id), a weather entry or a reminder the
// service would refuse, and a date the calendar does not have when the
// seed itself says what days the calendar has (its months and whether it
// has leap years; otherwise the date is checked after the read, against
// the calendar as it will be). The error is a *cmdutil.UsageError holding
// a *cmdutil.Problems.
func Check(seed Seed) error {
	ps := newProblems()
	names, ids := map[string]string{}, map[int]string{}
	for _, cal := range seed.Calendars {
		switch {
		case cal.ID < 0:
			ps.Add(cal.Where, "calendar id %d is not a positive number", cal.ID)
		case cal.ID == 0 && strings.TrimSpace(cal.Input.Name) == "":
			ps.Add(cal.Where, "a calendar needs a name (or an id to pin an existing one)")
		}
		if name := client.StoredText(cal.Input.Name); name != "" {
			if first, ok := names[name]; ok {
				ps.Add(cal.Where, "calendar %q is already in the input%s", cal.Input.Name, at(first))
			} else {
				names[name] = cal.Where
			}
		}
		if cal.ID > 0 {
			if first, ok := ids[cal.ID]; ok {
				ps.Add(cal.Where, "calendar id %d is already in the input%s", cal.ID, at(first))
			} else {
				ids[cal.ID] = cal.Where
			}
		}
		checkWeather(ps, cal, selfDescribed(cal.Input))
		checkReminders(ps, cal, selfDescribed(cal.Input))
	}
	return ps.Err()
}

// at is " (at cal.yaml: line 3)", or nothing when where is unknown.
func at(where string) string {
	if where == "" {
		return ""
	}
	return " (at " + where + ")"
}

// selfDescribed is the input's calendar arithmetic when the input alone
// settles which days exist: it gives the months and says whether there are
// leap years (a leap day the server's settings add is not refused). Nil
// otherwise.
func selfDescribed(in client.CalendarInput) *client.CalendarInput {
	if in.Months == nil || in.HasLeapYear == nil {
		return nil
	}
	return &in
}

// checkWeather checks the calendar's weather entries: each on its own, no
// two on one date, and each date against cal when it is known.
func checkWeather(ps *cmdutil.Problems, cal DesiredCalendar, days *client.CalendarInput) {
	seen := map[client.Date]string{}
	for _, w := range cal.Weather {
		d := w.Date()
		where := cmdutil.Place(w.Where, "calendar "+strconv.Quote(cal.label()), "weather "+d.String())
		if first, ok := seen[d]; ok {
			ps.Add(where, "two entries on one date%s", at(first))
			continue
		}
		seen[d] = w.Where
		if err := w.Input.Validate(nil); err != nil {
			ps.AddInput(where, err)
			continue
		}
		if days != nil {
			checkDate(ps, w.Date(), where, *days)
		}
	}
}

// checkDate refuses a date the calendar in would not have. A calendar the
// almanac cannot count says so through its own validation.
func checkDate(ps *cmdutil.Problems, d client.Date, where string, in client.CalendarInput) {
	r, err := in.Reckoning()
	if err != nil {
		return
	}
	if err := r.Check(d); err != nil {
		ps.Add(where, "%s", err)
	}
}

// checkReminders checks the calendar's reminders: each on its own, no two
// without an id of one date and comment (the key apply finds one by), nor
// one of them with the key of a pinned one, no id twice, and each date
// against cal when it is known.
func checkReminders(ps *cmdutil.Problems, cal DesiredCalendar, days *client.CalendarInput) {
	keys, pinned, ids := map[ReminderKey]string{}, map[ReminderKey]string{}, map[int]string{}
	for _, r := range cal.Reminders {
		if r.ID > 0 {
			pinned[r.Key()] = r.Where
		}
	}
	for _, r := range cal.Reminders {
		where := cmdutil.Place(r.Where, "calendar "+strconv.Quote(cal.label()), reminderLabel(r.Date(), cmdutil.Deref(r.Input.Comment)))
		if r.ID > 0 {
			if first, ok := ids[r.ID]; ok {
				ps.Add(where, "reminder id %d is already in the input%s", r.ID, at(first))
				continue
			}
			ids[r.ID] = r.Where
		} else {
			if first, ok := keys[r.Key()]; ok {
				ps.Add(where, "two reminders of one date and comment%s: a reminder without an id is known by them", at(first))
				continue
			}
			keys[r.Key()] = r.Where
			if first, ok := pinned[r.Key()]; ok {
				ps.Add(where, "a reminder pinned by its id has this date and comment%s: give this one an id too, or another comment", at(first))
				continue
			}
		}
		if err := r.Input.ValidateSeed(nil); err != nil {
			ps.AddInput(where, err)
			continue
		}
		if days != nil {
			checkDate(ps, r.Date(), where, *days)
		}
		checkMoonRepeat(ps, r.Input, cal.Input.Moons, where)
	}
}

// checkMoonRepeat refuses a repeat on a moon by a name that two of the
// moons the seed gives its calendar have: which one is meant is not known.
func checkMoonRepeat(ps *cmdutil.Problems, in client.ReminderInput, moons []client.Moon, where string) {
	cal := &client.Calendar{CalendarInput: client.CalendarInput{Moons: moons}}
	if _, name, err := almanac.ReadRepeat(cmdutil.Deref(in.Repeat)); err == nil && name != "" && len(client.MoonsNamed(moons, name)) > 1 {
		ps.Add(where, "repeat: %s", in.ResolveRepeat(cal))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
