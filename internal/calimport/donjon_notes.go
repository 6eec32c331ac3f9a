package calimport

import (
	"cmp"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// donjon's notes (docs/formats.md 3.2): an object of texts keyed by their
// day, "Y-M-D" with the month and day from 1 (a year may be negative). A
// note is a reminder on its day; an empty text is a note cleared, none.

// donjonDay is made when first used: a pattern compiled as kanka starts
// costs every command.
var donjonDay = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(-?\d{1,13})-(\d{1,6})-(\d{1,6})$`) })

// donjonNotes reads the file's notes into the draft's events, by date.
func (d *draft) donjonNotes(raw json.RawMessage) error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var notes map[string]json.RawMessage
	if err := json.Unmarshal(raw, &notes); err != nil {
		return fmt.Errorf("notes: expected an object of texts by day (\"1024-3-7\": \"...\")")
	}
	if len(notes) > maxEvents {
		return fmt.Errorf("notes has %d; kanka imports at most %d", len(notes), maxEvents)
	}
	type note struct {
		day     string
		date    srcDate
		comment string
		lost    string
	}
	var all []note
	for day, raw := range notes {
		var t text
		if json.Unmarshal(raw, &t) != nil {
			all = append(all, note{day: day, comment: day, lost: "its note is not a text"})
			continue
		}
		comment := strings.TrimSpace(html.UnescapeString(string(t)))
		if comment == "" {
			continue // a note cleared
		}
		n, dated := note{day: day, comment: comment}, false
		if m := donjonDay().FindStringSubmatch(strings.TrimSpace(day)); m != nil {
			y, _ := strconv.Atoi(m[1])
			mo, _ := strconv.Atoi(m[2])
			dd, _ := strconv.Atoi(m[3])
			n.date, dated = srcDate{year: y, month: mo - 1, day: dd}, checkYear("notes", y) == nil
		}
		if !dated {
			n.lost = fmt.Sprintf("its day %q is no date (year-month-day)", day)
		}
		all = append(all, n)
	}
	slices.SortFunc(all, func(a, b note) int {
		return cmp.Or(cmp.Compare(a.date.year, b.date.year), cmp.Compare(a.date.month, b.date.month), cmp.Compare(a.date.day, b.date.day),
			strings.Compare(a.day, b.day))
	})
	for _, n := range all {
		d.events = append(d.events, srcEvent{noun: "note", name: n.comment, repeat: once, date: n.date, lost: n.lost})
	}
	return nil
}
