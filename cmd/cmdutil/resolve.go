package cmdutil

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
)

// ResolveCalendar turns an ID|NAME argument into a calendar id. A number is
// an id and costs no request; anything else is looked up by exact name, and
// the calendar found is returned too, so that a caller needing the record
// does not fetch it again. No match is a NotFoundError; more than one is a
// UsageError listing the candidates.
func ResolveCalendar(ctx context.Context, c *client.Client, arg string) (int, *client.Calendar, error) {
	arg = strings.TrimSpace(arg)
	if arg == "" {
		return 0, nil, UsageErrorf("a calendar id or name is required")
	}
	if id, err := strconv.Atoi(arg); err == nil {
		if id <= 0 {
			return 0, nil, UsageErrorf("calendar id %d is not valid: ids are positive", id)
		}
		return id, nil, nil
	}
	found, err := c.CalendarsNamed(ctx, arg)
	if err != nil {
		return 0, nil, err
	}
	switch len(found) {
	case 0:
		return 0, nil, &NotFoundError{Err: fmt.Errorf("no calendar is named %q", arg)}
	case 1:
		return found[0].ID, found[0], nil
	}
	lines := make([]string, len(found))
	for i, cal := range found {
		lines[i] = fmt.Sprintf("  %d\t%s", cal.ID, cal.Name)
	}
	return 0, nil, UsageErrorf("%d calendars are named %q; use an id:\n%s", len(found), arg, strings.Join(lines, "\n"))
}
