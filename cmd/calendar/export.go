package calendar

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/yamlwrite"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
	yaml "go.yaml.in/yaml/v3"
)

// ExportOptions are the inputs of `calendar export`.
type ExportOptions struct {
	Factory *cmdutil.Factory
	Ctx     context.Context
	// Calendars are the ID|NAME arguments, in the order given; empty with All.
	Calendars     []string
	All           bool
	WithWeather   bool
	WithReminders bool
	// Format is --format: yaml (the apply document) or another tool's
	// file (export_tool.go); Strict refuses a tool's file that loses
	// anything.
	Format string
	Strict bool
	// AllReminders writes the reminders of every entity to a tool's
	// file, not only the calendar's own; Notes is the folder of
	// Calendarium's notes, "" for none.
	AllReminders bool
	Notes        string
}

// NewCmdExport builds `calendar export`; runF replaces exportRun in tests.
func NewCmdExport(f *cmdutil.Factory, runF func(*ExportOptions) error) *cobra.Command {
	opts := &ExportOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "export ID|NAME... | --all [--with-weather] [--format F]",
		Short: "Write calendars for kanka apply, or one for another calendar tool",
		Long: `Write calendars to standard output as the document "kanka apply -f" reads:

  calendars:
    - name: Harptos
      months: [...]          # every key "calendar get -o yaml" prints
      weather:               # only with --with-weather
        - {date: 1492-1-1, weather: snowflake, temperature: -5C}
      reminders: [...]       # only with --with-reminders: the calendar's own

It holds no ids, tags or keys only the server sets: it copies calendars to
another campaign, and diffs well in git. With --format fantasy-calendar,
simple-calendar or calendarium it writes one calendar and its reminders as that
tool imports them, with a warning for each thing the tool cannot hold. More in
docs/calendars.md and docs/importing.md; requests: kanka help requests.`,
		Example: `  kanka calendar export "Calendar of Harptos" --with-weather > harptos.yaml
  kanka calendar export --all --with-weather --with-reminders > campaign.yaml
  kanka calendar export 1 --with-weather | kanka --sandbox apply -f -
  kanka calendar export 1 --format simple-calendar --all-reminders > sc.json
  kanka calendar export 1 --format calendarium --notes vault/Harptos > cm.json`,
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case opts.All && len(args) > 0:
				return cmdutil.CommandLineErrorf("give calendars or --all, not both")
			case !opts.All && len(args) == 0:
				return cmdutil.CommandLineErrorf("name the calendars to export (ID|NAME...), or pass --all")
			}
			for _, arg := range args {
				if err := CheckCalendarArg(arg); err != nil {
					return err
				}
			}
			return opts.checkFormat(len(args))
		},
		Annotations: yamlOnly.Annotations(),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Calendars, opts.Ctx = args, cmd.Context()
			if opts.Format != yamlFormat {
				return cmdutil.RunOr(runF, exportToolRun)(opts)
			}
			return cmdutil.RunOr(runF, exportRun)(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.All, "all", false, "export every calendar of the campaign")
	cmd.Flags().BoolVar(&opts.WithWeather, "with-weather", false, "add each calendar's weather (every page of it is read)")
	cmd.Flags().BoolVar(&opts.WithReminders, "with-reminders", false, "add each calendar's own reminders (every page is read)")
	addFormatFlags(cmd, opts)
	return cmd
}

// yamlOnly is what export prints whatever -o says: the apply document, in
// YAML, or with --format a tool's file (JSON, which no -o changes either);
// the root refuses any other -o, and --jq and --template.
var yamlOnly = output.Supports{Says: "calendar export writes YAML, or with --format the tool's file", Always: output.YAML}

func exportRun(opts *ExportOptions) error {
	f, ctx := opts.Factory, opts.Ctx
	c, err := f.Client()
	if err != nil {
		return err
	}
	cals, err := opts.calendars(ctx, c)
	if err != nil {
		return err
	}
	// Each calendar is encoded as soon as it is built and kept as text:
	// its nodes (a kilobyte or more each) are many times its YAML, and a
	// campaign's calendars held as nodes until the end took hundreds of
	// MiB. The text is written once every calendar is read, so that a
	// failure half way writes nothing.
	items := make([][]byte, 0, len(cals))
	for _, cal := range cals {
		warnUnread(f, cal)
		var weather []*client.Weather
		if opts.WithWeather {
			if weather, err = sortedWeather(ctx, f, c, cal.ID); err != nil {
				return err
			}
			warnSameDates(f, cal, weather)
		}
		node, err := exportNode(cal, weather, opts.WithWeather)
		if err != nil {
			return err
		}
		if opts.WithReminders {
			own, ok, err := ownReminders(ctx, f, c, cal)
			if err != nil {
				return err
			}
			if ok {
				if node, err = withReminders(f, node, cal, own); err != nil {
					return err
				}
			}
		}
		item, err := output.EncodeYAML([]any{node})
		if err != nil {
			return err
		}
		items = append(items, underKey(item))
	}
	warnSameNames(f, cals)
	if len(items) == 0 {
		text, err := output.EncodeYAML(exportDocument{Calendars: []*yaml.Node{}})
		if err != nil {
			return err
		}
		_, err = f.IO.Out.Write(text)
		return err
	}
	if _, err := io.WriteString(f.IO.Out, "calendars:\n"); err != nil {
		return err
	}
	for _, item := range items {
		if _, err := f.IO.Out.Write(item); err != nil {
			return err
		}
	}
	return nil
}

// underKey is a one-item YAML list indented to stand under a mapping's key,
// as the encoder indents a list there (by 2): every line but an empty one
// moves right by two spaces (a block scalar's content keeps its own
// indentation, relative to its key).
func underKey(item []byte) []byte {
	out := make([]byte, 0, len(item)+2*(bytes.Count(item, []byte("\n"))+1))
	for len(item) > 0 {
		line := item
		if end := bytes.IndexByte(item, '\n'); end >= 0 {
			line = item[:end+1]
		}
		if line[0] != '\n' {
			out = append(out, "  "...)
		}
		out = append(out, line...)
		item = item[len(line):]
	}
	return out
}

// exportDocument is the apply document.
type exportDocument struct {
	Calendars []*yaml.Node `yaml:"calendars"`
}

// calendars are the records to export: each argument's (a calendar named
// twice once), or with All every calendar by name, then id.
func (opts *ExportOptions) calendars(ctx context.Context, c *client.Client) ([]*client.Calendar, error) {
	var cals []*client.Calendar
	if opts.All {
		for cal, err := range c.AllCalendars(ctx, nil) {
			if err != nil {
				return nil, err
			}
			cals = append(cals, cal)
		}
		slices.SortStableFunc(cals, func(a, b *client.Calendar) int {
			return cmp.Or(strings.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
		})
		return cals, nil
	}
	seen := map[int]bool{}
	for _, arg := range opts.Calendars {
		if id, err := strconv.Atoi(strings.TrimSpace(arg)); err == nil && seen[id] {
			continue // already read: no second GET
		}
		id, cal, err := readCalendar(ctx, c, arg)
		if err != nil {
			return nil, err
		}
		if !seen[id] {
			seen[id] = true
			cals = append(cals, cal)
		}
	}
	return cals, nil
}

// sortedWeather is every weather entry of the calendar, by date, then id.
// An entry its list holds that is not the calendar's (client.Weather.
// Misplaced) is left out, with a warning: a copy of it would land on the
// wrong calendar.
func sortedWeather(ctx context.Context, f *cmdutil.Factory, c *client.Client, calendarID int) ([]*client.Weather, error) {
	var out []*client.Weather
	for w, err := range c.AllWeather(ctx, calendarID, nil) {
		if err != nil {
			return nil, err
		}
		if why := w.Misplaced(calendarID); why != "" {
			fmt.Fprintln(f.IO.ErrOut, client.MisplacedWarning(calendarID, w, why))
			continue
		}
		out = append(out, w)
	}
	slices.SortStableFunc(out, client.ByDate)
	return out, nil
}

// exportNode is one calendar of the document: the file form `get -o yaml`
// prints (client.CalendarFile) without the id, the keys only the server
// sets and the tags (ids of this campaign's tags, which another campaign
// does not have), moons without their ids (a moon is known by its name), and with
// withWeather the weather entries in their file form, one a line.
func exportNode(cal *client.Calendar, weather []*client.Weather, withWeather bool) (yamlwrite.Map, error) {
	var out yamlwrite.Map
	for _, p := range client.CalendarFile(cal) {
		if client.CalendarFields.Lookup(p.Key) == nil || p.Key == "tags" {
			continue
		}
		if moons, ok := p.Value.(*yaml.Node); ok && p.Key == "moons" {
			dropMoonIDs(moons)
		}
		out = append(out, p)
	}
	if !withWeather {
		return out, nil
	}
	entries := make([]any, len(weather))
	for i, w := range weather {
		entries[i] = client.FromWeather(w)
	}
	list, err := flowList(entries)
	if err != nil {
		return nil, err
	}
	return append(out, yamlwrite.Pair{Key: "weather", Value: list}), nil
}

// flowList is a YAML list of entries, each on one line ({date: ...}), and
// [] when there is none: the export's weather and reminders.
func flowList(entries []any) (*yaml.Node, error) {
	list := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for _, e := range entries {
		entry, err := yamlwrite.Node(e)
		if err != nil {
			return nil, err
		}
		entry.Style = yaml.FlowStyle
		list.Content = append(list.Content, entry)
	}
	if len(list.Content) == 0 {
		list.Style = yaml.FlowStyle
	}
	return list, nil
}

// dropMoonIDs removes the id of each moon: the server's, of this calendar.
func dropMoonIDs(moons *yaml.Node) {
	for _, moon := range moons.Content {
		kept := moon.Content[:0]
		for i := 0; i+1 < len(moon.Content); i += 2 {
			if moon.Content[i].Value != "id" {
				kept = append(kept, moon.Content[i], moon.Content[i+1])
			}
		}
		moon.Content = kept
	}
}

// warnUnread says on stderr when the answer did not give a field the
// service rebuilds from every write (months, moons ...): the document
// leaves it out, so a calendar made from it would have none.
func warnUnread(f *cmdutil.Factory, cal *client.Calendar) {
	if keys := client.CalendarFields.Unread(&cal.CalendarInput); len(keys) > 0 {
		fmt.Fprintf(f.IO.ErrOut, "warning: calendar %d %q: the server's answer did not give %s (left out or null), so the export leaves them out; a calendar made from it has none\n",
			cal.ID, cal.Name, strings.Join(keys, ", "))
	}
}

// warnSameNames says on stderr when two exported calendars share a name:
// apply finds a calendar by its name and refuses a document that names one
// twice.
func warnSameNames(f *cmdutil.Factory, cals []*client.Calendar) {
	ids := map[string][]string{}
	var names []string
	for _, cal := range cals {
		name := client.StoredText(cal.Name) // as apply compares them
		if ids[name] == nil {
			names = append(names, name)
		}
		ids[name] = append(ids[name], strconv.Itoa(cal.ID))
	}
	for _, name := range names {
		if len(ids[name]) > 1 {
			fmt.Fprintf(f.IO.ErrOut, "warning: %d calendars are named %q (ids %s); kanka apply refuses a name given twice: rename one first\n",
				len(ids[name]), name, strings.Join(ids[name], ", "))
		}
	}
}

// warnSameDates says on stderr when entries of one calendar share a date:
// apply keys an entry by its date and refuses a date given twice.
func warnSameDates(f *cmdutil.Factory, cal *client.Calendar, weather []*client.Weather) {
	for i := 0; i < len(weather); {
		j := i + 1
		for j < len(weather) && weather[j].Date() == weather[i].Date() {
			j++
		}
		if j-i > 1 {
			ids := make([]string, 0, j-i)
			for _, w := range weather[i:j] {
				ids = append(ids, strconv.Itoa(w.ID))
			}
			fmt.Fprintf(f.IO.ErrOut, "warning: calendar %q has %d weather entries on %s (ids %s); kanka apply refuses a date given twice: delete one first\n",
				cal.Name, j-i, weather[i].Date(), strings.Join(ids, ", "))
		}
		i = j
	}
}
