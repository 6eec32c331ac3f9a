package almanac

import (
	"strconv"
	"strings"
)

// FormatShort writes d with its month's name and the year's number, "3
// Ches 1492": the short form tables show. A month the calendar lacks, or
// one without a name, is written "1492-4-3". Both forms read back with
// ParseDate.
func (r *Reckoning) FormatShort(d Date) string {
	m, ok := r.Month(d.Month)
	if !ok {
		return d.String()
	}
	return ShortDate(m.Name, d)
}

// ShortDate is FormatShort for a month known only by its name (a
// calendar the almanac cannot count still names its months): "" as the
// name writes "1492-4-3".
func ShortDate(monthName string, d Date) string {
	if strings.TrimSpace(monthName) == "" {
		return d.String()
	}
	return strconv.Itoa(d.Day) + " " + monthName + " " + strconv.Itoa(d.Year)
}

// Format writes d as the service does for people:
// "{day} {month name}, {year name, else year} {suffix}", e.g.
// "3 Ches, Year of Three Ships Sailing DR"; without a suffix, nothing
// follows the year. d.String() is the numeric "Y-M-D".
func (r *Reckoning) Format(d Date) string {
	month := strconv.Itoa(d.Month)
	if m, ok := r.Month(d.Month); ok && strings.TrimSpace(m.Name) != "" {
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
