package calendar

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/calexport"
	"github.com/kanka-cli/kanka/output/monthgrid"
)

// The reminders a tool's file carries: the calendar's list, every page,
// of its own entity, or with --all-reminders of every entity and post,
// each named by whose it is (the entity's name, read once an hour through
// the local cache); and with --notes, Calendarium's notes, each a new
// file of the folder.

// exportReminders reads the calendar's reminders for the tool's file.
func exportReminders(ctx context.Context, f *cmdutil.Factory, c *client.Client, cal *client.Calendar, all bool) ([]calexport.Reminder, error) {
	seen, err := f.LocalCache().CalendarReminders(ctx, c, cal.ID, 0)
	if err != nil {
		return nil, fmt.Errorf("reading the reminders of calendar %d %q: %w", cal.ID, cal.Name, err)
	}
	if !all && cal.EntityID == 0 && len(seen) > 0 {
		fmt.Fprintf(f.IO.ErrOut, "warning: the server's answer gives calendar %d no entity_id: none of its %d reminders can be told to be its own; --all-reminders writes them all\n",
			cal.ID, len(seen))
	}
	owners := ReadOwners(ctx, c, cal, f.LocalCache())
	var out []calexport.Reminder
	others := 0
	for _, rm := range seen {
		own := rm.OwnedBy(cal)
		if !own && !all {
			others++
			continue
		}
		rec, ok := rm.Recurrence()
		if !ok {
			fmt.Fprintf(f.IO.ErrOut, "warning: reminder %d: the server's answer gives it no whole date: not written\n", rm.ID)
			continue
		}
		r := calexport.Reminder{ID: rm.ID, Recurrence: rec, Comment: cmdutil.Deref(rm.Comment),
			Colour: cmdutil.Deref(rm.Colour), Visibility: cmdutil.DerefOr(rm.VisibilityID, 1), Type: cmdutil.Deref(rm.TypeID)}
		if !own {
			r.Owner = ownerName(owners.Of(rm))
		}
		out = append(out, r)
	}
	// Whose reminders are written is a choice, not a loss: said, not
	// refused by --strict.
	switch {
	case cal.EntityID == 0: // warned above
	case others == 1:
		cmdutil.Say(f, "note: 1 reminder of another entity or post is not written; --all-reminders adds it")
	case others > 1:
		cmdutil.Say(f, "note: %d reminders of other entities or posts are not written; --all-reminders adds them", others)
	}
	return out, nil
}

// ownerName is whose a reminder is, in a tool's file: its entity's name,
// else "post 3" or "entity 50".
func ownerName(o monthgrid.Owner) string {
	if o.Name != nil {
		return *o.Name
	}
	return o.Kind + " " + strconv.Itoa(o.ID)
}

// checkNotesDir refuses --notes that is a file, before anything is sent.
func checkNotesDir(dir string) error {
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return cmdutil.UsageErrorf("--notes %s: %v", dir, err)
	case !info.IsDir():
		return cmdutil.UsageErrorf("--notes %s: not a folder", dir)
	}
	return nil
}

// writeNotes writes each note as a new file of dir (made when missing).
// A note that exists already is refused before any is written: the
// vault's notes are a person's, kanka does not write over them. A failure
// half way takes back the notes this run wrote.
func writeNotes(dir string, notes []calexport.Note) error {
	for _, n := range notes {
		path := filepath.Join(dir, n.Name)
		if _, err := os.Lstat(path); err == nil {
			return cmdutil.UsageErrorf("--notes: %s exists: kanka writes new notes only (move it, or give another folder); nothing was written", path)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--notes: %w", err)
	}
	var written []string
	for _, n := range notes {
		path := filepath.Join(dir, n.Name)
		if err := writeNew(path, n.Data); err != nil {
			for _, w := range written {
				_ = os.Remove(w)
			}
			return fmt.Errorf("--notes: %w; no note was kept", err)
		}
		written = append(written, path)
	}
	return nil
}

// writeNew writes data to path, which must not exist (O_EXCL).
func writeNew(path string, data []byte) error {
	file, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := file.Write(data); err != nil {
		file.Close()
		_ = os.Remove(path)
		return err
	}
	if err := file.Close(); err != nil {
		_ = os.Remove(path)
		return err
	}
	return nil
}
