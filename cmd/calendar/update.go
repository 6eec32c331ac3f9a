package calendar

import (
	"context"
	"fmt"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// NewCmdUpdate builds `calendar update`; intercept, when set, runs instead
// of the write (tests).
func NewCmdUpdate(f *cmdutil.Factory, intercept func(*run) error) *cobra.Command {
	// force sends the update even when the record as read lacks fields
	// the service rebuilds from every write (it then clears them).
	var force bool
	w := writes(intercept)
	w.UpdateFlags = func(fs *pflag.FlagSet) {
		fs.BoolVar(&force, "force", false, "send even over a change made since the file was written, or when the answer lacks fields (they are then cleared)")
	}
	w.Update = func(r *run, current *client.Calendar) (*client.Calendar, error) { return update(r, current, force) }
	return groupFieldFlags(resource.NewUpdateCmd(f, Spec(f), w))
}

var updateHelp = resource.Help{
	Short: "Change a calendar",
	Long: `Change a calendar: it is read, the file and then the flags go over it, and
it is sent back whole. Named weeks set in the web interface are cleared unless
the file gives them (weeks:). Fields and their syntax: kanka help
calendar-fields.`,
	Example: `  kanka calendar update 1 --date 1492-Ches-12 --season Spring:Ches:19
  kanka calendar update "Calendar of Harptos" -f examples/harptos.yaml`,
}

// checkUpdate checks the changes before any request (refuseShortLists).
func checkUpdate(r *run) error { return placed(refuseShortLists(r.Records[0]), r.FilePlace()) }

// refuseShortLists refuses a replacement month or weekday list that no
// calendar can have (fewer than 2), whatever the current record holds.
func refuseShortLists(in client.CalendarInput) error {
	ps := &cmdutil.Problems{Subject: "the calendar is not valid"}
	if in.Months != nil && len(in.Months) < 2 {
		ps.Add("months", "at least 2 are required, %d given", len(in.Months))
	}
	if in.Weekdays != nil && len(in.Weekdays) < 2 {
		ps.Add("weekdays", "at least 2 are required, %d given", len(in.Weekdays))
	}
	return ps.Err()
}

// update sends current with the run's changes over it, unless the file it
// was given was written before a change made since (exit 8; force sends
// it), and checks the service kept the date sent.
func update(r *run, current *client.Calendar, force bool) (*client.Calendar, error) {
	if !force && r.File != nil && !fileHeld(current, r.File.Records[0]) {
		if err := fileStillCurrent(r.Ctx, r.Client, r.File.Origin, r.File.Records[0].Date, current, r.FilePath); err != nil {
			return nil, err
		}
	}
	in, err := changedRecord(current, r.Records[0], force, "give them in a file (-f, with the keys of `kanka calendar get -o yaml`) or with their flags")
	if err != nil {
		return nil, placed(err, r.FilePlace())
	}
	// A write that changes nothing would still move the calendar's update
	// time, and so refuse every file taken from it before (exit 8).
	if before := client.FromCalendar(current); client.CalendarFields.Same(&in, &before) {
		cmdutil.Say(r.Factory, "calendar %d already has these values; nothing was sent", current.ID)
		return current, nil
	}
	if err := RefuseLostMoons(r.Ctx, r.Factory, r.Client, current.ID, current.Name, client.LostMoons(current.Moons, in.Moons), force); err != nil {
		return nil, err
	}
	updated, err := r.Client.UpdateCalendar(r.Ctx, current.ID, in)
	if err != nil {
		return nil, err
	}
	return keepDate(r.Ctx, r.Client, current.ID, updated, in.Date)
}

// changedRecord is the whole record an update sends: the current one with
// the changes over it (the service rebuilds months, weekdays, years,
// seasons, moons and the date from every write, and the live service wipes
// what is left out), month names resolved with the months as changed, and
// checked before anything is sent. A field the service rebuilds that the
// record as read lacks, and the changes do not give, is refused
// (checkUnread, whose message says supply: how to give them) unless force.
func changedRecord(current *client.Calendar, changes client.CalendarInput, force bool, supply string) (client.CalendarInput, error) {
	// A date counted from today counts from the date as read.
	if err := changes.ResolveToday(current); err != nil {
		return client.CalendarInput{}, cmdutil.AsUsage(err)
	}
	in := client.FromCalendar(current)
	client.CalendarFields.Merge(&in, &changes)
	if err := checkUnread(current, &in, force, supply); err != nil {
		return client.CalendarInput{}, err
	}
	if err := resolveMonths(&in); err != nil {
		return client.CalendarInput{}, err
	}
	client.KeepMoonIDs(in.Moons, current.Moons)
	return in, validateUpdate(in)
}

// checkUnread refuses the update in of current when it would wipe a field
// the service rebuilds from every write that the answer lacked
// (resource.CheckUnread), unless force.
func checkUnread(current *client.Calendar, in *client.CalendarInput, force bool, supply string) error {
	if force {
		return nil
	}
	return resource.CheckUnread(client.CalendarFields, in, fmt.Sprintf("calendar %d %q", current.ID, current.Name), supply, "--force")
}

// fileHeld reports whether the calendar already holds every value of the
// file that can be compared (as the service stores them): then sending it
// reverts nothing, whoever changed the calendar since the file was
// written, and the update of a file run twice is no conflict: a retry in a
// script must not fail. kanka cannot tell who moved updated_at (no ETag),
// only whether the record differs.
//
// What cannot be compared does not stop a file from being held: named
// weeks, epochs and images (never returned) and keys the answer left out.
// The readable values match, so sending the file puts back none of them;
// what it gives beside them is sent again (the record is not Same), which
// is what a retry means: if the first write landed it sent those same
// values, and if it did not they are still wanted.
func fileHeld(current *client.Calendar, file client.CalendarInput) bool {
	in, err := changedRecord(current, file, true, "")
	if err != nil {
		return false // the update's own checks say why
	}
	before := client.FromCalendar(current)
	changes, _ := client.CalendarFields.ChangesOf(&in, &before, current.Raw)
	return len(changes) == 0
}

// fileStillCurrent refuses a file written from this calendar (`get -o
// yaml` writes its id and updated_at) when the calendar changed since: the
// file holds the old values of whatever changed, and sending it would put
// them back. A file without them (written by hand, or by export) is not
// checked. An update moves updated_at, which costs no request to see: the
// record is read anyway. The live service's advance route moves the date
// alone and not updated_at: when the file's date is not the calendar's,
// one list request (the calendars changed since the file's updated_at)
// tells a date moved meanwhile from one changed in the file.
func fileStillCurrent(ctx context.Context, c *client.Client, origin client.FileOrigin, fileDate *client.Date, current *client.Calendar, path string) error {
	if origin.UpdatedAt == "" || (origin.ID != 0 && origin.ID != current.ID) {
		return nil
	}
	source := cmdutil.SourceName(path)
	record := fmt.Sprintf("calendar %d %q", current.ID, current.Name)
	next := fmt.Sprintf("get it again with `kanka calendar get %d -o yaml` and make your change there, or add --force to send %s as it is", current.ID, source)
	if current.UpdatedAt != "" && origin.UpdatedAt != current.UpdatedAt {
		return &cmdutil.ChangedError{Record: record, By: current.UpdatedBy, Next: next,
			Since: fmt.Sprintf("since %s was written from it (updated_at %s then, %s now)", source, origin.UpdatedAt, current.UpdatedAt)}
	}
	// The same updated_at: only the advance route can have moved the date,
	// which the file's date then shows. No updated_at in the answer: it
	// cannot say, so the list is asked.
	dateMoved := fileDate != nil && current.Date != nil && *fileDate != *current.Date
	if current.UpdatedAt != "" && !dateMoved {
		return nil
	}
	written, err := time.Parse(time.RFC3339Nano, origin.UpdatedAt)
	if err != nil {
		return nil // a time kanka cannot read: the file cannot be placed
	}
	// Exactly the file's time: a write the file was made after can be
	// listed when the service saved the calendar a moment after its
	// entity, which stops a send that was safe (--force sends it); any
	// later margin could miss a route's move made a moment after.
	changed, err := c.CalendarsChangedSince(ctx, written)
	if err != nil {
		return fmt.Errorf("checking whether calendar %d changed since %s was written: %w", current.ID, source, err)
	}
	for _, cal := range changed {
		if cal.ID != current.ID {
			continue
		}
		if current.UpdatedAt == "" {
			return &cmdutil.ChangedError{Record: record, By: cal.UpdatedBy, Next: next,
				Since: fmt.Sprintf("since %s was written from it (the service lists it as updated after %s)", source, origin.UpdatedAt)}
		}
		return &cmdutil.ChangedError{Record: record, Fields: []string{"date"},
			Since: fmt.Sprintf("since %s was written from it (its date is %s now; the file says %s)", source, current.Date, fileDate),
			Next:  next + " (also when you changed the date in the file on purpose)"}
	}
	return nil
}

// keepDate makes sure the answer to a write of calendar id is about that
// calendar, and that the date the write sent is the one the service kept
// (client.KeepDate: the live service clamps a leap day, which its advance
// route then reaches), so that a date it did not keep is an error, never
// reported as set. sent is nil when the write sent no date.
func keepDate(ctx context.Context, c *client.Client, id int, written *client.Calendar, sent *client.Date) (*client.Calendar, error) {
	if sent == nil {
		if written.ID != id {
			return nil, fmt.Errorf("the server's answer to writing calendar %d describes calendar %d: check both before trying again", id, written.ID)
		}
		return written, nil
	}
	return c.KeepDate(ctx, id, written, *sent)
}

// addForceFlag adds --force, which sends an update even when the record
// as read lacks fields the service rebuilds from every write.
func addForceFlag(fs *pflag.FlagSet, force *bool) {
	fs.BoolVar(force, "force", false, "move even when the calendar as read lacks fields (a write then clears them)")
}
