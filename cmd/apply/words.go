package apply

import (
	"errors"
	"strings"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// InWordsOf is err, from RunSeed, with its advice in the words of command,
// another command that writes through the engine (`kanka calendar
// import`): the run to start again is command's, and the fields an update
// lacks are asked for as supply says ("" for no way but --force).
func InWordsOf(err error, command, supply string) error {
	var changed cmdutil.ChangedErrors
	if errors.As(err, &changed) {
		for _, e := range changed {
			e.Since = strings.ReplaceAll(e.Since, "since apply read it", "since it was read")
			e.Next = strings.Replace(e.Next, "run kanka apply again", "run "+command+" again", 1)
		}
	}
	unread := []error{err}
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		unread = joined.Unwrap()
	}
	for _, e := range unread {
		var u *cmdutil.UnreadError
		if errors.As(e, &u) {
			u.Supply = supply
		}
	}
	return err
}
