package mcp

import (
	"fmt"
	"strings"
)

// The seed's tools: plan a seed document and apply it (kanka apply -f -,
// the document on stdin). Pruning deletes entries: with no terminal to
// confirm on, apply_seed asks for confirm: true, and without it plans.
// Reminders are pruned too, with the same confirm.

// planSeedInput is a seed to plan.
type planSeedInput struct {
	Seed    string `json:"seed" jsonschema:"The seed document, YAML or JSON, as kanka apply reads it (see apply_seed)."`
	Prune   bool   `json:"prune,omitempty" jsonschema:"Also plan to delete the weather entries of the listed calendars, and the reminders of those whose entry has a reminders: list, that the seed does not list."`
	SetDate bool   `json:"set_date,omitempty" jsonschema:"Plan to set the current date of calendars that exist to the seed's (without it their date is kept)."`
}

// applySeedInput is a seed to write.
type applySeedInput struct {
	Seed    string `json:"seed" jsonschema:"The seed document, YAML or JSON, as kanka apply reads it: calendars: a list, each calendar with its name (its identity; id: N pins one instead) and any key of a calendar (months, weekdays, moons, seasons, years, date, weeks...), an optional weather: list of entries {date, weather, temperature, precipitation, wind, effect}, and an optional reminders: list, on the calendar's own entity, each {date, comment} and optionally repeat (year, month, or MOON:PHASE such as Selûne:full), until (a year), length (days), colour, visibility, type (birth, death, date, founded) or id: N to pin one; a reminder without an id is known by its date and comment, so an edited comment is a new reminder. Dates are year-month-day or with a month's name (1492-Ches-3); a calendar that exists keeps its current date unless set_date."`
	Prune   bool   `json:"prune,omitempty" jsonschema:"Also delete the weather entries of the listed calendars that the seed does not list, and the reminders of the calendar's own entity that a calendar's reminders: list leaves out (a calendar without that key keeps all its reminders; another entity's are never touched); needs confirm: true."`
	SetDate bool   `json:"set_date,omitempty" jsonschema:"Set the current date of calendars that exist to the seed's (without it their date is kept)."`
	Confirm bool   `json:"confirm,omitempty" jsonschema:"Must be true for a seed applied with prune: without it nothing is written and the plan is returned, so that the user can see what would be deleted."`
}

// seedOutput is the schema of both tools' results: apply's -o json report.
var seedOutput = []property{
	{"dry_run", "boolean", "true when nothing was written (a plan)"},
	{"calendars", "array", "each calendar of the seed: its action (create, update, unchanged), changes, status, and its weather's and reminders' counts and actions"},
	{"summary", "string", "the plan in one line"},
}

var planSeed = tool[planSeedInput]{
	name:  "plan_seed",
	title: "Plan a seed",
	description: "What applying a seed document would do, with nothing written: the calendars it would create or " +
		"update (each field old -> new) and the weather entries and reminders it would create, update or delete. " +
		"The whole document is checked first: an unknown key, two calendars with one name or a date a calendar " +
		"does not have is an error naming its line. Reads only.",
	effect: reads,
	output: seedOutput,
	command: func(in planSeedInput) (invocation, error) {
		return seedCommand(in.Seed, in.Prune, in.SetDate, true)
	},
	shape: func(_ planSeedInput, v any) (map[string]any, string) {
		report, _ := v.(map[string]any)
		return report, reportWords(report)
	},
}

var applySeed = tool[applySeedInput]{
	name:  "apply_seed",
	title: "Apply a seed",
	description: "Make the campaign hold the calendars, weather and reminders a seed document describes, as kanka apply does: " +
		"a calendar is found by its name, a weather entry by its calendar and date, a reminder by its calendar, date and comment, so applying it again creates " +
		"nothing twice; what the seed leaves out is not touched, and a calendar is never deleted. It refuses what " +
		"apply refuses (an invalid document, a calendar changed since it was read, an answer lacking fields an update " +
		"must send), with nothing written. With prune it also deletes the weather entries and the calendar's own reminders the seed does not list, " +
		"and then needs confirm: true (without it, it returns the plan and writes nothing).",
	effect: deletes,
	output: seedOutput,
	command: func(in applySeedInput) (invocation, error) {
		return seedCommand(in.Seed, in.Prune, in.SetDate, in.Prune && !in.Confirm)
	},
	shape: func(in applySeedInput, v any) (map[string]any, string) {
		report, _ := v.(map[string]any)
		words := reportWords(report)
		if in.Prune && !in.Confirm {
			report["confirm_required"] = true
			words = "Nothing was written: apply_seed with prune needs confirm: true. The plan:\n" + words
		}
		return report, words
	},
}

// seedCommand is apply of seed on stdin, a plan only when dryRun.
func seedCommand(seed string, prune, setDate, dryRun bool) (invocation, error) {
	if strings.TrimSpace(seed) == "" {
		return invocation{}, refusef("seed: give the seed document (YAML or JSON, with its calendars: list)")
	}
	var args flags = []string{"apply", "--file=-"}
	args.on("dry-run", dryRun)
	args.on("prune", prune)
	args.on("set-date", setDate)
	return invocation{args: args, stdin: seed}, nil
}

// reportWords are apply's report in words: its plan, notes and outcome.
func reportWords(report map[string]any) string {
	lines := []string{text(report["summary"])}
	for _, c := range records(report["calendars"]) {
		line := fmt.Sprintf("calendar %q: %s", text(c["name"]), text(c["action"]))
		if status, ok := c["status"].(string); ok {
			line += " (" + status + ")"
		}
		for _, part := range []string{"weather", "reminders"} {
			if w, ok := c[part].(map[string]any); ok {
				line += fmt.Sprintf("; %s: %d to create, %d to update, %d to delete, %d unchanged", part,
					number(w["create"]), number(w["update"]), number(w["delete"]), number(w["unchanged"]))
			}
		}
		lines = append(lines, line)
	}
	if notes, ok := report["notes"].([]any); ok {
		for _, n := range notes {
			lines = append(lines, "note: "+text(n))
		}
	}
	if o, ok := report["outcome"].(map[string]any); ok {
		lines = append(lines, text(o["summary"]))
	}
	return strings.Join(lines, "\n")
}
