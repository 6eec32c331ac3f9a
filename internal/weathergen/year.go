package weathergen

import "math"

// The place's year is kept in fixed point: a position is a fraction of the
// year in units of 1/2^24, a temperature in hundredths of a degree, a
// probability in units of probOne. Normals describe whole months; the model
// needs a value for every day, so each figure becomes a curve through
// twelve nodes at the middles of the months, straight between them.

const (
	positionBits       = 24
	positionOne  int64 = 1 << positionBits
)

// monthMiddle is where the middle of each month of the place falls.
var monthMiddle = func() (mid [12]int64) {
	before := 0
	for m, n := range placeMonthDays {
		mid[m] = int64(2*before+n) * positionOne / (2 * placeYearDays)
		before += n
	}
	return mid
}()

// placeDayMiddle is where the middle of day d (0-based) of the place's year falls.
func placeDayMiddle(d int) int64 { return int64(2*d+1) * positionOne / (2 * placeYearDays) }

// curve is a figure of the year through twelve nodes at the months' middles.
type curve [12]int64

// at is the curve's value at position q (0 <= q < positionOne): the
// straight line between the nodes on either side, the year wrapping from
// December to January.
func (c curve) at(q int64) int64 {
	i := 11
	for m := 11; m >= 0; m-- {
		if monthMiddle[m] <= q {
			i = m
			break
		}
	}
	j := (i + 1) % 12
	lo, hi := monthMiddle[i], monthMiddle[j]
	if q < lo { // before the middle of January: from December of the year before
		lo -= positionOne
	}
	if hi <= lo {
		hi += positionOne
	}
	w := (q - lo) << 16 / (hi - lo)
	return c[i] + (c[j]-c[i])*w>>16
}

// meanPreserving is the curve whose mean over each month of the place's
// year is that month's normal. A straight line between the months' values
// would round off the peaks (the hottest month's days would average below
// its normal), so the nodes are pushed out until every month's days
// average its normal again: a few rounds of correction converge, because
// each node weighs most in its own month.
func meanPreserving(normals [12]int64) curve {
	c := curve(normals)
	for range 40 {
		means := c.monthMeans()
		done := true
		for m := range c {
			if d := normals[m] - means[m]; d != 0 {
				c[m] += d
				done = false
			}
		}
		if done {
			break
		}
	}
	return c
}

// monthMeans are the curve's means over the days of each month of the place.
func (c curve) monthMeans() (means [12]int64) {
	day := 0
	for m, n := range placeMonthDays {
		var sum int64
		for range n {
			sum += c.at(placeDayMiddle(day))
			day++
		}
		means[m] = sum / int64(n)
	}
	return means
}

// hundredths is v in hundredths, rounded: the fixed point of temperatures,
// speeds and amounts. A single multiplication and math.Round are exact the
// same way on every machine.
func hundredths(v float64) int64 { return int64(math.Round(v * 100)) }

// yearOf is a climate's figures as curves over the place's year.
type yearOf struct {
	high, low  curve // hundredths of °C
	wet        curve // probability that a day is wet
	perWetDay  curve // mean amount of a wet day, hundredths of mm
	spread     curve // hundredths of °C
	wind       curve // hundredths of km/h
	prevailing int
	wetShare   int64 // the year's share of wet days, probOne = every day
}

// defaultPerWetDay is the amount of a wet day where the climate gives no
// monthly total: 4 mm, a middling rain.
const defaultPerWetDay = 400

func newYear(c Climate) yearOf {
	var high, low, wet, perWet, spread, wind [12]int64
	var wetDays, days int64
	for m, mo := range c.Months {
		high[m], low[m] = hundredths(mo.High), hundredths(mo.Low)
		n := int64(placeMonthDays[m])
		w := hundredths(mo.WetDays)
		wet[m] = w * probOne / (n * 100)
		wetDays += w
		days += n * 100
		perWet[m] = defaultPerWetDay
		if mo.WetDays >= 0.05 && mo.Precipitation > 0 {
			perWet[m] = hundredths(mo.Precipitation) * 100 / w
		}
		spread[m] = hundredths(c.monthSpread(m))
		wind[m] = hundredths(c.monthWind(m))
	}
	return yearOf{
		high:       meanPreserving(high),
		low:        meanPreserving(low),
		wet:        meanPreserving(wet),
		perWetDay:  curve(perWet),
		spread:     curve(spread),
		wind:       curve(wind),
		prevailing: max(directionIndex(c.Prevailing), 0),
		wetShare:   wetDays * probOne / days,
	}
}
