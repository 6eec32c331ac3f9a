package root

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// helpWidth is the width help is wrapped to when stdout is not a terminal.
const helpWidth = 80

// helpWidthOf is the width help is wrapped to on s: the terminal's, else
// helpWidth.
func helpWidthOf(s *cmdutil.IOStreams) int {
	if s.TermWidth > 0 {
		return s.TermWidth
	}
	return helpWidth
}

// setHelp makes root's help and usage, and those of every command under
// it, wrap to the width of the terminal on s. They are written as cobra's
// templates would write them, in Go: a template would be parsed and run
// through reflection on every --help, the most frequent way kanka starts.
func setHelp(root *cobra.Command, s *cmdutil.IOStreams) {
	h := helpLayout{width: helpWidthOf(s)}
	root.SetHelpFunc(func(c *cobra.Command, _ []string) {
		if _, err := io.WriteString(c.OutOrStdout(), h.help(c)); err != nil {
			c.PrintErrln(err)
		}
	})
	root.SetUsageFunc(func(c *cobra.Command) error {
		_, err := io.WriteString(c.OutOrStderr(), h.usage(c))
		return err
	})
}

// helpLayout writes help and usage at a width.
type helpLayout struct{ width int }

// help is cobra's help: the long text (wrapped), then the usage. A help
// topic's text is laid out to the width already (renderTopic).
func (h helpLayout) help(c *cobra.Command) string {
	var b strings.Builder
	if text := cmp.Or(c.Long, c.Short); text != "" {
		if c.IsAdditionalHelpTopicCommand() {
			b.WriteString(text)
		} else {
			b.WriteString(reflow(text, h.width))
		}
		b.WriteString("\n\n")
	}
	if c.Runnable() || c.HasSubCommands() {
		b.WriteString(c.UsageString())
	}
	return b.String()
}

// usage is cobra's, wrapped to the terminal, with the global flags, shown
// in full only by `kanka --help`, as one compact block of their names
// under every other command.
func (h helpLayout) usage(c *cobra.Command) string {
	if !c.HasParent() {
		return h.rootUsage(c)
	}
	var b strings.Builder
	b.WriteString("Usage:")
	if c.Runnable() {
		b.WriteString("\n" + strings.Join(wrapWords(strings.Fields(c.UseLine()), h.width, "  ", "      "), "\n"))
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n  " + c.CommandPath() + " [command]")
	}
	if len(c.Aliases) > 0 {
		b.WriteString("\n\nAliases:\n  " + c.NameAndAliases())
	}
	if c.HasExample() {
		b.WriteString("\n\nExamples:\n" + h.examples(c.Example))
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n\nAvailable commands:")
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() || sub.Name() == "help" {
				b.WriteString("\n" + h.entry(sub.Name(), sub.NamePadding(), sub.Short))
			}
		}
	}
	if c.HasAvailableLocalFlags() {
		b.WriteString(localFlags(c, h.width))
	}
	if c.HasAvailableInheritedFlags() {
		b.WriteString("\n\nGlobal flags ('kanka help flags' explains them):\n" + globalFlagNames(c.InheritedFlags(), h.width))
	}
	if c.HasHelpSubCommands() {
		b.WriteString("\n\nAdditional help topics:")
		for _, sub := range c.Commands() {
			if sub.IsAdditionalHelpTopicCommand() {
				b.WriteString("\n" + h.entry(sub.CommandPath(), sub.CommandPathPadding(), sub.Short))
			}
		}
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n\n" + reflow(fmt.Sprintf("Use \"%s [command] --help\" for more about a command.", c.CommandPath()), h.width))
	}
	return b.String() + "\n"
}

// rootUsage is kanka's own: its commands, the common flags, the topics.
func (h helpLayout) rootUsage(c *cobra.Command) string {
	var b strings.Builder
	b.WriteString("Usage:\n  " + c.UseLine())
	if c.HasExample() {
		b.WriteString("\n\nExamples:\n" + h.examples(c.Example))
	}
	b.WriteString("\n\nCommands:")
	pad := 0
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() || sub.Name() == "help" {
			pad = max(pad, len(sub.Name()))
		}
	}
	var topics []string
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() || sub.Name() == "help" {
			b.WriteString("\n" + h.entry(sub.Name(), pad+1, sub.Short))
		}
		if sub.IsAdditionalHelpTopicCommand() {
			topics = append(topics, sub.Name())
		}
	}
	b.WriteString("\n\nCommon flags ('kanka help flags' lists every one):\n")
	b.WriteString(flagUsages(flagsNamed(c.LocalFlags(), commonFlags), flagLayout{}, h.width))
	b.WriteString("\n\n" + reflow(fmt.Sprintf("Use \"kanka <command> --help\" for a command, \"kanka help TOPIC\" for a topic: %s.", strings.Join(topics, ", ")), h.width))
	return b.String() + "\n"
}

// examples are a command's examples, each line wrapped as a command line.
func (h helpLayout) examples(text string) string {
	var lines []string
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		lines = append(lines, wrapCommandLine(line, h.width)...)
	}
	return strings.Join(lines, "\n")
}

// entry is a command's line in a list: its name padded, its summary wrapped
// under itself.
func (h helpLayout) entry(name string, padding int, short string) string {
	first := fmt.Sprintf("  %-*s ", padding, name)
	return trimLines(strings.Join(wrapWords(strings.Fields(short), h.width, first, strings.Repeat(" ", columns(first))), "\n"))
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
