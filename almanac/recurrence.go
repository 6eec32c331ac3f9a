package almanac

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Recurrence is what the arithmetic needs of a reminder, its fields as the
// service stores them. Occurrences and Days expand it.
type Recurrence struct {
	// Date is the reminder's own date: no occurrence starts before it.
	Date Date
	// Length is the number of days each occurrence lasts. The service stores
	// 1 when none is sent (its create answer shows null): pass 1 for null.
	Length int
	// IsRecurring and Periodicity: it repeats only when IsRecurring is true
	// and Periodicity (recurring_periodicity) is not empty; otherwise it is
	// one-off, whatever the other fields say.
	IsRecurring bool
	Periodicity string
	// Until is recurring_until as stored ("" for null): the last year an
	// occurrence may start in.
	Until string
}

// Repeat is the kind of a periodicity.
type Repeat int

// The periodicities the service knows.
const (
	RepeatNone  Repeat = iota // "": one-off
	RepeatYear                // "year": same month and day every year
	RepeatMonth               // "month": same day every month of the list
	RepeatMoon                // "{moonId}_{phase}": every day a moon's phase falls on
)

// Periodicity is a reminder's recurring_periodicity, read.
type Periodicity struct {
	Repeat Repeat
	// MoonID and Phase are set for RepeatMoon: the moon's id (Moon.ID, not
	// its position) and the phase.
	MoonID int
	Phase  Phase
}

// String writes the periodicity as the service stores it: "", "year",
// "month", "3_f", "3_n", "3_waxing_crescent".
func (p Periodicity) String() string {
	switch p.Repeat {
	case RepeatYear:
		return "year"
	case RepeatMonth:
		return "month"
	case RepeatMoon:
		return strconv.Itoa(p.MoonID) + "_" + p.Phase.Suffix()
	}
	return ""
}

// PeriodicityError names a periodicity the service does not know. Expanding
// a stored one gives nothing, as the service does; commands refuse it.
type PeriodicityError struct{ Value string }

func (e *PeriodicityError) Error() string {
	return fmt.Sprintf("%q is not a periodicity: use year, month, or a moon's id and a phase "+
		"(f, n, waning_gibbous, last_quarter, waning_crescent, waxing_crescent, first_quarter, waxing_gibbous), such as 3_f", e.Value)
}

// ParsePeriodicity reads recurring_periodicity as the service does: "" is
// one-off, then exactly "year" or "month", or digits, "_" and a phase
// suffix (f for full, n for new, otherwise the phase's name with
// underscores). Like the service's pattern it lets one newline end a moon
// periodicity. Anything else (Kanka's documented "yearly", "monthly") is a
// *PeriodicityError.
func ParsePeriodicity(s string) (Periodicity, error) {
	switch s {
	case "":
		return Periodicity{}, nil
	case "year":
		return Periodicity{Repeat: RepeatYear}, nil
	case "month":
		return Periodicity{Repeat: RepeatMonth}, nil
	}
	// PCRE's $ also matches before a final newline: /^(\d+)_(f|n|...)$/.
	body := strings.TrimSuffix(s, "\n")
	digits, suffix, ok := strings.Cut(body, "_")
	if !ok || digits == "" || !allDigits(digits) {
		return Periodicity{}, &PeriodicityError{Value: s}
	}
	phase, ok := phaseOfSuffix(suffix)
	if !ok {
		return Periodicity{}, &PeriodicityError{Value: s}
	}
	return Periodicity{Repeat: RepeatMoon, MoonID: saturatedInt(digits), Phase: phase}, nil
}

// saturatedInt reads ASCII digits as PHP's (int) does: too large a number
// becomes the largest int.
func saturatedInt(digits string) int {
	n, err := strconv.ParseInt(digits, 10, strconv.IntSize)
	if err != nil {
		return math.MaxInt
	}
	return int(n)
}

// Suffix is the phase as a periodicity writes it: "f", "n", "waning_gibbous".
func (p Phase) Suffix() string {
	switch p {
	case PhaseFull:
		return "f"
	case PhaseNew:
		return "n"
	}
	return strings.ReplaceAll(p.String(), "-", "_")
}

func phaseOfSuffix(s string) (Phase, bool) {
	switch s {
	case "f":
		return PhaseFull, true
	case "n":
		return PhaseNew, true
	case "full", "new":
		return 0, false // the service writes these two as f and n only
	}
	for p := PhaseFull; p <= PhaseWaxingGibbous; p++ {
		if s == p.Suffix() {
			return p, true
		}
	}
	return 0, false
}

// ParsePhase reads a phase's name in any case, with hyphens or underscores
// ("full", "waxing-crescent", "First_Quarter").
func ParsePhase(s string) (Phase, bool) {
	s = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), "_", "-"))
	for p := PhaseFull; p <= PhaseWaxingGibbous; p++ {
		if s == p.String() {
			return p, true
		}
	}
	return 0, false
}

// ReadRepeat reads a repeat as a person types it: year, month or the
// service's {moonId}_{phase} (ParsePeriodicity), or a moon by its name and
// a phase, MOON:PHASE (moon is the name, which the calendar's moons turn
// into an id). "" is no repeat.
func ReadRepeat(s string) (p Periodicity, moon string, err error) {
	if name, phase, ok := strings.Cut(s, ":"); ok && strings.TrimSpace(name) != "" {
		if ph, ok := ParsePhase(phase); ok {
			return Periodicity{Repeat: RepeatMoon, Phase: ph}, strings.TrimSpace(name), nil
		}
		return p, "", fmt.Errorf("the phase %q is none of full, new, first-quarter, last-quarter, waxing-crescent, waxing-gibbous, waning-crescent, waning-gibbous", phase)
	}
	if p, err = ParsePeriodicity(s); err != nil {
		return p, "", fmt.Errorf("%q is not a repeat: give year, month or MOON:PHASE (Selûne:full)", s)
	}
	return p, "", nil
}

// UntilError says that recurring_until is not a number; the service then
// gives the reminder no occurrence.
type UntilError struct{ Value string }

func (e *UntilError) Error() string {
	return fmt.Sprintf("recurring_until %q is not a number", e.Value)
}

// UntilYear is the last year an occurrence of rec may start in, as the
// service reads recurring_until; bounded is false when it has no end.
func (rec Recurrence) UntilYear() (year int64, bounded bool, err error) { return parseUntil(rec.Until) }

// parseUntil reads recurring_until as the service does: "" is no end
// (bounded false); otherwise PHP's is_numeric decides and (int) converts:
// decimals and exponents are truncated toward zero, numbers beyond an int64
// saturate, an infinite one is 0.
func parseUntil(s string) (year int64, bounded bool, err error) {
	if s == "" {
		return 0, false, nil
	}
	body, isInt, ok := phpNumeric(s)
	if !ok {
		return 0, false, &UntilError{Value: s}
	}
	if isInt {
		if n, err := strconv.ParseInt(body, 10, 64); err == nil {
			return n, true, nil
		}
		// An integer too long for int64 is a float to PHP, then capped.
		if strings.HasPrefix(body, "-") {
			return math.MinInt64, true, nil
		}
		return math.MaxInt64, true, nil
	}
	f, _ := strconv.ParseFloat(body, 64) // syntax checked; ±Inf on overflow
	switch {
	case math.IsInf(f, 0) || math.IsNaN(f):
		return 0, true, nil
	case f >= math.MaxInt64:
		return math.MaxInt64, true, nil
	case f < math.MinInt64:
		return math.MinInt64, true, nil
	}
	return int64(f), true, nil
}

// phpNumeric is PHP 8's is_numeric on a string: optional whitespace, a
// sign, digits with an optional point and fraction (or a point and
// digits), an optional exponent, optional whitespace. It returns the
// number without the whitespace, and whether it is a plain integer.
func phpNumeric(s string) (body string, isInt, ok bool) {
	const space = " \t\n\r\v\f"
	body = strings.Trim(s, space)
	i := 0
	if i < len(body) && (body[i] == '+' || body[i] == '-') {
		i++
	}
	intDigits := countDigits(body[i:])
	i += intDigits
	isInt = true
	if i < len(body) && body[i] == '.' {
		isInt = false
		i++
		frac := countDigits(body[i:])
		if intDigits == 0 && frac == 0 {
			return "", false, false
		}
		i += frac
	} else if intDigits == 0 {
		return "", false, false
	}
	if i < len(body) && (body[i] == 'e' || body[i] == 'E') {
		j := i + 1
		if j < len(body) && (body[j] == '+' || body[j] == '-') {
			j++
		}
		if exp := countDigits(body[j:]); exp > 0 {
			isInt = false
			i = j + exp
		}
	}
	if i != len(body) || body == "" {
		return "", false, false
	}
	// Go's ParseInt refuses a leading "+"; PHP reads it.
	return strings.TrimPrefix(body, "+"), isInt, true
}

func countDigits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}
