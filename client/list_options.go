package client

import (
	"net/url"
	"strconv"
	"time"
)

// ListOptions filters a list of the service's entities (calendars, and
// any other entity: they take the same filters). Every filter is kept on
// every page of a walk.
type ListOptions struct {
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

func (o *ListOptions) query() url.Values {
	q := url.Values{}
	if o == nil {
		return q
	}
	if o.Name != "" {
		name := o.Name
		if o.ExactName {
			name = StoredText(name)
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
		// Microseconds, as the service writes its times: a whole second
		// would list a write made in the second before it.
		q.Set("lastSync", o.LastSync.UTC().Format(lastSyncLayout))
	}
	if o.Related {
		q.Set("related", "1")
	}
	return q
}

// keep applies the exact-name filter again on our side, with names as the
// service stores them (trimmed): name is a listed entity's.
func (o *ListOptions) keep(name string) bool {
	return o == nil || !o.ExactName || SameStoredText(name, o.Name)
}
