package weather

import (
	"context"
	"fmt"
	"iter"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// ListOptions are the inputs of `kanka weather list`.
type ListOptions struct {
	Factory *cmdutil.Factory
	Context context.Context

	Calendar string
	// Limit stops after this many entries (kept ones, when filtering); 0
	// lists them all.
	Limit int
	// Page fetches that one page; 0 walks every page.
	Page int
	// Year and Month keep only the entries of that year or month: the
	// interface has no weather filters, so they filter here.
	Year, Month *int
}

// NewCmdList builds `kanka weather list`. runF replaces listRun in tests.
func NewCmdList(f *cmdutil.Factory, runF func(*ListOptions) error) *cobra.Command {
	opts := &ListOptions{Factory: f}
	var year, month int
	cmd := &cobra.Command{
		Use:   "list --calendar ID|NAME",
		Short: "List the weather of a calendar",
		Long: `List the weather entries of a calendar, every page by default.
--limit stops after N entries and asks for no page it does not need.
--year and --month keep the entries of that year and month.`,
		Example: `  kanka weather list --calendar "Calendar of Harptos"
  kanka weather list --calendar 5 --year 1492 --month 1 -o yaml
  kanka weather list --calendar 5 --limit 20 -o ndjson`,
		Aliases: []string{"ls"},
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Context = contextOf(cmd)
			if err := requireCalendar(opts.Calendar); err != nil {
				return err
			}
			if opts.Limit < 0 {
				return cmdutil.UsageErrorf("--limit must be 0 or more, not %d", opts.Limit)
			}
			if opts.Page < 0 {
				return cmdutil.UsageErrorf("--page must be 1 or more, not %d", opts.Page)
			}
			if cmd.Flags().Changed("page") && opts.Page == 0 {
				return cmdutil.UsageErrorf("--page must be 1 or more, not 0")
			}
			if cmd.Flags().Changed("year") {
				opts.Year = &year
			}
			if cmd.Flags().Changed("month") {
				if month < 1 {
					return cmdutil.UsageErrorf("--month must be 1 or more, not %d", month)
				}
				opts.Month = &month
			}
			if runF != nil {
				return runF(opts)
			}
			return listRun(opts)
		},
	}
	addCalendarFlag(cmd, &opts.Calendar)
	cmd.Flags().IntVar(&opts.Limit, "limit", 0, "stop after `N` entries")
	cmd.Flags().IntVar(&opts.Page, "page", 0, "fetch only page `N`")
	cmd.Flags().IntVar(&year, "year", 0, "only the entries of year `Y`")
	cmd.Flags().IntVar(&month, "month", 0, "only the entries of month `M` (1 is the first)")
	return cmd
}

func listRun(opts *ListOptions) error {
	printer, err := opts.Factory.Printer()
	if err != nil {
		return err
	}
	ctx := opts.Context
	c, calendarID, _, err := connect(ctx, opts.Factory, opts.Calendar)
	if err != nil {
		return err
	}
	var entries iter.Seq2[*client.Weather, error]
	if opts.Page > 0 {
		entries = onePage(ctx, c, calendarID, opts.Page)
	} else {
		// With a filter the server cannot apply, the limit counts kept
		// entries: walk without one and stop here instead.
		walkLimit := opts.Limit
		if opts.filters() {
			walkLimit = 0
		}
		entries = c.AllWeather(ctx, calendarID, &client.WeatherListOptions{Limit: walkLimit})
	}
	kept := 0
	if err := printer.PrintList(opts.kept(entries, &kept), Kind); err != nil {
		return err
	}
	// An empty table prints nothing at all: say why on stderr, where a
	// script reading stdout never sees it.
	if kept == 0 && opts.tableFormat() && !quiet(opts.Factory) {
		fmt.Fprintln(opts.Factory.IO.ErrOut, "no weather entries")
	}
	return nil
}

// tableFormat reports whether -o is table or wide, with no --jq/--template.
func (opts *ListOptions) tableFormat() bool {
	g := opts.Factory.Globals
	if g == nil {
		return true
	}
	format := strings.ToLower(g.Output)
	return (format == "" || format == string(output.Table) || format == string(output.Wide)) && g.JQ == "" && g.Template == ""
}

func (opts *ListOptions) filters() bool { return opts.Year != nil || opts.Month != nil }

// keeps reports whether w passes --year and --month.
func (opts *ListOptions) keeps(w *client.Weather) bool {
	return (opts.Year == nil || w.Year == *opts.Year) && (opts.Month == nil || w.Month == *opts.Month)
}

// kept yields the entries that pass the filters, at most Limit of them,
// stopping the walk (and its page requests) once the limit is met. n counts
// the entries yielded.
func (opts *ListOptions) kept(entries iter.Seq2[*client.Weather, error], n *int) iter.Seq2[output.Record, error] {
	return func(yield func(output.Record, error) bool) {
		for w, err := range entries {
			if err != nil {
				yield(nil, err)
				return
			}
			if !opts.keeps(w) {
				continue
			}
			if !yield(w, nil) {
				return
			}
			if *n++; opts.Limit > 0 && *n >= opts.Limit {
				return
			}
		}
	}
}

// onePage yields the entries of one page.
func onePage(ctx context.Context, c *client.Client, calendarID, page int) iter.Seq2[*client.Weather, error] {
	return func(yield func(*client.Weather, error) bool) {
		p, err := c.ListWeather(ctx, calendarID, &client.WeatherListOptions{Page: page})
		if err != nil {
			yield(nil, err)
			return
		}
		for _, w := range p.Items {
			if !yield(w, nil) {
				return
			}
		}
	}
}
