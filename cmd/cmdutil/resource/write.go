package resource

import (
	"context"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Writes is what the create and update verbs need of a resource beyond its
// Spec (as hcloud's base create and update commands take it): its field
// table, how its -f file reads, and the writes themselves. The verbs own
// the rest: the flags of the table's fields, -f FILE|-, the parent flag,
// the checks that nothing reads standard input twice and that something
// was given, the file read before any request, the flags put over each
// record of the file, the lookup and read of the record to update, and
// the printing. In is the resource's writable type.
type Writes[T output.Record, In any] struct {
	Fields client.Fields[In]
	// Flags are the flags of the fields, beside the client's table.
	Flags []Flag[In]
	// ReadFile reads the -f file at path ("-" is standard input).
	ReadFile func(ctx context.Context, streams *cmdutil.IOStreams, path string) (*File[In], error)

	// CheckCreate and CheckUpdate check the run's records before any
	// request, so that bad input sends nothing; they may complete them
	// (month names, defaults). nil: none.
	CheckCreate, CheckUpdate func(run *Run[In]) error
	// Create writes the run's records (one, or each of a list) and returns
	// what was created, also when it fails part way.
	Create func(run *Run[In]) ([]T, error)
	// Update writes the run's one record over current and returns the
	// record as written.
	Update func(run *Run[In], current T) (T, error)

	// NothingToCreate and NothingToChange are the usage errors when
	// neither -f nor a field flag was given ("": create takes that).
	NothingToCreate, NothingToChange string
	// CreateFlags and UpdateFlags register a verb's own flags
	// (--allow-duplicate, --force).
	CreateFlags, UpdateFlags func(fs *pflag.FlagSet)
	CreateHelp, UpdateHelp   Help

	// Intercept, when set, runs instead of the write once the flags are
	// read: tests see what a command line gives.
	Intercept func(run *Run[In]) error
}

// Run is one run of create or update.
type Run[In any] struct {
	Ctx     context.Context
	Factory *cmdutil.Factory
	// Parent is the parent flag's ID|NAME ("" for a top resource); Arg
	// the record argument of update.
	Parent, Arg string
	// FilePath is -f, "" when not given; File what it held.
	FilePath string
	File     *File[In]
	// Flags are the field flags given.
	Flags In
	// Records are the file's records, each with the flags over it; the
	// flags alone without -f. An update has one.
	Records []In
	// Client and Scope are set once the run connects, after the checks.
	Client *client.Client
	Scope  *Scope
}

// NewCreateCmd builds `<noun> create [-f FILE|-] [field flags]`.
func NewCreateCmd[T output.Record, In any](f *cmdutil.Factory, s *Spec[T], w *Writes[T, In]) *cobra.Command {
	run := &Run[In]{Factory: f}
	var ff *FieldFlags[In]
	cmd := s.command("create", "[-f FILE|-] [field flags]", w.CreateHelp, cobra.NoArgs, &run.Parent, func(cmd *cobra.Command, _ []string) error {
		p, err := w.prepare(cmd, s, run, ff, w.NothingToCreate, w.CheckCreate)
		if p == nil {
			return err // refused, intercepted, or no connection
		}
		created, err := w.Create(run)
		if !run.IsList() {
			if err != nil {
				return err
			}
			// What was made is said on stderr whatever -o prints, as
			// weather set and delete say what they did.
			cmdutil.Say(f, "created %s", s.made(created[0]))
			return p.PrintOne(created[0], kindAtHand(s, run, p))
		}
		// What was created goes to stdout even when a later record
		// failed, so that a script keeps the ids it must not create
		// again.
		if len(created) > 0 || err == nil {
			if perr := p.PrintList(Records(Slice(created)), kindAtHand(s, run, p)); err == nil {
				err = perr
			}
		}
		if err == nil {
			cmdutil.Say(f, "created %s", s.count(len(created)))
		}
		return err
	})
	ff = w.addFlags(cmd, run, "read the "+s.one()+" from `FILE` (YAML or JSON; - is standard input)", w.CreateFlags)
	return cmd
}

// NewUpdateCmd builds `<noun> update ARG [-f FILE|-] [field flags]`.
func NewUpdateCmd[T output.Record, In any](f *cmdutil.Factory, s *Spec[T], w *Writes[T, In]) *cobra.Command {
	run := &Run[In]{Factory: f}
	var ff *FieldFlags[In]
	cmd := s.command("update", s.Arg+" [-f FILE|-] [field flags]", w.UpdateHelp, cobra.ExactArgs(1), &run.Parent, func(cmd *cobra.Command, args []string) error {
		run.Arg = args[0]
		p, err := w.prepare(cmd, s, run, ff, w.NothingToChange, w.CheckUpdate)
		if p == nil {
			return err // refused, intercepted, or no connection
		}
		current, err := s.fetch(run.Ctx, run.Client, run.Scope, run.Arg)
		if err != nil {
			return err
		}
		updated, err := w.Update(run, current)
		if err != nil {
			return err
		}
		return p.PrintOne(updated, kindAtHand(s, run, p))
	})
	ff = w.addFlags(cmd, run, "read the changes from `FILE` (YAML or JSON; - is standard input)", w.UpdateFlags)
	return cmd
}

// addFlags registers -f, the verb's own flags and the field flags, after
// the parent flag (Spec.command), in the order help lists them.
func (w *Writes[T, In]) addFlags(cmd *cobra.Command, run *Run[In], fileUsage string, own func(*pflag.FlagSet)) *FieldFlags[In] {
	cmd.Flags().StringVarP(&run.FilePath, "file", "f", "", fileUsage)
	if own != nil {
		own(cmd.Flags())
	}
	return AddFieldFlags(cmd, run.Factory, w.Flags)
}

// prepare reads the flags and the input (before any request, so that bad
// input sends nothing), runs the verb's check and connects. It returns the
// printer for the answer, nil when the run ends here (an error, or
// Intercept ran).
func (w *Writes[T, In]) prepare(cmd *cobra.Command, s *Spec[T], run *Run[In], ff *FieldFlags[In], nothing string, check func(*Run[In]) error) (*output.Printer, error) {
	if err := run.readFlags(cmd, ff, nothing); err != nil {
		return nil, err
	}
	if w.Intercept != nil {
		return nil, w.Intercept(run)
	}
	// A create (it has no record argument) takes a list; an update, one.
	p, err := w.readInput(run, run.Arg == "")
	if err != nil {
		return nil, err
	}
	if check != nil {
		if err := check(run); err != nil {
			return nil, err
		}
	}
	if err := Connect(s, run); err != nil {
		return nil, err
	}
	return p, nil
}

// readFlags reads the field flags, refusing a run given nothing (nothing
// says so, "" when that is allowed) and one that would read standard input
// twice.
func (run *Run[In]) readFlags(cmd *cobra.Command, ff *FieldFlags[In], nothing string) error {
	run.Ctx = Context(cmd)
	if nothing != "" && run.FilePath == "" && !ff.Given(cmd.Flags()) {
		return cmdutil.CommandLineErrorf("%s", nothing)
	}
	if flag, ok := ff.ReadsStdin(cmd.Flags()); ok && run.FilePath == "-" {
		return cmdutil.CommandLineErrorf("-f - and --%s - cannot both read standard input", flag)
	}
	flags, err := ff.Parse(run.Ctx, cmd.Flags(), run.Factory.IO)
	run.Flags = flags
	return err
}

// readInput builds the printer and reads -f, both before any request, and
// puts the flags over each record of the file. Only a create (lists) takes
// a list.
func (w *Writes[T, In]) readInput(run *Run[In], lists bool) (*output.Printer, error) {
	p, err := NewPrinter(run.Factory)
	if err != nil {
		return nil, err
	}
	if run.FilePath == "" {
		run.Records = []In{run.Flags}
		return p, nil
	}
	if run.File, err = w.ReadFile(run.Ctx, run.Factory.IO, run.FilePath); err != nil {
		return nil, err
	}
	if run.File.IsList && !lists {
		return nil, cmdutil.UsageErrorf("%s: holds a list; update takes one entry", run.File.Source)
	}
	run.Records = make([]In, len(run.File.Records))
	for i := range run.File.Records {
		run.Records[i] = w.Fields.Over(&run.File.Records[i], &run.Flags)
	}
	return p, nil
}

// Connect takes the campaign's lock, then makes the run's client and
// resolves its parent: for a write verb a resource keeps (weather set).
// The lock comes before the first read, so that what the write decides on
// (a duplicate name, the entry of a day) is not changed meanwhile by
// another kanka of this machine.
func Connect[T output.Record, In any](s *Spec[T], run *Run[In]) (err error) {
	if err := run.Factory.LockCampaign(run.Ctx); err != nil {
		return err
	}
	run.Client, run.Scope, err = s.connect(run.Ctx, run.Factory, run.Parent)
	return err
}

// kindAtHand is the Kind to print a write's answer with: on a terminal
// table or detail view the readable one when the parent is at hand (the
// write read it, or its lookup did), so that printing costs no request
// (AtHand tells the ReadableKind so).
func kindAtHand[T output.Record, In any](s *Spec[T], run *Run[In], p *output.Printer) output.Kind {
	if s.ReadableKind == nil || run.Scope == nil || run.Scope.Parent == nil || !p.Readable() {
		return s.Kind
	}
	kind, err := s.ReadableKind(context.WithValue(run.Ctx, atHandKey{}, true), run.Client, run.Scope)
	if err != nil {
		return s.Kind
	}
	return kind
}
