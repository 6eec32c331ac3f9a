package calendar

import (
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/internal/presets"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// presetBase is create's --preset: the calendar of a well-known setting
// (internal/presets) as the record the field flags go over, in place of a
// file. A preset is a file already, so --preset and -f do not go together.
type presetBase struct {
	name   string
	preset *presets.Preset
}

func (b *presetBase) addFlag(fs *pflag.FlagSet) {
	fs.StringVar(&b.name, "preset", "", "start from preset `NAME` (calendar presets lists them)")
}

// read reads --preset before the verb runs: an unknown name or -f beside
// it is exit 2 before anything else, and the preset alone is something to
// create (the verb otherwise refuses a create given no file and no field
// flag).
func (b *presetBase) read(cmd *cobra.Command, w *resource.Writes[*client.Calendar, client.CalendarInput]) {
	run, nothing := cmd.RunE, w.NothingToCreate
	_ = cmd.RegisterFlagCompletionFunc("preset", presetCatalog.Complete)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		b.preset, w.NothingToCreate = nil, nothing
		if cmd.Flags().Changed("preset") {
			if cmd.Flags().Changed("file") {
				return cmdutil.CommandLineErrorf("--preset and -f cannot be used together: a preset is a file already (calendar presets %s -o yaml writes it, to edit)", b.name)
			}
			p, err := Preset(b.name)
			if err != nil {
				return err
			}
			b.preset, w.NothingToCreate = &p, ""
		}
		return run(cmd, args)
	}
}

// under puts the run's field flags over the preset, when one was given.
func (b *presetBase) under(r *run) {
	if b.preset != nil {
		r.Records = []client.CalendarInput{client.CalendarFields.Over(&b.preset.Input, &r.Flags)}
	}
}
