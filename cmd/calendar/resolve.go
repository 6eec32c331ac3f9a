package calendar

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
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
	arg = strings.TrimSpace(arg)
	if arg == "" {
		return 0, nil, cmdutil.UsageErrorf("a calendar id or name is required")
	}
	if id, err := strconv.Atoi(arg); err == nil {
		if id <= 0 {
			return 0, nil, cmdutil.UsageErrorf("calendar id %d is not valid: ids are positive", id)
		}
		return id, nil, nil
	}
	var near []*client.Calendar
	for cal, err := range c.AllCalendars(ctx, &client.CalendarListOptions{Name: arg}) {
		if err != nil {
			return 0, nil, err
		}
		near = append(near, cal)
	}
	// Names compare as the service stores them (trimmed).
	for _, same := range []func(string) bool{
		func(name string) bool { return client.StoredText(name) == arg },
		func(name string) bool { return strings.EqualFold(client.StoredText(name), arg) },
	} {
		var found []*client.Calendar
		for _, cal := range near {
			if same(cal.Name) {
				found = append(found, cal)
			}
		}
		switch len(found) {
		case 0:
			continue
		case 1:
			return found[0].ID, found[0], nil
		}
		return 0, nil, ambiguous(arg, found)
	}
	msg := fmt.Sprintf("no calendar named %q", arg)
	if best := nearest(arg, near); best != nil {
		msg += fmt.Sprintf("; did you mean %q (id %d)?", best.Name, best.ID)
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

// nearest is the calendar whose name is closest in length to arg among
// those that contain it (the server's name filter), nil when none does.
func nearest(arg string, near []*client.Calendar) *client.Calendar {
	var best *client.Calendar
	for _, cal := range near {
		if !strings.Contains(strings.ToLower(cal.Name), strings.ToLower(arg)) {
			continue
		}
		if best == nil || len(cal.Name) < len(best.Name) {
			best = cal
		}
	}
	return best
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
