package output

import (
	"fmt"
	"time"
)

// timestampHeaders are the table columns that hold a server timestamp
// (updated_at, created_at): shown in one style, decided here rather than
// by each resource.
var timestampHeaders = map[string]bool{"UPDATED": true, "CREATED": true}

// tableTimestamp is a server timestamp as a table shows it: relative on a
// terminal ("3 days ago"); when piped, RFC 3339: the server's own text when
// it is that already (Kanka's "2026-02-03T04:05:06.000000Z"), else the time
// in UTC ("2026-02-03 04:05:06" becomes "2026-02-03T04:05:06Z"). A value that
// is not a timestamp is left as it is. JSON and YAML keep the server's text.
func (p *Printer) tableTimestamp(value string) string {
	t, err := time.Parse(time.RFC3339Nano, value)
	rfc3339 := err == nil
	if !rfc3339 {
		if t, err = time.Parse(time.DateTime, value); err != nil {
			return value
		}
	}
	if p.opts.Width == 0 {
		if rfc3339 {
			return value
		}
		return t.UTC().Format(time.RFC3339)
	}
	now := time.Now
	if p.opts.Now != nil {
		now = p.opts.Now
	}
	return relativeTime(now().Sub(t))
}

// relativeTime is how long ago d was, in the largest unit that is whole:
// "just now", "5 minutes ago", "1 day ago", "3 months ago"; a time in the
// future reads "in 2 hours".
func relativeTime(d time.Duration) string {
	future := d < 0
	if future {
		d = -d
	}
	if d < time.Minute {
		return "just now"
	}
	const day = 24 * time.Hour
	var n int
	var unit string
	switch {
	case d < time.Hour:
		n, unit = int(d/time.Minute), "minute"
	case d < day:
		n, unit = int(d/time.Hour), "hour"
	case d < 30*day:
		n, unit = int(d/day), "day"
	case d < 365*day:
		n, unit = int(d/(30*day)), "month"
	default:
		n, unit = int(d/(365*day)), "year"
	}
	if n != 1 {
		unit += "s"
	}
	if future {
		return fmt.Sprintf("in %d %s", n, unit)
	}
	return fmt.Sprintf("%d %s ago", n, unit)
}
