package calendar

import (
	"errors"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// validate refuses a calendar the service would refuse, before sending it.
func validate(in client.CalendarInput) error {
	if err := in.Validate(); err != nil {
		var inputErr *client.InputError
		if errors.As(err, &inputErr) {
			return &cmdutil.UsageError{Err: &invalidCalendar{inputErr}}
		}
		return err
	}
	return nil
}

// invalidCalendar says that nothing was sent, then one problem a line.
type invalidCalendar struct{ *client.InputError }

func (e *invalidCalendar) Error() string {
	msg := "the calendar is not valid, nothing was sent:"
	for _, p := range e.Problems {
		msg += "\n  " + p.Field + ": " + p.Message
	}
	return msg
}

func (e *invalidCalendar) Unwrap() error { return e.InputError }
