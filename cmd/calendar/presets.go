package calendar

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

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
	return &cobra.Command{
		Use:   "presets [NAME]",
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
		Args: atMostOneName,
		ValidArgsFunction: func(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return presets.Names(), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(_ *cobra.Command, args []string) error {
			p, err := resource.NewPrinter(f)
			if err != nil {
				return err
			}
			if len(args) == 0 {
				return listPresets(f, p)
			}
			preset, err := Preset(args[0])
			if err != nil {
				return err
			}
			return showPreset(f, p, preset)
		},
	}
}

// atMostOneName refuses a second argument in the words of the others
// (the root words a count from the Use line, which shows no argument that
// must be given).
func atMostOneName(c *cobra.Command, args []string) error {
	if len(args) <= 1 {
		return nil
	}
	extra := make([]string, len(args)-1)
	for i, a := range args[1:] {
		extra[i] = strconv.Quote(a)
	}
	noun := "argument"
	if len(extra) > 1 {
		noun += "s"
	}
	return cmdutil.UsageErrorf("unexpected %s %s: %s takes one NAME at most", noun, strings.Join(extra, " "), c.CommandPath())
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

func listPresets(f *cmdutil.Factory, p *output.Printer) error {
	var list []presets.Preset
	for _, name := range presets.Names() {
		preset, err := presets.Get(name)
		if err != nil {
			return err
		}
		list = append(list, preset)
	}
	if namesOnly(f, p) {
		for _, preset := range list {
			fmt.Fprintln(f.IO.Out, preset.Name)
		}
		return nil
	}
	return p.PrintList(func(yield func(output.Record, error) bool) {
		for _, preset := range list {
			if !yield(newPresetRecord(preset)) {
				return
			}
		}
	}, presetKind)
}

func showPreset(f *cmdutil.Factory, p *output.Printer, preset presets.Preset) error {
	switch {
	case namesOnly(f, p):
		_, err := fmt.Fprintln(f.IO.Out, preset.Name)
		return err
	case p.Format() == output.YAML && !transformed(f):
		// The file as written, its comments on the sources with it.
		_, err := f.IO.Out.Write(preset.YAML)
		return err
	}
	rec, err := newPresetRecord(preset)
	if err != nil {
		return err
	}
	return p.PrintOne(rec, presetKind)
}

// namesOnly reports whether -o id asks for the presets' names: they have
// no ids, and the name is what --preset takes.
func namesOnly(f *cmdutil.Factory, p *output.Printer) bool {
	return p.Format() == output.ID && !transformed(f)
}

// transformed reports whether --jq or --template replaces the format.
func transformed(f *cmdutil.Factory) bool {
	return f.Globals != nil && (f.Globals.JQ != "" || f.Globals.Template != "")
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
		for _, line := range client.CalendarFields.Detail(&p.Input) {
			// Tags and privacy are the campaign's: a preset says nothing of them.
			if line.Label == "Tags" && p.Input.Tags == nil || line.Label == "Private" && p.Input.IsPrivate == nil {
				continue
			}
			fields = append(fields, output.Field{Label: line.Label, Value: line.Value, Readable: line.Readable})
		}
		return fields
	},
	YAML: func(r output.Record) any {
		return client.CalendarFile(&client.Calendar{CalendarInput: presetOf(r).Input})
	},
}
