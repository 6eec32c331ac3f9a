package almanac

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/kanka-cli/kanka/internal/suggest"
)

// Input longer than this is refused before any matching.
const maxInput = 1000

// The date patterns are compiled when first used, not when kanka starts
// (it starts on every Tab of a completion).
var (
	numeric   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*(-?\d+)-(\d+)-(\d+)\s*$`) })
	yearFirst = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(-?\d+)\s*-\s*(.+?)\s*-\s*(\d+)$`) })
	dayFirst  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\d+)\s+(.+)$`) })
)

// ParseNumeric reads "Y-M-D" written with numbers only ("1492-4-3",
// "-12-3-1"): the form the service writes and kanka prints in data. It
// needs no calendar and checks nothing against one; ParseDate reads every
// form, this one included.
func ParseNumeric(s string) (Date, error) {
	m := numeric().FindStringSubmatch(s)
	if m == nil {
		return Date{}, fmt.Errorf("%q is not a date of the form YEAR-MONTH-DAY", s)
	}
	y, err1 := strconv.Atoi(m[1])
	mo, err2 := strconv.Atoi(m[2])
	d, err3 := strconv.Atoi(m[3])
	if err1 != nil || err2 != nil || err3 != nil {
		return Date{}, fmt.Errorf("%q has a number too large", s)
	}
	return Date{Year: y, Month: mo, Day: d}, nil
}

// ParseDate reads a date as a person writes it and checks that it exists:
// "1492-4-3", "1492-Ches-3", "-12-3-1" (year first, month by number or
// name), "3 Ches 1492", "3 Ches, 1492 DR", "3 Ches, Year of Three Ships
// Sailing DR" (day first, as Format writes it; the suffix is optional), or
// "today", "tomorrow", "yesterday", "+3", "-1" (days from Calendar.Today).
// Months match by number, name or alias, in any case, or by an unambiguous
// prefix of one.
func (r *Reckoning) ParseDate(s string) (Date, error) {
	d, err := r.ReadDate(s)
	if err != nil {
		return Date{}, err
	}
	return d, r.CheckWritten(d)
}

// ReadDate reads a date as ParseDate does, without checking that the
// calendar has that day (a caller that checks later, with a fuller
// calendar, words the problem once).
func (r *Reckoning) ReadDate(s string) (Date, error) {
	if err := CheckDateShape(s); err != nil {
		return Date{}, err
	}
	if n, ok, _ := relativeDays(s); ok {
		return r.fromToday(normalise(s), n)
	}
	s = normalise(s)
	if m := yearFirst().FindStringSubmatch(s); m != nil {
		return r.parseParts(m[1], m[2], m[3])
	}
	m := dayFirst().FindStringSubmatch(s)
	return r.parseDayFirst(m[1], m[2])
}

// CheckDateShape says whether s can be a date of some calendar: one of the
// forms ParseDate reads, a date counted from today (relative.go)
// included. It needs no calendar, so that a date given in a flag or a
// file is refused before any request when it cannot be one; its months,
// year names and today are read later, with the calendar's.
func CheckDateShape(s string) error {
	if len(s) > maxInput {
		return fmt.Errorf("a date of %d characters is too long", len(s))
	}
	if err := relativeShapeError(s); err != nil {
		return err
	}
	n := normalise(s)
	if IsRelative(n) || yearFirst().MatchString(n) || dayFirst().MatchString(n) {
		return nil
	}
	return fmt.Errorf("%q is not a date: write YEAR-MONTH-DAY (1492-4-3, 1492-Ches-3) or DAY MONTH YEAR (3 Ches 1492)%s", n, nearRelativeWord(n))
}

// parseDayFirst splits "MONTH YEAR", "MONTH, YEAR" or "MONTH, YEAR NAME"
// (each with an optional suffix) after the day.
func (r *Reckoning) parseDayFirst(day, rest string) (Date, error) {
	if month, year, ok := strings.Cut(rest, ","); ok {
		return r.parseParts(r.stripSuffix(strings.TrimSpace(year)), month, day)
	}
	words := strings.Fields(r.stripSuffix(rest))
	if len(words) < 2 {
		return Date{}, fmt.Errorf("%q is not a date: write DAY MONTH YEAR (3 Ches 1492)", day+" "+rest)
	}
	return r.parseParts(words[len(words)-1], strings.Join(words[:len(words)-1], " "), day)
}

// stripSuffix drops the calendar's suffix ("DR") from the end of s.
func (r *Reckoning) stripSuffix(s string) string {
	suffix := normalise(r.cal.Suffix)
	if suffix == "" || len(s) <= len(suffix) {
		return s
	}
	head, tail := s[:len(s)-len(suffix)], s[len(s)-len(suffix):]
	if strings.EqualFold(tail, suffix) && strings.HasSuffix(head, " ") {
		return strings.TrimSpace(head)
	}
	return s
}

func (r *Reckoning) parseParts(year, month, day string) (Date, error) {
	y, err := r.parseYear(year)
	if err != nil {
		return Date{}, err
	}
	m, err := r.ParseMonth(month)
	if err != nil {
		return Date{}, err
	}
	d, err := strconv.Atoi(day)
	if err != nil {
		return Date{}, fmt.Errorf("day %s does not exist", day)
	}
	return Date{Year: y, Month: m, Day: d}, nil
}

// parseYear reads a year number or the name of a named year.
func (r *Reckoning) parseYear(s string) (int, error) {
	if isInteger(s) {
		y, err := strconv.ParseInt(s, 10, 64)
		if err != nil || y < -yearLimit || y > yearLimit {
			return 0, fmt.Errorf("year %s is out of range: years go from %d to %d", s, -yearLimit, yearLimit)
		}
		return int(y), nil
	}
	var found []int
	for y, name := range r.cal.Years {
		if name != "" && strings.EqualFold(normalise(name), s) {
			found = append(found, y)
		}
	}
	slices.Sort(found)
	switch len(found) {
	case 0:
		return 0, fmt.Errorf("%q is neither a year number nor the name of a year", s)
	case 1:
		return found[0], nil
	default:
		return 0, fmt.Errorf("%q names more than one year: %s", s, joinInts(found))
	}
}

// ParseMonth reads a month by number (1 is the first of the list,
// intercalary months included), name or alias, in any case, or by a prefix
// of one that no other month shares.
func (r *Reckoning) ParseMonth(s string) (int, error) {
	if len(s) > maxInput {
		return 0, errors.New("a month name that long does not exist")
	}
	s = normalise(s)
	if s == "" {
		return 0, errors.New("no month given")
	}
	if isInteger(s) {
		m, err := strconv.Atoi(s)
		if err != nil {
			return 0, fmt.Errorf("month %s does not exist: the calendar has %s", s, plural(len(r.months), "month"))
		}
		return m, r.checkMonth(m)
	}
	key := strings.ToLower(s)
	exactName, exactAlias, prefix := []int{}, []int{}, []int{}
	for i, m := range r.months {
		name, alias := strings.ToLower(normalise(m.Name)), strings.ToLower(normalise(m.Alias))
		switch {
		case name == key:
			exactName = append(exactName, i)
		case alias != "" && alias == key:
			exactAlias = append(exactAlias, i)
		case strings.HasPrefix(name, key) || (alias != "" && strings.HasPrefix(alias, key)):
			prefix = append(prefix, i)
		}
	}
	for _, found := range [][]int{exactName, exactAlias, prefix} {
		switch len(found) {
		case 0:
			continue
		case 1:
			return found[0] + 1, nil
		default:
			return 0, &MonthError{Text: s, Ambiguous: true, msg: fmt.Sprintf("month %q is ambiguous: it may be %s", s, r.monthList(found))}
		}
	}
	msg := fmt.Sprintf("month %q does not exist in this calendar", s)
	near, ok := suggest.Nearest(s, r.monthNames())
	if ok {
		msg += fmt.Sprintf("; did you mean %q?", near)
	}
	return 0, &MonthError{Text: s, Near: near, msg: msg}
}

// monthNames are the names, then the aliases, of the months: what a
// mistyped month is compared with (a name wins a tie).
func (r *Reckoning) monthNames() []string {
	var names, aliases []string
	for _, m := range r.months {
		names = append(names, m.Name)
		if m.Alias != "" {
			aliases = append(aliases, m.Alias)
		}
	}
	return append(names, aliases...)
}

// MonthError is a month name the calendar has none of, or more than one
// (Ambiguous: the message lists them). Text is the name as written; Near
// is the name or alias the message suggests for a typo, empty when no
// month is near (a caller may then list them all).
type MonthError struct {
	Text      string
	Near      string
	Ambiguous bool
	msg       string
}

func (e *MonthError) Error() string { return e.msg }

// monthList names the months at indexes, with their alias and number.
func (r *Reckoning) monthList(indexes []int) string {
	parts := make([]string, len(indexes))
	for k, i := range indexes {
		m := r.months[i]
		if m.Alias != "" {
			parts[k] = fmt.Sprintf("%s (%s, month %d)", m.Name, m.Alias, i+1)
		} else {
			parts[k] = fmt.Sprintf("%s (month %d)", m.Name, i+1)
		}
	}
	return strings.Join(parts, ", ")
}

// normalise trims s and turns each run of spaces into one.
func normalise(s string) string { return strings.Join(strings.Fields(s), " ") }

func isInteger(s string) bool {
	digits := strings.TrimPrefix(s, "-")
	return digits != "" && allDigits(digits)
}

func joinInts(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ", ")
}
