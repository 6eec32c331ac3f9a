package calendar

import (
	"context"
	"iter"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// ListOptions are the parsed flags of `calendar list`.
type ListOptions struct {
	Factory *cmdutil.Factory
	Ctx     context.Context
	// Filter holds the filters, --limit and --page.
	Filter client.CalendarListOptions
	// OnePage is set by --page: fetch that page only.
	OnePage bool
}

// NewCmdList builds `calendar list`; runF replaces listRun in tests.
func NewCmdList(f *cmdutil.Factory, runF func(*ListOptions) error) *cobra.Command {
	opts := &ListOptions{Factory: f}
	var (
		name, calType, since string
		exact, priv, public  bool
		tags                 []int
	)
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List calendars",
		Long: `List the calendars of the campaign. Every page is walked unless --limit
or --page says otherwise.`,
		Example: `  kanka calendar list
  kanka calendar list --name "Calendar of Harptos" --exact -o json
  kanka calendar list --since 24h --limit 10
  kanka calendar list --tag 3 --tag 7 --private -o id`,
		Aliases: []string{"ls"},
		Args:    argsUsage(0, 0, "takes no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			fs := cmd.Flags()
			if err := exclusive(fs, "private", "public"); err != nil {
				return err
			}
			if exact && name == "" {
				return cmdutil.UsageErrorf("--exact needs --name")
			}
			if fs.Changed("limit") && opts.Filter.Limit < 1 {
				return cmdutil.UsageErrorf("--limit %d: give a number above 0", opts.Filter.Limit)
			}
			if fs.Changed("page") {
				if opts.Filter.Page < 1 {
					return cmdutil.UsageErrorf("--page %d: pages are counted from 1", opts.Filter.Page)
				}
				opts.OnePage = true
			}
			for _, t := range tags {
				if t <= 0 {
					return cmdutil.UsageErrorf("--tag %d: a tag id is a positive number", t)
				}
			}
			opts.Filter.Name, opts.Filter.ExactName, opts.Filter.Type, opts.Filter.Tags = name, exact, calType, tags
			switch {
			case priv:
				opts.Filter.IsPrivate = ptr(true)
			case public:
				opts.Filter.IsPrivate = ptr(false)
			}
			if fs.Changed("since") {
				t, err := parseSince(since, time.Now())
				if err != nil {
					return err
				}
				opts.Filter.LastSync = t
			}
			opts.Ctx = cmd.Context()
			if runF != nil {
				return runF(opts)
			}
			return listRun(opts)
		},
	}
	fs := cmd.Flags()
	fs.IntVar(&opts.Filter.Limit, "limit", 0, "Stop after `N` calendars")
	fs.IntVar(&opts.Filter.Page, "page", 0, "Fetch page `N` only")
	fs.StringVar(&name, "name", "", "Only calendars whose name contains `TEXT`")
	fs.BoolVar(&exact, "exact", false, "With --name: only that exact name")
	fs.StringVar(&calType, "type", "", "Only calendars of this type")
	fs.BoolVar(&priv, "private", false, "Only private calendars")
	fs.BoolVar(&public, "public", false, "Only calendars that are not private")
	fs.IntSliceVar(&tags, "tag", nil, "Only calendars with tag `ID` (repeat: all of them)")
	fs.StringVar(&since, "since", "", "Only calendars updated after `TIME`: an RFC 3339 time, a date (2006-01-02) or a duration such as 24h")
	return cmd
}

// parseSince reads --since: a timestamp, a date (midnight UTC) or a
// duration back from now.
func parseSince(s string, now time.Time) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	if d, err := time.ParseDuration(s); err == nil && d > 0 {
		return now.Add(-d), nil
	}
	return time.Time{}, cmdutil.UsageErrorf("--since %q: give an RFC 3339 time (2024-05-01T12:00:00Z), a date (2024-05-01) or a duration such as 24h", s)
}

func listRun(opts *ListOptions) error {
	f := opts.Factory
	printer, err := newPrinter(f)
	if err != nil {
		return err
	}
	c, err := f.Client()
	if err != nil {
		return err
	}
	var seq iter.Seq2[*client.Calendar, error]
	if opts.OnePage {
		page, err := c.ListCalendars(opts.Ctx, &opts.Filter)
		if err != nil {
			return err
		}
		items := page.Items
		if n := opts.Filter.Limit; n > 0 && len(items) > n {
			items = items[:n]
		}
		seq = sliceSeq(items)
	} else {
		seq = c.AllCalendars(opts.Ctx, &opts.Filter)
	}
	if !printsTable(f.Globals) {
		// json, yaml, ndjson, id, --jq, --template: the printer streams
		// what it can, and an empty list is a valid answer ([] for json).
		return printer.PrintList(records(seq), calendarKind)
	}
	// A table is rendered once every row is known anyway; an empty one is
	// said in words on stderr rather than printed as a lone header.
	var cals []*client.Calendar
	for cal, err := range seq {
		if err != nil {
			return err
		}
		cals = append(cals, cal)
	}
	if len(cals) == 0 {
		if !f.Globals.Quiet {
			f.IO.ErrOut.Write([]byte("no calendars found\n"))
		}
		return nil
	}
	return printer.PrintList(records(sliceSeq(cals)), calendarKind)
}

// printsTable reports whether the output is a table (table or wide, not
// replaced by --jq or --template).
func printsTable(g *cmdutil.Globals) bool {
	format, err := output.ParseFormat(g.Output)
	if err != nil || g.JQ != "" || g.Template != "" {
		return false
	}
	return format == output.Table || format == output.Wide
}

// sliceSeq walks calendars already fetched.
func sliceSeq(cals []*client.Calendar) iter.Seq2[*client.Calendar, error] {
	return func(yield func(*client.Calendar, error) bool) {
		for _, cal := range cals {
			if !yield(cal, nil) {
				return
			}
		}
	}
}
