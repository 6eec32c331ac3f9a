package calendar

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// fieldFlags holds the raw values of the calendar field flags shared by
// create and update. parse turns them into a client.CalendarInput.
type fieldFlags struct {
	name, entry, entryFile, calType, date string
	months, weekdays, years, seasons      []string
	moons, epochs                         []string
	suffix, format                        string
	leapAmount, leapEvery                 int
	leapStart                             int
	leapMonth                             string
	noLeapYear                            bool
	tags                                  []int
	private, public                       bool
	imageURL, entityImage, entityHeader   string
}

// leapFlags are the flags that turn leap years on.
var leapFlags = []string{"leap-year-amount", "leap-year-every", "leap-year-start", "leap-year-month"}

func (ff *fieldFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&ff.name, "name", "", "name of the calendar")
	fs.StringVar(&ff.entry, "entry", "", "description (HTML)")
	fs.StringVar(&ff.entryFile, "entry-file", "", "read the description (HTML) from `FILE` (- is standard input)")
	fs.StringVar(&ff.calType, "type", "", "type of the calendar (free text)")
	fs.StringVar(&ff.date, "date", "", "current date as `DATE`: 1492-4-3, or with a month name 1492-Ches-3 or \"3 Ches 1492\" (the year may be negative)")
	fs.StringArrayVar(&ff.months, "month", nil, "a month as `NAME:LENGTH[:TYPE]`, TYPE standard or intercalary (repeat, in order)")
	fs.StringArrayVar(&ff.weekdays, "weekday", nil, "a weekday `NAME` (repeat, in order)")
	fs.StringArrayVar(&ff.years, "year", nil, "a named year as `NUMBER:NAME` (repeat)")
	fs.StringArrayVar(&ff.seasons, "season", nil, "a season as `NAME:MONTH:DAY`, the month by number or name (repeat)")
	fs.StringArrayVar(&ff.moons, "moon", nil, "a moon as `NAME:FULLMOON[:OFFSET[:COLOUR]]` (repeat)")
	fs.StringArrayVar(&ff.epochs, "epoch", nil, "an epoch `NAME` (repeat)")
	fs.StringVar(&ff.suffix, "suffix", "", "year `SUFFIX`, such as DR")
	fs.StringVar(&ff.format, "format", "", "date `FORMAT` (letters y m M d s, spaces, commas, dashes)")
	fs.IntVar(&ff.leapAmount, "leap-year-amount", 0, "leap days added in a leap year, `N` (turns leap years on)")
	fs.IntVar(&ff.leapEvery, "leap-year-every", 0, "a leap year every `N` years (turns leap years on)")
	fs.IntVar(&ff.leapStart, "leap-year-start", 0, "first leap `YEAR` (turns leap years on)")
	fs.StringVar(&ff.leapMonth, "leap-year-month", "", "the `MONTH` that receives the leap days, by number or name (turns leap years on)")
	fs.BoolVar(&ff.noLeapYear, "no-leap-year", false, "turn leap years off")
	fs.IntSliceVar(&ff.tags, "tag", nil, "tag `ID` (repeat)")
	fs.BoolVar(&ff.private, "private", false, "only campaign admins see the calendar")
	fs.BoolVar(&ff.public, "public", false, "campaign members see the calendar")
	fs.StringVar(&ff.imageURL, "image-url", "", "the `URL` of a picture for the calendar")
	fs.StringVar(&ff.entityImage, "entity-image", "", "gallery image `UUID` for the entity image")
	fs.StringVar(&ff.entityHeader, "entity-header", "", "gallery image `UUID` for the entity header")
}

// fieldFlagNames are the names of the field flags, for anyGiven.
var fieldFlagNames = []string{"name", "entry", "entry-file", "type", "date", "month", "weekday", "year",
	"season", "moon", "epoch", "suffix", "format", "leap-year-amount", "leap-year-every", "leap-year-start",
	"leap-year-month", "no-leap-year", "tag", "private", "public", "image-url", "entity-image", "entity-header"}

// anyGiven reports whether at least one field flag was given (global flags
// such as -o do not count).
func anyGiven(fs *pflag.FlagSet) bool {
	for _, name := range fieldFlagNames {
		if fs.Changed(name) {
			return true
		}
	}
	return false
}

// parse returns the fields the flags give: a set field (a non-nil pointer or
// slice, a non-empty string) is a field given. Every bad value is a usage
// error naming the flag and the value, found before any request. ctx ends
// the read of --entry-file when it blocks (Ctrl-C, SIGTERM).
func (ff *fieldFlags) parse(ctx context.Context, fs *pflag.FlagSet, streams *cmdutil.IOStreams) (client.CalendarInput, error) {
	var in client.CalendarInput
	changed := fs.Changed
	if err := cmdutil.RefuseNonUTF8Flags(fs); err != nil {
		return in, err
	}
	pairs := [][2]string{{"entry", "entry-file"}, {"private", "public"}}
	for _, name := range leapFlags {
		pairs = append(pairs, [2]string{name, "no-leap-year"})
	}
	for _, p := range pairs {
		if err := exclusive(fs, p[0], p[1]); err != nil {
			return in, err
		}
	}
	if changed("name") {
		if strings.TrimSpace(ff.name) == "" {
			return in, cmdutil.UsageErrorf("--name cannot be empty")
		}
		in.Name = ff.name
	}
	if changed("entry") {
		if p := client.EntryProblem(ff.entry); p != "" {
			return in, cmdutil.UsageErrorf("--entry: %s", p)
		}
		in.Entry = &ff.entry
	}
	if changed("entry-file") {
		entry, err := readEntryFile(ctx, streams, ff.entryFile)
		if err != nil {
			return in, err
		}
		in.Entry = &entry
	}
	if changed("type") {
		in.Type = &ff.calType
	}
	if changed("date") {
		d, written, err := client.ParseDateInput(ff.date, "--date")
		if err != nil {
			return in, cmdutil.UsageErrorf("--date: %v", err)
		}
		in.Date, in.DateWritten = d, written
	}
	var err error
	if changed("month") {
		if in.Months, err = parseMonths(ff.months); err != nil {
			return in, err
		}
	}
	if changed("weekday") {
		if in.Weekdays, err = parseNames("weekday", ff.weekdays); err != nil {
			return in, err
		}
	}
	if changed("year") {
		if in.Years, err = parseYears(ff.years); err != nil {
			return in, err
		}
	}
	if changed("season") {
		if in.Seasons, err = parseSeasons(ff.seasons); err != nil {
			return in, err
		}
	}
	if changed("moon") {
		if in.Moons, err = parseMoons(ff.moons); err != nil {
			return in, err
		}
	}
	if changed("epoch") {
		if in.Epochs, err = parseNames("epoch", ff.epochs); err != nil {
			return in, err
		}
	}
	if changed("suffix") {
		in.Suffix = &ff.suffix
	}
	if changed("format") {
		in.Format = &ff.format
	}
	if err := ff.parseLeap(changed, &in); err != nil {
		return in, err
	}
	if changed("tag") {
		for _, t := range ff.tags {
			if t <= 0 {
				return in, cmdutil.UsageErrorf("--tag %d: a tag id is a positive number", t)
			}
		}
		in.Tags = append([]int{}, ff.tags...)
	}
	switch {
	case changed("private"):
		in.IsPrivate = &ff.private
	case changed("public"):
		public := !ff.public
		in.IsPrivate = &public
	}
	in.ImageURL, in.EntityImageUUID, in.EntityHeaderUUID = ff.imageURL, ff.entityImage, ff.entityHeader
	return in, nil
}

// readEntryFile reads the entry of --entry-file at path ("-" is standard
// input), refusing one that is not UTF-8 text (naming the line) or larger
// than client.MaxEntryBytes.
func readEntryFile(ctx context.Context, streams *cmdutil.IOStreams, path string) (string, error) {
	data, err := cmdutil.ReadInput(ctx, streams, path)
	if err != nil {
		return "", fmt.Errorf("--entry-file: %w", err)
	}
	entry := string(data)
	if line, bad := cmdutil.FirstNonUTF8Line(data); bad {
		return "", cmdutil.UsageErrorf("--entry-file: %s: line %d: is not valid UTF-8 text; save the file as UTF-8", cmdutil.SourceName(path), line)
	}
	if p := client.EntryProblem(entry); p != "" {
		return "", cmdutil.UsageErrorf("--entry-file: %s: %s", cmdutil.SourceName(path), p)
	}
	return entry, nil
}

// parseLeap sets the leap-year fields: any leap flag turns leap years on,
// --no-leap-year turns them off (the two are mutually exclusive flags).
func (ff *fieldFlags) parseLeap(changed func(string) bool, in *client.CalendarInput) error {
	if changed("no-leap-year") && ff.noLeapYear {
		in.HasLeapYear = ptr(false)
		return nil
	}
	values := map[string]*int{"leap-year-amount": &ff.leapAmount, "leap-year-every": &ff.leapEvery,
		"leap-year-start": &ff.leapStart}
	targets := map[string]**int{"leap-year-amount": &in.LeapYearAmount, "leap-year-every": &in.LeapYearOffset,
		"leap-year-start": &in.LeapYearStart}
	for _, name := range leapFlags {
		if !changed(name) {
			continue
		}
		in.HasLeapYear = ptr(true)
		if name != "leap-year-month" {
			*targets[name] = ptr(*values[name])
			continue
		}
		month, written, err := parseMonth(ff.leapMonth, "--leap-year-month")
		if err != nil {
			return badValue("leap-year-month", ff.leapMonth, "%v", err)
		}
		in.LeapYearMonth, in.LeapYearMonthName = month, written
	}
	return nil
}

// parseMonth reads a month by number (1 is the first), or keeps a name to
// be resolved against the calendar's months (where names the flag).
func parseMonth(s, where string) (*int, *client.Written, error) {
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

// exclusive refuses two flags given together (cobra's own check is not a
// usage error).
func exclusive(fs *pflag.FlagSet, a, b string) error {
	if fs.Changed(a) && fs.Changed(b) {
		return cmdutil.UsageErrorf("--%s and --%s cannot be used together", a, b)
	}
	return nil
}

func ptr[T any](v T) *T { return &v }

func deref(n *int) int {
	if n == nil {
		return 0
	}
	return *n
}

// badValue is the usage error for one flag value.
func badValue(flag, value, format string, args ...any) error {
	return cmdutil.UsageErrorf("--%s %q: %s", flag, value, fmt.Sprintf(format, args...))
}

func parseNames(flag string, values []string) ([]string, error) {
	names := make([]string, 0, len(values))
	for _, v := range values {
		if strings.TrimSpace(v) == "" {
			return nil, badValue(flag, v, "the name is empty")
		}
		names = append(names, v)
	}
	return names, nil
}

func parseMonths(values []string) ([]client.Month, error) {
	months := make([]client.Month, 0, len(values))
	for _, v := range values {
		parts := splitFields(v)
		if len(parts) < 2 || len(parts) > 3 {
			return nil, badValue("month", v, `want NAME:LENGTH or NAME:LENGTH:intercalary (write \: for a colon in a name)`)
		}
		m := client.Month{Name: parts[0]}
		if strings.TrimSpace(m.Name) == "" {
			return nil, badValue("month", v, "the name is empty")
		}
		n, err := strconv.Atoi(parts[1])
		if err != nil || n < 1 {
			return nil, badValue("month", v, "the length %q is not a whole number of days above 0", parts[1])
		}
		m.Length = n
		if len(parts) == 3 {
			if parts[2] != "intercalary" && parts[2] != "standard" {
				return nil, badValue("month", v, "the type %q is not intercalary or standard", parts[2])
			}
			m.Type = parts[2]
		}
		months = append(months, m)
	}
	return months, nil
}

func parseYears(values []string) (map[int]string, error) {
	years := make(map[int]string, len(values))
	for _, v := range values {
		parts := splitFields(v)
		if len(parts) != 2 {
			return nil, badValue("year", v, `want NUMBER:NAME (write \: for a colon in a name)`)
		}
		n, err := strconv.Atoi(parts[0])
		if err != nil {
			return nil, badValue("year", v, "the year %q is not a whole number", parts[0])
		}
		if strings.TrimSpace(parts[1]) == "" {
			return nil, badValue("year", v, "the name is empty")
		}
		if _, dup := years[n]; dup {
			return nil, badValue("year", v, "year %d is named twice", n)
		}
		years[n] = parts[1]
	}
	return years, nil
}

func parseSeasons(values []string) ([]client.Season, error) {
	seasons := make([]client.Season, 0, len(values))
	for _, v := range values {
		parts := splitFields(v)
		if len(parts) != 3 {
			return nil, badValue("season", v, `want NAME:MONTH:DAY (write \: for a colon in a name)`)
		}
		if strings.TrimSpace(parts[0]) == "" {
			return nil, badValue("season", v, "the name is empty")
		}
		month, written, err := parseMonth(parts[1], fmt.Sprintf("--season %q", v))
		if err != nil {
			return nil, badValue("season", v, "%v", err)
		}
		day, err := strconv.Atoi(parts[2])
		if err != nil || day < 1 {
			return nil, badValue("season", v, "the day %q is not a day number (1 is the first)", parts[2])
		}
		seasons = append(seasons, client.Season{Name: parts[0], Month: deref(month), Day: day, MonthName: written})
	}
	return seasons, nil
}

func parseMoons(values []string) ([]client.Moon, error) {
	moons := make([]client.Moon, 0, len(values))
	for _, v := range values {
		parts := splitFields(v)
		if len(parts) < 2 || len(parts) > 4 {
			return nil, badValue("moon", v, `want NAME:FULLMOON[:OFFSET[:COLOUR]] (write \: for a colon in a name)`)
		}
		if strings.TrimSpace(parts[0]) == "" {
			return nil, badValue("moon", v, "the name is empty")
		}
		full, err := strconv.ParseFloat(parts[1], 64)
		if err != nil || full <= 0 {
			return nil, badValue("moon", v, "the full-moon cycle %q is not a number of days above 0", parts[1])
		}
		moon := client.Moon{Name: parts[0], Fullmoon: full}
		if len(parts) >= 3 {
			if moon.Offset, err = strconv.Atoi(parts[2]); err != nil {
				return nil, badValue("moon", v, "the offset %q is not a whole number", parts[2])
			}
		}
		if len(parts) == 4 {
			moon.Colour = parts[3]
		}
		moons = append(moons, moon)
	}
	return moons, nil
}
