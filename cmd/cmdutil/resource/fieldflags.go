package resource

import (
	"context"
	"fmt"
	"strconv"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// FieldFlags are the flags of a resource's fields on one command (Flag):
// registered from its flag table, read back into the resource's writable
// type. A new field with a flag needs nothing here.
type FieldFlags[In any] struct {
	forms []Flag[In]
	// values holds what each flag was typed as, by flag name.
	texts map[string]*string
	lists map[string]*[]string
	ints  map[string]*int
	intss map[string]*[]int
	bools map[string]*bool
}

// AddFieldFlags registers every flag of flags on cmd, with the candidates
// of those that have some (f gives them what they read).
func AddFieldFlags[In any](cmd *cobra.Command, f *cmdutil.Factory, flags []Flag[In]) *FieldFlags[In] {
	ff := &FieldFlags[In]{forms: flags, texts: map[string]*string{},
		lists: map[string]*[]string{}, ints: map[string]*int{}, intss: map[string]*[]int{}, bools: map[string]*bool{}}
	fs := cmd.Flags()
	for _, fl := range flags {
		name, usage := fl.Name, fl.Usage
		switch fl.Kind {
		case FlagText:
			ff.texts[name] = fs.String(name, "", usage)
		case FlagTexts:
			ff.lists[name] = fs.StringArray(name, nil, usage)
		case FlagInt:
			ff.ints[name] = fs.Int(name, 0, usage)
		case FlagInts:
			ff.intss[name] = fs.IntSlice(name, nil, usage)
		case FlagBool:
			ff.bools[name] = fs.Bool(name, false, usage)
		}
		if fl.Complete != nil {
			_ = cmd.RegisterFlagCompletionFunc(name, fl.Complete(f))
		}
	}
	return ff
}

// Given reports whether at least one field flag was given (global flags
// such as -o do not count).
func (ff *FieldFlags[In]) Given(fs *pflag.FlagSet) bool {
	for _, f := range ff.forms {
		if fs.Changed(f.Name) {
			return true
		}
	}
	return false
}

// ReadsStdin reports whether a flag that reads a file was given "-".
func (ff *FieldFlags[In]) ReadsStdin(fs *pflag.FlagSet) (string, bool) {
	for _, f := range ff.forms {
		if f.File && fs.Changed(f.Name) && *ff.texts[f.Name] == "-" {
			return f.Name, true
		}
	}
	return "", false
}

// Parse returns the fields the flags give. Every problem is a usage error
// naming the flag (and the value), found before any request: flags that
// cannot go together, a value the field cannot take, a file that is not
// UTF-8 text. ctx ends the read of a file flag that blocks.
func (ff *FieldFlags[In]) Parse(ctx context.Context, fs *pflag.FlagSet, streams *cmdutil.IOStreams) (In, error) {
	var in In
	if err := cmdutil.RefuseNonUTF8Flags(fs); err != nil {
		return in, err
	}
	if err := ff.refuseTogether(fs); err != nil {
		return in, err
	}
	for _, f := range ff.forms {
		name := f.Name
		if !fs.Changed(name) {
			continue
		}
		if f.File {
			if err := ff.readFile(ctx, fs, streams, &f, &in); err != nil {
				return in, err
			}
			continue
		}
		if err := f.Set(&in, ff.values(&f)); err != nil {
			return in, cmdutil.UsageErrorf("--%s%s", name, err)
		}
	}
	return in, nil
}

// values are what a flag was typed as, as texts.
func (ff *FieldFlags[In]) values(form *Flag[In]) []string {
	name := form.Name
	switch form.Kind {
	case FlagTexts:
		return *ff.lists[name]
	case FlagInt:
		return []string{strconv.Itoa(*ff.ints[name])}
	case FlagInts:
		out := make([]string, len(*ff.intss[name]))
		for i, n := range *ff.intss[name] {
			out[i] = strconv.Itoa(n)
		}
		return out
	case FlagBool:
		return []string{strconv.FormatBool(*ff.bools[name])}
	}
	return []string{*ff.texts[name]}
}

// refuseTogether refuses two forms of one field, or a flag with one it
// excludes (cobra's own check is not a usage error).
func (ff *FieldFlags[In]) refuseTogether(fs *pflag.FlagSet) error {
	for i, a := range ff.forms {
		if !fs.Changed(a.Name) {
			continue
		}
		for _, b := range ff.forms[i+1:] {
			if b.Field == a.Field && fs.Changed(b.Name) {
				return together(a.Name, b.Name)
			}
		}
		for _, other := range a.Excludes {
			if fs.Changed(other) {
				return together(a.Name, other)
			}
		}
	}
	return nil
}

func together(a, b string) error {
	return cmdutil.CommandLineErrorf("--%s and --%s cannot be used together", a, b)
}

// readFile gives the field the text of the file a flag names ("-" is
// standard input): UTF-8 text, its problems naming the flag, the file and
// the line.
func (ff *FieldFlags[In]) readFile(ctx context.Context, fs *pflag.FlagSet, streams *cmdutil.IOStreams, form *Flag[In], in *In) error {
	path := *ff.texts[form.Name]
	data, err := cmdutil.ReadInput(ctx, streams, path)
	if err != nil {
		return fmt.Errorf("--%s: %w", form.Name, err)
	}
	source := cmdutil.SourceName(path)
	if line, bad := cmdutil.FirstNonUTF8Line(data); bad {
		return cmdutil.UsageErrorf("--%s: %s: line %d: is not valid UTF-8 text; save the file as UTF-8", form.Name, source, line)
	}
	if err := form.Set(in, []string{string(data)}); err != nil {
		return cmdutil.UsageErrorf("--%s: %s%s", form.Name, source, err)
	}
	return nil
}
