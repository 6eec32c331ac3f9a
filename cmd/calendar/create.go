package calendar

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// run is one run of create or update.
type run = resource.Run[client.CalendarInput]

// NewCmdCreate builds `calendar create`; intercept, when set, runs instead
// of the write (tests).
func NewCmdCreate(f *cmdutil.Factory, intercept func(*run) error) *cobra.Command {
	// allowDuplicate skips the check (and its request) that no calendar of
	// the campaign has the name already.
	var allowDuplicate bool
	w := writes(intercept)
	base := &presetBase{}
	w.CreateFlags = func(fs *pflag.FlagSet) {
		fs.BoolVar(&allowDuplicate, "allow-duplicate", false, "create the calendar even when one of that name exists")
		base.addFlag(fs)
	}
	w.CheckCreate = func(r *run) error {
		base.under(r)
		return checkCreate(r)
	}
	w.Create = func(r *run) ([]*client.Calendar, error) {
		created, err := create(r, allowDuplicate)
		return []*client.Calendar{created}, err
	}
	cmd := resource.NewCreateCmd(f, Spec(f), w)
	base.read(cmd, w)
	return groupFieldFlags(cmd)
}

var createHelp = resource.Help{
	Short: "Create a calendar",
	Long: `Create a calendar from flags, a file (-f) or a preset (--preset), the flags
over the file or preset. A name the campaign has already is refused (exit 5)
unless --allow-duplicate. Fields and their syntax: kanka help calendar-fields.`,
	Example: `  kanka calendar create --preset eberron
  kanka calendar create --preset harptos --name Waterdeep --date 1492-Ches-3
  kanka calendar create -f examples/harptos.yaml --name "Harptos (rehearsal)"`,
}

// checkCreate resolves the month names with the months being created,
// completes what the service would otherwise read back otherwise, and
// checks the calendar, before any request.
func checkCreate(r *run) error {
	in := &r.Records[0]
	if w := in.DateWritten; w != nil && almanac.IsRelative(w.Text) {
		return cmdutil.UsageErrorf("%s %s: a calendar being created has no current date to count from: give the date itself (1492-4-1)", w.Where, w.Text)
	}
	if err := resolveMonths(in); err != nil {
		return err
	}
	in.CompleteForCreate()
	return placed(validate(*in), r.FilePlace())
}

// create sends the calendar, after making sure no calendar of the campaign
// has its name (unless allowDuplicate), and checks the answer is the
// calendar it made, with the date it sent.
func create(r *run, allowDuplicate bool) (*client.Calendar, error) {
	in := r.Records[0]
	if !allowDuplicate {
		if err := refuseDuplicate(r.Ctx, r.Client, in.Name); err != nil {
			return nil, err
		}
	}
	created, err := r.Client.CreateCalendar(r.Ctx, in)
	if err != nil {
		return nil, err
	}
	// An answer about another calendar is not trusted with the date.
	if created.ID <= 0 || !client.SameStoredText(created.Name, in.Name) {
		return nil, fmt.Errorf("the server's answer to creating calendar %q describes calendar %d %q: it may have been created; check the campaign before trying again", in.Name, created.ID, created.Name)
	}
	return keepDate(r.Ctx, r.Client, created.ID, created, in.Date)
}

// refuseDuplicate is a ConflictError (exit 5) when a calendar of the
// campaign is named exactly name: one list request with the name filter,
// the match checked again here, case-sensitively, since the service's
// filter is a substring match.
func refuseDuplicate(ctx context.Context, c *client.Client, name string) error {
	found, err := c.CalendarsNamed(ctx, name)
	if err != nil {
		return fmt.Errorf("checking that no calendar is named %q already: %w", name, err)
	}
	switch len(found) {
	case 0:
		return nil
	case 1:
		return &cmdutil.ConflictError{Err: fmt.Errorf("a calendar named %q already exists (id %d): update it, or pass --allow-duplicate", name, found[0].ID)}
	}
	ids := make([]string, len(found))
	for i, cal := range found {
		ids[i] = strconv.Itoa(cal.ID)
	}
	return &cmdutil.ConflictError{Err: fmt.Errorf("%d calendars named %q already exist (ids %s): update one, or pass --allow-duplicate", len(found), name, strings.Join(ids, ", "))}
}
