package sandbox

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// calendarFilter is the calendar list's filters: name (case-insensitive
// substring, or exact with a trailing "!"), type (substring), is_private,
// tags[] (every one of them; live, a value that is no id is ignored, as
// the service ignores it) and lastSync (the calendar's own update time
// strictly after it, see calendar.CalendarUpdatedAt).
type calendarFilter struct {
	name      string
	exactName bool
	typ       string
	private   *bool
	tags      []int
	since     *time.Time
}

func readCalendarFilter(r *http.Request, live bool) (calendarFilter, *problems) {
	q := r.URL.Query()
	p := &problems{}
	var f calendarFilter
	f.name = q.Get("name")
	if strings.HasSuffix(f.name, "!") {
		f.name, f.exactName = strings.TrimSuffix(f.name, "!"), true
	}
	f.typ = q.Get("type")
	switch strings.ToLower(q.Get("is_private")) {
	case "true", "1":
		f.private = ptr(true, true)
	case "false", "0":
		f.private = ptr(false, true)
	}
	for _, v := range append(q["tags[]"], q["tags"]...) {
		id, err := strconv.Atoi(v)
		if err != nil {
			if !live {
				p.add("tags", msgInteger("tags"))
			}
			continue
		}
		f.tags = append(f.tags, id)
	}
	if v := q.Get("lastSync"); v != "" {
		t, ok := parseSince(v)
		if !ok {
			p.add("lastSync", "The last sync is not a valid date: use ISO 8601, such as 2026-11-22T10:00:00.000000Z.")
		}
		f.since = &t
	}
	return f, p
}

// parseSince reads an ISO 8601 time, with or without fractions, zone or
// time of day.
func parseSince(v string) (time.Time, bool) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02"} {
		if t, err := time.Parse(layout, v); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

func (f calendarFilter) match(c *calendar) bool {
	switch {
	case f.exactName && !strings.EqualFold(c.Name, f.name):
		return false
	case !f.exactName && !containsFold(c.Name, f.name):
		return false
	case !containsFold(deref(c.Type), f.typ):
		return false
	case f.private != nil && c.IsPrivate != *f.private:
		return false
	case f.since != nil && !c.syncTime().After(*f.since):
		return false
	}
	for _, t := range f.tags {
		if !slices.Contains(c.Tags, t) {
			return false
		}
	}
	return true
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}
