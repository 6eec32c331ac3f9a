package calendar

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/internal/suggest"
	"github.com/kanka-cli/kanka/output"
)

// ResolveCalendar turns an ID|NAME argument into a calendar id. A number is
// an id and costs no request. Anything else is looked up with one list
// request for the names that contain it, and the calendar found is
// returned too, so that a caller needing the record does not fetch it
// again. An exact name wins; else a name equal but for case, if only one
// is; else the answer is a NotFoundError that suggests the nearest name the
// same answer holds. More than one match is a UsageError listing the
// candidates with what tells them apart.
func ResolveCalendar(ctx context.Context, c *client.Client, arg string) (int, *client.Calendar, error) {
	if err := CheckCalendarArg(arg); err != nil {
		return 0, nil, err
	}
	arg = strings.TrimSpace(arg)
	if id, err := strconv.Atoi(arg); err == nil {
		return id, nil, nil
	}
	var near []*client.Calendar
	for cal, err := range c.AllCalendars(ctx, &client.ListOptions{Name: arg}) {
		if err != nil {
			return 0, nil, err
		}
		near = append(near, cal)
	}
	for _, named := range []func([]*client.Calendar, string) []*client.Calendar{client.Named, client.NamedIgnoringCase} {
		switch found := named(near, arg); len(found) {
		case 0:
			continue
		case 1:
			return found[0].ID, found[0], nil
		default:
			return 0, nil, ambiguous(arg, found)
		}
	}
	msg := fmt.Sprintf("no calendar named %q", arg)
	names := make([]string, len(near))
	for i, cal := range near {
		names[i] = cal.Name
	}
	if best, ok := suggest.Containing(arg, names); ok {
		msg += fmt.Sprintf("; did you mean %q (id %d)?", best, near[slices.Index(names, best)].ID)
	}
	return 0, nil, &cmdutil.NotFoundError{Err: fmt.Errorf("%s", msg)}
}

// ambiguous lists calendars of one name with their id, type and date.
func ambiguous(arg string, found []*client.Calendar) error {
	lines := make([]string, len(found))
	for i, cal := range found {
		lines[i] = fmt.Sprintf("  %d\t%s\ttype %s\tdate %s", cal.ID, cal.Name, orDash(text(cal.Type)), orDash(cal.DateText()))
	}
	return cmdutil.UsageErrorf("%d calendars are named %q; use an id:\n%s", len(found), arg, strings.Join(lines, "\n"))
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}

// CheckCalendarArg refuses, before any request, an ID|NAME that no lookup
// could find: an empty one, or an id that is not positive.
func CheckCalendarArg(arg string) error {
	arg = strings.TrimSpace(arg)
	if arg == "" {
		return cmdutil.UsageErrorf("a calendar id or name is required")
	}
	if id, err := strconv.Atoi(arg); err == nil && id <= 0 {
		return cmdutil.UsageErrorf("calendar id %d is not valid: ids are positive", id)
	}
	return nil
}

// readCalendar resolves ID|NAME to the calendar's record: a name's lookup
// returns it, an id costs one GET. One request either way.
func readCalendar(ctx context.Context, c *client.Client, arg string) (int, *client.Calendar, error) {
	id, cal, err := ResolveCalendar(ctx, c, arg)
	if err != nil {
		return 0, nil, err
	}
	if cal == nil {
		if cal, err = c.GetCalendar(ctx, id); err != nil {
			return 0, nil, err
		}
	}
	return id, cal, nil
}

// openCalendar starts a verb on one calendar: its printer, built first so
// that a bad -o, --jq or --template sends nothing, the client, and the
// calendar ID|NAME names, read (readCalendar: one request).
func openCalendar(ctx context.Context, f *cmdutil.Factory, arg string) (*output.Printer, *client.Client, int, *client.Calendar, error) {
	printer, err := resource.NewPrinter(f)
	if err != nil {
		return nil, nil, 0, nil, err
	}
	c, err := f.Client()
	if err != nil {
		return nil, nil, 0, nil, err
	}
	id, cal, err := readCalendar(ctx, c, arg)
	return printer, c, id, cal, err
}
