package calimport

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Fantasy-Calendar writes when a leap day falls as intervals: "400,!100,4"
// is every 400 years, else not every 100, else every 4. The largest
// interval that divides the year (after the offset) decides; "!" makes it
// a year without, "+" makes it ignore the offset. A cyclic leap day lists
// instead the years of a cycle (its offset is the cycle's length) it falls
// in.

type interval struct {
	every    int
	negate   bool
	offset   int
	original string
}

// intervalRule reads a leap day's interval text with its offset, as
// Fantasy-Calendar reads it (Interval.js): the offset of each interval is
// taken modulo it, and ignored for an interval of 1 or one marked "+".
func intervalRule(textValue string, offset int, cyclic, yearZero bool) (leapRule, error) {
	parts := strings.Split(strings.ReplaceAll(textValue, " ", ""), ",")
	var ivs []interval
	period := 1
	for _, p := range parts {
		word := p
		negate := strings.Contains(word, "!")
		ignore := strings.Contains(word, "+")
		word = strings.NewReplacer("!", "", "+", "").Replace(word)
		n, err := strconv.Atoi(word)
		if err != nil || n < 1 || cyclic && (negate || ignore) {
			return leapRule{}, fmt.Errorf("the interval %q is not a list of whole numbers such as 400,!100,4", textValue)
		}
		iv := interval{every: n, negate: negate, original: p}
		if cyclic {
			// A cycle of offset years; n is a year of it.
			if offset < 1 {
				return leapRule{}, fmt.Errorf("the cyclic interval %q needs a cycle length (its offset) of at least 1", textValue)
			}
			iv = interval{every: offset, offset: n % offset, original: p}
		} else if n > 1 && !ignore {
			iv.offset = (n + offset) % n
		}
		var ok bool
		if period, ok = lcmWithin(period, iv.every, maxPeriod); !ok {
			return leapRule{}, fmt.Errorf("the interval %q repeats only every %d years or more: too long to count", textValue, maxPeriod)
		}
		ivs = append(ivs, iv)
	}
	slices.SortStableFunc(ivs, func(a, b interval) int { return b.every - a.every })
	rule := textValue
	if offset != 0 && !cyclic {
		rule = fmt.Sprintf("%s (offset %d)", textValue, offset)
	}
	if cyclic {
		rule = fmt.Sprintf("years %s of every %d", textValue, offset)
	}
	return leapRule{text: rule, period: period, tests: len(ivs), isLeap: func(y int) bool {
		t := y
		if !yearZero && y < 0 {
			t++ // Fantasy-Calendar counts year -1 as 0 when there is no year 0
		}
		for _, iv := range ivs {
			if (t-iv.offset)%iv.every == 0 {
				if cyclic {
					return true
				}
				return !iv.negate
			}
		}
		return false
	}}, nil
}

// maxPeriod bounds how many years a rule may take to repeat: a year's
// days are counted over one such cycle.
const maxPeriod = 1_000_000

// maxRuleWork bounds what counting the years of one cycle costs: its
// years times the timespans and leap intervals each year is counted with.
// Gregorian's 400 years of 12 months and 3 intervals cost 6,000, a
// calendar of a hundred months with a leap day every 10,000 years about a
// million; 20 million is counted in a tenth of a second, where a file's
// rules could otherwise ask for 10^10 (a leap day every million years on
// 10,000 timespans), hours of counting.
const maxRuleWork = 20_000_000
