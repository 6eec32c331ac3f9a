package root

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"text/template"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// helpWidth is the width help is wrapped to when stdout is not a terminal.
const helpWidth = 80

// helpTemplate is cobra's: the long text (wrapped), then the usage. A help
// topic's text is laid out to the width already (renderTopic).
const helpTemplate = `{{with (or .Long .Short)}}{{if $.IsAdditionalHelpTopicCommand}}{{.}}{{else}}{{reflow .}}{{end}}

{{end}}{{if or .Runnable .HasSubCommands}}{{.UsageString}}{{end}}`

// usageTemplate is cobra's, wrapped to the terminal, with the global
// flags, shown in full only by `kanka --help`, as one compact block of
// their names under every other command.
const usageTemplate = `{{if not .HasParent}}{{template "root" .}}{{else}}Usage:{{if .Runnable}}
{{useLine .UseLine}}{{end}}{{if .HasAvailableSubCommands}}
  {{.CommandPath}} [command]{{end}}{{if gt (len .Aliases) 0}}

Aliases:
  {{.NameAndAliases}}{{end}}{{if .HasExample}}

Examples:
{{examples .Example}}{{end}}{{if .HasAvailableSubCommands}}

Available commands:{{range .Commands}}{{if (or .IsAvailableCommand (eq .Name "help"))}}
{{entry .Name .NamePadding .Short}}{{end}}{{end}}{{end}}{{if .HasAvailableLocalFlags}}{{localFlags .}}{{end}}{{if .HasAvailableInheritedFlags}}

Global flags ('kanka help flags' explains them):
{{globalFlagNames .InheritedFlags}}{{end}}{{if .HasHelpSubCommands}}

Additional help topics:{{range .Commands}}{{if .IsAdditionalHelpTopicCommand}}
{{entry .CommandPath .CommandPathPadding .Short}}{{end}}{{end}}{{end}}{{if .HasAvailableSubCommands}}

{{reflow (printf "Use \"%s [command] --help\" for more about a command." .CommandPath)}}{{end}}{{end}}
{{define "root"}}Usage:
  {{.UseLine}}{{if .HasExample}}

Examples:
{{examples .Example}}{{end}}

Commands:{{$pad := commandPadding .}}{{range .Commands}}{{if (or .IsAvailableCommand (eq .Name "help"))}}
{{entry .Name $pad .Short}}{{end}}{{end}}

Common flags ('kanka help flags' lists every one):
{{commonFlags .LocalFlags}}

{{reflow (printf "Use \"kanka <command> --help\" for a command, \"kanka help TOPIC\" for a topic: %s." (topics .))}}{{end}}`

// helpWidthOf is the width help is wrapped to on s: the terminal's, else
// helpWidth.
func helpWidthOf(s *cmdutil.IOStreams) int {
	if s.TermWidth > 0 {
		return s.TermWidth
	}
	return helpWidth
}

// setHelp makes root's help and usage, and those of every command under
// it, wrap to the width of the terminal on s. The templates' functions
// are this tree's own (cobra's are shared by every tree of the process).
func setHelp(root *cobra.Command, s *cmdutil.IOStreams) {
	width := helpWidthOf(s)
	funcs := template.FuncMap{
		"reflow": func(text string) string { return reflow(text, width) },
		"useLine": func(line string) string {
			return strings.Join(wrapWords(strings.Fields(line), width, "  ", "      "), "\n")
		},
		"examples": func(text string) string {
			var lines []string
			for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
				lines = append(lines, wrapCommandLine(line, width)...)
			}
			return strings.Join(lines, "\n")
		},
		"entry": func(name string, padding int, short string) string {
			first := fmt.Sprintf("  %-*s ", padding, name)
			return trimLines(strings.Join(wrapWords(strings.Fields(short), width, first, strings.Repeat(" ", columns(first))), "\n"))
		},
		"localFlags":      func(c *cobra.Command) string { return localFlags(c, width) },
		"globalFlagNames": func(fs *pflag.FlagSet) string { return globalFlagNames(fs, width) },
		"commonFlags":     func(fs *pflag.FlagSet) string { return flagUsages(flagsNamed(fs, commonFlags), flagLayout{}, width) },
		"commandPadding": func(c *cobra.Command) int {
			pad := 0
			for _, sub := range c.Commands() {
				if sub.IsAvailableCommand() || sub.Name() == "help" {
					pad = max(pad, len(sub.Name()))
				}
			}
			return pad + 1
		},
		"topics": func(c *cobra.Command) string {
			var names []string
			for _, sub := range c.Commands() {
				if sub.IsAdditionalHelpTopicCommand() {
					names = append(names, sub.Name())
				}
			}
			return strings.Join(names, ", ")
		},
	}
	// Parsed when first shown: most runs show neither.
	help := sync.OnceValue(func() *template.Template {
		return template.Must(template.New("help").Funcs(funcs).Parse(helpTemplate))
	})
	usage := sync.OnceValue(func() *template.Template {
		return template.Must(template.New("usage").Funcs(funcs).Parse(usageTemplate))
	})
	root.SetHelpFunc(func(c *cobra.Command, _ []string) {
		if err := help().Execute(c.OutOrStdout(), c); err != nil {
			c.PrintErrln(err)
		}
	})
	root.SetUsageFunc(func(c *cobra.Command) error {
		return usage().Execute(c.OutOrStderr(), c)
	})
}

// flagLayout is how flagUsages lays a list of flags out.
type flagLayout struct {
	// outdent drops the room pflag keeps for a shorthand ("  -f, ") when
	// no flag of the list has one.
	outdent bool
	// widest is the widest the usage column may be: a flag too wide for
	// it has its usage on the lines under it, in the column of the others.
	widest int
}

// flagUsages are the flags of fs as pflag lists them, one a line with the
// usages in a column, each usage wrapped to width in its column; when the
// column leaves less than 24, under its flag, indented 16. (pflag's own
// wrapping leaves a long word, NAME:FULLMOON[:OFFSET[:COLOUR]], past the
// width with the words after it.)
func flagUsages(fs *pflag.FlagSet, layout flagLayout, width int) string {
	lines := strings.Split(strings.TrimRight(fs.FlagUsagesWrapped(0), "\n"), "\n")
	if len(lines) == 0 || lines[0] == "" {
		return ""
	}
	if layout.outdent && !hasShorthand(fs) {
		for i, line := range lines {
			lines[i] = strings.TrimPrefix(line, "    ")
		}
	}
	// The usage column: after the flag and the run of spaces that follows
	// it (every head starts with its indent, then single spaces).
	head := strings.TrimLeft(lines[0], " ")
	gap := strings.Index(head, "  ")
	if gap < 0 {
		return trimLines(strings.Join(lines, "\n"))
	}
	column := len(lines[0]) - len(head) + gap + len(head[gap:]) - len(strings.TrimLeft(head[gap:], " "))
	// Where the usages start: the column, or when it is too wide the
	// column of the flags that fit, three spaces after the widest of them.
	at := column
	if layout.widest > 0 && column > layout.widest {
		at = 0
		for _, line := range lines {
			if flag := strings.TrimRight(line[:min(column, len(line))], " "); strings.TrimSpace(flag) != "" && len(flag)+3 <= layout.widest {
				at = max(at, len(flag)+3)
			}
		}
		if at == 0 {
			at = layout.widest
		}
	}
	indent := strings.Repeat(" ", at)
	narrow := width-at < 24
	if narrow {
		indent = strings.Repeat(" ", 16)
	}
	var out []string
	for _, line := range lines {
		if len(line) < column {
			out = append(out, line)
			continue
		}
		flag, usage := strings.TrimRight(line[:column], " "), line[column:]
		first := indent
		switch {
		case strings.TrimSpace(flag) == "": // a usage's own second line
		case narrow || len(flag)+3 > at:
			out = append(out, flag)
		default:
			first = flag + indent[len(flag):]
		}
		out = append(out, wrapWords(strings.Fields(usage), width, first, indent)...)
	}
	return trimLines(strings.Join(out, "\n"))
}

// trimLines drops the spaces at the end of each line of s, and its last
// newline.
func trimLines(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.Join(lines, "\n")
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
	return strings.Join(wrapWords(names, width, "  ", "  "), "\n")
}

// localFlags are the sections of c's help that list its own flags: "Flags:",
// then a section a heading of the groups c's flags are in (calendar
// create's field flags, by what they describe), each wrapped to width.
func localFlags(c *cobra.Command, width int) string {
	var headings []string
	if order := c.Annotations[cmdutil.FlagGroupsAnnotation]; order != "" {
		headings = strings.Split(order, "\n")
	}
	ungrouped := pflag.NewFlagSet("", pflag.ContinueOnError)
	groups := map[string]*pflag.FlagSet{}
	c.LocalFlags().VisitAll(func(f *pflag.Flag) {
		heading := ""
		if h := f.Annotations[cmdutil.FlagGroupAnnotation]; len(h) > 0 {
			heading = h[0]
		}
		if groups[heading] == nil {
			if heading == "" {
				groups[heading] = ungrouped
			} else {
				groups[heading] = pflag.NewFlagSet(heading, pflag.ContinueOnError)
				if !slices.Contains(headings, heading) {
					headings = append(headings, heading)
				}
			}
		}
		groups[heading].AddFlag(f)
	})
	var b strings.Builder
	for _, heading := range append([]string{""}, headings...) {
		fs := groups[heading]
		if fs == nil {
			continue
		}
		if heading == "" {
			if usages := flagUsages(fs, flagLayout{}, width); usages != "" {
				fmt.Fprintf(&b, "\n\nFlags:\n%s", usages)
			}
			continue
		}
		// The groups follow the flags with no blank line between them, and
		// without the room for a shorthand they do not have: a screen and a
		// half is all the flags of a calendar may take.
		usages := flagUsages(fs, flagLayout{outdent: true, widest: 32}, width)
		if usages == "" { // hidden flags only
			continue
		}
		fmt.Fprintf(&b, "\n%s:\n%s", heading, usages)
	}
	return b.String()
}

// hasShorthand says whether a flag of fs that help shows has a shorthand.
func hasShorthand(fs *pflag.FlagSet) bool {
	found := false
	fs.VisitAll(func(f *pflag.Flag) { found = found || (f.Shorthand != "" && !f.Hidden) })
	return found
}
