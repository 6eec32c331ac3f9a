package weather

import (
	"cmp"
	"context"
	"iter"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/pflag"
)

// The filters of `weather list`. The service has no weather filters
// (calendar-api.md), so every page is read and they apply here. Numbers are
// read before any request; a month or date by name needs the calendar's
// months, read after --calendar is resolved and before the first page.

// listFlags are the values of the filter flags.
type listFlags struct {
	year                 int
	month                string
	date, from, to, sort string
}

func (lf *listFlags) register(fs *pflag.FlagSet) {
	fs.IntVar(&lf.year, "year", 0, "only the entries of year `Y`")
	fs.StringVar(&lf.month, "month", "", "only the entries of month `M`: a number (1 is the first), name, alias or prefix")
	fs.StringVar(&lf.date, "date", "", "only the entries of day `D` (1492-4-3, 1492-Ches-3, 3 Ches 1492)")
	fs.StringVar(&lf.from, "from", "", "only the entries on or after day `D`")
	fs.StringVar(&lf.to, "to", "", "only the entries on or before day `D`")
	fs.StringVar(&lf.sort, "sort", "", "order by `date` (then id) or by id, the server's order (default: by date in a table, wide and yaml; "+
		"json, ndjson and id in the server's order, streamed)")
}

// filter is what the flags ask for, once read. A nil bound is no bound.
type filter struct {
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

func listFilters(fs *pflag.FlagSet) func(*pflag.FlagSet) (resource.Query[*client.Weather], error) {
	var lf listFlags
	lf.register(fs)
	return func(fs *pflag.FlagSet) (resource.Query[*client.Weather], error) {
		q := resource.Query[*client.Weather]{
			Walk: func(ctx context.Context, c *client.Client, calendarID, limit int) iter.Seq2[*client.Weather, error] {
				return c.AllWeather(ctx, calendarID, &client.WeatherListOptions{Limit: limit})
			},
			Page: func(ctx context.Context, c *client.Client, calendarID, page int) ([]*client.Weather, error) {
				p, err := c.ListWeather(ctx, calendarID, &client.WeatherListOptions{Page: page})
				if err != nil {
					return nil, err
				}
				return p.Items, nil
			},
		}
		// By date is the order for people: the table, wide and yaml; the
		// formats that stream keep the server's order unless --sort date
		// asks for it (resource.NewListCmd).
		switch strings.ToLower(lf.sort) {
		case "", "date":
			q.Compare = byDate
		case "id":
		default:
			return q, cmdutil.UsageErrorf("--sort %q: sort by date or id", lf.sort)
		}
		f, err := lf.read(fs)
		if err != nil {
			return q, err
		}
		if f.empty() {
			return q, nil
		}
		q.Keep = f.keep
		q.Prepare = f.prepare
		return q, nil
	}
}

// read checks the flags and reads what needs no calendar.
func (lf *listFlags) read(fs *pflag.FlagSet) (*filter, error) {
	f := &filter{}
	if fs.Changed("date") && (fs.Changed("from") || fs.Changed("to")) {
		return nil, cmdutil.UsageErrorf("--date cannot be used with --from or --to: give one day, or a span")
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
func (f *filter) readMonth(text string) error {
	month, name, err := client.ReadMonth(text, "--month")
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

// readDate reads a numeric date now; a named one waits for the calendar.
// --date sets both ends of the span.
func (f *filter) readDate(flag, text string, into []**client.Date) error {
	if strings.TrimSpace(text) == "" {
		return cmdutil.UsageErrorf("--%s: no date given", flag)
	}
	d, err := client.ParseDate(text)
	if err != nil {
		for _, p := range into {
			f.named = append(f.named, namedValue{flag: flag, text: text, date: p})
		}
		return nil
	}
	if d.Month < 1 {
		return cmdutil.UsageErrorf("--%s: month %d does not exist: months are counted from 1", flag, d.Month)
	}
	if d.Day < 1 {
		return cmdutil.UsageErrorf("--%s: day %d does not exist: days are counted from 1", flag, d.Day)
	}
	for _, p := range into {
		*p = &d
	}
	return nil
}

// checkSpan refuses a span that ends before it starts.
func (f *filter) checkSpan() error {
	if f.from != nil && f.to != nil && f.from.Compare(*f.to) > 0 {
		return cmdutil.UsageErrorf("--from %s is after --to %s: no day is in between", *f.from, *f.to)
	}
	return nil
}

func (f *filter) empty() bool {
	return f.year == nil && f.month == nil && f.from == nil && f.to == nil && len(f.named) == 0
}

// prepare reads the named values with the calendar's almanac, and checks
// the numeric dates with it too when the calendar is at hand anyway (a name
// lookup, or a terminal table). A calendar read for names alone costs one
// GET; nothing is read when every value is a number.
func (f *filter) prepare(ctx context.Context, c *client.Client, s *resource.Scope) error {
	held, _ := s.Parent.(*client.Calendar)
	if len(f.named) == 0 && held == nil {
		return nil
	}
	cal, err := scopeCalendar(ctx, c, s, "for its month names")
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
		if err := r.Check(*d.date); err != nil {
			return cmdutil.UsageErrorf("--%s: %v", d.flag, err)
		}
	}
	return f.checkSpan()
}

func (f *filter) keep(w *client.Weather) bool {
	d := w.Date()
	return (f.year == nil || d.Year == *f.year) &&
		(f.month == nil || d.Month == *f.month) &&
		(f.from == nil || d.Compare(*f.from) >= 0) &&
		(f.to == nil || d.Compare(*f.to) <= 0)
}

// byDate is the order for people: by date, the entries of one day by id.
func byDate(a, b *client.Weather) int {
	return cmp.Or(a.Date().Compare(b.Date()), cmp.Compare(a.ID, b.ID))
}
