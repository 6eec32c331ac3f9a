package almanac

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/kanka-cli/kanka/internal/suggest"
)

// Dates a person says are a part of the one grammar: "today" is the
// calendar's current date (Calendar.Today), "tomorrow" and "yesterday" the
// days either side of it, "+N" and "-N" N days after and before it,
// counted with the calendar's own days (leap days, intercalary months and
// a missing year zero fall where it puts them). CheckDateShape accepts
// them with no calendar; ReadDate reads them with one.

// MaxRelativeDays bounds +N and -N: no calendar has more days than
// MaxYear years either side of zero, each of at most MaxYearLength days.
const MaxRelativeDays int64 = 2 * MaxYear * MaxYearLength

// relativeWords are the days a word names, from today.
var relativeWords = map[string]int64{"today": 0, "tomorrow": 1, "yesterday": -1}

// The patterns are compiled when first used: kanka starts on every Tab.
var (
	relativeCount = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([+-])([0-9]+)$`) })
	// wordAndCount is a word with a count after it, "today+3": a form kanka
	// does not read, whose meaning it can still say.
	wordAndCount = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([a-z]+) ?([+-]) ?([0-9]{1,18})$`) })
)

// IsRelative reports whether s is a date counted from today ("today",
// "+3"), one that reads: a file refuses those, since what they mean moves
// as the calendar's date does.
func IsRelative(s string) bool {
	_, ok, err := relativeDays(s)
	return ok && err == nil
}

// relativeDays is the number of days from today s says: ok is false when
// s is no relative date; err, when it is one that is too far.
func relativeDays(s string) (n int64, ok bool, err error) {
	if len(s) > maxInput {
		return 0, false, nil
	}
	text := normalise(s)
	if n, ok := relativeWords[strings.ToLower(text)]; ok {
		return n, true, nil
	}
	m := relativeCount().FindStringSubmatch(text)
	if m == nil {
		return 0, false, nil
	}
	n, err = strconv.ParseInt(m[2], 10, 64)
	if err != nil || n > MaxRelativeDays {
		return 0, true, fmt.Errorf("%q is more days from today than any calendar has (at most %d)", text, MaxRelativeDays)
	}
	if m[1] == "-" {
		n = -n
	}
	return n, true, nil
}

// relativeShapeError is why s, which looks like a relative date, is
// none, with the form meant when it can tell; nil when s does not look
// like one.
func relativeShapeError(s string) error {
	if _, ok, err := relativeDays(s); ok {
		return err
	}
	text := normalise(s)
	switch {
	case strings.HasPrefix(text, "+"):
		return fmt.Errorf("%q is not a date: +N is N days after today, N a whole number (+3)", text)
	case strings.HasPrefix(text, "-") && !yearFirst().MatchString(text):
		return fmt.Errorf("%q is not a date: -N is N days before today, N a whole number (-3)", text)
	}
	m := wordAndCount().FindStringSubmatch(strings.ToLower(text))
	if m == nil {
		return nil
	}
	base, known := relativeWords[m[1]]
	if !known {
		return nil
	}
	count, _ := strconv.ParseInt(m[3], 10, 64) // at most 18 digits: it fits
	if m[2] == "-" {
		count = -count
	}
	return fmt.Errorf("%q is not a date: write %s", text, saidAs(base+count))
}

// saidAs is how n days from today are written, with what they mean.
func saidAs(n int64) string {
	switch {
	case n == 0:
		return "today"
	case n > 0:
		return fmt.Sprintf("+%d for %s after today", n, plural64(n, "day"))
	}
	return fmt.Sprintf("%d for %s before today", n, plural64(-n, "day"))
}

func plural64(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.FormatInt(n, 10) + " " + noun + "s"
}

// nearRelativeWord is "; did you mean "today"?" for a typo of a word.
func nearRelativeWord(text string) string {
	if strings.ContainsAny(text, "0123456789 ") {
		return ""
	}
	if near, ok := suggest.Nearest(strings.ToLower(text), []string{"today", "tomorrow", "yesterday"}); ok {
		return fmt.Sprintf("; did you mean %q?", near)
	}
	return ""
}

// fromToday is the date n days from the calendar's current date; text is
// the date as written, for messages.
func (r *Reckoning) fromToday(text string, n int64) (Date, error) {
	today := r.cal.Today
	if today == nil {
		return Date{}, fmt.Errorf("%q counts from the calendar's current date, and the calendar has none", text)
	}
	if err := r.Check(*today); err != nil {
		return Date{}, fmt.Errorf("%q counts from the calendar's current date, %s, which does not exist: %v", text, *today, err)
	}
	return r.AddDays(*today, n)
}
