package client

import (
	"context"
	"iter"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// CalendarListOptions filters a calendar list. Every filter is kept on every
// page of a walk.
type CalendarListOptions struct {
	// Name matches names containing it; with ExactName only that exact name
	// (sent as the live service's "name=Foo!" and checked again here, since
	// the document's filter is a substring match).
	Name      string
	ExactName bool
	Type      string
	IsPrivate *bool
	// Tags keeps calendars that have every one of these tag ids.
	Tags []int
	// LastSync keeps calendars updated after it.
	LastSync time.Time
	// Related asks for the related objects (attributes, posts, ...).
	Related bool
	// Page is the page ListCalendars fetches; 1 when zero.
	Page int
	// Limit stops a walk after this many calendars; 0 walks every page.
	Limit int
}

func (o *CalendarListOptions) query() url.Values {
	q := url.Values{}
	if o == nil {
		return q
	}
	if o.Name != "" {
		name := o.Name
		if o.ExactName {
			name += "!"
		}
		q.Set("name", name)
	}
	if o.Type != "" {
		q.Set("type", o.Type)
	}
	if o.IsPrivate != nil {
		q.Set("is_private", strconv.FormatBool(*o.IsPrivate))
	}
	for _, t := range o.Tags {
		q.Add("tags[]", strconv.Itoa(t))
	}
	if !o.LastSync.IsZero() {
		q.Set("lastSync", o.LastSync.UTC().Format(time.RFC3339))
	}
	if o.Related {
		q.Set("related", "1")
	}
	return q
}

// keep applies the exact-name filter again on our side.
func (o *CalendarListOptions) keep(c *Calendar) bool {
	return o == nil || !o.ExactName || c.Name == o.Name
}

func (c *Client) calendarGetter(ctx context.Context, q url.Values) (*answer, error) {
	return c.do(ctx, http.MethodGet, "calendars", q, nil)
}

// ListCalendars fetches one page of calendars (opts.Page, or the first).
func (c *Client) ListCalendars(ctx context.Context, opts *CalendarListOptions) (*Page[*Calendar], error) {
	page := 1
	if opts != nil && opts.Page > 0 {
		page = opts.Page
	}
	p, err := fetchPage[*Calendar](ctx, c.calendarGetter, opts.query(), page)
	if err != nil {
		return nil, err
	}
	kept := p.Items[:0]
	for _, cal := range p.Items {
		if opts.keep(cal) {
			kept = append(kept, cal)
		}
	}
	p.Items = kept
	return p, nil
}

// AllCalendars walks every page of calendars in order (see walk), stopping
// after opts.Limit calendars when it is set.
func (c *Client) AllCalendars(ctx context.Context, opts *CalendarListOptions) iter.Seq2[*Calendar, error] {
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
	all := walk[*Calendar](ctx, c.calendarGetter, c.walkLimits(), opts.query(), walkLimit)
	return func(yield func(*Calendar, error) bool) {
		n := 0
		for cal, err := range all {
			if err != nil {
				yield(nil, err)
				return
			}
			if !opts.keep(cal) {
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
	for cal, err := range c.AllCalendars(ctx, &CalendarListOptions{Name: name, ExactName: true}) {
		if err != nil {
			return nil, err
		}
		found = append(found, cal)
	}
	return found, nil
}

func calendarPath(id int) string { return "calendars/" + strconv.Itoa(id) }

// GetCalendar fetches one calendar.
func (c *Client) GetCalendar(ctx context.Context, id int) (*Calendar, error) {
	return getOne[Calendar](ctx, c, http.MethodGet, calendarPath(id), nil)
}

// HeadCalendar checks that a calendar exists; nil means it does.
func (c *Client) HeadCalendar(ctx context.Context, id int) error {
	_, err := c.do(ctx, http.MethodHead, calendarPath(id), nil, nil)
	return err
}

// CreateCalendar creates a calendar.
func (c *Client) CreateCalendar(ctx context.Context, in CalendarInput) (*Calendar, error) {
	return getOne[Calendar](ctx, c, http.MethodPost, "calendars", in)
}

// UpdateCalendar replaces a calendar (PUT). The live service rebuilds
// months, weekdays, years, seasons, moons and the date from what is sent,
// so in should start from FromCalendar of the current record.
func (c *Client) UpdateCalendar(ctx context.Context, id int, in CalendarInput) (*Calendar, error) {
	return getOne[Calendar](ctx, c, http.MethodPut, calendarPath(id), in)
}

// PatchCalendar updates a calendar (PATCH); the same caution as
// UpdateCalendar applies on the live service.
func (c *Client) PatchCalendar(ctx context.Context, id int, in CalendarInput) (*Calendar, error) {
	return getOne[Calendar](ctx, c, http.MethodPatch, calendarPath(id), in)
}

// DeleteCalendar deletes a calendar; 200 with a body and an empty 204 both
// mean done.
func (c *Client) DeleteCalendar(ctx context.Context, id int) error {
	_, err := c.do(ctx, http.MethodDelete, calendarPath(id), nil, nil)
	return err
}

// getOne sends a request whose answer is one record.
func getOne[T any](ctx context.Context, c *Client, method, path string, body any) (*T, error) {
	ans, err := c.do(ctx, method, path, nil, body)
	if err != nil {
		return nil, err
	}
	return decodeOne[T](ans)
}

func decodeOne[T any](ans *answer) (*T, error) {
	var v T
	if err := decodeData(ans.body, &v); err != nil {
		return nil, err
	}
	return &v, nil
}
