package calendar

import (
	"errors"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// NamedWeeksHelp ends the help of every command that updates a calendar:
// what no answer shows must be said.
const NamedWeeksHelp = `Named weeks set in the web interface are cleared by any update through the
API, which never returns them: to keep them, give them in the file (weeks:).`

// validate refuses a calendar the service would refuse, before sending it
// (create); validateUpdate the record an update sends.
func validate(in client.CalendarInput) error { return asUsage(in.Validate()) }

func validateUpdate(in client.CalendarInput) error { return asUsage(in.ValidateUpdate()) }

// asUsage is a validation error as the calendar's problems (exit 2), each
// on a line.
func asUsage(err error) error {
	var inputErr *client.InputError
	if err == nil || !errors.As(err, &inputErr) {
		return err
	}
	ps := &cmdutil.Problems{Subject: "the calendar is not valid"}
	ps.AddInput("", err)
	return ps.Err()
}
