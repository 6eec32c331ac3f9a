package resource

import (
	"slices"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// Changes is how an update of a record dated on a calendar puts the run's
// one record over the record read, so that only what differs is sent, and
// nothing when nothing does.
type Changes[In any] struct {
	Fields client.Fields[In]
	// Check refuses the changes before the calendar is read; changed are
	// the keys that differ.
	Check func(in *In, changed []string) error
	// Keys are the fields whose change needs the calendar (a date, by a
	// month's name or not; a repeat on a moon); Ready reads the changes,
	// the one record of changed, with it (month names, a moon's) and may
	// check them against it.
	Keys  []string
	Ready func(changed []In) error
}

// Over is the run's changes put over before (the record read, in its
// writable form), and the keys that differ once the dates are read with
// the calendar: a date by a month's name may be what the record has
// already. When none differs, it says so on stderr ("reminder 5 already
// has these values; nothing was sent": record names it), and nothing is
// to be sent.
func (ch *Changes[In]) Over(run *Run[In], before *In, record string) (In, []string, error) {
	in := ch.Fields.Over(before, &run.Records[0])
	changed := ch.Fields.Differing(&in, before)
	if err := ch.Check(&in, changed); err != nil {
		return in, nil, err
	}
	if slices.ContainsFunc(changed, func(key string) bool { return slices.Contains(ch.Keys, key) }) {
		records := []In{in}
		if err := ch.Ready(records); err != nil {
			return in, nil, err
		}
		in = records[0]
		changed = ch.Fields.Differing(&in, before)
	}
	if len(changed) == 0 {
		cmdutil.Say(run.Factory, "%s already has these values; nothing was sent", record)
	}
	return in, changed, nil
}
