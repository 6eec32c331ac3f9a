package client

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The calendar's flags (create and update), each with its field in
// CalendarFields. A month (--date, --season, --leap-year-month) may be a
// name, kept as Written until ResolveMonths reads it with the calendar's
// months.

var (
	nameFlag = FlagForm[CalendarInput]{Name: "name", Usage: "name of the calendar", Set: func(in *CalendarInput, v []string) error {
		if strings.TrimSpace(v[0]) == "" {
			return fmt.Errorf(" cannot be empty")
		}
		in.Name = v[0]
		return nil
	}}
	entryFlags = []FlagForm[CalendarInput]{
		{Name: "entry", Usage: "description (HTML)", Set: setEntry},
		{Name: "entry-file", Usage: "read the description (HTML) from `FILE` (- is standard input)", File: true, Set: setEntry},
	}
	dateFlag = FlagForm[CalendarInput]{Name: "date",
		Usage: "current date as `DATE`: 1492-4-3, or with a month name 1492-Ches-3 or \"3 Ches 1492\" (the year may be negative); " +
			"on update also +N or -N days from the current date",
		Set: func(in *CalendarInput, v []string) (err error) {
			if in.Date, in.DateWritten, err = ParseDateInput(v[0], "--date"); err != nil {
				return flagProblem("%v", err)
			}
			return nil
		}}
	monthFlag = FlagForm[CalendarInput]{Name: "month", Kind: FlagTexts,
		Usage: "a month as `NAME:LENGTH[:TYPE]`, TYPE standard or intercalary (repeat, in order)",
		Set:   func(in *CalendarInput, v []string) (err error) { in.Months, err = parseMonths(v); return }}
	weekdayFlag = FlagForm[CalendarInput]{Name: "weekday", Kind: FlagTexts, Usage: "a weekday `NAME` (repeat, in order)",
		Set: func(in *CalendarInput, v []string) (err error) { in.Weekdays, err = parseNames(v); return }}
	yearFlag = FlagForm[CalendarInput]{Name: "year", Kind: FlagTexts, Usage: "a named year as `NUMBER:NAME` (repeat)",
		Set: func(in *CalendarInput, v []string) (err error) { in.Years, err = parseYears(v); return }}
	seasonFlag = FlagForm[CalendarInput]{Name: "season", Kind: FlagTexts,
		Usage: "a season as `NAME:MONTH:DAY`, the month by number or name (repeat)",
		Set:   func(in *CalendarInput, v []string) (err error) { in.Seasons, err = parseSeasons(v); return }}
	moonFlag = FlagForm[CalendarInput]{Name: "moon", Kind: FlagTexts, Usage: "a moon as `NAME:FULLMOON[:OFFSET[:COLOUR]]` (repeat)",
		Set: func(in *CalendarInput, v []string) (err error) { in.Moons, err = parseMoons(v); return }}
	epochFlag = FlagForm[CalendarInput]{Name: "epoch", Kind: FlagTexts, Usage: "an epoch `NAME` (repeat)",
		Set: func(in *CalendarInput, v []string) (err error) { in.Epochs, err = parseNames(v); return }}
	noLeapYearFlag = FlagForm[CalendarInput]{Name: "no-leap-year", Kind: FlagBool, Usage: "turn leap years off",
		Set: func(in *CalendarInput, v []string) error {
			if v[0] == "true" {
				in.HasLeapYear = ptr(false)
			}
			return nil
		}}
	leapMonthFlag = leapFlag(FlagForm[CalendarInput]{Name: "leap-year-month",
		Usage: "the `MONTH` that receives the leap days, by number or name (turns leap years on)",
		Set: func(in *CalendarInput, v []string) error {
			month, written, err := ReadMonth(v[0], "--leap-year-month")
			if err != nil {
				return valueProblem(v[0], "%v", err)
			}
			in.LeapYearMonth, in.LeapYearMonthName = month, written
			return nil
		}})
	tagFlag = FlagForm[CalendarInput]{Name: "tag", Kind: FlagInts, Usage: "tag `ID` (repeat)", Set: func(in *CalendarInput, v []string) error {
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
	}}
	privacyFlags = []FlagForm[CalendarInput]{
		{Name: "private", Kind: FlagBool, Usage: "only campaign admins see the calendar",
			Set: func(in *CalendarInput, v []string) error { in.IsPrivate = ptr(v[0] == "true"); return nil }},
		{Name: "public", Kind: FlagBool, Usage: "campaign members see the calendar",
			Set: func(in *CalendarInput, v []string) error { in.IsPrivate = ptr(v[0] != "true"); return nil }},
	}
)

func setEntry(in *CalendarInput, v []string) error {
	if p := EntryProblem(v[0]); p != "" {
		return flagProblem("%s", p)
	}
	entry := v[0]
	in.Entry = &entry
	return nil
}

// leapFlag is a flag of the leap rule: any of them turns leap years on,
// and none goes with --no-leap-year.
func leapFlag(form FlagForm[CalendarInput]) FlagForm[CalendarInput] {
	set := form.Set
	form.Excludes = []string{"no-leap-year"}
	form.Set = func(in *CalendarInput, v []string) error {
		in.HasLeapYear = ptr(true)
		return set(in, v)
	}
	return form
}

// leapNumberFlag is a whole-number flag of the leap rule.
func leapNumberFlag(name, usage string, get func(*CalendarInput) **int) FlagForm[CalendarInput] {
	return leapFlag(FlagForm[CalendarInput]{Name: name, Usage: usage, Kind: FlagInt, Set: func(in *CalendarInput, v []string) error {
		n, _ := strconv.Atoi(v[0])
		*get(in) = &n
		return nil
	}})
}

// ReadMonth reads a month as a flag gives it: by number (1 is the first),
// or a name kept to be resolved against the calendar's months (where names
// the flag). Every month typed on the command line goes through it.
func ReadMonth(s, where string) (*int, *Written, error) {
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
	return nil, &Written{Text: s, Where: where}, nil
}

func parseNames(values []string) ([]string, error) {
	names := make([]string, 0, len(values))
	for _, v := range values {
		if strings.TrimSpace(v) == "" {
			return nil, valueProblem(v, "the name is empty")
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
			return nil, valueProblem(v, "want %s (write \\: for a colon in a name)", want)
		}
		if strings.TrimSpace(parts[0]) == "" {
			return nil, valueProblem(v, "the name is empty")
		}
		t, err := parse(v, parts)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

func parseMonths(values []string) ([]Month, error) {
	return parseEach(values, 2, 3, "NAME:LENGTH or NAME:LENGTH:intercalary", func(v string, parts []string) (Month, error) {
		m := Month{Name: parts[0]}
		n, err := strconv.Atoi(parts[1])
		if err != nil || n < 1 {
			return m, valueProblem(v, "the length %q is not a whole number of days above 0", parts[1])
		}
		m.Length = n
		if len(parts) == 3 {
			if !slices.Contains(MonthTypes, parts[2]) {
				return m, valueProblem(v, "the type %q is not intercalary or standard", parts[2])
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
			return nil, valueProblem(v, `want NUMBER:NAME (write \: for a colon in a name)`)
		}
		n, err := strconv.Atoi(parts[0])
		if err != nil {
			return nil, valueProblem(v, "the year %q is not a whole number", parts[0])
		}
		if strings.TrimSpace(parts[1]) == "" {
			return nil, valueProblem(v, "the name is empty")
		}
		if _, dup := years[n]; dup {
			return nil, valueProblem(v, "year %d is named twice", n)
		}
		years[n] = parts[1]
	}
	return years, nil
}

func parseSeasons(values []string) ([]Season, error) {
	return parseEach(values, 3, 3, "NAME:MONTH:DAY", func(v string, parts []string) (Season, error) {
		month, written, err := ReadMonth(parts[1], fmt.Sprintf("--season %q", v))
		if err != nil {
			return Season{}, valueProblem(v, "%v", err)
		}
		day, err := strconv.Atoi(parts[2])
		if err != nil || day < 1 {
			return Season{}, valueProblem(v, "the day %q is not a day number (1 is the first)", parts[2])
		}
		return Season{Name: parts[0], Month: deref(month, 0), Day: day, MonthName: written}, nil
	})
}

func parseMoons(values []string) ([]Moon, error) {
	return parseEach(values, 2, 4, "NAME:FULLMOON[:OFFSET[:COLOUR]]", func(v string, parts []string) (Moon, error) {
		full, err := strconv.ParseFloat(parts[1], 64)
		if err != nil || full <= 0 {
			return Moon{}, valueProblem(v, "the full-moon cycle %q is not a number of days above 0", parts[1])
		}
		moon := Moon{Name: parts[0], Fullmoon: full}
		if len(parts) >= 3 {
			if moon.Offset, err = strconv.Atoi(parts[2]); err != nil {
				return Moon{}, valueProblem(v, "the offset %q is not a whole number", parts[2])
			}
		}
		if len(parts) == 4 {
			moon.Colour = parts[3]
		}
		return moon, nil
	})
}
