package cmdutil

import (
	"fmt"
	"strings"
)

// UnreadError is an update refused because the record as read lacks
// fields the update must send: the server's answer left them out or sent
// them as null, and the service rebuilds them from every write, so sending
// the update would wipe them (exit 1). Nothing was sent.
type UnreadError struct {
	// Record names the record: `calendar 12 "Harptos"`.
	Record string
	// Keys are the fields, in the words of files ("months", "moons").
	Keys []string
	// Supply says how to give them: "give them in a file (-f) or with
	// their flags".
	Supply string
	// Force is the flag that sends the update anyway, "" when there is
	// none (the service refuses a write without them).
	Force string
}

func (e *UnreadError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: the server's answer did not give %s (left out or null); an update must send %s, and sending it without %s would clear %s there. Nothing was sent.",
		e.Record, joinAnd(e.Keys), them(e.Keys), them(e.Keys), them(e.Keys))
	if e.Supply != "" {
		b.WriteString(" " + upperFirst(e.Supply) + ".")
	}
	if e.Force != "" {
		fmt.Fprintf(&b, " To update anyway and let the service clear %s, add %s.", them(e.Keys), e.Force)
	}
	return b.String()
}

func them(keys []string) string {
	if len(keys) == 1 {
		return "it"
	}
	return "them"
}

// joinAnd is "a", "a and b", "a, b and c".
func joinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
