package resource

import (
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// CheckUnread refuses in, the whole update of record, when it lacks a
// field the service needs on every write that the answer did not give and
// the changes do not either (client.Fields.Unread): the update would wipe
// it, or be refused, and kanka never makes a value up. supply says how the
// command can be given them; force is the flag that sends the update
// anyway ("" when there is none).
func CheckUnread[In any](fields client.Fields[In], in *In, record, supply, force string) error {
	keys := fields.Unread(in)
	if len(keys) == 0 {
		return nil
	}
	return &cmdutil.UnreadError{Record: record, Keys: keys, Supply: supply, Force: force}
}
