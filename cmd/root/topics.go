package root

import (
	"strings"

	"github.com/kanka-cli/kanka/docs"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// A help topic is a command that only explains (`kanka help exit-codes`),
// listed by the root's help as cobra lists a command that does not run.
// Each is a page of the manual (docs.Topics), embedded in the binary, so
// that `kanka help requests` and docs/requests.md are one text; `flags`
// is made from the global flags themselves.

// topicRow is one line of a topic's table: a name (a code, or variables
// read together) and what it means.
type topicRow struct {
	name, meaning string
}

// topicSummary is a topic as the root lists it: its name and summary.
type topicSummary struct{ name, short string }

// topicSummaries are the topics, in the order the root lists them:
// `flags`, then the pages of docs.Topics.
func topicSummaries() []topicSummary {
	list := []topicSummary{{"flags", "Every global flag, grouped by what it sets"}}
	for _, t := range docs.Topics {
		list = append(list, topicSummary{t.Name, t.Short})
	}
	return list
}

// helpTopic is the topic command called name, its page laid out to width;
// flags are the global flags, for the `flags` topic.
func helpTopic(name string, width int, flags *pflag.FlagSet) *cobra.Command {
	cmd := &cobra.Command{Use: name}
	for _, t := range topicSummaries() {
		if t.name == name {
			cmd.Short = t.short
		}
	}
	if name == "flags" {
		cmd.Long = globalFlagsTopic(flags, width)
		return cmd
	}
	for _, t := range docs.Topics {
		if t.Name == name {
			cmd.Long = topicText(t.File, width)
		}
	}
	return cmd
}

// topicText is the page file of docs laid out to width; a page that does
// not render (a test renders them all) is shown as it is written.
func topicText(file string, width int) string {
	page, err := docs.Pages.ReadFile(file)
	if err != nil {
		return err.Error()
	}
	text, err := renderTopic(string(page), width)
	if err != nil {
		return string(page)
	}
	return text
}

// topicTable lays rows out in two columns, the meanings wrapped to width;
// names too wide for the first column have a line (or lines) of their own.
func topicTable(rows []topicRow, width int) string {
	const widest = 20
	nameWidth := 0
	for _, r := range rows {
		if n := columns(r.name); n <= widest {
			nameWidth = max(nameWidth, n)
		}
	}
	indent := strings.Repeat(" ", 2+nameWidth+2)
	var lines []string
	for _, r := range rows {
		names := "  " + r.name
		if columns(names) > 2+nameWidth {
			lines = append(lines, wrapWords(strings.Fields(r.name), width, "  ", "  ")...)
			names = indent
		} else {
			names += strings.Repeat(" ", columns(indent)-columns(names))
		}
		lines = append(lines, wrapWords(strings.Fields(r.meaning), width, names, indent)...)
	}
	return strings.Join(lines, "\n")
}
