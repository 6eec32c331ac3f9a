package cmdutil

// ConfirmDestructive decides whether a destructive action may go on. --yes
// (global or the command's own, passed as yes) agrees at once; on a terminal
// the user is asked; without a terminal it is a UsageError (exit 2), so a
// script never deletes by accident.
func ConfirmDestructive(f *Factory, yes bool, question string) (bool, error) {
	if yes || f.Globals.Yes {
		return true, nil
	}
	if !f.IO.CanPrompt() {
		return false, UsageErrorf("%s needs confirmation: run it on a terminal or pass --yes", question)
	}
	return f.Confirm(question)
}
