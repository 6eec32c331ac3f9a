package apply

import (
	"fmt"
	"io"
	"strings"

	"github.com/kanka-cli/kanka/output"
)

// How the plan's text is laid out: which weather writes it lists, and the
// width its lines wrap to.

// PlanText says how PrintPlan lays the plan out: which weather writes it
// lists, and the width it wraps to.
type PlanText struct {
	Entries Entries
	// Width wraps each line at spaces to this many columns, with a
	// hanging indent (a word no line holds is cut with "..."); 0 does not
	// wrap (piped: one line an item, for logs and grep).
	Width int
}

// Entries says which weather writes a plan lists, besides its counts.
type Entries int

const (
	// CountsOnly lists none: the counts say it (piped, without -v).
	CountsOnly Entries = iota
	// TerminalEntries lists a calendar's writes when they are few (at most
	// terminalListed), else its updates and deletes, at most
	// terminalListed of them, and counts the rest (the creates with their
	// first and last days): what changes what is there, on one screen.
	TerminalEntries
	// EveryEntry lists each write (--verbose).
	EveryEntry
)

// terminalListed is the most weather writes of one calendar a plan lists
// on a terminal without --verbose.
const terminalListed = 10

// writeWrapped writes text after indent, wrapped to width, its lines
// after the first indented four more; a line of text's own (an error's
// details) keeps its indent. Width 0 writes it as it is.
func writeWrapped(w io.Writer, width int, indent, text string) {
	if width <= 0 {
		fmt.Fprintln(w, indent+text)
		return
	}
	for i, part := range strings.Split(text, "\n") {
		lead := indent
		if i > 0 {
			body := strings.TrimLeft(part, " ")
			lead, part = indent+part[:len(part)-len(body)], body
		}
		for _, line := range output.Wrap(part, width, lead, lead+"    ") {
			fmt.Fprintln(w, line)
		}
	}
}

// listedWeather are the lines of cp's weather writes that entries lists.
func listedWeather(cp *CalendarPlan, entries Entries) []string {
	var lines []string
	switch {
	case entries == CountsOnly:
		return nil
	case entries == EveryEntry || len(cp.Weather) <= terminalListed:
		for _, wp := range cp.Weather {
			lines = append(lines, weatherLine(wp))
		}
		return lines
	}
	var creates []*WeatherPlan
	listed, moreUpdates, moreDeletes := 0, 0, 0
	for _, wp := range cp.Weather {
		switch {
		case wp.Action == Create:
			creates = append(creates, wp)
		case listed < terminalListed:
			lines = append(lines, weatherLine(wp))
			listed++
		case wp.Action == Update:
			moreUpdates++
		default:
			moreDeletes++
		}
	}
	if len(creates) > 0 {
		first, last := creates[0].Date, creates[0].Date
		for _, wp := range creates[1:] {
			if wp.Date.Compare(first) < 0 {
				first = wp.Date
			}
			if wp.Date.Compare(last) > 0 {
				last = wp.Date
			}
		}
		lines = append(lines, fmt.Sprintf("+ %s from %s to %s", plural(len(creates), "entry"), first, last))
	}
	switch {
	case moreUpdates > 0 && moreDeletes > 0:
		lines = append(lines, fmt.Sprintf("~ %d more to update, %d more to delete", moreUpdates, moreDeletes))
	case moreUpdates > 0:
		lines = append(lines, fmt.Sprintf("~ %d more to update", moreUpdates))
	case moreDeletes > 0:
		lines = append(lines, fmt.Sprintf("- %d more to delete", moreDeletes))
	}
	if len(lines) > 0 {
		lines[len(lines)-1] += " (--verbose lists each)"
	}
	return lines
}

// listedReminders are the lines of cp's reminder writes that entries
// lists: as weather's, every one when they are few (or with --verbose),
// else the first terminalListed and the count of the rest.
func listedReminders(cp *CalendarPlan, entries Entries) []string {
	if entries == CountsOnly {
		return nil
	}
	var lines []string
	for i, rp := range cp.Reminders {
		if entries != EveryEntry && i == terminalListed && len(cp.Reminders) > terminalListed {
			lines = append(lines, fmt.Sprintf("and %d more (--verbose lists each)", len(cp.Reminders)-terminalListed))
			break
		}
		lines = append(lines, reminderLine(rp))
	}
	return lines
}
