package calendar

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
)

// EditOptions are the parsed arguments of `calendar edit`.
type EditOptions struct {
	Factory *cmdutil.Factory
	Ctx     context.Context
	// Calendar is the ID|NAME argument.
	Calendar string
	// Editor is the command that edits a file: $VISUAL, else $EDITOR; ""
	// when neither is set, for vi on a terminal.
	Editor string
	// Force sends the edit without checking that the calendar is still as
	// it was read (and even when it lacks fields the service rebuilds).
	Force bool
}

// NewCmdEdit builds `calendar edit`; runF replaces editRun in tests.
func NewCmdEdit(f *cmdutil.Factory, runF func(*EditOptions) error) *cobra.Command {
	opts := &EditOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "edit ID|NAME",
		Short: "Edit a calendar in your editor",
		Long: `Open the calendar as YAML (the shape 'get -o yaml' prints and 'update -f'
reads) in $VISUAL, else $EDITOR, else vi on a terminal (without one, set
VISUAL or EDITOR); an editor command with arguments, such as "code --wait",
works. When the editor closes, the file is checked: when something is wrong
it opens again with the errors as comments at the top, each at the line of
the file as shown (saving it unchanged gives up, keeping the file). The
update is sent only when something changed; an unchanged or emptied file
cancels.

As with 'update -f', a key you remove keeps its value: write it empty to
clear it (suffix: "", seasons: []).

Before sending, the calendar is read again: when someone changed it while
the editor was open, nothing is sent (exit 8), the message says what
changed, and your edit is kept in its file; --force sends it anyway.

` + NamedWeeksHelp,
		Example: `  kanka calendar edit 1
  EDITOR="code --wait" kanka calendar edit "Calendar of Harptos"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Calendar, opts.Ctx, opts.Editor = args[0], cmd.Context(), editorCommand()
			return cmdutil.RunOr(runF, editRun)(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Force, "force", false, "send the edit even when the calendar changed while the editor was open (putting back what the other change touched)")
	return cmd
}

// editorCommand is the user's editor, as git and kubectl find it: $VISUAL,
// else $EDITOR; "" when neither is set.
func editorCommand() string {
	for _, name := range []string{"VISUAL", "EDITOR"} {
		if e := strings.TrimSpace(os.Getenv(name)); e != "" {
			return e
		}
	}
	return ""
}

// defaultEditor is the editor of a terminal where the user set none.
const defaultEditor = "vi"

// chooseEditor is the editor to run: the user's, else vi on a terminal.
// Without a terminal vi would start on an input that is no keyboard, and
// wait for keys that never come, or quit at once: refused before any
// request (exit 2). A set editor runs without one (a script, code --wait).
func chooseEditor(editor string, streams *cmdutil.IOStreams) (string, error) {
	switch {
	case editor != "":
		return editor, nil
	case !streams.InTTY:
		return "", cmdutil.UsageErrorf("no editor to run: standard input is not a terminal, so vi cannot run there; set VISUAL or EDITOR to your editor command (VISUAL=\"code --wait\"), or run kanka calendar edit on a terminal")
	}
	return defaultEditor, nil
}

func editRun(opts *EditOptions) error {
	f := opts.Factory
	editor, err := chooseEditor(opts.Editor, f.IO)
	if err != nil {
		return err
	}
	opts.Editor = editor
	// Not locked while the user edits: the campaign's lock is taken once
	// the editor is closed, before the read that compares.
	printer, c, id, current, err := openCalendar(opts.Ctx, f, opts.Calendar, false)
	if err != nil {
		return err
	}
	original, err := editText(f.IO, current)
	if err != nil {
		return err
	}
	file, err := cmdutil.NewEditFile(fmt.Sprintf("kanka-calendar-%d-*", id), fmt.Sprintf("calendar-%d.yaml", id))
	if err != nil {
		return err
	}
	// kept: the file holds the user's edit, not sent, and stays; the
	// message that ends the run says where.
	kept := false
	defer func() {
		if !kept {
			file.Remove()
		}
	}()
	keep := func() {
		kept = true
		fmt.Fprintf(f.IO.ErrOut, "Your edit is kept in %s (send it with 'kanka calendar update %d -f %s').\n", file.Path, id, file.Path)
	}

	in, cancelled, err := editUntilValid(opts, file, original, current)
	if err != nil {
		var keptErr *keptEditError
		switch {
		case opts.Ctx.Err() != nil:
			// Ctrl-C or SIGTERM, with the editor open or after: the
			// run ends saying only "interrupted".
			keep()
		case errors.As(err, &keptErr):
			kept = true // its message says where
		}
		return err
	}
	if cancelled != "" {
		fmt.Fprintln(f.IO.ErrOut, "Edit cancelled: "+cancelled)
		return nil
	}
	if err := f.LockCampaign(opts.Ctx); err != nil {
		keep() // another kanka writes to the campaign: the edit waits in its file
		return err
	}
	if !opts.Force {
		if err := unchangedSince(opts.Ctx, c, current, file.Path); err != nil {
			if opts.Ctx.Err() != nil {
				keep() // the message naming the file is not printed
			}
			kept = true
			return err
		}
	}
	if err := RefuseLostMoons(opts.Ctx, f, c, id, current.Name, client.LostMoons(current.Moons, in.Moons), opts.Force); err != nil {
		keep()
		return err
	}
	updated, err := c.UpdateCalendar(opts.Ctx, id, in)
	if err != nil {
		keep()
		return err
	}
	if updated, err = keepDate(opts.Ctx, c, id, updated, in.Date); err != nil {
		return err
	}
	return printer.PrintOne(updated, calendarKind)
}

// editText is the calendar as the editor shows it: the file form that
// 'get -o yaml' prints, with the run's secrets hidden as in all kanka
// prints. A value hidden so reads back as "[redacted]": left alone, it is
// no change; sent with another change, it replaces what the server echoed,
// as 'update -f' of the printed file would.
func editText(io *cmdutil.IOStreams, cal *client.Calendar) ([]byte, error) {
	return cmdutil.RedactedYAML(fileFromCalendar(cal).Node(), io.RedactString)
}

// unchangedSince reads the calendar again and refuses (a ChangedError)
// when it is no longer as read: someone changed it while the editor was
// open, and sending the edit would put back what they changed. The
// record itself is compared, field by field: its updated_at is the
// entity's, which the service's advance route does not move.
func unchangedSince(ctx context.Context, c *client.Client, read *client.Calendar, path string) error {
	now, err := c.GetCalendar(ctx, read.ID)
	if err != nil {
		return fmt.Errorf("reading calendar %d again before sending the edit (kept in %s): %w", read.ID, path, err)
	}
	changed := client.CalendarFields.Differing(&read.CalendarInput, &now.CalendarInput)
	if len(changed) == 0 {
		return nil
	}
	return &cmdutil.ChangedError{Record: fmt.Sprintf("calendar %d %q", read.ID, read.Name), Fields: changed,
		By: now.UpdatedBy, Since: "while the editor was open",
		Next: fmt.Sprintf("your edit is kept in %s: run `kanka calendar edit %d` again to edit the calendar as it is now, or send yours anyway with `kanka calendar update %d -f %s --force`",
			path, read.ID, read.ID, path)}
}

// keptEditError is a check that still fails after the user saved the file
// unchanged: the edit stops, and the file is kept for another try.
type keptEditError struct {
	path string
	err  error
}

func (e *keptEditError) Error() string {
	return fmt.Sprintf("%s\n(the edit was not sent; it is kept in %s)", e.err, e.path)
}
func (e *keptEditError) Unwrap() error { return e.err }

// UsageHint is false: the command was used rightly, the file is what is
// wrong, so the root adds no "Run --help" line.
func (*keptEditError) UsageHint() bool { return false }

// editUntilValid opens the editor until the file passes the checks, the
// user cancels (an empty or unchanged file: cancelled says why), or saves
// a failing file unchanged. It returns the full record to send.
func editUntilValid(opts *EditOptions, file *cmdutil.EditFile, original []byte, current *client.Calendar) (in client.CalendarInput, cancelled string, err error) {
	f := opts.Factory
	path := file.Path
	body := original
	// A record the checks refuse as it is (a calendar the live service
	// wiped down to one month) opens with its problems on top, so that the
	// editor can repair it: then any valid save is a change.
	baseline, notes, problem := checkShown(body, current, opts.Force)
	if problem != nil && !isCheckFailure(problem) {
		return client.CalendarInput{}, "", problem
	}
	for {
		// The notes quote the server (the name, its answer's problems).
		shown := append([]byte(f.IO.RedactString(string(notes))), body...)
		if err := file.Write(shown); err != nil {
			return client.CalendarInput{}, "", err
		}
		if err := cmdutil.RunEditor(opts.Ctx, opts.Editor, path); err != nil {
			if problem != nil { // the user's earlier edits are in the file
				return client.CalendarInput{}, "", &keptEditError{path: path, err: err}
			}
			return client.CalendarInput{}, "", err
		}
		saved, err := cmdutil.ReadInput(opts.Ctx, f.IO, path)
		if err != nil {
			return client.CalendarInput{}, "", err
		}
		if len(bytes.TrimSpace(withoutComments(saved))) == 0 {
			return client.CalendarInput{}, "the file is empty.", nil
		}
		if problem != nil && bytes.Equal(saved, shown) {
			return client.CalendarInput{}, "", &keptEditError{path: path, err: problem}
		}
		body = withoutHeader(saved)
		in, notes, problem = checkShown(body, current, opts.Force)
		if problem == nil {
			if client.CalendarFields.Same(&in, &baseline) {
				return in, "no changes made.", nil
			}
			return in, "", nil
		}
		if !isCheckFailure(problem) {
			return client.CalendarInput{}, "", problem
		}
	}
}

// checkShown checks body as the editor shows it, under kanka's notes,
// which list the problems found: the lines the problems name are those of
// the file as shown, in every round. The notes are a line for each line
// of the problems, so body is checked under as many comment lines as the
// notes of its problems take (their count does not change with the lines
// they name), and the notes are returned with the record.
func checkShown(body []byte, current *client.Calendar, force bool) (client.CalendarInput, []byte, error) {
	notes := editHeader(current, nil)
	for tries := 0; ; tries++ {
		in, problem := readEdit(append(commentLines(bytes.Count(notes, []byte("\n"))), body...), current, force)
		next := editHeader(current, problem)
		// The second try has the notes' size; a third is only a guard.
		if bytes.Count(next, []byte("\n")) == bytes.Count(notes, []byte("\n")) || tries == 2 {
			return in, next, problem
		}
		notes = next
	}
}

// commentLines is n lines that are only a comment.
func commentLines(n int) []byte { return bytes.Repeat([]byte("#\n"), n) }

// readEdit checks the edited text as 'update -f' would and returns the
// full record it makes of the current one (force: as --force does). A
// problem the checks of the whole record find names the line of the
// text where it gives the value (placed).
func readEdit(text []byte, current *client.Calendar, force bool) (client.CalendarInput, error) {
	file, err := decodeCalendarFile(text, "the edited calendar")
	if err != nil {
		return client.CalendarInput{}, err
	}
	changes := file.Records[0]
	if err := refuseShortLists(changes); err != nil {
		return client.CalendarInput{}, placed(err, file.Place)
	}
	in, err := changedRecord(current, changes, force, "give them in this file")
	return in, placed(err, file.Place)
}

// placed is err with each of its problems that names a field the file
// gives ("season 1") said where it gives it ("line 14: seasons[1]", as
// place says): the checks of the record, with the file over it, know the
// fields, not the lines.
func placed(err error, place func(field string) string) error {
	var ps *cmdutil.Problems
	if err == nil || place == nil || !errors.As(err, &ps) {
		return err
	}
	for i, p := range ps.List {
		if at := place(p.Where); at != "" {
			ps.List[i].Where = at
		}
	}
	return err
}

// isCheckFailure reports whether err is the file failing a check (bad
// YAML, an unknown key, an impossible date, a field the update must send
// that the server's answer lacked), which the user can fix in the editor,
// rather than a failure to read it at all.
func isCheckFailure(err error) bool {
	var usage *cmdutil.UsageError
	var unread *cmdutil.UnreadError
	return errors.As(err, &usage) || errors.As(err, &unread)
}

// headerEnd marks the end of the comment block kanka writes at the top,
// so that the next round replaces it rather than stacking another.
const headerEnd = "# ---- end of kanka's notes ----\n"

func editHeader(cal *client.Calendar, problem error) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# Editing calendar %d %q. Lines starting with '#' are ignored;\n", cal.ID, oneLine(cal.Name))
	b.WriteString("# an empty file cancels. A key you remove keeps its value: write it\n")
	b.WriteString("# empty to clear it (suffix: \"\", seasons: []).\n")
	if problem != nil {
		b.WriteString("#\n# The file was not sent:\n")
		for _, line := range strings.Split(strings.TrimRight(problem.Error(), "\n"), "\n") {
			b.WriteString("#   " + oneLine(line) + "\n")
		}
	}
	b.WriteString(headerEnd)
	return []byte(b.String())
}

// oneLine keeps a server's text from breaking out of a comment line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// withoutHeader is text without the notes kanka put at its top.
func withoutHeader(text []byte) []byte {
	if i := bytes.Index(text, []byte(headerEnd)); i >= 0 {
		return text[i+len(headerEnd):]
	}
	return text
}

// withoutComments drops the lines that are only a comment.
func withoutComments(text []byte) []byte {
	var kept [][]byte
	for _, line := range bytes.Split(text, []byte("\n")) {
		if !bytes.HasPrefix(bytes.TrimSpace(line), []byte("#")) {
			kept = append(kept, line)
		}
	}
	return bytes.Join(kept, []byte("\n"))
}
