package apply

import (
	"io"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/output"
)

// The -o json shape: the plan and, after a run, the outcome of each write.
type jsonReport struct {
	DryRun    bool           `json:"dry_run"`
	Calendars []jsonCalendar `json:"calendars"`
	Summary   string         `json:"summary"`
}

type jsonCalendar struct {
	Where   string        `json:"where,omitempty"`
	Name    string        `json:"name"`
	ID      int           `json:"id,omitempty"`
	Action  Action        `json:"action"`
	Status  Status        `json:"status,omitempty"`
	Error   string        `json:"error,omitempty"`
	Changes []Change      `json:"changes,omitempty"`
	Weather *jsonWeathers `json:"weather,omitempty"`
}

type jsonWeathers struct {
	WeatherCounts
	Actions []jsonWeather `json:"actions"`
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

// PrintJSON writes the plan and, when it was executed, the outcome of each
// write (status and id) as one JSON object, for CI logs. A write not run
// (a dry run) is "planned"; an unchanged calendar has no status.
func PrintJSON(w io.Writer, plan *Plan, dryRun bool) error {
	r := jsonReport{DryRun: dryRun, Calendars: []jsonCalendar{}, Summary: PlanSummary(plan)}
	for _, cp := range plan.Calendars {
		jc := jsonCalendar{Where: cp.Where, Name: cp.Name, ID: cp.ID, Action: cp.Action, Changes: cp.Changes}
		if cp.Action != Unchanged {
			jc.Status, jc.Error = statusOf(cp.Result)
		}
		if cp.WeatherManaged {
			jw := &jsonWeathers{WeatherCounts: weatherCounts(cp), Actions: []jsonWeather{}}
			for _, wp := range cp.Weather {
				x := jsonWeather{Where: wp.Where, Date: wp.Date.String(), ID: wp.ID, Action: wp.Action, Changes: wp.Changes}
				x.Status, x.Error = statusOf(wp.Result)
				jw.Actions = append(jw.Actions, x)
			}
			jc.Weather = jw
		}
		r.Calendars = append(r.Calendars, jc)
	}
	b, err := output.EncodeJSON(r, "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
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
