package client

import "github.com/kanka-cli/kanka/almanac"

// ReadableDate is d with its month named from months, "3 Ches 1492"
// (almanac.ShortDate: the form every --date reads back); the numeric
// "1492-4-3" when months has no month d.Month.
func ReadableDate(months []Month, d Date) string {
	name := ""
	if d.Month >= 1 && d.Month <= len(months) {
		name = months[d.Month-1].Name
	}
	return almanac.ShortDate(name, d)
}
