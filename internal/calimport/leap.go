package calimport

import (
	"fmt"
	"iter"
	"math"
	"strings"
)

// Kanka holds one leap rule: leap_year_amount days at the end of month
// leap_year_month in every year from leap_year_start that is a multiple of
// leap_year_offset years after it (1 to 255 each). The tools hold more:
// several leap days, compound rules (Gregorian 400,!100,4), a leap day in
// the middle of a month, months that exist only in some years. These are
// brought to the one rule here, and each approximation is named.

// Kanka's bounds on the leap settings (client's validation says the same).
const (
	maxLeapSetting = 255
	maxLeapAmount  = 128
)

// leapRule is the years a source adds leap days in.
type leapRule struct {
	// text is the rule as the source writes it, for messages; two leap
	// days with the same text leap in the same years.
	text string
	// period is how many years the rule takes to repeat.
	period int
	// isLeap is the source's rule for year y, as the calendar numbers it.
	isLeap func(y int) bool
	// tests is how many intervals isLeap tries at most (1 when not set):
	// what counting a year costs.
	tests int
}

// leapDay is what a source adds in leap years: amount days at the end of
// Kanka month month (1-based).
type leapDay struct {
	// name names it in messages: "Leap Day", "Shieldmeet".
	name   string
	month  int
	amount int
	rule   leapRule
	// fold is the source month (0-based) these days are, when the source
	// has a month only in leap years; -1 otherwise.
	fold int
}

// kankaLeap is the one leap rule of the converted calendar.
type kankaLeap struct {
	month, amount, every, start int
}

func (k kankaLeap) isLeap(y int, skipYearZero bool) bool {
	return y >= k.start && (y-k.start)%k.every == 0 && !(skipYearZero && y == 0)
}

// resolveLeaps brings the draft's leap days to Kanka's one rule, sets the
// calendar's leap fields and the folded months of its month map, and
// returns the losses, one a line.
func (d *draft) resolveLeaps() []string {
	var losses []string
	no := false
	d.in.HasLeapYear = &no
	kept := d.leaps
	if len(kept) == 0 {
		return nil
	}
	sameRule := true
	for _, l := range kept[1:] {
		sameRule = sameRule && l.rule.text == kept[0].rule.text
	}
	if !sameRule {
		// Kanka has one rule: the leap day that adds the most days over
		// the years is kept, the others named.
		best, most := 0, d.yearlyDays(kept[0])
		for i, l := range kept[1:] {
			if days := d.yearlyDays(l); days > most {
				best, most = i+1, days
			}
		}
		var dropped []string
		for i, l := range kept {
			if i != best {
				dropped = append(dropped, fmt.Sprintf("%s (%s)", l.name, l.rule.text))
			}
		}
		losses = append(losses, fmt.Sprintf("leap days: Kanka has one leap rule: %s (%s) is kept; %s %s not carried",
			kept[best].name, kept[best].rule.text, strings.Join(dropped, ", "), isAre(len(dropped))))
		kept = []leapDay{kept[best]}
	}
	total, month := 0, kept[0].month
	var names, places []string
	for _, l := range kept {
		total += l.amount
		names = append(names, l.name)
		places = append(places, d.monthName(l.month))
	}
	if len(kept) > 1 {
		losses = append(losses, fmt.Sprintf("leap days: %s became %d days at the end of %s: Kanka adds a leap year's days to one month",
			listOf(names, places), total, d.monthName(month)))
	}
	if total == 0 {
		return losses
	}
	if total < -maxLeapAmount || total > maxLeapAmount {
		return append(losses, fmt.Sprintf("leap days: %d days in a leap year are more than Kanka's %d: leap years are not carried", total, maxLeapAmount))
	}
	k, loss, ok := d.approximate(kept[0].rule, month, total)
	if !ok {
		return append(losses, loss)
	}
	if loss != "" {
		losses = append([]string{loss}, losses...)
	}
	yes := true
	d.in.HasLeapYear, d.in.LeapYearAmount, d.in.LeapYearMonth = &yes, &k.amount, &k.month
	d.in.LeapYearOffset, d.in.LeapYearStart = &k.every, &k.start
	// The months the source has only in leap years are the last days of
	// the month they were folded into, after its own leap days.
	if d.months.folds == nil {
		d.months.folds = map[int]foldedMonth{}
	}
	after := d.in.Months[month-1].Length
	for _, l := range kept {
		if l.fold < 0 {
			after += l.amount
		}
	}
	for _, l := range kept {
		if l.fold >= 0 {
			d.months.folds[l.month] = foldedMonth{src: l.fold, after: after}
			after += l.amount
		}
	}
	return losses
}

// skipsYearZero reports whether the calendar has no year 0 (its -1 is
// followed by 1).
func (d *draft) skipsYearZero() bool { return d.in.SkipYearZero != nil && *d.in.SkipYearZero }

// years are n years of the calendar from y, forward (step 1) or back
// (step -1): year 0 is left out where the calendar has none, so that a
// rule's period counts the years there are.
func (d *draft) years(y, n, step int) iter.Seq[int] {
	skip := d.skipsYearZero()
	return func(yield func(int) bool) {
		for y, left := y, n; left > 0; y += step {
			if y == 0 && skip {
				continue
			}
			if !yield(y) {
				return
			}
			left--
		}
	}
}

// serial is year y counted without a gap: y itself, or where the calendar
// has no year 0, y+1 for the years before it (so -1 is 0). Spacings of
// leap years are measured in it: -1 and 4 are four years apart there.
func (d *draft) serial(y int) int {
	if y < 0 && d.skipsYearZero() {
		return y + 1
	}
	return y
}

// yearlyDays is how many days l adds in a year, on average.
func (d *draft) yearlyDays(l leapDay) float64 {
	n := 0
	for y := range d.years(d.current.year, l.rule.period, 1) {
		if l.rule.isLeap(y) {
			n += l.amount
		}
	}
	return float64(n) / float64(l.rule.period)
}

// approximate is Kanka's rule for r: one leap year every N years from a
// start of 1 or more. A rule that is one interval is carried exactly from
// year 1 on (before it Kanka has no leap year, which the loss says when
// the current year is 0 or earlier); a compound one becomes the nearest
// single interval, anchored on the source's last leap
// year at or before the current one, so that the years near it agree; the
// loss then names the first year after it where they differ. ok is false
// when Kanka cannot hold the rule at all (the loss says why).
func (d *draft) approximate(r leapRule, month, amount int) (k kankaLeap, loss string, ok bool) {
	y0 := d.current.year
	window := d.years(y0, r.period, 1)
	count, first := 0, 0
	for y := range window {
		if r.isLeap(y) {
			if count == 0 {
				first = y
			}
			count++
		}
	}
	if count == 0 {
		return k, "", false
	}
	exact := r.period%count == 0
	every := r.period / count
	if exact {
		for y := range window {
			exact = exact && r.isLeap(y) == (mod(d.serial(y)-d.serial(first), every) == 0)
		}
	}
	last := first
	if !exact {
		every = int(math.Round(float64(r.period) / float64(count)))
		for y := range d.years(y0, r.period, -1) {
			if r.isLeap(y) {
				last = y
				break
			}
		}
	}
	if every > maxLeapSetting {
		return k, fmt.Sprintf("leap years: %s's leap years come every %d years, more than Kanka's %d: they are not carried",
			d.format.Tool(), every, maxLeapSetting), false
	}
	// Kanka counts leap years from a start of 1 or more: the first of
	// the source's at or after 1, measured without a gap at year 0.
	start := mod(d.serial(last), every)
	if start == 0 {
		start = every
	}
	k = kankaLeap{month: month, amount: amount, every: every, start: start}
	// Even an exact rule differs before its start, where Kanka has no leap
	// year: the first year of the calendar where the two differ is said.
	differ := ""
	for y := range d.years(y0, 10001, 1) {
		if r.isLeap(y) != k.isLeap(y, d.skipsYearZero()) {
			differ = fmt.Sprintf("the first year where they differ is %d", y)
			break
		}
	}
	if exact && differ == "" {
		return k, "", true
	}
	if differ == "" {
		differ = "they agree for the next 10000 years"
	}
	counted := fmt.Sprintf("%d leap years in %d", count, r.period)
	if count == 1 {
		counted = fmt.Sprintf("1 leap year in %d", r.period)
	}
	return k, fmt.Sprintf("leap years: %s's rule %s (%s) became one every %d years from year %d; %s",
		d.format.Tool(), r.text, counted, every, start, differ), true
}

// mod is a modulo b, from 0 to b-1 whatever a's sign.
func mod(a, b int) int {
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// listOf is "A (end of X) and B (end of Y)".
func listOf(names, places []string) string {
	parts := make([]string, len(names))
	for i := range names {
		parts[i] = fmt.Sprintf("%s (end of %s)", names[i], places[i])
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// gcd is the greatest common divisor of positive whole numbers.
func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// lcmWithin is the least common multiple of positive a and b, ok false
// when it is above limit: a file's intervals are any whole numbers, and
// their product would wrap past what an int holds (2 and 2^62+1 make a
// negative period) long before a loop over it ended.
func lcmWithin(a, b, limit int) (int, bool) {
	q := a / gcd(a, b)
	if q > limit/b {
		return 0, false
	}
	return q * b, true
}
