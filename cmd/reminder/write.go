package reminder

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
)

var createHelp = resource.Help{
	Short: "Create a reminder, or many from a file",
	Long: `Create a reminder on a calendar, from the flags or from a file (-f) in the
shape 'reminder get -o yaml' prints. It belongs to the calendar's own entity
unless --entity names another. Repeats: docs/reminders.md.`,
	Example: `  kanka reminder create --calendar "Calendar of Harptos" --date "1 Midsummer 1492" --comment "Midsummer feast" --repeat year
  kanka reminder create --calendar 1 --date 1492-1-1 --comment "Selûne is full" --repeat Selûne:full --until 1500`,
}

var updateHelp = resource.Help{
	Short: "Change a reminder",
	Long: `Change a reminder: it is read, the file's fields (-f) and then the flags'
are put over it, and its date and what changes are sent. A new date or
repeat is checked with its calendar first (one GET).`,
	Example: `  kanka reminder create --calendar 1 --date 1492-Ches-3 --comment "Market day"
  kanka reminder update --calendar 1 1 --comment "Market day (postponed)" --date 1492-Ches-4 --repeat month`,
}

// check checks the records before any request: what needs no calendar
// (an update's changes may leave the date as it is).
func (r *reminders) check(run *run) error {
	return resource.CheckEach("reminder", "reminders", run.Records, run.IsList(), (*input).DateLabel, func(in *input) error {
		x := *in
		if run.Arg != "" && x.Dated == (client.Dated{}) {
			x.SetDate(client.Date{Year: 1, Month: 1, Day: 1})
		}
		// A create's reminder is whole; an update's is checked once the
		// reminder it changes is read.
		if err := x.Validate(nil); err != nil || run.Arg != "" || !x.UntilAlone() {
			return err
		}
		return &client.InputError{Problems: []client.Problem{{Field: "recurring_until", Message: client.UntilAloneProblem}}}
	}, run.FilePlace())
}

// create writes the records on the run's calendar, under --entity or the
// calendar's own entity, their dates and repeats read with the calendar.
func (r *reminders) create(run *run) ([]reminder, error) {
	cal, err := calendar.OfScope(run.Ctx, run.Client, run.Scope, "to check the date")
	if err != nil {
		return nil, err
	}
	entity := cmp.Or(r.entity, cal.EntityID)
	if entity == 0 {
		return nil, fmt.Errorf("calendar %d's answer gives no entity_id: give --entity ID, the entity the reminder belongs to", cal.ID)
	}
	for i := range run.Records {
		run.Records[i].CalendarID = &cal.ID
	}
	if err := r.ready(run, cal, run.Records); err != nil {
		return nil, err
	}
	write := func(in input) (reminder, error) {
		rm, err := run.Client.Reminders(entity).Create(run.Ctx, in)
		return rm, explain(err, in.Repeat)
	}
	return resource.CreateEach(run, func(_ int, in *input) string { return in.DateLabel() },
		func(i int, in *input) string { return resource.RecordName("reminder", i, in.DateLabel()) }, write)
}

// ready reads the records' dates and repeats with cal, and checks them.
func (r *reminders) ready(run *run, cal *client.Calendar, records []input) error {
	if err := resource.ResolveDates(r.f, cal, records); err != nil {
		return err
	}
	var errs []error
	for i := range records {
		errs = append(errs, records[i].ResolveRepeat(cal))
	}
	if err := errors.Join(errs...); err != nil {
		return cmdutil.UsageErrorf("--repeat: %v", err)
	}
	return resource.CheckEach("reminder", "reminders", records, run.IsList(), (*input).DateLabel,
		func(in *input) error { return in.Validate(cal) }, run.FilePlace())
}

// update puts the run's changes over current and sends its date and what
// changes; a new date or repeat is checked with the reminder's calendar.
func (r *reminders) update(run *run, current reminder) (reminder, error) {
	before := client.FromReminder(current)
	changes := resource.Changes[input]{Fields: client.ReminderFields(),
		Check: func(in *input, changed []string) error {
			if in.UntilAlone() && slices.Contains(changed, "recurring_until") {
				return cmdutil.UsageErrorf("--until: reminder %d does not repeat, and the service keeps a last year only for a reminder that repeats: give --repeat too", current.ID)
			}
			return nil
		},
		Keys: calendarKeys, Ready: func(records []input) error {
			cal, err := r.calendar(run.Ctx, run.Client, run.Scope, cmdutil.Deref(records[0].CalendarID), "to check the reminder")
			if err != nil {
				return err
			}
			return r.ready(run, cal, records)
		}}
	in, changed, err := changes.Over(run, &before, fmt.Sprintf("reminder %d", current.ID))
	if err != nil || len(changed) == 0 {
		return current, err
	}
	rm, err := run.Client.Reminders(r.at[current.ID]).Patch(run.Ctx, current.ID, client.ReminderFields().UpdateOf(&in, &before))
	return rm, explain(err, in.Repeat)
}

// calendarKeys are the fields checked with the reminder's calendar.
var calendarKeys = []string{"calendar_id", "year", "month", "day", "recurring_periodicity"}

// explain says, in the user's words, the service's refusal of a repeat
// too long for it (exit 5): its release line keeps 5 characters of one.
func explain(err error, repeat *string) error {
	var e *client.Error
	if errors.As(err, &e) && e.StatusCode == http.StatusUnprocessableEntity && len(e.Fields["recurring_periodicity"]) > 0 && len(cmdutil.Deref(repeat)) > 5 {
		return &cmdutil.ConflictError{Err: fmt.Errorf("the service refused the repeat %q: this service keeps a repeat of at most 5 characters, "+
			"so of the moons' repeats only a full or new moon of a moon whose id has one digit fits (1_f, 1_n); nothing was created or changed", *repeat)}
	}
	return err
}
