package root

import (
	"sort"
	"strings"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// helpWidth is the width help is wrapped to when stdout is not a terminal.
const helpWidth = 80

// usageTemplate is cobra's, with the flags wrapped to the terminal and the
// global flags, shown in full only by `kanka --help`, as one compact block
// of their names under every other command.
const usageTemplate = `Usage:{{if .Runnable}}
  {{.UseLine}}{{end}}{{if .HasAvailableSubCommands}}
  {{.CommandPath}} [command]{{end}}{{if gt (len .Aliases) 0}}

Aliases:
  {{.NameAndAliases}}{{end}}{{if .HasExample}}

Examples:
{{.Example}}{{end}}{{if .HasAvailableSubCommands}}

Available commands:{{range .Commands}}{{if (or .IsAvailableCommand (eq .Name "help"))}}
  {{rpad .Name .NamePadding }} {{.Short}}{{end}}{{end}}{{end}}{{if .HasAvailableLocalFlags}}

{{if .HasParent}}Flags{{else}}Global flags{{end}}:
{{wrappedFlags .LocalFlags | trimTrailingWhitespaces}}{{end}}{{if .HasAvailableInheritedFlags}}

Global flags ('kanka --help' explains them):
{{globalFlagNames .InheritedFlags}}{{end}}{{if .HasAvailableSubCommands}}

Use "{{.CommandPath}} [command] --help" for more about a command.{{end}}
`

// setHelp installs the usage template on root, wrapping to the width of
// the terminal on s (helpWidth when there is none).
func setHelp(root *cobra.Command, s *cmdutil.IOStreams) {
	width := helpWidth
	if s.TermWidth > 0 {
		width = s.TermWidth
	}
	cobra.AddTemplateFunc("wrappedFlags", func(fs *pflag.FlagSet) string { return fs.FlagUsagesWrapped(width) })
	cobra.AddTemplateFunc("globalFlagNames", func(fs *pflag.FlagSet) string { return globalFlagNames(fs, width) })
	root.SetUsageTemplate(usageTemplate)
}

// globalFlagNames lists the flags of fs as "-c/--campaign", sorted, wrapped
// to width with an indent of two.
func globalFlagNames(fs *pflag.FlagSet, width int) string {
	var names []string
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		name := "--" + f.Name
		if f.Shorthand != "" {
			name = "-" + f.Shorthand + "/" + name
		}
		names = append(names, name)
	})
	sort.Slice(names, func(i, j int) bool { return strings.TrimLeft(names[i], "-") < strings.TrimLeft(names[j], "-") })
	var lines []string
	line := " "
	for _, n := range names {
		if len(line)+1+len(n) > width && line != " " {
			lines = append(lines, line)
			line = " "
		}
		line += " " + n
	}
	return strings.Join(append(lines, line), "\n")
}
