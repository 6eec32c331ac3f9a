package cmdutil

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// A command declares its arguments twice: its Args check (cobra.ExactArgs
// and the like) and the placeholders of its Use line ("show ID|NAME
// [--date D]"). When the check fails on their number, the message is
// built from the Use line, so that it says what is missing or extra in
// the words of the help: "missing ID|NAME: the calendar to show", not
// cobra's "accepts 1 arg(s), received 0". This is done once, for every
// command of the tree, by the root (and by the test harness, as it does).

// NamedArgs is check, with its errors usage errors of the command line
// (exit 2, and the hint to read --help) and an error on the number of
// arguments worded from the command's Use line. An error the command
// words itself (a usage error already) is kept as it is.
func NamedArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		err := check(c, args)
		if err == nil {
			return nil
		}
		var usage *UsageError
		if errors.As(err, &usage) {
			return err
		}
		if named := wrongArgCount(c, check, args); named != nil {
			return named
		}
		return &UsageError{Err: err, Hint: true}
	}
}

// placeholder is an argument of a Use line: "ID|NAME", or "ID|NAME..."
// (repeatable).
type placeholder struct {
	name   string
	repeat bool
}

// placeholders are the arguments c's Use line names, after its name: not
// the flags and their values, not what is in brackets (optional), and
// nothing after a "|" between words (another form of the command).
func placeholders(c *cobra.Command) []placeholder {
	var found []placeholder
	words := strings.Fields(c.Use)
	depth := 0
	for i := 1; i < len(words); i++ {
		w := words[i]
		if depth > 0 || strings.HasPrefix(w, "[") {
			depth += strings.Count(w, "[") - strings.Count(w, "]")
			continue
		}
		switch {
		case w == "|":
			return found
		case strings.HasPrefix(w, "-"):
			if takesValue(c.Flags(), w) {
				i++ // its value: "--calendar ID|NAME"
			}
		default:
			name, repeat := strings.CutSuffix(w, "...")
			found = append(found, placeholder{name: name, repeat: repeat})
		}
	}
	return found
}

// takesValue reports whether the flag a Use line writes as word is
// followed by its value there: any flag but a switch.
func takesValue(fs *pflag.FlagSet, word string) bool {
	name := strings.TrimLeft(word, "-")
	f := fs.Lookup(name)
	if f == nil && len(name) == 1 {
		f = fs.ShorthandLookup(name)
	}
	return f == nil || f.NoOptDefVal == ""
}

// wrongArgCount is the usage error for args when their number does not
// fit c's Use line: the placeholders missing, or the arguments extra. It
// is nil when the number fits (the check failed on something else, which
// its own message says), or when check, asked, takes one argument more
// than the Use line shows: then the Use line is no guide, and cobra's
// message stays.
func wrongArgCount(c *cobra.Command, check cobra.PositionalArgs, args []string) error {
	want := placeholders(c)
	most := len(want)
	if most > 0 && want[most-1].repeat {
		most = -1 // as many as given
	}
	switch {
	case len(args) < len(want):
		missing := want[len(args):]
		names := make([]string, len(missing))
		for i, p := range missing {
			names[i] = p.name
			if p.repeat {
				names[i] += "..."
			}
		}
		return CommandLineErrorf("missing %s: %s", strings.Join(names, " "), argumentsMeant(c, missing))
	case most >= 0 && len(args) > most && check(c, args[:most+1]) != nil:
		extra := args[most:]
		quoted := make([]string, len(extra))
		for i, a := range extra {
			quoted[i] = fmt.Sprintf("%q", a)
		}
		noun := "argument"
		if len(extra) > 1 {
			noun += "s"
		}
		if most == 0 {
			msg := fmt.Sprintf("unexpected %s %s: %s takes none", noun, strings.Join(quoted, " "), c.CommandPath())
			// The calendar is a flag of these commands; a newcomer types it
			// where other commands take it, as an argument.
			if f := c.Flags().Lookup("calendar"); f != nil && !f.Changed && len(extra) == 1 {
				msg += fmt.Sprintf("; give the calendar with --calendar %s", quoted[0])
			}
			return CommandLineErrorf("%s", msg)
		}
		names := make([]string, len(want))
		for i, p := range want {
			names[i] = p.name
		}
		return CommandLineErrorf("unexpected %s %s: %s takes %s only", noun, strings.Join(quoted, " "), c.CommandPath(), strings.Join(names, " "))
	}
	return nil
}

// argumentNouns say what a placeholder stands for when its name alone
// does not ("KEY" says it, lowercased); ID|NAME is the record of the
// command's group ("calendar").
var argumentNouns = map[string]string{
	"WEATHER_ID":               "weather entry",
	"NAME":                     "profile",
	"bash|zsh|fish|powershell": "shell",
}

// argumentsMeant says what the missing placeholders stand for: "the
// calendar to show", "the key and the value to set", "the calendars to
// delete". Under the root, where the command's name is no verb, the
// nouns alone: "the shell".
func argumentsMeant(c *cobra.Command, missing []placeholder) string {
	nouns := make([]string, len(missing))
	for i, p := range missing {
		noun, ok := argumentNouns[p.name]
		switch {
		case p.name == "ID|NAME" && c.HasParent():
			noun = c.Parent().Name()
		case !ok:
			noun = strings.ToLower(strings.ReplaceAll(p.name, "_", " "))
		}
		if p.repeat {
			noun = plural(noun)
		}
		nouns[i] = "the " + noun
	}
	meant := strings.Join(nouns, " and ")
	if c.HasParent() && c.Parent().HasParent() {
		meant += " to " + c.Name()
	}
	return meant
}

// plural is noun in the plural: "calendars", "weather entries".
func plural(noun string) string {
	if stem, ok := strings.CutSuffix(noun, "y"); ok {
		return stem + "ies"
	}
	return noun + "s"
}

// Plural is one when n is 1, else many: "1 entry is", "2 entries are".
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// IDs is "id 41" or "ids 41, 42".
func IDs(ids []string) string { return Plural(len(ids), "id ", "ids ") + strings.Join(ids, ", ") }
