package calendar

import (
	"context"
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// RefuseLostMoons refuses a write of calendar id (named name) that takes away moons
// (lost: client.LostMoons) that a reminder of the calendar repeats on, naming them, before
// anything is sent; with force it only warns. The calendar's reminders
// are read (every page) only when a moon is lost.
func RefuseLostMoons(ctx context.Context, f *cmdutil.Factory, c *client.Client, id int, name string, lost map[int]string, force bool) error {
	if len(lost) == 0 {
		return nil
	}
	var repeats []string
	all, err := f.LocalCache().CalendarReminders(ctx, c, id, 0)
	if err != nil {
		return fmt.Errorf("calendar %d: reading its reminders, for those that repeat on the moons this write takes away: %w", id, err)
	}
	for _, r := range all {
		p, err := almanac.ParsePeriodicity(cmdutil.Deref(r.Repeat))
		if moon, ok := lost[p.MoonID]; ok && err == nil && p.Repeat == almanac.RepeatMoon && r.IsRecurring {
			repeats = append(repeats, fmt.Sprintf("reminder %d on %s's %s", r.ID, moon, p.Phase))
		}
	}
	if len(repeats) == 0 {
		return nil
	}
	msg := fmt.Sprintf("calendar %d %q: this write takes away the moon ids that %s repeat%s on (%s): they would fall on no moon, or on another",
		id, name, cmdutil.Plural(len(repeats), "a reminder", fmt.Sprintf("%d reminders", len(repeats))), cmdutil.Plural(len(repeats), "s", ""), strings.Join(repeats, ", "))
	if force {
		fmt.Fprintln(f.IO.ErrOut, "warning: "+msg)
		return nil
	}
	return fmt.Errorf("%s. Nothing was sent: keep those moons with their ids (the file `kanka calendar get -o yaml` writes has them), or add --force", msg)
}
