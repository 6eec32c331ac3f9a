package apply

import (
	"fmt"

	"github.com/kanka-cli/kanka/client"
)

// visibilityNote says, once for the plan, why weather entries change
// visibility when a seed written for kanka's old numbering (the interface
// document's: self 2) meets the entries kanka stored then: "" when no
// planned change is one the renumbering makes (client.VisibilityRenumbered).
func visibilityNote(plan *Plan) string {
	n := 0
	for _, cp := range plan.Calendars {
		for _, wp := range cp.Weather {
			if wp.Action == Update && renumbersVisibility(wp.Changes) {
				n++
			}
		}
	}
	if n == 0 {
		return ""
	}
	entries := fmt.Sprintf("%d weather entries change", n)
	if n == 1 {
		entries = "1 weather entry changes"
	}
	return "note: " + entries + ` visibility as kanka now numbers it, as the service does (1 all, 2 admin, 3 admin-self, 4 self, 5 members): ` +
		`kanka used to store "self" as 2, which the service shows to the campaign's admins, not to the author alone, "admin" as 3 and "self-admin" as 4.`
}

// renumbersVisibility reports whether changes hold a visibility change
// the renumbering makes. The change shows names, which read back as ids.
func renumbersVisibility(changes []Change) bool {
	for _, ch := range changes {
		if ch.Field != "visibility" {
			continue
		}
		from, errFrom := client.ParseVisibility(ch.Old)
		to, errTo := client.ParseVisibility(ch.New)
		if errFrom == nil && errTo == nil && client.VisibilityRenumbered(from, to) {
			return true
		}
	}
	return false
}

// planNotes are the notes of the plan, for -o json.
func planNotes(plan *Plan) []string {
	if note := visibilityNote(plan); note != "" {
		return []string{note}
	}
	return nil
}
