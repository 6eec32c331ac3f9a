package almanac

import (
	"strconv"
	"strings"
)

// Format writes d as the service does for people:
// "{day} {month name}, {year name, else year} {suffix}", e.g.
// "3 Ches, Year of Three Ships Sailing DR"; without a suffix, nothing
// follows the year. d.String() is the numeric "Y-M-D".
func (r *Reckoning) Format(d Date) string {
	month := strconv.Itoa(d.Month)
	if m, ok := r.Month(d.Month); ok {
		month = m.Name
	}
	year := r.cal.Years[d.Year]
	if year == "" {
		year = strconv.Itoa(d.Year)
	}
	out := strconv.Itoa(d.Day) + " " + month + ", " + year
	if suffix := strings.TrimSpace(r.cal.Suffix); suffix != "" {
		out += " " + suffix
	}
	return out
}
