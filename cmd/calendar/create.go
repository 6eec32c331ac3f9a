package calendar

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/cobra"
)

// CreateOptions are the parsed flags of `calendar create`.
type CreateOptions struct {
	Factory *cmdutil.Factory
	Ctx     context.Context
	// File is the -f path ("-" is standard input), empty when not given.
	File string
	// Fields are the field flags given; they override the file.
	Fields client.CalendarInput
	// AllowDuplicate skips the check (and its request) that no calendar
	// of the campaign has the name already.
	AllowDuplicate bool
}

// NewCmdCreate builds `calendar create`; runF replaces createRun in tests.
func NewCmdCreate(f *cmdutil.Factory, runF func(*CreateOptions) error) *cobra.Command {
	opts := &CreateOptions{Factory: f}
	var ff *resource.FieldFlags[client.CalendarInput]
	cmd := &cobra.Command{
		Use:   "create [-f FILE|-] [field flags]",
		Short: "Create a calendar",
		Long: `Create a calendar from a file (YAML or JSON, the shape "get -o yaml" prints),
from flags, or both: flags given beside -f override the file.
A ':' inside a name is written '\:'. A month (--date, --season,
--leap-year-month, and date, seasons and leap_year_month in the file) is a
number or a name of the months being created: a name, an alias, in any
case, or a prefix only one month has (1492-Ches-3, Spring:ches:19).

A name a calendar of the campaign already has is refused (exit 5, nothing
is created): a second calendar of one name makes every later lookup by that
name ambiguous. The check costs one list request with the name filter before
the POST; the match is exact and case-sensitive ("harptos" is not
"Harptos"). --allow-duplicate skips the check and its request.`,
		Example: `  kanka calendar create -f examples/harptos.yaml
  kanka calendar create --name Simple --month Early:30 --month Late:31 \
      --weekday Workday --weekday Restday --date 1-1-1
  kanka calendar create -f harptos.yaml --name "Harptos (copy)" --private`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.File == "" && !ff.Given(cmd.Flags()) {
				return cmdutil.UsageErrorf("nothing to create: give -f FILE or field flags such as --name and --month")
			}
			if flag, ok := ff.ReadsStdin(cmd.Flags()); ok && opts.File == "-" {
				return cmdutil.UsageErrorf("-f - and --%s - cannot both read standard input", flag)
			}
			fields, err := ff.Parse(cmd.Context(), cmd.Flags(), f.IO)
			if err != nil {
				return err
			}
			opts.Fields, opts.Ctx = fields, cmd.Context()
			if runF != nil {
				return runF(opts)
			}
			return createRun(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.File, "file", "f", "", "read the calendar from `FILE` (YAML or JSON; - is standard input)")
	cmd.Flags().BoolVar(&opts.AllowDuplicate, "allow-duplicate", false, "create the calendar even when one of that name exists (skips the check and its request)")
	ff = resource.AddFieldFlags(cmd, client.CalendarFields)
	return cmd
}

func createRun(opts *CreateOptions) error {
	f := opts.Factory
	printer, err := resource.NewPrinter(f)
	if err != nil {
		return err
	}
	var in client.CalendarInput
	if opts.File != "" {
		if in, _, err = readCalendarFile(opts.Ctx, f.IO, opts.File); err != nil {
			return err
		}
	}
	client.CalendarFields.Merge(&in, &opts.Fields)
	// Month names are the months being created.
	if err := resolveMonths(&in); err != nil {
		return err
	}
	in.CompleteForCreate()
	if err := validate(in); err != nil {
		return err
	}
	c, err := f.Client()
	if err != nil {
		return err
	}
	if !opts.AllowDuplicate {
		if err := refuseDuplicate(opts.Ctx, c, in.Name); err != nil {
			return err
		}
	}
	created, err := c.CreateCalendar(opts.Ctx, in)
	if err != nil {
		return err
	}
	// An answer about another calendar is not trusted with the date.
	if created.ID <= 0 || !client.SameStoredText(created.Name, in.Name) {
		return fmt.Errorf("the server's answer to creating calendar %q describes calendar %d %q: it may have been created; check the campaign before trying again", in.Name, created.ID, created.Name)
	}
	if created, err = keepDate(opts.Ctx, c, created.ID, created, in.Date); err != nil {
		return err
	}
	return printer.PrintOne(created, calendarKind)
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
