// Package reminder holds the `kanka reminder` commands: list, get, create,
// update and delete the reminders of a calendar (the generic verbs).
package reminder

import (
	"context"
	"fmt"
	"iter"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type (
	input    = client.ReminderInput
	reminder = *client.Reminder
	run      = resource.Run[input]
)

// NewCmdReminder builds `kanka reminder` and its verbs.
func NewCmdReminder(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "reminder <command>",
		Aliases: []string{"reminders"},
		Short:   "Manage the reminders of a calendar",
		Long: `Manage the reminders of a calendar: a day, a span of days, or a repeat (every
year, every month, or on a moon's phase), of the calendar's own entity or
another's. A reminder the local cache knows is named by its id alone;
otherwise --calendar finds it in that calendar's list, or --entity names
the entity it belongs to.`,
		Example: `  kanka reminder create --calendar "Calendar of Harptos" --date 1492-Midsummer-1 --comment "Midsummer feast" --repeat year
  kanka reminder list --calendar "Calendar of Harptos"`,
	}
	r := &reminders{f: f, at: map[int]int{}}
	s := r.spec()
	w := &resource.Writes[reminder, input]{Fields: client.ReminderFields(), Flags: fieldFlags(),
		ReadFile:    (&resource.RecordFile[input]{One: client.DecodeReminder, List: client.DecodeReminders, Lines: client.ReminderFileLines, Plural: "reminders"}).Read,
		CheckCreate: r.check, CheckUpdate: r.check, Create: r.create, Update: r.update,
		NothingToChange: "nothing to change: give -f FILE or a field flag such as --comment or --date",
		CreateHelp:      createHelp, UpdateHelp: updateHelp}
	resource.AddVerbs(cmd, f, s, resource.NewCreateCmd(f, s, w), resource.NewUpdateCmd(f, s, w))
	for _, verb := range cmd.Commands() {
		if verb.Name() != "list" {
			verb.Flags().IntVar(&r.entity, "entity", 0, "the `ID` of the entity the reminder belongs to (default: the calendar's own)")
		}
	}
	return cmd
}

// reminders is one run of a reminder verb, and where each reminder is
// read and written: under its entity, --entity's, or for a post's the
// calendar's (the service does not check that a reminder is the
// entity's).
type reminders struct {
	f      *cmdutil.Factory
	entity int
	at     map[int]int // a reminder's id: the entity of its routes
	// calendarID is the calendar of the last reminder read, for its
	// month names.
	calendarID int
}

func (r *reminders) spec() *resource.Spec[reminder] {
	return &resource.Spec[reminder]{
		Noun: "reminder", Plural: "reminders", Arg: "ID",
		Kind: kindFor(nil, calendar.KnownOwners(nil, nil)), ReadableKind: calendar.ReadableKind(r.f, func() int { return r.calendarID }, r.readable),
		Parent: &resource.Parent{Flag: "calendar", Noun: "calendar", Resolve: calendar.Parent(r.f).Resolve, Complete: calendar.Completion(r.f),
			Optional: "the calendar whose list holds the reminder, by `ID|NAME` (when the local cache does not know it)"},
		CheckArg: func(arg string) error { _, err := parseID(arg); return err },
		Lookup:   r.lookup,
		Get: func(ctx context.Context, c *client.Client, _, id int) (reminder, error) {
			rm, err := c.Reminders(r.at[id]).Get(ctx, id)
			if err == nil {
				r.calendarID = cmdutil.Deref(rm.CalendarID)
			}
			return rm, err
		},
		Delete: func(ctx context.Context, c *client.Client, _, id int) error {
			return c.Reminders(r.at[id]).Delete(ctx, id)
		},
		Label: func(rm reminder) string { return fmt.Sprintf("(%s %q)", rm.Date(), cmdutil.Deref(rm.Comment)) },
		Made:  func(rm reminder) string { return fmt.Sprintf("reminder %d on %s", rm.ID, rm.Date()) },
		Filters: func(fs *pflag.FlagSet) func(*pflag.FlagSet) (resource.Query[reminder], error) {
			dates := &resource.DateFilters[reminder]{DateOf: func(rm reminder) client.Date { return rm.Date() }, Calendar: calendar.OfScope, Plural: "reminders"}
			dates.Register(fs)
			return func(fs *pflag.FlagSet) (resource.Query[reminder], error) {
				q := resource.Listing(func(c *client.Client, ctx context.Context, id int, o *client.PageOptions) iter.Seq2[reminder, error] {
					return c.CalendarReminders(id).All(ctx, nil, o)
				}, func(c *client.Client, ctx context.Context, id int, o *client.PageOptions) (*client.Page[reminder], error) {
					return c.CalendarReminders(id).Page(ctx, nil, o)
				}, func(seen []reminder) { r.f.LocalCache().RemindersSeen(seen) }) // every reminder of a list is then known by its id
				q.Compare = client.ByDate[reminder]
				return q, dates.Apply(fs, &q)
			}
		},
		Complete: r.completeID(),
		GetHelp: resource.Help{Example: `  kanka reminder create --calendar 1 --date 1492-Ches-3 --comment "Market day"
  kanka reminder get 1 -o yaml > reminder.yaml`},
		ListHelp: resource.Help{Short: "List the reminders of a calendar", Long: `List every reminder of a calendar (of its entity, of other entities and of
posts), in date order. On a terminal the table names whose each is (the
entity's name and type, one GET an entity, kept in the local cache).

` + resource.DateFiltersHelp("reminders"),
			Example: "  kanka reminder list --calendar \"Calendar of Harptos\" --year 1492 -o json"},
		DeleteHelp: resource.Help{Long: `Delete reminders. On a terminal you are asked first, with the date and
comment of what goes; without a terminal --yes is required.`,
			Example: `  kanka reminder create --calendar 1 --date 1492-Ches-3 --comment "Market day"
  kanka reminder delete 1 --yes`},
	}
}

// parseID reads a reminder's id.
func parseID(arg string) (int, error) { return resource.ParseID("reminder", arg) }

// lookup finds where reminder arg is read and written: --entity's entity,
// the one the local cache knows, or the one of the reminder --calendar's
// list holds (the record, whole, so that it is not read again).
func (r *reminders) lookup(ctx context.Context, c *client.Client, calendarID int, arg string) (resource.Ref[reminder], error) {
	id, err := parseID(arg)
	ref := resource.Ref[reminder]{ID: id}
	if err != nil || r.entity > 0 {
		r.at[id] = r.entity
		return ref, err
	}
	if known, ok := r.f.LocalCache().KnownReminder(id); ok && calendarID == 0 {
		r.at[id], err = r.entityOf(ctx, c, known)
		return ref, err
	}
	if calendarID == 0 {
		return ref, cmdutil.UsageErrorf("reminder %d is not in the local cache: give --calendar CAL, the calendar whose list holds it, or --entity ID", id)
	}
	for rm, err := range c.CalendarReminders(calendarID).All(ctx, nil, nil) {
		if err != nil {
			return ref, err
		}
		if rm.ID == id {
			r.at[id], err = r.entityOf(ctx, c, rm)
			r.calendarID = calendarID
			return resource.Ref[reminder]{ID: id, Record: rm, Known: true}, err
		}
	}
	return ref, &cmdutil.NotFoundError{Err: fmt.Errorf("reminder %d is not in the reminders of calendar %d", id, calendarID)}
}

// entityOf is the entity whose routes reach rm: its own, or for a post's
// the calendar's.
func (r *reminders) entityOf(ctx context.Context, c *client.Client, rm reminder) (int, error) {
	if !rm.OfPost() {
		return rm.RemindableID, nil
	}
	cal, err := r.calendar(ctx, c, nil, cmdutil.Deref(rm.CalendarID), "for its entity")
	if err != nil {
		return 0, err
	}
	return cal.EntityID, nil
}

// calendar is calendar id (calendar.OfRecord), why it is read being why.
func (r *reminders) calendar(ctx context.Context, c *client.Client, s *resource.Scope, id int, why string) (*client.Calendar, error) {
	return calendar.OfRecord(ctx, c, r.f.LocalCache(), s, id, why)
}
