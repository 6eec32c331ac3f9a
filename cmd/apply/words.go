package apply

import (
	"fmt"
	"slices"
)

// Words are how a command that writes through the engine (kanka apply,
// calendar import, weather generate) gives its advice when the engine
// stops it: the plan carries them to Recheck and to the check of what an
// update would wipe.
type Words struct {
	// Reader is who read the campaign, in "since <Reader> read it"; ""
	// says "since it was read".
	Reader string
	// Next says what to do when the campaign changed between the read and
	// the first write.
	Next string
	// Supply says how to give the fields an update would wipe ("" when
	// only Force can); Force is the flag that updates anyway ("" for none).
	Supply, Force string
	// Again is the command that finishes a run cut short, in "run
	// <Again> again to finish"; "" says apply.
	Again string
	// SetDate is the flag that sets the fields play moves (the date) to
	// the seed's on calendars that exist, "" when the command has none.
	SetDate string
}

// applyWords are kanka apply's, the default.
var applyWords = Words{
	Reader: "apply",
	Next:   "run kanka apply again to plan with the campaign as it is now, or add --force to apply the plan anyway",
	Supply: "give them in the file", Force: "--force", SetDate: "--set-date",
}

// supplyFor is Supply for the fields keys an update would wipe: a field
// play moves that the file gives but the plan kept (the calendar's was
// not read) is given by SetDate.
func (w Words) supplyFor(keys []string, kept []Kept) string {
	s := w.Supply
	for _, k := range kept {
		if w.SetDate == "" || !slices.Contains(keys, k.Field) {
			continue
		}
		if s == "" {
			s = fmt.Sprintf("%s sends the file's %s", w.SetDate, k.Field)
		} else {
			s += fmt.Sprintf(" (%s sends the file's %s)", w.SetDate, k.Field)
		}
	}
	return s
}

// since is "since apply read it", or "since it was read".
func (w Words) since() string {
	if w.Reader == "" {
		return "since it was read"
	}
	return "since " + w.Reader + " read it"
}
