package calendar

import (
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// fieldFlagGroups are the headings the help of create and update lists
// the field flags under, by what they describe, as `kanka help
// calendar-fields` does (which gives their syntax).
var fieldFlagGroups = []cmdutil.FlagGroup{
	{Heading: "Calendar flags", Flags: []string{"name", "type", "entry", "entry-file", "tag", "private", "public", "image-url", "entity-image", "entity-header"}},
	{Heading: "Date and year flags", Flags: []string{"date", "format", "suffix", "year", "epoch"}},
	{Heading: "Month and weekday flags", Flags: []string{"month", "weekday"}},
	{Heading: "Season and moon flags", Flags: []string{"season", "moon"}},
	{Heading: "Leap-year flags", Flags: []string{"leap-year-amount", "leap-year-every", "leap-year-month", "leap-year-start", "no-leap-year"}},
}

// groupFieldFlags lists cmd's field flags under fieldFlagGroups' headings.
func groupFieldFlags(cmd *cobra.Command) *cobra.Command {
	cmdutil.GroupFlags(cmd, fieldFlagGroups...)
	return cmd
}
