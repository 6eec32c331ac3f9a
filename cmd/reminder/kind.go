package reminder

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
)

var fieldFlags = []resource.Flag[input]{
	resource.DatedFlag("the day it falls on (its first, when it repeats),", func(in *input) *client.Dated { return &in.Dated }),
	resource.TextFlag("comment", "comment", "what it says, up to 191 characters of `TEXT`", func(in *input) **string { return &in.Comment }),
	{Field: "recurring_periodicity", Name: "repeat", Usage: "repeat every year or month, or on a moon's phase as `MOON:PHASE` (Selûne:full): " +
		"full, new, first-quarter, last-quarter, waxing-crescent, waxing-gibbous, waning-crescent or waning-gibbous",
		Set: func(in *input, v []string) error {
			if _, _, err := client.ReadRepeat(v[0]); err != nil {
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

// kind shows reminders: a date with its month named, a moon repeat with
// its moon's name (on a terminal, from the reminder's own calendar), and
// whose it is (its entity's name and type, read once).
func (r *reminders) kind() output.Kind {
	rec := func(o output.Record) reminder { return o.(reminder) }
	date := func(o output.Record) string { return rec(o).Date().String() }
	readable := func(o output.Record) string { return r.shown.date(r.f, rec(o)) }
	return output.Kind{
		Columns: []output.Column{
			{Header: "ID", Priority: output.Key, Value: func(o output.Record) string { return strconv.Itoa(rec(o).ID) }},
			{Header: "DATE", Priority: output.Key, Value: date, Readable: readable},
			{Header: "COMMENT", Priority: output.Important, Value: func(o output.Record) string { return output.Text(rec(o).Comment) }},
			{Header: "REPEAT", Priority: output.Ordinary, Value: func(o output.Record) string { return r.shown.repeat(r.f, rec(o)) }},
			{Header: "LENGTH", Priority: output.Ordinary, Value: func(o output.Record) string { return strconv.Itoa(cmpOr(rec(o).Length, 1)) }},
			{Header: "OWNER", Priority: output.Important, Value: func(o output.Record) string { return r.shown.owner(r.f, rec(o)) }},
			{Header: "VISIBILITY", Priority: output.Expendable, Value: func(o output.Record) string { return client.VisibilityName(cmpOr(rec(o).VisibilityID, 1)) }},
			{Header: "TYPE", Wide: true, Value: func(o output.Record) string { return typeName(rec(o).TypeID) }},
			{Header: "UPDATED", Wide: true, Value: func(o output.Record) string { return rec(o).UpdatedAt }},
		},
		Detail: func(o output.Record) []output.Field {
			rm := rec(o)
			return []output.Field{
				{Label: "ID", Value: strconv.Itoa(rm.ID)},
				{Label: "Calendar", Value: strconv.Itoa(deref(rm.CalendarID))},
				{Label: "Date", Value: date(o), Readable: readable(o)},
				{Label: "Comment", Value: output.Text(rm.Comment)},
				{Label: "Length", Value: strconv.Itoa(cmpOr(rm.Length, 1))},
				{Label: "Repeat", Value: r.shown.repeat(r.f, rm)},
				{Label: "Until", Value: output.Text(rm.Until)},
				{Label: "Colour", Value: output.Text(rm.Colour)},
				{Label: "Type", Value: typeName(rm.TypeID)},
				{Label: "Visibility", Value: client.VisibilityName(cmpOr(rm.VisibilityID, 1))},
				{Label: "Owner", Value: r.shown.owner(r.f, rm)},
				{Label: "Updated", Value: rm.UpdatedAt},
			}
		},
		YAML: func(o output.Record) any { return client.ReminderFile(rec(o)) },
	}
}

func typeName(id *int) string {
	if id == nil || *id < 2 || *id >= len(client.ReminderTypes) {
		return output.Text(nil)
	}
	return client.ReminderTypes[*id]
}

func cmpOr(p *int, otherwise int) int {
	if p == nil {
		return otherwise
	}
	return *p
}

// shown are the calendars and entities the reminders of a run name, each
// read once (the local cache's when it holds them).
type shown struct {
	ctx       context.Context
	c         *client.Client
	calendars map[int]*client.Calendar
	owners    map[int]string
}

// calendar is calendar id: the cache's while it is fresh, else one GET.
func (s *shown) calendar(ctx context.Context, f *cmdutil.Factory, c *client.Client, id int) (*client.Calendar, error) {
	s.ctx, s.c = ctx, c
	if cal, ok := s.calendars[id]; ok {
		return cal, nil
	}
	cal, ok := f.LocalCache().FreshCalendar(strconv.Itoa(id))
	if !ok {
		var err error
		if cal, err = c.GetCalendar(ctx, id); err != nil {
			return nil, err
		}
	}
	if s.calendars == nil {
		s.calendars = map[int]*client.Calendar{}
	}
	s.calendars[id] = cal
	return cal, nil
}

// connect makes the run's client, for what the printer shows.
func (s *shown) connect(f *cmdutil.Factory) bool {
	if s.c == nil {
		c, err := f.Client()
		if err != nil {
			return false
		}
		s.ctx, s.c = context.Background(), c
	}
	return true
}

// date is the reminder's date with its month named, "3 Ches 1492".
func (s *shown) date(f *cmdutil.Factory, rm reminder) string {
	if !s.connect(f) {
		return ""
	}
	if cal, err := s.calendar(s.ctx, f, s.c, deref(rm.CalendarID)); err == nil {
		return client.ReadableDate(cal.Months, rm.Date())
	}
	return ""
}

// repeat is the reminder's repeat in words: "every year", "Selûne full"
// (the moon named from its calendar when it is at hand).
func (s *shown) repeat(f *cmdutil.Factory, rm reminder) string {
	p, err := almanac.ParsePeriodicity(deref(rm.Repeat))
	switch {
	case err != nil:
		return deref(rm.Repeat)
	case p.Repeat == almanac.RepeatYear, p.Repeat == almanac.RepeatMonth:
		return "every " + p.String()
	case p.Repeat == almanac.RepeatNone:
		return ""
	}
	moon := "moon " + strconv.Itoa(p.MoonID)
	if cal, ok := s.calendars[deref(rm.CalendarID)]; ok {
		if i := slices.IndexFunc(cal.Moons, func(m client.Moon) bool { return deref(m.ID) == p.MoonID }); i >= 0 {
			moon = cal.Moons[i].Name
		}
	}
	return moon + " " + p.Phase.String()
}

// owner is whose the reminder is: "Harptos (calendar)", "post 3".
func (s *shown) owner(f *cmdutil.Factory, rm reminder) string {
	if rm.OfPost() {
		return "post " + strconv.Itoa(rm.RemindableID)
	}
	id := rm.RemindableID
	if name, ok := s.owners[id]; ok || !s.connect(f) {
		return name
	}
	if s.owners == nil {
		s.owners = map[int]string{}
	}
	s.owners[id] = fmt.Sprintf("entity %d", id)
	e, err := f.LocalCache().Entity(id, func(id int) (*client.Entity, error) { return s.c.GetEntity(s.ctx, id) })
	if err == nil {
		s.owners[id] = fmt.Sprintf("%s (%s)", e.Name, e.Type)
	}
	return s.owners[id]
}
