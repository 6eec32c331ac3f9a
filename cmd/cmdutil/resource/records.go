package resource

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	yaml "go.yaml.in/yaml/v3"
)

// RecordFile is how a -f file of one record or a list of records is read
// (a create takes either; an update refuses a list): the client's
// decoders of one and of a list, and where the file gives each value.
// Records dated on a calendar (client.Dating) may write dates with names.
type RecordFile[In any] struct {
	One   func(*yaml.Node) (In, error)
	List  func(*yaml.Node) ([]In, error)
	Lines func(*yaml.Node) client.FileLines
	// Plural names the records: "the list holds no entries".
	Plural string
}

// Read reads the file at path ("-" is standard input). Unknown keys,
// mistyped values, fractions where a whole number is wanted, text that
// is not UTF-8 and an empty list are UsageErrors naming the key and the
// line.
func (d *RecordFile[In]) Read(ctx context.Context, streams *cmdutil.IOStreams, path string) (*File[In], error) {
	return ReadFile(ctx, streams, path, d.decode)
}

func (d *RecordFile[In]) decode(text []byte, source string) (*File[In], error) {
	doc, err := cmdutil.ParseYAML(text, source)
	if err != nil {
		return nil, err
	}
	f := &File[In]{Source: source}
	f.IsList = len(doc.Content) > 0 && doc.Content[0].Kind == yaml.SequenceNode
	if f.IsList {
		f.Records, err = d.List(doc)
	} else {
		var one In
		one, err = d.One(doc)
		f.Records = []In{one}
	}
	if err != nil {
		return nil, cmdutil.InFile(source, err)
	}
	if len(f.Records) == 0 {
		return nil, cmdutil.UsageErrorf("%s: the list holds no %s", source, d.Plural)
	}
	// A date written with names is read with the calendar later: its
	// place is then said with the file's name.
	for i := range f.Records {
		if r, ok := any(&f.Records[i]).(client.Dating); ok && r.Dates().Written != nil {
			r.Dates().Written.Where = source + ": " + r.Dates().Written.Where
		}
	}
	f.Place = d.Lines(doc).PlaceKey
	return f, nil
}

// CreateEach creates the run's records: its one record as it is, or each
// of a -f list one by one, with one progress line on a terminal (what says
// each: "1492-1-3 sun"). A failure stops a list: a BatchError says on
// stderr what was created and which record failed (name), and keeps the
// failure's kind for the exit code. What was created is returned, also
// when it fails part way.
func CreateEach[T output.Record, In any](r *Run[In], what, name func(i int, in *In) string, create func(in In) (T, error)) ([]T, error) {
	if !r.IsList() {
		made, err := create(r.Records[0])
		return []T{made}, err
	}
	f := r.Factory
	progress := cmdutil.NewProgress(f.IO, f.Quiet())
	defer progress.Clear()
	created := make([]T, 0, len(r.Records))
	var ids []string
	for i := range r.Records {
		progress.Show(i+1, len(r.Records), "creating "+what(i, &r.Records[i]))
		made, err := create(r.Records[i])
		if err != nil {
			progress.Clear()
			batch := &cmdutil.BatchError{Verb: "created", Done: ids, Total: len(r.Records), Failed: name(i, &r.Records[i]), Err: err}
			return created, batch.Report(f)
		}
		created = append(created, made)
		ids = append(ids, strconv.Itoa(made.RecordID()))
	}
	return created, nil
}

// RecordName is "entry 4 (1492-3-4)", or "entry 4" when the record has no
// label: a record of a -f list in messages.
func RecordName(noun string, i int, label string) string {
	if label == "" {
		return fmt.Sprintf("%s %d", noun, i+1)
	}
	return fmt.Sprintf("%s %d (%s)", noun, i+1, label)
}

// CheckEach is every problem of records as one UsageError, nil when there
// is none: check gives a record's (*client.InputError: each at its field).
// one and plural name the records ("weather entry", "weather entries").
// numbered (a -f list) names each record's problems with the record
// ("entry 4 (1492-3-4)": its label); place, when set, says where the -f
// file gives a value (File.Place), so that a problem is said at its line.
func CheckEach[In any](one, plural string, records []In, numbered bool, label func(*In) string, check func(*In) error, place func(string) string) error {
	ps := &cmdutil.Problems{Subject: "the " + one + " is not valid"}
	item := one[strings.LastIndex(one, " ")+1:]
	bad := 0
	for i := range records {
		before := len(ps.List)
		where, key := "", ""
		if numbered {
			where, key = RecordName(item, i, label(&records[i])), fmt.Sprintf("[%d].", i+1)
		}
		ps.AddInputAt(where, check(&records[i]), func(field string) string {
			if place == nil {
				return ""
			}
			return place(key + field)
		})
		if len(ps.List) > before {
			bad++
		}
	}
	if numbered {
		ps.Subject = fmt.Sprintf("%d %s not valid", bad, cmdutil.Plural(bad, one+" is", plural+" are"))
	}
	return ps.Err()
}

// ResolveDates turns the months written by name in the records into
// numbers with cal's months, and a date counted from today into the day it
// is (client.ResolveDates); every name that is no month is said, one a
// line, in one UsageError. The day today (or +3) is is said on stderr, so
// that the day written is never a surprise.
func ResolveDates[In any, P interface {
	*In
	client.Dating
}](f *cmdutil.Factory, cal *client.Calendar, records []In) error {
	var counted string
	for i := range records {
		if w := P(&records[i]).Dates().Written; w != nil && w.Date && almanac.IsRelative(w.Text) {
			counted = strings.TrimSpace(w.Text) // the flag's, the same in every record
		}
	}
	if err := cmdutil.AsUsage(client.ResolveDates[In, P](cal, records)); err != nil || counted == "" {
		return err
	}
	d := P(&records[0]).Dates().Date()
	day := d.String()
	if r, err := cal.Reckoning(); err == nil {
		day = r.FormatShort(d)
	}
	cmdutil.Say(f, "%s is %s (%s) on calendar %d %q", counted, d, output.Sanitize(day), cal.ID, cal.Name)
	return nil
}
