// Package calendar holds the `kanka calendar` commands, and what the
// calendar knows that others use: ResolveCalendar and Completion (the
// weather commands name their calendar with them).
package calendar

import (
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/cobra"
)

// NewCmdCalendar builds `kanka calendar` and its verbs: get, list and
// delete are the generic verbs over Spec; create and update are the
// calendar's own.
func NewCmdCalendar(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "calendar <command>",
		Aliases: []string{"calendars", "cal"},
		Short:   "Manage calendars",
		Long: `Manage the calendars of the campaign. A calendar is named by its ID or by
its NAME (the exact name, else the one that differs only in case).`,
		Example: `  kanka calendar list
  kanka calendar get "Calendar of Harptos" -o yaml > harptos.yaml
  kanka calendar create -f harptos.yaml --name "Harptos (copy)"
  kanka calendar delete "Harptos (copy)" --yes`,
	}
	spec := Spec(f)
	resource.AddVerbs(cmd, f, spec, NewCmdCreate(f, nil), NewCmdUpdate(f, nil))
	export := NewCmdExport(f, nil)
	export.ValidArgsFunction = spec.Complete
	cmd.AddCommand(export)
	// More verbs that name one calendar, as update does.
	for _, verb := range []*cobra.Command{NewCmdEdit(f, nil), NewCmdShow(f, nil), NewCmdAgenda(f, nil), NewCmdAdvance(f, nil), NewCmdRetreat(f, nil)} {
		verb.ValidArgsFunction = spec.Complete
		cmd.AddCommand(verb)
	}
	// The presets name no calendar of the campaign: they complete their own.
	cmd.AddCommand(NewCmdPresets(f))
	return cmd
}

// writes is the calendar as the create and update verbs see it; each verb
// adds its own flag and write (create.go, update.go).
func writes(intercept func(*run) error) *resource.Writes[*client.Calendar, client.CalendarInput] {
	return &resource.Writes[*client.Calendar, client.CalendarInput]{
		Fields: client.CalendarFields, Flags: fieldFlags(), ReadFile: readFile,
		CheckCreate: checkCreate, CheckUpdate: checkUpdate,
		NothingToCreate: "nothing to create: give -f FILE or field flags such as --name and --month",
		NothingToChange: "nothing to change: give -f FILE or field flags such as --name",
		CreateHelp:      createHelp, UpdateHelp: updateHelp,
		Intercept: intercept,
	}
}
