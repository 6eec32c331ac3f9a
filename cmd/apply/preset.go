package apply

import (
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/presets"
)

// A calendar of a seed may say `preset: NAME`: it is then that preset's
// calendar (internal/presets, as `calendar create --preset` makes it) with
// the keys the file gives over it. The preset's structure (months,
// weekdays, moons, seasons, leap days, ...) counts as written in the file:
// it is managed, so re-applying changes nothing, and a key the file gives
// is the one kept. What play and the game master move on is the preset's
// only to start a new calendar with (DesiredCalendar.Start), never sent to
// one that exists, so that a re-run of the seed does not put it back: its
// date (kanka calendar advance) and its description. A calendar the file
// pins by id and does not name keeps its name.
// The preset is put in here, as the file is read, so that the rest of
// apply (the checks, the plan, the writes) sees a calendar like any other.

// withPreset is sc with the keys of its file put over the preset it names,
// its months written by name (its date's, seasons', leap month's and
// weather dates') read with the months that gives. The problems are said
// as the file's are, at their lines, source first; sc is then not to be
// applied.
func withPreset(sc client.SeedCalendar, source string) (_ client.SeedCalendar, start client.CalendarInput, problems []string) {
	if sc.Preset == nil {
		return sc, start, nil
	}
	at := func(where, msg string) string { return cmdutil.Place(source, where, msg) }
	p, err := presets.Get(sc.Preset.Text)
	if err != nil {
		return sc, start, []string{at(sc.Preset.Where, err.Error())}
	}
	if sc.Input.Date == nil && sc.Input.DateWritten == nil {
		start.Date, p.Input.Date = p.Input.Date, nil
	}
	if sc.Input.Entry == nil {
		start.Entry, p.Input.Entry = p.Input.Entry, nil
	}
	if sc.ID != 0 && sc.Input.Name == "" {
		p.Input.Name = ""
	}
	sc.Input = client.CalendarFields.Over(&p.Input, &sc.Input)
	if err := sc.Input.ResolveMonths(); err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			problems = append(problems, at("", line))
		}
	}
	if r, err := sc.Input.NamesReckoning(); err == nil {
		for i := range sc.Weather {
			if err := sc.Weather[i].Input.ResolveDate(r); err != nil {
				problems = append(problems, at("", err.Error()))
			}
		}
	}
	if len(problems) == 0 {
		// What the file gives must fit the preset: a date in its months, a
		// season in its year.
		ps := &cmdutil.Problems{}
		ps.AddInput(cmdutil.Place(lineOf(source, sc.Line), "calendar "+strconv.Quote(sc.Input.Name)), sc.Input.ValidateUpdate())
		for _, p := range ps.List {
			problems = append(problems, p.String())
		}
	}
	return sc, start, problems
}
