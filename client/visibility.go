package client

import (
	"fmt"
	"strconv"
	"strings"
)

// Visibility ids, as the service numbers them: its own enum (and its GET
// visibilities) says 1 all, 2 admin, 3 admin-self, 4 self, 5 members. The
// interface document and Kanka's published docs label 2, 3 and 4 self,
// admin and self-admin, but the service shows an entry by its enum: kanka
// names them as the service means them. The ids serve every record a
// campaign's members see or not (weather, reminders).
const (
	VisibilityAll       = 1
	VisibilityAdmin     = 2
	VisibilityAdminSelf = 3
	VisibilitySelf      = 4
	VisibilityMembers   = 5
)

// visibilities are the names and audiences of ids 1 to 5, by index.
var visibilities = []struct{ name, audience string }{
	{},
	{"all", "everyone who can see the campaign"},
	{"admin", "the campaign's admins"},
	{"admin-self", "the admins and the author"},
	{"self", "the author alone"},
	{"members", "the campaign's members"},
}

// visibilitySpellings are names read besides the five, never written:
// self-admin is the document's name for the author and the admins, which
// the service calls admin-self.
var visibilitySpellings = map[string]int{"self-admin": VisibilityAdminSelf}

// VisibilityName returns the name of a visibility id ("all" for 1), or the
// number itself when it is not one of the five.
func VisibilityName(id int) string {
	if id >= 1 && id < len(visibilities) {
		return visibilities[id].name
	}
	return strconv.Itoa(id)
}

// VisibilityAudience says who sees an entry of a visibility id, in the
// service's terms ("the author alone" for 4); "" when it is not one of the
// five.
func VisibilityAudience(id int) string {
	if id >= 1 && id < len(visibilities) {
		return visibilities[id].audience
	}
	return ""
}

// VisibilityNames are the names of the five visibilities, in the order of
// their ids.
func VisibilityNames() []string {
	names := make([]string, 0, len(visibilities)-1)
	for _, v := range visibilities[1:] {
		names = append(names, v.name)
	}
	return names
}

// visibilityChoices is what a visibility may be, for messages.
func visibilityChoices() string {
	names := VisibilityNames()
	return strings.Join(names[:len(names)-1], ", ") + ", " + names[len(names)-1] + " or 1 to 5"
}

// ParseVisibility reads a visibility name (or the spelling self-admin) or
// a number from 1 to 5.
func ParseVisibility(s string) (int, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if id, ok := visibilitySpellings[s]; ok {
		return id, nil
	}
	for id := 1; id < len(visibilities); id++ {
		if s == visibilities[id].name || s == strconv.Itoa(id) {
			return id, nil
		}
	}
	return 0, fmt.Errorf("%q is not a visibility: use %s", s, visibilityChoices())
}

// documentedVisibility are the ids the interface document gives three
// names, which kanka stored until it followed the service's numbering.
var documentedVisibility = map[string]int{"self": 2, "admin": 3, "self-admin": 4}

// VisibilityRenumbered reports whether an entry stored with id from and
// now given id to is what the change of numbering makes of an entry an
// earlier kanka stored: a name it stored as from now means to (self: 2 to
// 4, admin: 3 to 2, self-admin: 4 to 3).
func VisibilityRenumbered(from, to int) bool {
	for name, old := range documentedVisibility {
		if now, _ := ParseVisibility(name); old == from && now == to {
			return true
		}
	}
	return false
}
