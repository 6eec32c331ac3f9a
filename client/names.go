package client

import "strings"

// Named are the calendars of cals the service stores under name: names
// compare as it stores them (trimmed), so "Harptos " is Harptos. It is the
// one identity of a name: a lookup's first try, create's duplicate check
// (with the list's exact filter) and apply's match of a seed's calendar.
func Named(cals []*Calendar, name string) []*Calendar {
	return keepCalendars(cals, func(c *Calendar) bool { return SameStoredText(c.Name, name) })
}

// NamedIgnoringCase are the calendars of cals named name but for case: a
// lookup's second try, when no name is name exactly.
func NamedIgnoringCase(cals []*Calendar, name string) []*Calendar {
	return keepCalendars(cals, func(c *Calendar) bool { return strings.EqualFold(StoredText(c.Name), StoredText(name)) })
}

func keepCalendars(cals []*Calendar, keep func(*Calendar) bool) []*Calendar {
	var out []*Calendar
	for _, c := range cals {
		if keep(c) {
			out = append(out, c)
		}
	}
	return out
}
