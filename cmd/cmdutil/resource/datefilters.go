package resource

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/pflag"
)

// DateFilters are the list filters of records dated on a calendar (a
// weather entry): --year, --month, --date, --from and --to. The service
// filters none of them, so they apply here (Query.Keep). Numbers are read
// before any request; a month or date by name needs the calendar's months,
// read after the parent is resolved and before the first page
// (Query.Prepare).
type DateFilters[T any] struct {
	// DateOf is a record's date.
	DateOf func(T) client.Date
	// Calendar is the calendar the dates are of: the parent the lookup
	// held, else read (one GET) and kept in the scope; why says what for in
	// the error of that read.
	Calendar func(ctx context.Context, c *client.Client, s *Scope, why string) (*client.Calendar, error)
	// Plural names the records in the flags' help: "entries".
	Plural string
	flags  dateFlags
}

// DateFiltersHelp is the paragraph of a list's help that says what the
// date filters do to the records (plural) of the calendar --calendar names.
func DateFiltersHelp(plural string) string {
	return `--year, --month, --date and --from/--to keep the ` + plural + ` of a year,
month, day or span (dates: kanka help dates); the service cannot filter
them, so every page is read.`
}

// dateFlags are the values of the filter flags.
type dateFlags struct {
	year           int
	month          string
	date, from, to string
}

// Register adds the filter flags to fs.
func (df *DateFilters[T]) Register(fs *pflag.FlagSet) {
	lf, only := &df.flags, "only the "+df.Plural
	fs.IntVar(&lf.year, "year", 0, only+" of year `Y`")
	fs.StringVar(&lf.month, "month", "", only+" of month `M`: a number (1 is the first), name, alias or prefix")
	fs.StringVar(&lf.date, "date", "", only+" of day `D` (1492-4-3, 1492-Ches-3, 3 Ches 1492, today, +3)")
	fs.StringVar(&lf.from, "from", "", only+" on or after day `D` (a date, or -7: days from today)")
	fs.StringVar(&lf.to, "to", "", only+" on or before day `D` (a date, or +7: days from today)")
}

// Apply reads the flags, before any request, into q: a bad value is a
// UsageError and nothing is sent. Without a filter q is left alone.
func (df *DateFilters[T]) Apply(fs *pflag.FlagSet, q *Query[T]) error {
	f, err := df.flags.read(fs)
	if err != nil || f.empty() {
		return err
	}
	q.Keep = func(r T) bool { return f.keeps(df.DateOf(r)) }
	q.Prepare = func(ctx context.Context, c *client.Client, s *Scope) error {
		return f.prepare(ctx, c, s, df.Calendar)
	}
	return nil
}

// dateFilter is what the flags ask for, once read. A nil bound is no bound.
type dateFilter struct {
	year     *int
	month    *int
	from, to *client.Date
	// fromFlag and toFlag name the flags of the bounds: "date" for both
	// with --date.
	fromFlag, toFlag string
	// named are the values that need the calendar: a month or date by name.
	named []namedValue
}

// namedValue is a flag value only the calendar can read, and where its
// reading goes.
type namedValue struct {
	flag, text string
	month      **int
	date       **client.Date
}

// read checks the flags and reads what needs no calendar.
func (lf *dateFlags) read(fs *pflag.FlagSet) (*dateFilter, error) {
	f := &dateFilter{}
	if fs.Changed("date") && (fs.Changed("from") || fs.Changed("to")) {
		return nil, cmdutil.CommandLineErrorf("--date cannot be used with --from or --to: give one day, or a span")
	}
	if fs.Changed("year") {
		f.year = &lf.year
	}
	if fs.Changed("month") {
		if err := f.readMonth(lf.month); err != nil {
			return nil, err
		}
	}
	for _, d := range []struct {
		flag, text string
		into       []**client.Date
	}{
		{"date", lf.date, []**client.Date{&f.from, &f.to}},
		{"from", lf.from, []**client.Date{&f.from}},
		{"to", lf.to, []**client.Date{&f.to}},
	} {
		if !fs.Changed(d.flag) {
			continue
		}
		if d.flag != "to" {
			f.fromFlag = d.flag
		}
		if d.flag != "from" {
			f.toFlag = d.flag
		}
		if err := f.readDate(d.flag, d.text, d.into); err != nil {
			return nil, err
		}
	}
	return f, f.checkSpan()
}

// readMonth reads a month by number now; a name waits for the calendar.
func (f *dateFilter) readMonth(text string) error {
	month, name, err := ReadMonth(text, "--month")
	switch {
	case err != nil:
		return cmdutil.UsageErrorf("--month: %v", err)
	case name != nil:
		f.named = append(f.named, namedValue{flag: "month", text: strings.TrimSpace(text), month: &f.month})
	default:
		f.month = month
	}
	return nil
}

// ReadMonth reads a month as a flag gives it: by number (1 is the first),
// or a name kept to be resolved against the calendar's months (where names
// the flag). Every month typed on the command line goes through it.
func ReadMonth(s, where string) (*int, *client.Written, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil, fmt.Errorf("no month given")
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	switch {
	case err == nil && n >= 1:
		return &n, nil, nil
	case err == nil || strings.Trim(strings.TrimPrefix(strings.TrimSpace(s), "-"), "0123456789.") == "":
		return nil, nil, fmt.Errorf("the month %q is not a month number (1 is the first) or name", s)
	}
	return nil, &client.Written{Text: s, Where: where}, nil
}

// DateFlag reads the date a flag gives, before any request: one in
// numbers now (its month and day counted from 1), or nil for one that
// waits for the calendar (month or year names, or a date counted from
// today: "today", "+3"). What can be no date, or nothing, is refused.
func DateFlag(flag, text string) (*client.Date, error) {
	if strings.TrimSpace(text) == "" {
		return nil, cmdutil.UsageErrorf("--%s: no date given", flag)
	}
	d, err := client.ParseDate(text)
	switch {
	case err != nil:
		if err := almanac.CheckDateShape(text); err != nil {
			return nil, cmdutil.UsageErrorf("--%s: %v", flag, err)
		}
		return nil, nil
	case d.Month < 1:
		return nil, cmdutil.UsageErrorf("--%s: month %d does not exist: months are counted from 1", flag, d.Month)
	case d.Day < 1:
		return nil, cmdutil.UsageErrorf("--%s: day %d does not exist: days are counted from 1", flag, d.Day)
	}
	return &d, nil
}

// CheckSpan refuses --from after --to, when both are known.
func CheckSpan(from, to *client.Date) error {
	if from != nil && to != nil && from.Compare(*to) > 0 {
		return cmdutil.UsageErrorf("--from %s is after --to %s: no day is in between", *from, *to)
	}
	return nil
}

// readDate reads a numeric date now; a named one waits for the calendar.
// --date sets both ends of the span.
func (f *dateFilter) readDate(flag, text string, into []**client.Date) error {
	d, err := DateFlag(flag, text)
	if err != nil {
		return err
	}
	for _, p := range into {
		if d == nil {
			f.named = append(f.named, namedValue{flag: flag, text: text, date: p})
		} else {
			*p = d
		}
	}
	return nil
}

// checkSpan refuses a span that ends before it starts.
func (f *dateFilter) checkSpan() error { return CheckSpan(f.from, f.to) }

func (f *dateFilter) empty() bool {
	return f.year == nil && f.month == nil && f.from == nil && f.to == nil && len(f.named) == 0
}

// prepare reads the named values with the calendar's almanac, and checks
// the numeric dates with it too when the calendar is at hand anyway (a name
// lookup, or a terminal table). A calendar read for names alone costs one
// GET; nothing is read when every value is a number.
func (f *dateFilter) prepare(ctx context.Context, c *client.Client, s *Scope,
	calendar func(context.Context, *client.Client, *Scope, string) (*client.Calendar, error)) error {
	held, _ := s.Parent.(*client.Calendar)
	if len(f.named) == 0 && held == nil {
		return nil
	}
	why := "for its month names"
	for _, n := range f.named {
		if almanac.IsRelative(n.text) {
			why = "for its current date"
		}
	}
	cal, err := calendar(ctx, c, s, why)
	if err != nil {
		return err
	}
	r, err := cal.Reckoning()
	if err != nil {
		if len(f.named) == 0 {
			return nil // the numbers were read; the calendar cannot check them
		}
		return cmdutil.UsageErrorf("--%s %s: calendar %d has no months to name: %v", f.named[0].flag, f.named[0].text, cal.ID, err)
	}
	for _, n := range f.named {
		if n.month != nil {
			m, err := r.ParseMonth(n.text)
			if err != nil {
				return cmdutil.UsageErrorf("--month: %v", err)
			}
			*n.month = &m
			continue
		}
		d, err := r.ParseDate(n.text)
		if err != nil {
			return cmdutil.UsageErrorf("--%s: %v", n.flag, err)
		}
		*n.date = &d
	}
	if f.month != nil {
		if _, err := r.ParseMonth(strconv.Itoa(*f.month)); err != nil {
			return cmdutil.UsageErrorf("--month: %v", err)
		}
	}
	for _, d := range []struct {
		flag string
		date *client.Date
	}{{f.fromFlag, f.from}, {f.toFlag, f.to}} {
		if d.date == nil {
			continue
		}
		if err := r.CheckWritten(*d.date); err != nil {
			return cmdutil.UsageErrorf("--%s: %v", d.flag, err)
		}
	}
	return f.checkSpan()
}

// keeps reports whether a record of date d passes the filters.
func (f *dateFilter) keeps(d client.Date) bool {
	return (f.year == nil || d.Year == *f.year) &&
		(f.month == nil || d.Month == *f.month) &&
		(f.from == nil || d.Compare(*f.from) >= 0) &&
		(f.to == nil || d.Compare(*f.to) <= 0)
}
