package generate

import (
	"bytes"
	"encoding/json"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/apply"
	"github.com/kanka-cli/kanka/internal/weathergen"
	"github.com/kanka-cli/kanka/output"
)

// generatedJSON is what -o json and yaml print: what was generated from
// what, the days, the months' summary and the plan as apply prints it
// (with the outcome of each write after a run).
type generatedJSON struct {
	Calendar calendarJSON `json:"calendar"`
	From     string       `json:"from"`
	To       string       `json:"to"`
	Days     int          `json:"days"`
	Climate  string       `json:"climate"`
	Place    string       `json:"place"`
	Seed     uint64       `json:"seed"`
	Units    string       `json:"units"`
	// Seasons are how the calendar's seasons were read: each as the
	// place's winter, spring, summer or autumn, or "" (none).
	Seasons  []weathergen.SeasonReading `json:"seasons"`
	Warnings []string                   `json:"warnings"`
	// Kept are the days left as they are: they have an entry that is not
	// the generated day (--replace updates them).
	Kept    []string                  `json:"kept"`
	Entries []weathergen.Day          `json:"entries"`
	Summary []weathergen.MonthSummary `json:"summary"`
	Plan    json.RawMessage           `json:"plan"`
}

type calendarJSON struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// printRecord prints the generation and its plan as one record through p.
func printRecord(p *output.Printer, g *generation, kept []client.Date, plan *apply.Plan, dryRun bool) error {
	var report bytes.Buffer
	if err := apply.PrintJSON(&report, plan, dryRun); err != nil {
		return err
	}
	v := generatedJSON{
		Calendar: calendarJSON{ID: g.calendar.ID, Name: g.calendar.Name},
		From:     g.from.String(), To: g.to.String(), Days: len(g.days),
		Climate: g.climate.Name, Place: g.climate.Place, Seed: g.seed, Units: string(g.units),
		Seasons:  append([]weathergen.SeasonReading{}, g.seasons...),
		Warnings: append([]string{}, g.warnings...), Kept: []string{},
		Entries: g.days, Summary: weathergen.Summary(g.days), Plan: report.Bytes(),
	}
	for _, d := range kept {
		v.Kept = append(v.Kept, d.String())
	}
	raw, err := output.EncodeJSON(v, "")
	if err != nil {
		return err
	}
	return p.PrintOne(generatedRecord(raw), generatedKind)
}

// generatedRecord is the record as the printer takes it.
type generatedRecord json.RawMessage

func (r generatedRecord) RawJSON() json.RawMessage { return json.RawMessage(r) }

// RecordID is 0: a generation is no record of the server, and -o id is not
// among the formats generate declares.
func (r generatedRecord) RecordID() int { return 0 }

// generatedKind prints the record as JSON or, in the same order, YAML;
// the text is printPicture's and apply's plan.
var generatedKind = output.Kind{
	YAML: func(r output.Record) any { return orderedYAML(r.RawJSON()) },
}
