package calendar

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
	"github.com/kanka-cli/kanka/output/monthgrid"
)

// ownerOf says whose a reminder is (Owners.Of).
type ownerOf = func(*client.Reminder) monthgrid.Owner

// agendaEntry is one day and one reminder of the agenda, as -o json
// prints it:
//
//	{"date": "1492-4-3", "weekday": "Third-day", "reminder_id": 5,
//	 "comment": "The fair", "owner": {"kind": "entity", "id": 1, "name":
//	 "Calendar of Harptos", "type": "calendar"}, "span": {"start":
//	 "1492-4-3", "end": "1492-4-5", "day": 1, "days": 3}, "moons": [{"name":
//	 "Selûne", "phase": "full"}], "season": "Spring", "season_starts": true}
type agendaEntry struct {
	Date    almanac.Date `json:"date"`
	Weekday *string      `json:"weekday"`
	monthgrid.Reminder
	Moons        []monthgrid.Moon `json:"moons"`
	Season       *string          `json:"season"`
	SeasonStarts bool             `json:"season_starts"`
}

// dayFact is what a day is, besides its reminders: its weekday (null
// outside the week), the moon phases falling on it, its season (null when
// none) and whether the season starts that day.
type dayFact struct {
	weekday      *string
	moons        []monthgrid.Moon
	season       *string
	seasonStarts bool
}

// entryOn is reminder rm's entry on its day, of which fact is told.
func entryOn(rm monthgrid.Reminder, fact dayFact) agendaEntry {
	return agendaEntry{Date: rm.Date, Weekday: fact.weekday, Reminder: rm, Moons: fact.moons, Season: fact.season, SeasonStarts: fact.seasonStarts}
}

// RawJSON is the entry as -o json prints it.
func (e agendaEntry) RawJSON() json.RawMessage {
	raw, err := marshalNoEscape(e)
	if err != nil {
		return json.RawMessage(`null`)
	}
	return raw
}

// RecordID is the reminder's id.
func (e agendaEntry) RecordID() int { return e.ID }

// dayFacts computes each day's facts once.
type dayFacts struct {
	r  *almanac.Reckoning
	of map[almanac.Date]dayFact
}

func (f dayFacts) on(d almanac.Date) dayFact {
	if fact, ok := f.of[d]; ok {
		return fact
	}
	fact := dayFact{moons: []monthgrid.Moon{}}
	if w, ok, err := f.r.Weekday(d); err == nil && ok {
		if names := f.r.Calendar().Weekdays; w >= 0 && w < len(names) {
			fact.weekday = &names[w]
		}
	}
	phases, _ := f.r.MoonPhases(d)
	for _, p := range phases {
		fact.moons = append(fact.moons, monthgrid.Moon{Name: p.Moon, Phase: p.Phase})
	}
	if s, ok, err := f.r.SeasonOf(d); err == nil && ok {
		name := s.Name
		fact.season, fact.seasonStarts = &name, s.Date == d
	}
	f.of[d] = fact
	return fact
}

// moonWords are the day's phases in words: "Selûne full, Karpri new".
func (f agendaEntry) moonWords() string {
	parts := make([]string, len(f.Moons))
	for i, m := range f.Moons {
		parts[i] = m.Name + " " + strings.ReplaceAll(m.Phase.String(), "-", " ")
	}
	return strings.Join(parts, ", ")
}

// agendaKind shows the agenda: a row a day and reminder, its date by the
// month's name on a terminal.
func agendaKind(months []client.Month) output.Kind {
	entry := func(r output.Record) agendaEntry { return r.(agendaEntry) }
	return output.Kind{
		Columns: []output.Column{
			resource.DateColumn(months, func(e agendaEntry) client.Date { return e.Date }),
			{Header: "WEEKDAY", Priority: output.Expendable, Value: func(r output.Record) string { return output.Text(entry(r).Weekday) }},
			{Header: "REMINDER", Priority: output.Key, MinWidth: 12, Value: func(r output.Record) string { return entry(r).comment() }},
			{Header: "WHOSE", Priority: output.Important, Value: func(r output.Record) string { return entry(r).Owner.Words() }},
			{Header: "MOONS", Priority: output.Ordinary, Value: func(r output.Record) string { return entry(r).moonWords() }},
			{Header: "SEASON", Priority: output.Ordinary, Value: func(r output.Record) string { return entry(r).seasonStart() }},
			{Header: "ID", Priority: output.Expendable, Value: func(r output.Record) string { return strconv.Itoa(entry(r).ID) }},
		},
		YAML: func(r output.Record) any { return orderedYAML(r.RawJSON()) },
	}
}

// comment is the reminder's comment, and the day of a span: "The fair
// (day 2 of 3)".
func (e agendaEntry) comment() string {
	s := strings.TrimSpace(output.Text(e.Comment))
	if s == "" {
		s = "reminder " + strconv.Itoa(e.ID)
	}
	if e.Span.Days > 1 {
		s += " (day " + strconv.FormatInt(e.Span.Day, 10) + " of " + strconv.FormatInt(e.Span.Days, 10) + ")"
	}
	return s
}

// seasonStart is "Spring starts" on the day a season starts.
func (f agendaEntry) seasonStart() string {
	if !f.SeasonStarts || f.Season == nil {
		return ""
	}
	return *f.Season + " starts"
}
