package calendar

import (
	"encoding/json"
	"strconv"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/internal/presets"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// NewCmdPresets builds `calendar presets [NAME]`: the calendars of
// well-known settings kanka carries (internal/presets), listed, or one
// shown. It sends no request, so it needs no token.
func NewCmdPresets(f *cmdutil.Factory) *cobra.Command {
	return resource.NewCatalogCmd(f, "presets", presetCatalog, resource.Help{
		Short: "List the calendars of well-known settings, or show one",
		Long: `List the calendars of well-known settings that kanka carries, ready to
create with "calendar create --preset NAME" (or "preset: NAME" in a seed file),
or show one. Each is written from its setting's published facts: months,
festivals, weekdays, leap days, moons and their cycles, the year it is
usually played in.

The list shows each preset's name, setting, months, the days of a year
without leap days, weekdays, moons and usual year; -o wide adds a line
about it. With NAME, the preset's calendar as "calendar get" shows one;
-o yaml prints it as a calendar file (with comments that name its
sources), to edit and create with "calendar create -f". -o json prints
what the list shows; -o id the names. No request is sent.`,
		Example: `  kanka calendar presets
  kanka calendar presets harptos
  kanka calendar presets eberron -o yaml > eberron.yaml`,
	})
}

// presetCatalog is the presets as the catalog command lists them and
// --preset completes them (each with its setting).
var presetCatalog = resource.Catalog[presets.Preset]{
	All: func() ([]presets.Preset, error) {
		var all []presets.Preset
		for _, name := range presets.Names() {
			p, err := presets.Get(name)
			if err != nil {
				return nil, err
			}
			all = append(all, p)
		}
		return all, nil
	},
	Get:    presets.Get,
	Name:   func(p presets.Preset) string { return p.Name },
	About:  func(p presets.Preset) string { return p.Setting },
	Record: newPresetRecord,
	Kind:   presetKind,
	// The file as written, its comments on the sources with it.
	File: func(p presets.Preset) ([]byte, error) { return p.YAML, nil },
}

// Preset is the preset named name; an unknown name is a usage error (exit
// 2) that names the nearest one.
func Preset(name string) (presets.Preset, error) {
	p, err := presets.Get(name)
	if err != nil {
		return presets.Preset{}, &cmdutil.UsageError{Err: err}
	}
	return p, nil
}

// presetRecord is one preset as the printers take it.
type presetRecord struct {
	preset presets.Preset
	raw    json.RawMessage
}

// presetJSON is what -o json prints of a preset: what the list shows,
// with the calendar's name and the description.
type presetJSON struct {
	Name        string `json:"name"`
	Setting     string `json:"setting"`
	Calendar    string `json:"calendar"`
	Months      int    `json:"months"`
	Days        int    `json:"days"`
	Weekdays    int    `json:"weekdays"`
	Moons       int    `json:"moons"`
	Year        int    `json:"year"`
	Description string `json:"description"`
}

func newPresetRecord(p presets.Preset) (output.Record, error) {
	raw, err := json.Marshal(presetJSON{
		Name: p.Name, Setting: p.Setting, Calendar: p.Input.Name, Months: len(p.Input.Months), Days: p.DaysInCommonYear(),
		Weekdays: len(p.Input.Weekdays), Moons: len(p.Input.Moons), Year: p.UsualYear, Description: p.Description,
	})
	return presetRecord{preset: p, raw: raw}, err
}

func (r presetRecord) RawJSON() json.RawMessage { return r.raw }
func (r presetRecord) RecordID() int            { return 0 }

func presetOf(r output.Record) presets.Preset { return r.(presetRecord).preset }

// presetKind shows presets: the list's columns, the detail view of one
// (what kanka says of it, then the calendar as `calendar get` shows one),
// and, in a list, -o yaml's calendar file.
var presetKind = output.Kind{
	Columns: []output.Column{
		{Header: "NAME", Priority: output.Key, Value: func(r output.Record) string { return presetOf(r).Name }},
		{Header: "SETTING", Priority: output.Important, Value: func(r output.Record) string { return presetOf(r).Setting }},
		{Header: "MONTHS", Value: func(r output.Record) string { return strconv.Itoa(len(presetOf(r).Input.Months)) }},
		{Header: "DAYS", Value: func(r output.Record) string { return strconv.Itoa(presetOf(r).DaysInCommonYear()) }},
		{Header: "WEEKDAYS", Value: func(r output.Record) string { return strconv.Itoa(len(presetOf(r).Input.Weekdays)) }},
		{Header: "MOONS", Value: func(r output.Record) string { return strconv.Itoa(len(presetOf(r).Input.Moons)) }},
		{Header: "YEAR", Value: func(r output.Record) string { return strconv.Itoa(presetOf(r).UsualYear) }},
		{Header: "DESCRIPTION", Wide: true, Value: func(r output.Record) string { return presetOf(r).Description }},
	},
	Detail: func(r output.Record) []output.Field {
		p := presetOf(r)
		fields := []output.Field{
			{Label: "Preset", Value: p.Name},
			{Label: "Setting", Value: p.Setting},
			{Label: "Usual year", Value: strconv.Itoa(p.UsualYear)},
			{Label: "About", Value: p.Description},
		}
		for _, line := range resource.Detail(detailLines(), &p.Input) {
			// Tags and privacy are the campaign's: a preset says nothing of them.
			if line.Label == "Tags" && p.Input.Tags == nil || line.Label == "Private" && p.Input.IsPrivate == nil {
				continue
			}
			fields = append(fields, line)
		}
		return fields
	},
	YAML: func(r output.Record) any {
		return client.CalendarFile(&client.Calendar{CalendarInput: presetOf(r).Input})
	},
}
