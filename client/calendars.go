package client

import (
	"context"
	"encoding/json"
	"iter"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// calendars is the campaign's calendars, and the observer told of what
// they hold: an answer about another calendar than the one asked for is
// not taken as its (the caller reports it), which is then only known to
// have changed.
func (c *Client) calendars() Collection[Calendar, *Calendar] {
	return observed(c, c.at(calendarsSegment), func(o Observer, id int, cal *Calendar) {
		if id > 0 && cal.ID != id {
			o.CalendarChanged(id)
			return
		}
		o.CalendarSeen(cal)
	}, Observer.CalendarGone)
}

// ListCalendars fetches one page of calendars (opts.Page, or the first).
func (c *Client) ListCalendars(ctx context.Context, opts *ListOptions) (*Page[*Calendar], error) {
	var page PageOptions
	if opts != nil {
		page.Page = opts.Page
	}
	p, err := c.calendars().Page(ctx, opts.query(), &page)
	if err != nil {
		return nil, err
	}
	kept := p.Items[:0]
	for _, cal := range p.Items {
		if opts.keep(cal.Name) {
			kept = append(kept, cal)
		}
	}
	p.Items = kept
	return p, nil
}

// AllCalendars walks every page of calendars in order (see walk), stopping
// after opts.Limit calendars when it is set.
func (c *Client) AllCalendars(ctx context.Context, opts *ListOptions) iter.Seq2[*Calendar, error] {
	return c.allCalendars(ctx, opts, c.calendars().getter())
}

// CalendarsAsOf reads every calendar (as AllCalendars does) and says as of
// when: a time at or before the first page's answer, in whole seconds, for
// CalendarsChangedSince. It is the list envelope's sync time (the
// service's clock), else the answer's Date header, else this machine's
// clock before the request; a second earlier, since the service keeps
// update times in whole seconds and compares them with a later instant.
func (c *Client) CalendarsAsOf(ctx context.Context) ([]*Calendar, time.Time, error) {
	return c.calendarsAsOf(ctx, nil)
}

// CalendarsChangedAsOf is CalendarsChangedSince(since), with the time the
// next one may start from, as CalendarsAsOf gives it.
func (c *Client) CalendarsChangedAsOf(ctx context.Context, since time.Time) ([]*Calendar, time.Time, error) {
	return c.calendarsAsOf(ctx, &ListOptions{LastSync: since})
}

func (c *Client) calendarsAsOf(ctx context.Context, opts *ListOptions) ([]*Calendar, time.Time, error) {
	var asOf time.Time
	started := c.clock.Now()
	get := func(ctx context.Context, q url.Values) (*answer, error) {
		ans, err := c.calendars().getter()(ctx, q)
		if err == nil && q.Get("page") == "" && asOf.IsZero() {
			asOf = answerTime(ans, started)
		}
		return ans, err
	}
	var all []*Calendar
	for cal, err := range c.allCalendars(ctx, opts, get) {
		if err != nil {
			return nil, time.Time{}, err
		}
		all = append(all, cal)
	}
	if asOf.IsZero() {
		asOf = started
	}
	return all, asOf.Add(-time.Second).Truncate(time.Second).UTC(), nil
}

// CalendarsChangedSince are the calendars the service says were updated
// after t (the lastSync filter, which compares a calendar's own update
// time: moving its date moves it too). A server without the filter
// answers every calendar, which only costs the caller a comparison.
func (c *Client) CalendarsChangedSince(ctx context.Context, t time.Time) ([]*Calendar, error) {
	var out []*Calendar
	for cal, err := range c.AllCalendars(ctx, &ListOptions{LastSync: t}) {
		if err != nil {
			return nil, err
		}
		out = append(out, cal)
	}
	return out, nil
}

// lastSyncLayout is the service's timestamp form, 2026-11-22T10:00:00.000000Z.
const lastSyncLayout = "2006-01-02T15:04:05.000000Z07:00"

// answerTime is when the server made a list answer: its sync key, else
// its Date header, else otherwise.
func answerTime(ans *answer, otherwise time.Time) time.Time {
	var env struct {
		Sync string `json:"sync"`
	}
	if json.Unmarshal(ans.body, &env) == nil {
		if t, err := time.Parse(time.RFC3339Nano, env.Sync); err == nil {
			return t
		}
	}
	if t, err := http.ParseTime(ans.header.Get("Date")); err == nil {
		return t
	}
	return otherwise
}

func (c *Client) allCalendars(ctx context.Context, opts *ListOptions, get getter) iter.Seq2[*Calendar, error] {
	limit := 0
	if opts != nil {
		limit = opts.Limit
	}
	walkLimit := limit
	if opts != nil && opts.ExactName {
		// A server that reads the name as a substring may put the exact
		// matches after others: the limit applies to what is kept.
		walkLimit = 0
	}
	all := walk[*Calendar](ctx, get, c.walkLimits(), opts.query(), walkLimit)
	return func(yield func(*Calendar, error) bool) {
		n := 0
		for cal, err := range all {
			if err != nil {
				yield(nil, err)
				return
			}
			if !opts.keep(cal.Name) {
				continue
			}
			if !yield(cal, nil) {
				return
			}
			if n++; limit > 0 && n >= limit {
				return
			}
		}
	}
}

// CalendarsNamed returns the calendars whose name is exactly name.
func (c *Client) CalendarsNamed(ctx context.Context, name string) ([]*Calendar, error) {
	var found []*Calendar
	for cal, err := range c.AllCalendars(ctx, &ListOptions{Name: name, ExactName: true}) {
		if err != nil {
			return nil, err
		}
		found = append(found, cal)
	}
	return found, nil
}

func calendarPath(id int) string { return calendarsSegment + "/" + strconv.Itoa(id) }

// GetCalendar fetches one calendar.
func (c *Client) GetCalendar(ctx context.Context, id int) (*Calendar, error) {
	return c.calendars().Get(ctx, id)
}

// HeadCalendar checks that a calendar exists; nil means it does.
func (c *Client) HeadCalendar(ctx context.Context, id int) error { return c.calendars().Head(ctx, id) }

// CreateCalendar creates a calendar.
func (c *Client) CreateCalendar(ctx context.Context, in CalendarInput) (*Calendar, error) {
	return c.calendars().Create(ctx, in)
}

// UpdateCalendar replaces a calendar (PUT). The live service rebuilds
// months, weekdays, years, seasons, moons and the date from what is sent,
// so in should start from FromCalendar of the current record.
func (c *Client) UpdateCalendar(ctx context.Context, id int, in CalendarInput) (*Calendar, error) {
	return c.calendars().Update(ctx, id, in)
}

// PatchCalendar updates a calendar (PATCH); the same caution as
// UpdateCalendar applies on the live service.
func (c *Client) PatchCalendar(ctx context.Context, id int, in CalendarInput) (*Calendar, error) {
	return c.calendars().Patch(ctx, id, in)
}

// DeleteCalendar deletes a calendar.
func (c *Client) DeleteCalendar(ctx context.Context, id int) error {
	return c.calendars().Delete(ctx, id)
}

func decodeOne[T any](ans *answer) (*T, error) {
	var v T
	if err := decodeData(ans.body, &v); err != nil {
		return nil, err
	}
	return &v, nil
}
