package calendar

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/internal/cache"
	"github.com/kanka-cli/kanka/output"
	"github.com/kanka-cli/kanka/output/monthgrid"
	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"
	"golang.org/x/sync/errgroup"
)

// ShowOptions are the parsed arguments and flags of `calendar show`.
type ShowOptions struct {
	Factory *cmdutil.Factory
	Ctx     context.Context
	// Calendar is the ID|NAME argument.
	Calendar string
	// Date is --date, read with the calendar's month names once it is read.
	Date string
	// Day is --day: one day in full rather than its month.
	Day string
	// Year is --year when YearGiven.
	Year      int
	YearGiven bool
	// Month is --month (a number, name, alias or prefix), empty when not given.
	Month     string
	WholeYear bool
	NoWeather bool
	// NoReminders leaves the reminders unread and unmarked.
	NoReminders bool
	// Refresh reads the calendar and every page of its weather and
	// reminders from the service, whatever the cache holds (and brings the
	// cache up to date).
	Refresh bool
}

// NewCmdShow builds `calendar show`; runF replaces showRun in tests.
func NewCmdShow(f *cmdutil.Factory, runF func(*ShowOptions) error) *cobra.Command {
	opts := &ShowOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "show ID|NAME [--date D | --day D | --year Y --month M | --year Y --whole-year]",
		Short: "Show a month of a calendar as a grid",
		Long: `Show a month of a calendar as a grid, like cal(1): the weekdays, the
current date (highlighted on a terminal, in [brackets] otherwise), each
day's weather as a mark (☀ sun, ☂ rain, ❄ snow ...), the days reminders
fall on (•), moon phases and season starts, with a legend that names each
day's reminders and its weather in words. --day shows one day in full.

The current month is shown unless --date, --year and --month, or --year and
--whole-year say which. -o json prints the computed month. The marks, the
JSON and how days are counted: docs/calendar-time.md; requests: kanka help
requests.`,
		Example: `  kanka calendar show "Calendar of Harptos"
  kanka calendar show 1 --date "3 Ches 1492"
  kanka calendar show 1 --day 1492-Ches-3
  kanka calendar show 1 --year 1492 --month ches --no-weather
  kanka calendar show 1 --year 1492 --whole-year | less
  kanka calendar show 1 -o json --jq '.days[] | select(.weather != []) | .date'`,
		Args:        cobra.ExactArgs(1),
		Annotations: showOutputs.Annotations(),
		RunE: func(cmd *cobra.Command, args []string) error {
			fs := cmd.Flags()
			if fs.Changed("date") && (fs.Changed("year") || fs.Changed("month") || fs.Changed("whole-year")) {
				return cmdutil.CommandLineErrorf("--date cannot be used with --year, --month or --whole-year")
			}
			if fs.Changed("day") && (fs.Changed("date") || fs.Changed("year") || fs.Changed("month") || fs.Changed("whole-year")) {
				return cmdutil.UsageErrorf("--day cannot be used with --date, --year, --month or --whole-year")
			}
			if fs.Changed("day") && strings.TrimSpace(opts.Day) == "" {
				return cmdutil.UsageErrorf("--day: no date given")
			}
			if fs.Changed("month") && opts.WholeYear {
				return cmdutil.CommandLineErrorf("--month and --whole-year cannot be used together")
			}
			if fs.Changed("year") && !fs.Changed("month") && !opts.WholeYear {
				return cmdutil.CommandLineErrorf("--year needs --month M or --whole-year")
			}
			if fs.Changed("date") {
				if _, err := resource.DateFlag("date", opts.Date); err != nil {
					return err
				}
			}
			if fs.Changed("month") && strings.TrimSpace(opts.Month) == "" {
				return cmdutil.UsageErrorf("--month: no month given")
			}
			opts.YearGiven = fs.Changed("year")
			opts.Calendar, opts.Ctx = args[0], cmd.Context()
			return cmdutil.RunOr(runF, showRun)(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Date, "date", "", "show the month of day `D` (1492-Ches-3, or +30: days from today)")
	fl.StringVar(&opts.Day, "day", "", "show day `D` in full: its weather, moon phases and season")
	fl.IntVar(&opts.Year, "year", 0, "the year `Y` of --month or --whole-year")
	fl.StringVar(&opts.Month, "month", "", "show month `M` (number, name, alias or prefix)")
	fl.BoolVar(&opts.WholeYear, "whole-year", false, "show every month of the year")
	fl.BoolVar(&opts.NoWeather, "no-weather", false, "do not read the weather")
	fl.BoolVar(&opts.NoReminders, "no-reminders", false, "do not read the reminders")
	fl.BoolVar(&opts.Refresh, "refresh", false, "read the calendar, its weather and reminders again, not from the cache")
	return cmd
}

// showOutputs are what show prints: a month has no columns to widen and
// no id of its own.
var showOutputs = output.Supports{
	Says:    "calendar show prints a month as a grid, or with -o json, yaml or ndjson",
	Formats: []output.Format{output.Table, output.JSON, output.YAML, output.NDJSON},
}

func showRun(opts *ShowOptions) error {
	f := opts.Factory
	// The printer first, so a bad -o, --jq or --template sends nothing.
	printer, err := resource.NewPrinter(f)
	if err != nil {
		return err
	}
	text := printer.IsTable()
	c, err := f.Client()
	if err != nil {
		return err
	}
	k := f.LocalCache()
	id, cal, err := cachedCalendar(opts.Ctx, c, k, opts.Calendar, opts.Refresh)
	if err != nil {
		return err
	}
	r, err := cal.Reckoning()
	if err != nil {
		return fmt.Errorf("calendar %d cannot be shown: %w", id, err)
	}
	today := currentDate(cal, r)
	// Every date and month is checked before the weather walk, so a typo
	// costs one request.
	in := monthgrid.Input{Reckoning: r, CalendarID: id, CalendarName: cal.Name, Today: today, WholeYear: opts.WholeYear}
	if in.Year, in.Month, err = opts.target(r, today, cal.Name); err != nil {
		return err
	}
	first := in.Month
	if in.WholeYear {
		first = 1
	}
	if _, err := r.MonthView(in.Year, first); err != nil {
		if errors.Is(err, almanac.ErrFewWeekdays) {
			return fmt.Errorf("calendar %d cannot be shown as a grid: a week needs at least 2 weekdays, it has %d", id, len(cal.Weekdays))
		}
		return cmdutil.UsageErrorf("%s", err)
	}
	if err := opts.readDays(c, k, cal, r, &in); err != nil {
		return err
	}
	g, err := monthgrid.New(in)
	if err != nil {
		return err
	}
	if opts.Day != "" {
		d, _ := r.ParseDate(opts.Day) // read by target already
		return printDay(printer, g, d, id, utf8Locale(os.Getenv))
	}
	if text {
		return output.WriteStyled(f.IO.Out, []byte(g.Text(gridOptions(f, os.Getenv))))
	}
	return printMonths(printer, g, id, opts.WholeYear)
}

// readDays reads what falls on the days shown, the weather and the
// reminders (unless --no-weather, --no-reminders), both at once: from the
// cache when it holds them, else every page.
func (opts *ShowOptions) readDays(c *client.Client, k *cache.Cache, cal *client.Calendar, r *almanac.Reckoning, in *monthgrid.Input) error {
	trust := listTrust(opts.Refresh)
	g, ctx := errgroup.WithContext(opts.Ctx)
	if !opts.NoWeather {
		g.Go(func() (err error) {
			in.Weather, err = weatherOf(ctx, c, k, trust, cal.ID, in.Year, in.Month, in.WholeYear)
			return err
		})
	}
	var rs []*client.Reminder
	var unread error
	if !opts.NoReminders {
		g.Go(func() (err error) {
			rs, err = k.CalendarReminders(ctx, c, cal.ID, trust)
			// A server without the route, or a member without the right,
			// still has a month to show.
			if client.IsNotFound(err) || client.IsForbidden(err) {
				unread, err = err, nil
			}
			return err
		})
	}
	if err := g.Wait(); err != nil || opts.NoReminders {
		return err
	}
	if unread != nil {
		fmt.Fprintf(opts.Factory.IO.ErrOut, "warning: the reminders of calendar %d could not be read (%v): the month is shown without them\n", cal.ID, unread)
		return nil
	}
	first, last := in.Month, in.Month
	if in.WholeYear {
		first, last = 1, r.MonthCount()
	}
	from, _ := r.Ordinal(almanac.Date{Year: in.Year, Month: first, Day: 1})
	n, _ := r.MonthLength(in.Year, last)
	to, _ := r.Ordinal(almanac.Date{Year: in.Year, Month: last, Day: n})
	var err error
	in.Reminders, err = gridReminders(r, calendarReminders(cal.ID, rs), from, to, KnownOwners(cal, k).Of)
	in.RemindersRead = true
	return err
}

// target is the year and month to show: from --date, --year/--month, or
// the calendar's current date.
func (opts *ShowOptions) target(r *almanac.Reckoning, today *almanac.Date, name string) (year, month int, err error) {
	if opts.Date != "" {
		d, err := readShowDate(r, "--date", opts.Date)
		if err != nil {
			return 0, 0, err
		}
		return d.Year, d.Month, nil
	}
	if opts.Day != "" {
		d, err := readShowDate(r, "--day", opts.Day)
		if err != nil {
			return 0, 0, err
		}
		return d.Year, d.Month, nil
	}
	if !opts.YearGiven && today == nil {
		return 0, 0, cmdutil.UsageErrorf("calendar %q has no current date: give --date or --year, or set one with `kanka calendar update --date`", name)
	}
	if opts.YearGiven {
		year = opts.Year
	} else {
		year = today.Year
	}
	switch {
	case opts.WholeYear:
		return year, 0, nil
	case opts.Month != "":
		if month, err = r.ParseMonth(opts.Month); err != nil {
			return 0, 0, cmdutil.UsageErrorf("--month: %s", err)
		}
		return year, month, nil
	}
	return year, today.Month, nil
}

// readShowDate reads the date of flag (--date, --day) with the
// calendar's months: a usage error naming the flag when it is not one of
// its days.
func readShowDate(r *almanac.Reckoning, flag, text string) (almanac.Date, error) {
	d, err := r.ParseDate(text)
	if err != nil {
		return almanac.Date{}, cmdutil.UsageErrorf("%s: %s", flag, err)
	}
	return d, nil
}

// currentDate is the calendar's current date, nil when it has none or one
// that does not exist (the live service's wipe leaves 1-0-1).
func currentDate(cal *client.Calendar, r *almanac.Reckoning) *almanac.Date {
	d, ok := cal.CurrentDate()
	if !ok || r.Check(d) != nil {
		return nil
	}
	return &d
}

// weatherOf is the calendar's weather of the year, or of the month unless
// wholeYear: from the cache when it holds the entries (read whole less than
// trust ago) and agrees with the service's tail page, else from a walk of
// every page (the client fetches them concurrently), which refreshes the
// cache. The interface has no filter, so a walk is whole, but only what is
// shown is held.
func weatherOf(ctx context.Context, c *client.Client, k *cache.Cache, trust time.Duration, id, year, month int, wholeYear bool) ([]monthgrid.Weather, error) {
	entries, err := k.Weather(ctx, c, id, trust, func(w *client.Weather) bool {
		// An entry that is not the calendar's (client.Weather.Misplaced)
		// is not shown as if it were.
		d := w.Date()
		return w.Misplaced(id) == "" && d.Year == year && (wholeYear || d.Month == month)
	})
	if err != nil {
		return nil, err
	}
	var kept []monthgrid.Weather
	for _, w := range entries {
		kept = append(kept, gridWeather(w))
	}
	return kept, nil
}

// gridWeather is an entry as the grid takes it.
func gridWeather(w *client.Weather) monthgrid.Weather {
	return monthgrid.Weather{Date: w.Date(), Code: w.Code(), Name: output.Text(w.Name),
		Temperature: output.Text(w.Temperature), Precipitation: output.Text(w.Precipitation),
		Wind: output.Text(w.Wind), Effect: output.Text(w.Effect), Raw: w.Raw}
}

// gridOptions are the text options the streams and the locale call for.
// NO_COLOR and --no-color also turn off the reverse video of today: it is
// an escape sequence too, and the brackets say the same.
func gridOptions(f *cmdutil.Factory, getenv func(string) string) monthgrid.Options {
	noColor := f.IO.NoColor || (f.Globals != nil && f.Globals.NoColor)
	return monthgrid.Options{
		Terminal: f.IO.OutTTY && !noColor,
		Unicode:  utf8Locale(getenv),
		Width:    f.IO.TermWidth, // 0 (not a terminal) is monthgrid's 80
	}
}

// utf8Locale reports whether the locale's character set is UTF-8, as
// setlocale(LC_CTYPE, "") decides it: the first of LC_ALL, LC_CTYPE and
// LANG that is set and not empty names the locale ("en_US.UTF-8",
// "C.utf8", or "UTF-8" alone as macOS sets LC_CTYPE); none is the C
// locale, which is ASCII.
func utf8Locale(getenv func(string) string) bool {
	for _, name := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		v := getenv(name)
		if v == "" {
			continue
		}
		charset := v
		if _, after, ok := strings.Cut(v, "."); ok {
			charset = after
		}
		charset, _, _ = strings.Cut(charset, "@")
		charset = strings.ToLower(charset)
		return charset == "utf-8" || charset == "utf8"
	}
	return false
}

// monthRecord is one computed month as the printer takes it.
type monthRecord struct {
	raw json.RawMessage
	id  int
}

func (m monthRecord) RawJSON() json.RawMessage { return m.raw }
func (m monthRecord) RecordID() int            { return m.id }

// monthKind prints a month's YAML with the keys in the JSON's order.
var monthKind = output.Kind{YAML: func(r output.Record) any { return orderedYAML(r.RawJSON()) }}

// printMonths prints the grid's value: one month as one object, a whole
// year as a list of months (so -o ndjson writes a line per month).
func printMonths(p *output.Printer, g *monthgrid.Grid, id int, wholeYear bool) error {
	months := g.Months()
	recs := make([]output.Record, len(months))
	for i, m := range months {
		raw, err := marshalNoEscape(m)
		if err != nil {
			return err
		}
		recs[i] = monthRecord{raw: raw, id: id}
	}
	if !wholeYear {
		return p.PrintOne(recs[0], monthKind)
	}
	return p.PrintList(func(yield func(output.Record, error) bool) {
		for _, r := range recs {
			if !yield(r, nil) {
				return
			}
		}
	}, monthKind)
}

// dayRecord is one day in full as the printer takes it: its JSON value
// and the lines of its detail view.
type dayRecord struct {
	monthRecord
	fields []output.Field
}

// dayKind prints a day: the detail view of its fields, its YAML with the
// keys in the JSON's order.
var dayKind = output.Kind{
	Detail: func(r output.Record) []output.Field { return r.(dayRecord).fields },
	YAML:   monthKind.YAML,
}

// printDay prints day d of g in full: a detail view, or its JSON value.
func printDay(p *output.Printer, g *monthgrid.Grid, d almanac.Date, id int, unicode bool) error {
	v, ok := g.Day(d)
	if !ok {
		return fmt.Errorf("day %s is not in the month read", d)
	}
	raw, err := marshalNoEscape(v)
	if err != nil {
		return err
	}
	return p.PrintOne(dayRecord{monthRecord{raw: raw, id: id}, g.DayFields(d, unicode)}, dayKind)
}

// marshalNoEscape is v in JSON, as output writes it (output.EncodeJSON).
func marshalNoEscape(v any) (json.RawMessage, error) { return output.EncodeJSON(v, "") }

// orderedYAML is the JSON document raw as a YAML node in block style,
// keeping the order of its keys (decoding into a map would sort them).
// Styles are reset so the encoder quotes only what needs it ("1492-4-1"
// stays plain, a string "true" stays quoted).
func orderedYAML(raw json.RawMessage) any {
	var node yaml.Node
	if err := yaml.Unmarshal(raw, &node); err != nil {
		return nil
	}
	blockStyle(&node)
	// The value, not its document: an item of a list (a whole year's
	// months, an agenda) cannot be a document of its own.
	if node.Kind == yaml.DocumentNode && len(node.Content) == 1 {
		return node.Content[0]
	}
	return &node
}

func blockStyle(n *yaml.Node) {
	n.Style = 0
	for _, c := range n.Content {
		blockStyle(c)
	}
}
