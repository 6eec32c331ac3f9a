package client

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/kanka-cli/kanka/internal/yamlwrite"
	yaml "go.yaml.in/yaml/v3"
)

// A seed calendar's reminders, on the calendar's own entity:
//
//	reminders:
//	  - {date: 1492-Midsummer-1, comment: Midsummer, repeat: year}
//	  - {date: 1492-1-1, comment: Selûne is full, repeat: Selûne:full, until: 1500}
//	  - {id: 7, date: 1492-3-3, comment: The fair, length: 3}
//
// A reminder has no name: apply knows it by its date and comment, or by
// id: N. Its keys are the flags of `reminder create` (repeat, until,
// length, colour, visibility, type), not the service's field names.

// SeedReminder is one reminder of a seed calendar.
type SeedReminder struct {
	// Line is where its mapping starts.
	Line int
	// ID is `id: N`, 0 when the file does not pin the reminder.
	ID    int
	Input ReminderInput
}

// SeedReminderFields is the table of a seed's reminder: the reminder's
// fields but its calendar (the seed's calendar), under the keys of the
// flags: repeat, until and type (by name) for recurring_periodicity,
// recurring_until and type_id, which stay their keys in answers and on
// the wire. Made when first used, as ReminderFields is.
var SeedReminderFields = sync.OnceValue(func() Fields[ReminderInput] {
	var out Fields[ReminderInput]
	for _, f := range ReminderFields() {
		switch f.Key {
		case "calendar_id":
			continue
		case "recurring_periodicity":
			f.Key, f.Answer = "repeat", "recurring_periodicity"
		case "recurring_until":
			f.Key, f.Answer = "until", "recurring_until"
			f.check = func(in *ReminderInput, ps *problems) {
				if u := in.Until; u != nil && StoredText(*u) != "" {
					if _, err := strconv.Atoi(StoredText(*u)); err != nil {
						ps.add("until", "%q is not a year: the last year an occurrence starts in", *u)
					} else if in.UntilAlone() {
						ps.add("until", "%s", UntilAloneProblem)
					}
				}
			}
		case "type_id":
			f = reminderTypeField()
		}
		out = append(out, f)
	}
	return out
})

// reminderTypeField is type_id as a seed writes it: birth, death, date or
// founded (or the id, 2 to 5).
func reminderTypeField() Field[ReminderInput] {
	get := func(in *ReminderInput) **int { return &in.TypeID }
	return namedField("type", "type_id", get, ReminderTypeName, orNull((*fileReader).reminderType), func(in *ReminderInput, ps *problems) {
		if t := in.TypeID; t != nil && (*t < 2 || *t >= len(ReminderTypes)) {
			ps.add("type", "must be birth, death, date or founded")
		}
	})
}

// ReminderTypeName is the name of reminder type id ("birth"), or the id
// when it has none.
func ReminderTypeName(id int) string {
	if id >= 2 && id < len(ReminderTypes) {
		return ReminderTypes[id]
	}
	return strconv.Itoa(id)
}

// reminderType reads a type by name (birth, death, date, founded) or id.
func (r *fileReader) reminderType(n *yaml.Node, path string) int {
	s, _ := r.scalar(n, path, "must be birth, death, date or founded")
	if t := slices.Index(ReminderTypes, strings.ToLower(s)); t >= 2 {
		return t
	}
	if t, err := strconv.Atoi(s); err == nil {
		return t
	}
	r.add(n, path, "%q is not a reminder type: use birth, death, date or founded", n.Value)
	return 0
}

// seedReminders reads a calendar's reminders list, each a reminder of
// SeedReminderFields with an optional id, and checks each (its date is
// required); null is an empty list. A reminder with a problem is left out.
func (r *fileReader) seedReminders(n *yaml.Node, path string) []SeedReminder {
	out := []SeedReminder{}
	r.items(n, path, func(item *yaml.Node, path string) {
		before := len(r.problems)
		var id *yaml.Node
		in := readDated(r, item, path, SeedReminderFields(), func(in *ReminderInput) **int { return &in.VisibilityID }, nil,
			map[string]func(v *yaml.Node, p string){"id": func(v *yaml.Node, _ string) { id = v }})
		sr := SeedReminder{Line: item.Line, Input: in}
		if id != nil {
			sr.ID = r.seedID(id, keyPath(path, "id"), "reminder", true)
		}
		r.checkReminder(in, path, before)
		if len(r.problems) == before {
			out = append(out, sr)
		}
	})
	return out
}

// checkReminder adds the problems of a seed's reminder at path, each at
// its line: its fields' own checks, and its date, which is required. since
// is the first of r's problems found in reading it.
func (r *fileReader) checkReminder(in ReminderInput, path string, since int) {
	if r.stopped() {
		return
	}
	r.addCheck(in.ValidateSeed(nil), path, since, func(key string) string { return key })
}

// SeedReminderFile is a reminder as a seed writes it: its date first, then
// the keys of SeedReminderFields that it gives (a repeat as in gives it).
func SeedReminderFile(in *ReminderInput) yamlwrite.Map {
	return datedFileForm(SeedReminderFields(), in)
}

// ValidateSeed checks a seed's reminder before anything is sent, naming
// the keys a seed writes (repeat, until, type): its fields, and its date,
// which is required (and checked against cal when it is given).
func (in ReminderInput) ValidateSeed(cal *Calendar) error {
	return datedProblems(SeedReminderFields(), &in, cal).err()
}
