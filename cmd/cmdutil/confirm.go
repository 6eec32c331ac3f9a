package cmdutil

import "fmt"

// ConfirmDestructive decides whether a destructive action may go on. The
// global --yes agrees at once; without a terminal it is a UsageError (exit
// 2) naming action, so a script never deletes by accident; on a terminal
// question is called (it may spend one request to name what goes) and the
// answer asked. A no is a DeclinedError (exit 7) saying nothing was done.
func ConfirmDestructive(f *Factory, action string, question func() (string, error)) error {
	if f.Globals != nil && f.Globals.Yes {
		return nil
	}
	if !f.IO.CanPrompt() {
		return UsageErrorf("%s needs confirmation: run it on a terminal or pass --yes", action)
	}
	q, err := question()
	if err != nil {
		return err
	}
	ok, err := f.Confirm(q)
	if err != nil {
		return err
	}
	if !ok {
		return &DeclinedError{Nothing: "nothing was deleted"}
	}
	return nil
}

// Quiet reports whether -q silenced the messages on stderr.
func (f *Factory) Quiet() bool { return f.Globals != nil && f.Globals.Quiet }

// Program is kanka as the user ran it, for the commands a message tells
// to run next: with --sandbox when the run was the sandbox's, so that what
// it suggests goes where this run went.
func (f *Factory) Program() string {
	if f.Globals != nil && f.Globals.Sandbox {
		return "kanka --sandbox"
	}
	return "kanka"
}

// Say writes one message line on stderr, unless -q: what a command did,
// for people (stdout stays the records).
func Say(f *Factory, format string, args ...any) {
	if !f.Quiet() {
		fmt.Fprintf(f.IO.ErrOut, format+"\n", args...)
	}
}
