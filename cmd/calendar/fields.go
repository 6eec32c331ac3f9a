package calendar

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/spf13/cobra"
)

// What the command line adds to the fields of client.CalendarFields:
// their flags (create and update) and their lines in the detail view, in
// the table's order. A month (--date, --season, --leap-year-month) may be
// a name, kept as Written until ResolveMonths reads it with the
// calendar's months.

type (
	input = client.CalendarInput
	flag  = resource.Flag[client.CalendarInput]
)

func fieldFlags() []flag {
	return []flag{
		{Field: "name", Name: "name", Usage: "name of the calendar", Set: func(in *input, v []string) error {
			if strings.TrimSpace(v[0]) == "" {
				return fmt.Errorf(" cannot be empty")
			}
			in.Name = v[0]
			return nil
		}},
		resource.TextFlag("type", "type", "type of the calendar (free text)", func(in *input) **string { return &in.Type }),
		{Field: "entry", Name: "entry", Usage: "description (HTML)", Set: setEntry},
		{Field: "entry", Name: "entry-file", Usage: "read the description (HTML) from `FILE` (- is standard input)", File: true, Set: setEntry},
		{Field: "date", Name: "date",
			Usage: "current date as `DATE`: 1492-4-3, or with a month name 1492-Ches-3 or \"3 Ches 1492\" (the year may be negative); " +
				"on update also +N or -N days from the current date",
			Set: func(in *input, v []string) (err error) {
				if in.Date, in.DateWritten, err = client.ParseDateInput(v[0], "--date"); err != nil {
					return resource.FlagProblem("%v", err)
				}
				return nil
			}},
		{Field: "months", Name: "month", Kind: resource.FlagTexts, Usage: "a month as `NAME:LENGTH[:TYPE]`, TYPE standard or intercalary (repeat, in order)",
			Set: func(in *input, v []string) (err error) { in.Months, err = parseMonths(v); return }, Complete: monthTypes},
		{Field: "weekdays", Name: "weekday", Kind: resource.FlagTexts, Usage: "a weekday `NAME` (repeat, in order)",
			Set: func(in *input, v []string) (err error) { in.Weekdays, err = parseNames(v); return }},
		{Field: "years", Name: "year", Kind: resource.FlagTexts, Usage: "a named year as `NUMBER:NAME` (repeat)",
			Set: func(in *input, v []string) (err error) { in.Years, err = parseYears(v); return }},
		{Field: "seasons", Name: "season", Kind: resource.FlagTexts, Usage: "a season as `NAME:MONTH:DAY`, the month by number or name (repeat)",
			Set: func(in *input, v []string) (err error) { in.Seasons, err = parseSeasons(v); return }, Complete: SeasonMonthCompletion},
		{Field: "moons", Name: "moon", Kind: resource.FlagTexts, Usage: "a moon as `NAME:FULLMOON[:OFFSET[:COLOUR]]` (repeat)",
			Set: func(in *input, v []string) (err error) { in.Moons, err = parseMoons(v); return }},
		{Field: "epochs", Name: "epoch", Kind: resource.FlagTexts, Usage: "an epoch `NAME` (repeat)",
			Set: func(in *input, v []string) (err error) { in.Epochs, err = parseNames(v); return }},
		resource.TextFlag("suffix", "suffix", "year `SUFFIX`, such as DR", func(in *input) **string { return &in.Suffix }),
		resource.TextFlag("format", "format", "date `FORMAT` (letters y m M d s, spaces, commas, dashes)", func(in *input) **string { return &in.Format }),
		{Field: "has_leap_year", Name: "no-leap-year", Kind: resource.FlagBool, Usage: "turn leap years off", Set: func(in *input, v []string) error {
			if v[0] == "true" {
				no := false
				in.HasLeapYear = &no
			}
			return nil
		}},
		leapFlag(resource.WholeFlag("leap_year_amount", "leap-year-amount", "leap days added in a leap year, `N` (turns leap years on)", func(in *input) **int { return &in.LeapYearAmount })),
		leapFlag(resource.WholeFlag("leap_year_offset", "leap-year-every", "a leap year every `N` years (turns leap years on)", func(in *input) **int { return &in.LeapYearOffset })),
		leapFlag(resource.WholeFlag("leap_year_start", "leap-year-start", "first leap `YEAR` (turns leap years on)", func(in *input) **int { return &in.LeapYearStart })),
		leapFlag(flag{Field: "leap_year_month", Name: "leap-year-month",
			Usage: "the `MONTH` that receives the leap days, by number or name (turns leap years on)",
			Set: func(in *input, v []string) error {
				month, written, err := resource.ReadMonth(v[0], "--leap-year-month")
				if err != nil {
					return resource.ValueProblem(v[0], "%v", err)
				}
				in.LeapYearMonth, in.LeapYearMonthName = month, written
				return nil
			}, Complete: MonthCompletion}),
		{Field: "tags", Name: "tag", Kind: resource.FlagInts, Usage: "tag `ID` (repeat)", Set: func(in *input, v []string) error {
			tags := []int{}
			for _, s := range v {
				t, _ := strconv.Atoi(s)
				if t <= 0 {
					return fmt.Errorf(" %d: a tag id is a positive number", t)
				}
				tags = append(tags, t)
			}
			in.Tags = tags
			return nil
		}},
		resource.SwitchFlag("is_private", "private", "only campaign admins see the calendar", func(in *input) **bool { return &in.IsPrivate }, true),
		resource.SwitchFlag("is_private", "public", "campaign members see the calendar", func(in *input) **bool { return &in.IsPrivate }, false),
		imageFlag("image_url", "image-url", "the `URL` of a picture for the calendar", func(in *input) *string { return &in.ImageURL }),
		imageFlag("entity_image_uuid", "entity-image", "gallery image `UUID` for the entity image", func(in *input) *string { return &in.EntityImageUUID }),
		imageFlag("entity_header_uuid", "entity-header", "gallery image `UUID` for the entity header", func(in *input) *string { return &in.EntityHeaderUUID }),
	}
}

// monthTypes completes the TYPE of --month NAME:LENGTH[:TYPE], once
// NAME:LENGTH: is typed (client.MonthTypes).
func monthTypes(*cmdutil.Factory) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if strings.Count(toComplete, ":") != 2 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		at := strings.LastIndex(toComplete, ":")
		var out []cobra.Completion
		for _, t := range client.MonthTypes {
			out = append(out, toComplete[:at+1]+t)
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

func setEntry(in *input, v []string) error {
	if p := client.EntryProblem(v[0]); p != "" {
		return resource.FlagProblem("%s", p)
	}
	entry := v[0]
	in.Entry = &entry
	return nil
}

// leapFlag is a flag of the leap rule: any of them turns leap years on,
// and none goes with --no-leap-year.
func leapFlag(form flag) flag {
	set := form.Set
	form.Excludes = []string{"no-leap-year"}
	form.Set = func(in *input, v []string) error {
		yes := true
		in.HasLeapYear = &yes
		return set(in, v)
	}
	return form
}

// imageFlag sets an image of the calendar, which the service takes but
// never returns.
func imageFlag(field, name, usage string, get func(*input) *string) flag {
	return flag{Field: field, Name: name, Usage: usage, Set: func(in *input, v []string) error { *get(in) = v[0]; return nil }}
}

func parseNames(values []string) ([]string, error) {
	names := make([]string, 0, len(values))
	for _, v := range values {
		if strings.TrimSpace(v) == "" {
			return nil, resource.ValueProblem(v, "the name is empty")
		}
		names = append(names, v)
	}
	return names, nil
}

// parseEach reads the values of a repeated flag of the form NAME:...,
// split at colons: from least to most parts (want says the form), the first
// a name that is not empty; parse reads the rest.
func parseEach[T any](values []string, least, most int, want string, parse func(v string, parts []string) (T, error)) ([]T, error) {
	out := make([]T, 0, len(values))
	for _, v := range values {
		parts := splitFields(v)
		if len(parts) < least || len(parts) > most {
			return nil, resource.ValueProblem(v, "want %s (write \\: for a colon in a name)", want)
		}
		if strings.TrimSpace(parts[0]) == "" {
			return nil, resource.ValueProblem(v, "the name is empty")
		}
		t, err := parse(v, parts)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

func parseMonths(values []string) ([]client.Month, error) {
	return parseEach(values, 2, 3, "NAME:LENGTH or NAME:LENGTH:intercalary", func(v string, parts []string) (client.Month, error) {
		m := client.Month{Name: parts[0]}
		n, err := strconv.Atoi(parts[1])
		if err != nil || n < 1 {
			return m, resource.ValueProblem(v, "the length %q is not a whole number of days above 0", parts[1])
		}
		m.Length = n
		if len(parts) == 3 {
			if !slices.Contains(client.MonthTypes, parts[2]) {
				return m, resource.ValueProblem(v, "the type %q is not intercalary or standard", parts[2])
			}
			m.Type = parts[2]
		}
		return m, nil
	})
}

func parseYears(values []string) (map[int]string, error) {
	years := make(map[int]string, len(values))
	for _, v := range values {
		parts := splitFields(v)
		if len(parts) != 2 {
			return nil, resource.ValueProblem(v, `want NUMBER:NAME (write \: for a colon in a name)`)
		}
		n, err := strconv.Atoi(parts[0])
		if err != nil {
			return nil, resource.ValueProblem(v, "the year %q is not a whole number", parts[0])
		}
		if strings.TrimSpace(parts[1]) == "" {
			return nil, resource.ValueProblem(v, "the name is empty")
		}
		if _, dup := years[n]; dup {
			return nil, resource.ValueProblem(v, "year %d is named twice", n)
		}
		years[n] = parts[1]
	}
	return years, nil
}

func parseSeasons(values []string) ([]client.Season, error) {
	return parseEach(values, 3, 3, "NAME:MONTH:DAY", func(v string, parts []string) (client.Season, error) {
		month, written, err := resource.ReadMonth(parts[1], fmt.Sprintf("--season %q", v))
		if err != nil {
			return client.Season{}, resource.ValueProblem(v, "%v", err)
		}
		day, err := strconv.Atoi(parts[2])
		if err != nil || day < 1 {
			return client.Season{}, resource.ValueProblem(v, "the day %q is not a day number (1 is the first)", parts[2])
		}
		s := client.Season{Name: parts[0], Day: day, MonthName: written}
		if month != nil {
			s.Month = *month
		}
		return s, nil
	})
}

func parseMoons(values []string) ([]client.Moon, error) {
	return parseEach(values, 2, 4, "NAME:FULLMOON[:OFFSET[:COLOUR]]", func(v string, parts []string) (client.Moon, error) {
		full, err := strconv.ParseFloat(parts[1], 64)
		if err != nil || full <= 0 {
			return client.Moon{}, resource.ValueProblem(v, "the full-moon cycle %q is not a number of days above 0", parts[1])
		}
		moon := client.Moon{Name: parts[0], Fullmoon: full}
		if len(parts) >= 3 {
			if moon.Offset, err = strconv.Atoi(parts[2]); err != nil {
				return client.Moon{}, resource.ValueProblem(v, "the offset %q is not a whole number", parts[2])
			}
		}
		if len(parts) == 4 {
			moon.Colour = parts[3]
		}
		return moon, nil
	})
}

// splitFields splits a flag value such as "Hammer:30" at its colons. A colon
// that belongs to a name is written `\:` and a backslash that ends up before
// a colon is written `\\`; any other backslash is kept as typed, so a name
// like `C:\Maps` stays readable when it needs no escape at all.
func splitFields(s string) []string {
	var parts []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && (s[i+1] == ':' || s[i+1] == '\\'):
			cur.WriteByte(s[i+1])
			i++
		case s[i] == ':':
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(s[i])
		}
	}
	return append(parts, cur.String())
}
