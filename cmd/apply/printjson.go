package apply

import (
	"encoding/json"
	"io"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/output"
)

// The -o json shape: the plan and, after a run, the outcome of each write
// and their count.
type jsonReport struct {
	DryRun    bool           `json:"dry_run"`
	Calendars []jsonCalendar `json:"calendars"`
	Summary   string         `json:"summary"`
	// Notes are the plan's notes, as the text prints them (visibilityNote).
	Notes   []string     `json:"notes,omitempty"`
	Outcome *jsonOutcome `json:"outcome,omitempty"`
}

// jsonOutcome counts the writes of a run by what became of them, as the
// text's last line does (its Summary): unknown are those whose answer was
// lost, in_flight those the interrupt caught (both may have been
// applied), skipped those not started.
type jsonOutcome struct {
	Interrupted bool   `json:"interrupted,omitempty"`
	Total       int    `json:"total"`
	Done        int    `json:"done"`
	Failed      int    `json:"failed"`
	Unknown     int    `json:"unknown"`
	InFlight    int    `json:"in_flight"`
	Skipped     int    `json:"skipped"`
	Summary     string `json:"summary"`
}

type jsonCalendar struct {
	Where   string       `json:"where,omitempty"`
	Name    string       `json:"name"`
	ID      int          `json:"id,omitempty"`
	Action  Action       `json:"action"`
	Status  Status       `json:"status,omitempty"`
	Error   string       `json:"error,omitempty"`
	Changes []jsonChange `json:"changes,omitempty"`
	// Kept are the fields play moves that the file gives otherwise and
	// the plan keeps (CalendarPlan.Kept); NotCompared those the server
	// does not return.
	Kept        []Kept         `json:"kept,omitempty"`
	NotCompared []string       `json:"not_compared,omitempty"`
	Weather     *jsonWeathers  `json:"weather,omitempty"`
	Reminders   *jsonReminders `json:"reminders,omitempty"`
}

// jsonReminders are a calendar's reminder writes, when the seed manages
// its reminders: their counts, and each write with its status.
type jsonReminders struct {
	WeatherCounts
	NotCompared []string       `json:"not_compared,omitempty"`
	Actions     []jsonReminder `json:"actions"`
}

type jsonReminder struct {
	Where   string   `json:"where,omitempty"`
	Date    string   `json:"date"`
	Comment string   `json:"comment"`
	Repeat  string   `json:"repeat,omitempty"`
	ID      int      `json:"id,omitempty"`
	Action  Action   `json:"action"`
	Status  Status   `json:"status"`
	Error   string   `json:"error,omitempty"`
	Changes []Change `json:"changes,omitempty"`
}

// jsonChange is a change of a calendar, with the flag that made it when
// it is a field play moves (--set-date).
type jsonChange struct {
	Change
	Flag string `json:"flag,omitempty"`
}

type jsonWeathers struct {
	WeatherCounts
	NotCompared []string      `json:"not_compared,omitempty"`
	Actions     []jsonWeather `json:"actions"`
}

type jsonWeather struct {
	Where   string   `json:"where,omitempty"`
	Date    string   `json:"date"`
	ID      int      `json:"id,omitempty"`
	Action  Action   `json:"action"`
	Status  Status   `json:"status"`
	Error   string   `json:"error,omitempty"`
	Changes []Change `json:"changes,omitempty"`
}

// PrintReport prints the plan and, when it was executed, the outcome of
// each write (status and id) and their count through p, as one record: -o json writes it
// indented, for CI logs, and --jq and --template run over it as over any
// record. A write not run (a dry run) is "planned"; an unchanged calendar
// has no status.
func PrintReport(p *output.Printer, plan *Plan, dryRun bool) error {
	raw, err := output.EncodeJSON(report(plan, dryRun), "")
	if err != nil {
		return err
	}
	return p.PrintOne(reportRecord(raw), reportKind)
}

// PrintJSON writes the report as -o json prints it.
func PrintJSON(w io.Writer, plan *Plan, dryRun bool) error {
	p, err := output.New(w, output.Options{Format: output.JSON})
	if err != nil {
		return err
	}
	return PrintReport(p, plan, dryRun)
}

// reportRecord is the report as the printer takes it.
type reportRecord json.RawMessage

func (r reportRecord) RawJSON() json.RawMessage { return json.RawMessage(r) }

// RecordID is 0: a plan is no record of the server, and -o id is not
// among the formats apply declares.
func (r reportRecord) RecordID() int { return 0 }

// reportKind shows the report: as JSON only, since the plan's text is
// PrintPlan's and -o yaml is not among the formats apply declares.
var reportKind = output.Kind{}

// report is the -o json object of the plan.
func report(plan *Plan, dryRun bool) jsonReport {
	r := jsonReport{DryRun: dryRun, Calendars: []jsonCalendar{}, Summary: PlanSummary(plan)}
	for _, cp := range plan.Calendars {
		jc := jsonCalendar{Where: cp.Where, Name: cp.Name, ID: cp.ID, Action: cp.Action, Kept: cp.Kept, NotCompared: cp.NotCompared}
		for _, ch := range cp.Changes {
			jc.Changes = append(jc.Changes, jsonChange{Change: ch, Flag: plan.flagOf(ch.Field)})
		}
		if cp.Action != Unchanged {
			jc.Status, jc.Error = statusOf(cp.Result)
		}
		if cp.WeatherManaged {
			jw := &jsonWeathers{WeatherCounts: weatherCounts(cp), NotCompared: cp.WeatherNotCompared, Actions: []jsonWeather{}}
			for _, wp := range cp.Weather {
				x := jsonWeather{Where: wp.Where, Date: wp.Date.String(), ID: wp.ID, Action: wp.Action, Changes: wp.Changes}
				x.Status, x.Error = statusOf(wp.Result)
				jw.Actions = append(jw.Actions, x)
			}
			jc.Weather = jw
		}
		if cp.RemindersManaged {
			jr := &jsonReminders{WeatherCounts: reminderCounts(cp), NotCompared: cp.RemindersNotCompared, Actions: []jsonReminder{}}
			for _, rp := range cp.Reminders {
				x := jsonReminder{Where: rp.Where, Date: rp.Date.String(), Comment: client.StoredText(rp.Comment), Repeat: rp.Repeat,
					ID: rp.ID, Action: rp.Action, Changes: rp.Changes}
				x.Status, x.Error = statusOf(rp.Result)
				jr.Actions = append(jr.Actions, x)
			}
			jc.Reminders = jr
		}
		r.Calendars = append(r.Calendars, jc)
	}
	r.Notes = planNotes(plan)
	if !dryRun {
		t := plan.tally()
		r.Outcome = &jsonOutcome{Interrupted: t.Interrupted, Total: t.Total(), Done: t.Done, Failed: t.Failed,
			Unknown: t.Unknown, InFlight: t.InFlight, Skipped: t.Skipped, Summary: t.Summary()}
	}
	return r
}

func statusOf(r Result) (Status, string) {
	s := r.Status
	if s == "" {
		s = Planned
	}
	if r.Err != nil {
		return s, client.Explain(r.Err)
	}
	return s, ""
}
