package client

import "strings"

// Named is a record with a name: a calendar, any entity of the service.
type Named interface{ RecordName() string }

// NamedAs are the records of items the service stores under name: names
// compare as it stores them (trimmed), so "Harptos " is Harptos. It is the
// one identity of a name: a lookup's first try, create's duplicate check
// (with the list's exact filter) and apply's match of a seed's calendar.
func NamedAs[T Named](items []T, name string) []T {
	return keep(items, func(r T) bool { return SameStoredText(r.RecordName(), name) })
}

// NamedIgnoringCase are the records of items named name but for case: a
// lookup's second try, when no name is name exactly.
func NamedIgnoringCase[T Named](items []T, name string) []T {
	return keep(items, func(r T) bool { return strings.EqualFold(StoredText(r.RecordName()), StoredText(name)) })
}

// NamedBy are the records of items a name a user typed names: those named
// exactly so (NamedAs), else those named so but for case
// (NamedIgnoringCase). One is the record; several, a name the caller must
// ask about; none, no record of that name.
func NamedBy[T Named](items []T, name string) []T {
	if found := NamedAs(items, name); len(found) > 0 {
		return found
	}
	return NamedIgnoringCase(items, name)
}

func keep[T any](items []T, ok func(T) bool) []T {
	var out []T
	for _, it := range items {
		if ok(it) {
			out = append(out, it)
		}
	}
	return out
}
