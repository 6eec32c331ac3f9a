package calendar

import (
	"context"
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/internal/presets"
	"github.com/kanka-cli/kanka/output"
)

// calendarLookup finds a calendar by ID|NAME (resource.NameLookup): two
// of one name are told apart by their type and date.
var calendarLookup = resource.NameLookup[*client.Calendar]{
	Noun: "calendar",
	List: func(ctx context.Context, c *client.Client, name string) ([]*client.Calendar, error) {
		var near []*client.Calendar
		for cal, err := range c.AllCalendars(ctx, &client.ListOptions{Name: name}) {
			if err != nil {
				return nil, err
			}
			near = append(near, cal)
		}
		if len(near) == 0 {
			return nearMisses(ctx, c), nil
		}
		return near, nil
	},
	Tell: func(cal *client.Calendar) string {
		return fmt.Sprintf("type %s\tdate %s", orDash(output.Text(cal.Type)), orDash(cal.DateText()))
	},
	Meant: presetCalendar,
}

// presetCalendar is the calendar a preset makes, for a name that is the
// preset's or its setting's ("eberron", "Forgotten Realms"): a person who
// made a calendar with --preset eberron may look it up by that word.
func presetCalendar(arg string) (name, why string, ok bool) {
	p, ok := presets.NamedBy(arg)
	if !ok {
		return "", "", false
	}
	return p.Input.Name, "the calendar of the " + p.Name + " preset", true
}

// nearMisses are the calendars a name no calendar's name contains may
// have meant, mistyped ("Harptso" for "Calendar of Harptos", which the
// service's substring filter cannot find): the first page of the
// campaign's calendars, one more request, made only on the way to "not
// found". Its failure only costs the suggestion.
func nearMisses(ctx context.Context, c *client.Client) []*client.Calendar {
	p, err := c.ListCalendars(ctx, nil)
	if err != nil {
		return nil
	}
	return p.Items
}

// ResolveCalendar turns an ID|NAME argument into a calendar id, with the
// calendar when a name lookup fetched it (calendarLookup).
func ResolveCalendar(ctx context.Context, c *client.Client, arg string) (int, *client.Calendar, error) {
	id, cal, _, err := calendarLookup.Resolve(ctx, c, arg)
	return id, cal, err
}

// CheckCalendarArg refuses, before any request, an ID|NAME that no lookup
// could find: an empty one, or an id that is not positive.
func CheckCalendarArg(arg string) error { return calendarLookup.Check(arg) }

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
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
// calendar ID|NAME names, read (readCalendar: one request). A verb that
// writes what it read (write) takes the campaign's lock before the read.
func openCalendar(ctx context.Context, f *cmdutil.Factory, arg string, write bool) (*output.Printer, *client.Client, int, *client.Calendar, error) {
	printer, err := resource.NewPrinter(f)
	if err != nil {
		return nil, nil, 0, nil, err
	}
	if write {
		if err := f.LockCampaign(ctx); err != nil {
			return nil, nil, 0, nil, err
		}
	}
	c, err := f.Client()
	if err != nil {
		return nil, nil, 0, nil, err
	}
	id, cal, err := readCalendar(ctx, c, arg)
	return printer, c, id, cal, err
}
