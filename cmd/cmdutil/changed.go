package cmdutil

import (
	"fmt"
	"strings"
)

// ExitChanged is a write refused because the record changed since kanka
// read it (someone edited it in the web interface meanwhile): nothing was
// sent, so their change stands.
const ExitChanged = 8

// ChangedError is a write refused because the record it was built from
// changed on the server meanwhile (exit 8). Sending it would have put
// back the old values of what the other change touched.
type ChangedError struct {
	// Record names the record: `calendar 12 "Harptos"`.
	Record string
	// Fields are the fields that changed, in the words of files; empty
	// when only the record's update time says so.
	Fields []string
	// By is the id of the user who changed it last, 0 when unknown.
	By int
	// Since says since what: "since the editor opened", "since FILE was
	// written".
	Since string
	// Next says how to go on: "run the command again to edit the calendar
	// as it is now, or add --force to send your version anyway".
	Next string
}

func (e *ChangedError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s changed on the server %s", e.Record, e.Since)
	if e.By != 0 {
		fmt.Fprintf(&b, " (last changed by user %d)", e.By)
	}
	if len(e.Fields) > 0 {
		fmt.Fprintf(&b, ": %s", joinAnd(e.Fields))
	}
	b.WriteString(". Nothing was sent, so that change stands.")
	if e.Next != "" {
		b.WriteString(" " + upperFirst(e.Next) + ".")
	}
	return b.String()
}

// ChangedErrors are several records that changed (apply's plan).
type ChangedErrors []*ChangedError

func (es ChangedErrors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}
