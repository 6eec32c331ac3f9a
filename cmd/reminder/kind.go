package reminder

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
)

func fieldFlags() []resource.Flag[input] {
	return []resource.Flag[input]{
		resource.DatedFlag("the day it falls on (the first, when it repeats),", func(in *input) *client.Dated { return &in.Dated }),
		resource.TextFlag("comment", "comment", "what it says, up to 191 characters of `TEXT`", func(in *input) **string { return &in.Comment }),
		{Field: "recurring_periodicity", Name: "repeat", Usage: "repeat every year, month, or at a moon's phase: `MOON:PHASE` (Selûne:full, Selûne:new)",
			Set: func(in *input, v []string) error {
				if _, _, err := almanac.ReadRepeat(v[0]); err != nil {
					return resource.FlagProblem("%v", err)
				}
				in.Repeat = &v[0]
				return nil
			}, Complete: completeRepeat},
		{Field: "recurring_until", Name: "until", Kind: resource.FlagInt, Usage: "the last `YEAR` it repeats in",
			Set: func(in *input, v []string) error { in.Until = &v[0]; return nil }},
		resource.WholeFlag("length", "length", "the `DAYS` it lasts (default 1)", func(in *input) **int { return &in.Length }),
		resource.TextFlag("colour", "colour", "its `COLOUR` on the calendar, up to 7 characters (#aa0000, red)", func(in *input) **string { return &in.Colour }),
		resource.Flag[input]{Field: "type_id", Name: "type", Usage: "what it marks, a `TYPE`: birth, death, date or founded", Set: func(in *input, v []string) error {
			if t := slices.Index(client.ReminderTypes, strings.ToLower(v[0])); t >= 2 {
				in.TypeID = &t
				return nil
			}
			return resource.ValueProblem(v[0], "not birth, death, date or founded")
		}}.Offering(client.ReminderTypes[2:]...),
		resource.VisibilityFlag(func(in *input) **int { return &in.VisibilityID }),
	}
}

// readable is the Kind of a terminal's table or detail view: dates and
// moons named from the reminders' calendar (the list's, or the one the
// record read names), and whose each is (calendar.ReadOwners; for a
// write's answer, as the local cache knows it).
func (r *reminders) readable(ctx context.Context, c *client.Client, cal *client.Calendar) output.Kind {
	if resource.AtHand(ctx) {
		return kindFor(cal, calendar.KnownOwners(cal, r.f.LocalCache()))
	}
	return kindFor(cal, calendar.ReadOwners(ctx, c, cal, r.f.LocalCache()))
}

// kindFor shows reminders, their dates and moons named from cal's when it
// is given, whose each is as owners names it: "Elminster (character)",
// else "entity 42" or "post 3".
func kindFor(cal *client.Calendar, owners *calendar.Owners) output.Kind {
	rec := func(o output.Record) reminder { return o.(reminder) }
	var months []client.Month
	if cal != nil {
		months = cal.Months
	}
	whose := func(o output.Record) string {
		w := owners.Of(rec(o))
		if w.Name == nil {
			return w.Kind + " " + strconv.Itoa(w.ID)
		}
		return *w.Name + " (" + output.Text(w.Type) + ")"
	}
	cols := []output.Column{
		{Header: "ID", Priority: output.Key, Value: func(o output.Record) string { return strconv.Itoa(rec(o).ID) }},
		resource.DateColumn(months, reminder.Date),
		{Header: "COMMENT", Priority: output.Important, Value: func(o output.Record) string { return output.Text(rec(o).Comment) }},
		{Header: "REPEAT", Priority: output.Ordinary, Value: func(o output.Record) string { return repeat(cal, rec(o)) }},
		{Header: "LENGTH", Priority: output.Ordinary, Value: func(o output.Record) string { return strconv.Itoa(cmdutil.DerefOr(rec(o).Length, 1)) }},
		{Header: "OWNER", Priority: output.Important, Value: whose},
		{Header: "VISIBILITY", Priority: output.Expendable, Value: func(o output.Record) string { return client.VisibilityName(cmdutil.DerefOr(rec(o).VisibilityID, 1)) }},
		{Header: "TYPE", Wide: true, Value: func(o output.Record) string { return typeName(rec(o).TypeID) }},
		{Header: "COLOUR", Wide: true, Value: func(o output.Record) string { return output.Text(rec(o).Colour) }},
		{Header: "UNTIL", Wide: true, Value: func(o output.Record) string { return output.Text(rec(o).Until) }},
		{Header: "CALENDAR", Wide: true, Value: func(o output.Record) string { return strconv.Itoa(cmdutil.Deref(rec(o).CalendarID)) }},
	}
	return output.Kind{Columns: cols, Detail: output.ColumnsDetail(cols),
		YAML: func(o output.Record) any { return client.ReminderFile(rec(o)) },
	}
}

// repeat is the reminder's repeat in words: "every year", "Selûne full"
// (the moon named from cal), "" for none.
func repeat(cal *client.Calendar, rm reminder) string {
	p, err := almanac.ParsePeriodicity(cmdutil.Deref(rm.Repeat))
	switch {
	case err != nil || !rm.IsRecurring && p.Repeat != almanac.RepeatNone:
		return cmdutil.Deref(rm.Repeat)
	case p.Repeat == almanac.RepeatYear, p.Repeat == almanac.RepeatMonth:
		return "every " + p.String()
	case p.Repeat == almanac.RepeatNone:
		return ""
	}
	moon := "moon " + strconv.Itoa(p.MoonID)
	if cal != nil {
		if i := slices.IndexFunc(cal.Moons, func(m client.Moon) bool { return cmdutil.Deref(m.ID) == p.MoonID }); i >= 0 {
			moon = cal.Moons[i].Name
		}
	}
	return moon + " " + p.Phase.String()
}

func typeName(id *int) string {
	if id == nil || *id < 2 || *id >= len(client.ReminderTypes) {
		return ""
	}
	return client.ReminderTypes[*id]
}
