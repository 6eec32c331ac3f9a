package apply

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// Action is what the plan does with one record.
type Action string

// The actions of a plan. Apply never deletes a calendar.
const (
	Create    Action = "create"
	Update    Action = "update"
	Unchanged Action = "unchanged"
	Delete    Action = "delete"
)

// Change is one managed field that differs: its name and both values as
// the plan shows them (client.Fields.Changes).
type Change = client.Change

// Plan is the writes that make the campaign what the seed says.
type Plan struct {
	Calendars []*CalendarPlan
	// Interrupted is set by Execute when Ctrl-C or SIGTERM cut the run
	// short: no write started after it.
	Interrupted bool
	// existing are the ids of the calendars the campaign held.
	existing map[int]bool
	// words are the advice of the command that made the plan.
	words Words
}

// CalendarPlan is what happens to one calendar of the seed, its weather
// and its reminders.
type CalendarPlan struct {
	Where string
	// Name is the calendar's name after the plan.
	Name string
	// ID is the existing calendar's id; 0 until a create is done.
	ID     int
	Action Action
	// Changes are the managed fields that differ (update only).
	Changes []Change
	// Kept are the fields play moves (the date) that the seed gives
	// otherwise than the calendar holds: the calendar's are kept, since
	// the plan was made without PlanOptions.SetDate.
	Kept []Kept
	// NotCompared are the fields the seed gives that the server's answer
	// left out altogether (client.Fields.ChangesOf): they cannot be
	// compared, so they plan no write; an update sends them.
	NotCompared []string
	// WeatherNotCompared are the same of its existing weather entries,
	// every entry's together.
	WeatherNotCompared []string
	// Send is the record to send: the seed's fields for a create, the whole
	// record (the current one with the seed's fields over it) for an update.
	Send client.CalendarInput
	// WeatherManaged is false when the seed names no weather for it.
	WeatherManaged bool
	// Weather are the weather writes, in the seed's order, deletes last.
	Weather []*WeatherPlan
	// WeatherUnchanged counts the entries that already are as the seed says.
	WeatherUnchanged []*WeatherPlan
	// RemindersManaged is false when the seed names no reminders for it;
	// Reminders are the writes of its own entity's reminders (in the
	// seed's order, deletes last), RemindersUnchanged those already as the
	// seed says, RemindersNotCompared as WeatherNotCompared
	// (reminders_plan.go).
	RemindersManaged     bool
	Reminders            []*ReminderPlan
	RemindersUnchanged   []*ReminderPlan
	RemindersNotCompared []string
	// answer is the calendar as the run's write of it answered, nil when
	// it was not written: its moons number the repeats of its reminders.
	answer *client.Calendar
	// current is the calendar as read, nil for one to create.
	current *client.Calendar
	// Result is set by Execute for a create or update.
	Result Result
	// written is set by Execute when the write landed where meant, even
	// if what followed it (reaching a leap day) failed.
	written bool
	// lostMoons are the moons an update takes away (calendar.LostMoons).
	lostMoons map[int]string
}

// Kept is a field play moves (client.Field.MovedByPlay: the current
// date) that a seed gives otherwise than the calendar holds. The game's
// date belongs to the table: a seed's starts a calendar, and on one that
// exists the calendar's is kept unless the run says to set it.
type Kept struct {
	Field string `json:"field"`
	// Calendar is the calendar's value, kept ("" when its answer did not
	// give it: then neither is sent); File the seed's.
	Calendar string `json:"calendar,omitempty"`
	File     string `json:"file"`
	// Flag is the flag that would set it (--set-date), "" when the
	// command has none.
	Flag string `json:"flag,omitempty"`
}

// WeatherPlan is what happens to one weather entry.
type WeatherPlan struct {
	Where  string
	Action Action
	Date   client.Date
	// ID is the existing entry's id (update, delete, unchanged).
	ID int
	// Weather is the entry's weather code, for listing.
	Weather string
	Changes []Change
	// Send is the whole entry for a create; for an update, the date and
	// weather the service requires on every write and the fields that
	// change (client.Fields.UpdateOf).
	Send client.WeatherInput
	// Result is set by Execute.
	Result Result
}

// PlanOptions change what a plan does.
type PlanOptions struct {
	// Prune deletes the weather entries and the reminders of the seed's
	// calendars that the seed does not list (of calendars whose weather,
	// or reminders, it manages: a reminder of the calendar's own entity
	// only).
	Prune bool
	// Force updates a calendar whose answer lacked fields the service
	// rebuilds from every write (and the seed does not give): they are
	// then cleared.
	Force bool
	// Words are the advice of the command that plans (nil: kanka apply's).
	Words *Words
	// SetDate sets the fields play moves (the date) on calendars that
	// exist to the seed's; without it the calendars' own are kept.
	SetDate bool
}

// MakePlan compares the seed with the campaign and says what to write. It
// makes no request. Its errors come before any write: a calendar pinned by
// an id that does not exist is a *cmdutil.NotFoundError; a name two
// calendars share, a record the service would refuse once merged, or a
// weather date the calendar will not have is a *cmdutil.UsageError holding
// a *cmdutil.Problems.
func MakePlan(seed Seed, act *Actual, opts PlanOptions) (*Plan, error) {
	ps := newProblems()
	var missing []string
	var unread []error
	plan := &Plan{existing: map[int]bool{}, words: applyWords}
	if opts.Words != nil {
		plan.words = *opts.Words
	}
	for _, cal := range act.Calendars {
		plan.existing[cal.ID] = true
	}
	claimed := map[int]string{} // existing calendar id -> where it was matched
	for _, want := range seed.Calendars {
		cur, err := find(act.Calendars, want)
		var amb *ambiguousError
		switch {
		case errors.As(err, &amb):
			ps.Add(want.Where, "%s", err)
			continue
		case err != nil:
			missing = append(missing, err.Error())
			continue
		}
		cp := &CalendarPlan{Where: want.Where, WeatherManaged: want.Weather != nil}
		if cur == nil {
			cp.Action, cp.Name, cp.Send = Create, want.Input.Name, client.CalendarFields.Over(&want.Start, &want.Input)
			cp.Send.CompleteForCreate()
			if err := cp.Send.Validate(); err != nil {
				ps.AddInput(cmdutil.Place(want.Where, "calendar "+strconv.Quote(cp.Name)), err)
			}
		} else {
			if first, ok := claimed[cur.ID]; ok {
				ps.Add(want.Where, "calendar %d is already in the input%s", cur.ID, at(first))
				continue
			}
			claimed[cur.ID] = want.Where
			checkRename(ps, act.Calendars, cur, want)
			have := client.FromCalendar(cur)
			cp.ID, cp.Name = cur.ID, cur.Name
			in := client.CalendarFields.Clone(&want.Input)
			if !opts.SetDate {
				cp.Kept = keepPlayed(&in, &have, plan.words.SetDate)
			}
			cp.Changes, cp.NotCompared = client.CalendarFields.ChangesOf(&in, &have, cur.Raw)
			cp.Action, cp.Send = Unchanged, merged(cur, &in)
			if len(cp.Changes) > 0 {
				cp.Action, cp.Name = Update, cp.Send.Name
				cp.lostMoons = client.LostMoons(cur.Moons, cp.Send.Moons)
				if err := cp.Send.ValidateUpdate(); err != nil {
					ps.AddInput(cmdutil.Place(want.Where, "calendar "+strconv.Quote(cp.Name)), err)
				}
				if keys := client.CalendarFields.Unread(&cp.Send); len(keys) > 0 && !opts.Force {
					unread = append(unread, &cmdutil.UnreadError{Record: fmt.Sprintf("calendar %d %q", cur.ID, cur.Name), Keys: keys,
						Supply: plan.words.supplyFor(keys, cp.Kept), Force: plan.words.Force})
				}
			}
		}
		cp.current = cur
		planWeather(ps, cp, want, act, opts)
		planReminders(ps, &missing, &unread, cp, want, cur, act, opts)
		plan.Calendars = append(plan.Calendars, cp)
	}
	if len(missing) > 0 {
		return nil, &cmdutil.NotFoundError{Err: errors.New(strings.Join(missing, "; ") + "; nothing was sent")}
	}
	if err := ps.Err(); err != nil {
		return nil, err
	}
	if len(unread) > 0 {
		return nil, errors.Join(unread...)
	}
	return plan, nil
}

// keepPlayed leaves out of in the fields play moves (client.Field.
// MovedByPlay: the date), so that an update sends the calendar's own as
// read (a date not read is then not sent at all, and an update that must
// send it is refused), and returns those in gave otherwise than have
// holds. flag is the one that would set them.
func keepPlayed(in, have *client.CalendarInput, flag string) []Kept {
	var kept []Kept
	for i := range client.CalendarFields {
		f := &client.CalendarFields[i]
		if !f.MovedByPlay || !f.Given(in) {
			continue
		}
		if !f.Equal(in, have) {
			k := Kept{Field: f.Key, File: f.Show(in), Flag: flag}
			if f.Given(have) {
				k.Calendar = f.Show(have)
			}
			kept = append(kept, k)
		}
		f.Clear(in)
	}
	return kept
}

// merged is the whole record to send in an update: the current one, with
// every field the seed gives put over it, so that nothing the seed does
// not name is lost (the live service rebuilds every list from each write).
// Moons keep the id of the current moon of the same name, so that they
// are updated rather than deleted and made again.
func merged(current *client.Calendar, want *client.CalendarInput) client.CalendarInput {
	in := client.FromCalendar(current)
	client.CalendarFields.Merge(&in, want)
	client.KeepMoonIDs(in.Moons, current.Moons)
	return in
}

// ambiguousError is a name that several existing calendars have.
type ambiguousError struct {
	name string
	ids  []int
}

func (e *ambiguousError) Error() string {
	ids := make([]string, len(e.ids))
	for i, id := range e.ids {
		ids[i] = strconv.Itoa(id)
	}
	return fmt.Sprintf("calendar %q: %d calendars have this name (ids %s): pin one with id: N", e.name, len(e.ids), strings.Join(ids, ", "))
}

// find is the existing calendar the seed's calendar is: the one with its
// id when pinned (an error when there is none), else the one with its
// exact name (nil when there is none; an *ambiguousError when several).
func find(all []*client.Calendar, want DesiredCalendar) (*client.Calendar, error) {
	if want.ID > 0 {
		for _, c := range all {
			if c.ID == want.ID {
				return c, nil
			}
		}
		return nil, fmt.Errorf("calendar id %d%s does not exist", want.ID, at(want.Where))
	}
	found := client.NamedAs(all, want.Input.Name)
	switch len(found) {
	case 0:
		return nil, nil
	case 1:
		return found[0], nil
	}
	e := &ambiguousError{name: want.Input.Name}
	for _, c := range found {
		e.ids = append(e.ids, c.ID)
	}
	return nil, e
}

// checkRename refuses to give a pinned calendar the name of another one:
// every later lookup by that name would fail as ambiguous.
func checkRename(ps *cmdutil.Problems, all []*client.Calendar, cur *client.Calendar, want DesiredCalendar) {
	if want.Input.Name == "" || client.SameStoredText(want.Input.Name, cur.Name) {
		return
	}
	for _, c := range client.NamedAs(all, want.Input.Name) {
		if c.ID != cur.ID {
			ps.Add(want.Where, "calendar %d would be renamed %q, the name of calendar %d", cur.ID, want.Input.Name, c.ID)
			return
		}
	}
}

// planWeather plans the calendar's weather: each entry of the seed is
// created, updated or unchanged by its date; with prune, each entry of the
// calendar the seed does not list is deleted. Dates are checked against
// the calendar as it will be after the plan.
func planWeather(ps *cmdutil.Problems, cp *CalendarPlan, want DesiredCalendar, act *Actual, opts PlanOptions) {
	if want.Weather == nil {
		return
	}
	r, err := cp.Send.Reckoning()
	if err != nil {
		r = nil // the calendar's own validation says why
	}
	// The first entry (lowest id) of a date is the one the seed's entry
	// is; any other on that date is a duplicate the seed does not list.
	byDate := map[client.Date]*client.Weather{}
	existing := slices.Clone(act.Weather[cp.ID])
	slices.SortFunc(existing, func(a, b *client.Weather) int { return cmp.Compare(a.ID, b.ID) })
	for _, w := range existing {
		if _, ok := byDate[w.Date()]; !ok {
			byDate[w.Date()] = w
		}
	}
	listed := map[int]bool{}
	for _, dw := range want.Weather {
		d := dw.Date()
		if r != nil {
			if err := r.Check(d); err != nil {
				ps.Add(cmdutil.Place(dw.Where, "calendar "+strconv.Quote(cp.Name), "weather "+d.String()), "%s", err)
			}
		}
		wp := &WeatherPlan{Where: dw.Where, Date: d, Weather: cmdutil.Deref(dw.Input.Weather)}
		cur := byDate[d]
		if cp.Action == Create || cur == nil {
			wp.Action, wp.Send = Create, dw.Input
			cp.Weather = append(cp.Weather, wp)
			continue
		}
		listed[cur.ID] = true
		have := client.FromWeather(cur)
		var uncompared []string
		wp.ID = cur.ID
		wp.Changes, uncompared = client.WeatherFields.ChangesOf(&dw.Input, &have, cur.Raw)
		cp.WeatherNotCompared = weatherKeys(cp.WeatherNotCompared, uncompared)
		if len(wp.Changes) == 0 {
			wp.Action = Unchanged
			cp.WeatherUnchanged = append(cp.WeatherUnchanged, wp)
			continue
		}
		want := client.WeatherFields.Over(&have, &dw.Input)
		wp.Action, wp.Send = Update, client.WeatherFields.UpdateOf(&want, &have)
		cp.Weather = append(cp.Weather, wp)
	}
	if !opts.Prune {
		return
	}
	for _, w := range existing {
		if !listed[w.ID] {
			cp.Weather = append(cp.Weather, &WeatherPlan{Action: Delete, Date: w.Date(), ID: w.ID, Weather: w.Code()})
		}
	}
}

// weatherKeys are the weather fields keys and more name, each once, in
// the order of the field table.
func weatherKeys(keys, more []string) []string {
	for _, k := range more {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b string) int {
		return cmp.Compare(weatherFieldIndex(a), weatherFieldIndex(b))
	})
	return keys
}

func weatherFieldIndex(key string) int {
	return slices.IndexFunc(client.WeatherFields, func(f client.Field[client.WeatherInput]) bool { return f.Key == key })
}
