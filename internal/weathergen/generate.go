package weathergen

import (
	"errors"
	"fmt"
	"math"

	"github.com/kanka-cli/kanka/almanac"
)

// Moment is one day of a calendar as the model sees it.
type Moment struct {
	// Date and Label say which day it is ("3 Ches 1492"); MonthName names
	// its month for the summary.
	Date      almanac.Date
	Label     string
	MonthName string
	// Ordinal is the day's number on the calendar (almanac's Ordinal):
	// the day's random numbers are drawn for it, so a day's weather does
	// not depend on where the span starts. Consecutive days have
	// consecutive numbers.
	Ordinal int64
	// Position is where the day falls in the place's year, from 0 (the
	// start of 1 January) to 1 (the end of 31 December): see Span.
	Position float64
}

// Request is what Generate needs.
type Request struct {
	Climate Climate
	Seed    uint64
	Units   Units
	// Days are the days to generate, in order.
	Days []Moment
	// LeadIn are the days just before Days (up to LeadInDays of them):
	// the model runs through them first, so that the state a day starts
	// from (was yesterday wet, how long has the heat lasted) is the same
	// whatever the span. Without them the first days of a span may differ
	// from the same days generated as part of a longer span.
	LeadIn []Moment
}

// LeadInDays is how many days before a span the model runs through: after
// them the chance that the span's first day still depends on where the
// run began is below one in 10^12.
const LeadInDays = 32

// MaxDays bounds the days of one request (lead-in included): a hundred
// years of a long calendar.
const MaxDays = 100_000

// Day is the weather of one day.
type Day struct {
	Date      almanac.Date `json:"date"`
	Label     string       `json:"label"`
	MonthName string       `json:"-"`
	// The entry, in the service's fields and within their lengths.
	Weather       string `json:"weather"`
	Temperature   string `json:"temperature"`
	Precipitation string `json:"precipitation"`
	Wind          string `json:"wind"`
	Effect        string `json:"effect"`
	// The figures behind the words: the day's high and low in the
	// request's units, the precipitation in mm (water) and the wind in km/h.
	High      float64 `json:"high"`
	Low       float64 `json:"low"`
	Units     Units   `json:"units"`
	Amount    float64 `json:"precipitation_mm"`
	WindSpeed float64 `json:"wind_kmh"`
	Wet       bool    `json:"wet"`
	Snow      bool    `json:"snow"`
}

// The model's constants.
var (
	// temperatureKernel: neighbouring days' anomalies correlate 0.8, so
	// warm and cold spells last days, as they do.
	temperatureKernel = newKernel(40, 8, 10)
	// rangeKernel: the gap between a day's high and low wanders faster.
	rangeKernel = newKernel(12, 5, 10)
	// windKernel: windy spells last a day or two.
	windKernel = newKernel(16, 6, 10)
	// directionKernel: the wind veers slowly.
	directionKernel = newKernel(40, 85, 100)
)

const (
	// wetPersistence is the correlation of one day's being wet with the
	// next's: wet and dry days come in runs. The chain of wet days keeps the
	// month's share of wet days whatever it is.
	wetPersistence = probOne * 4 / 10
	// maxWetShare keeps a dry day possible in the wettest month.
	maxWetShare = probOne * 97 / 100
	// rangeWetEffect: a wet day's high and low lie closer together (clouds
	// keep the day cool and the night mild), a dry day's further apart;
	// on average the month's normals are kept.
	rangeWetEffect = 35 // percent
	// rangeSpread is how much the gap between high and low varies, in
	// percent of the normal gap.
	rangeSpread = 20
	// minRange is the least gap between a day's high and low.
	minRange = 50
)

// Generate makes the weather of req.Days. The same request gives the same
// days on every machine.
func Generate(req Request) ([]Day, error) {
	if err := req.check(); err != nil {
		return nil, err
	}
	if len(req.Days) == 0 {
		return nil, nil
	}
	units := req.Units
	if units == "" {
		units = Celsius
	}
	all := append(append([]Moment(nil), req.LeadIn...), req.Days...)
	g := newGenerator(req.Climate, req.Seed, all)
	out := make([]Day, 0, len(req.Days))
	for i, m := range all {
		day := g.day(i, m, units)
		if i >= len(req.LeadIn) {
			out = append(out, day)
		}
	}
	return out, nil
}

func (req Request) check() error {
	if len(req.LeadIn)+len(req.Days) > MaxDays {
		return fmt.Errorf("%d days are more than one request may generate (%d)", len(req.LeadIn)+len(req.Days), MaxDays)
	}
	switch req.Units {
	case "", Celsius, Fahrenheit:
	default:
		return fmt.Errorf("unknown units %q: c (Celsius) or f (Fahrenheit)", req.Units)
	}
	all := append(append([]Moment(nil), req.LeadIn...), req.Days...)
	for i, m := range all {
		if math.IsNaN(m.Position) || m.Position < 0 || m.Position >= 1 {
			return fmt.Errorf("day %s: position %v is not in the year (0 to 1)", m.Label, m.Position)
		}
		if i > 0 && m.Ordinal != all[i-1].Ordinal+1 {
			return errors.New("the days of a request must follow one another: day " + m.Label + " does not follow " + all[i-1].Label)
		}
	}
	if len(req.LeadIn) > 0 && len(req.Days) == 0 {
		return errors.New("a request with lead-in days needs days to generate")
	}
	return nil
}

// generator runs the model through consecutive days.
type generator struct {
	seed  uint64
	year  yearOf
	first int64
	// The deviates the kernels smooth, from a kernel's length before the
	// first day.
	temperature, gap, wind, direction []int64
	// What the day before leaves.
	prevWet  bool
	prevKind precipitation
	wetRun   int
	hotRun   int
	coldRun  int
}

func newGenerator(c Climate, seed uint64, days []Moment) *generator {
	first, n := days[0].Ordinal, len(days)
	return &generator{
		seed:        seed,
		year:        newYear(c),
		first:       first,
		temperature: deviates(seed, streamTemperature, first, n, len(temperatureKernel)-1),
		gap:         deviates(seed, streamRange, first, n, len(rangeKernel)-1),
		wind:        deviates(seed, streamWind, first, n, len(windKernel)-1),
		direction:   deviates(seed, streamDirection, first, n, len(directionKernel)-1),
	}
}

// positionOf is p as a position of the place's year.
func positionOf(p float64) int64 {
	q := int64(p * float64(positionOne)) // a power of two: exact
	return min(max(q, 0), positionOne-1)
}

// percentOf is v·pct/100.
func percentOf(v, pct int64) int64 { return v * pct / 100 }

// day is the weather of day i, m.
func (g *generator) day(i int, m Moment, units Units) Day {
	y := &g.year
	q := positionOf(m.Position)
	normalHigh, normalLow := y.high.at(q), y.low.at(q)
	wetShare := min(max(y.wet.at(q), 0), maxWetShare)
	spread := y.spread.at(q)
	draw := drawsFor(g.seed, streamDay, m.Ordinal)

	// Wet or dry: a two-state chain whose share of wet days is the
	// month's. The draw decides before the state does, so runs started on
	// different days agree after the first day where it is clear-cut.
	p := wetShare
	if i > 0 {
		if g.prevWet {
			p = wetShare + (probOne-wetShare)*wetPersistence/probOne
		} else {
			p = wetShare * (probOne - wetPersistence) / probOne
		}
	}
	wet := draw.below(p)
	var amount int64
	if wet {
		amount = y.perWetDay.at(q) * expTable[draw.next()>>56] / 1000
	}

	// Temperatures: the normal, moved by persistent noise; the gap between
	// high and low narrower on wet days.
	gap := normalHigh - normalLow
	factor := probOne + wetShare*rangeWetEffect/100
	if wet {
		factor = probOne - (probOne-wetShare)*rangeWetEffect/100
	}
	dayGap := gap*factor/probOne + percentOf(gap, rangeSpread)*rangeKernel.smoothed(g.gap, i)/gaussOne
	dayGap = max(dayGap, minRange)
	anomaly := spread * temperatureKernel.smoothed(g.temperature, i) / gaussOne
	middle := (normalHigh+normalLow)/2 + anomaly
	high := middle + dayGap/2
	low := high - dayGap

	kind := dry
	if wet {
		switch mean := (high + low) / 2; {
		case high <= 150 || mean <= 50:
			kind = snow
		case mean <= 250 && low <= 50:
			kind = sleet
		default:
			kind = rain
		}
	}
	thunder := false
	if kind == rain && high >= 1800 {
		chance := min((high-1800)*probOne/2500, probOne*6/10)
		chance = chance * (probOne - wetShare*6/10) / probOne
		thunder = draw.below(chance)
	}

	// Wind: the month's typical wind, gusting with persistent noise and
	// stronger with rain, snow and storms.
	gust := gaussOne + percentOf(windKernel.smoothed(g.wind, i), 45)
	gust = max(gust, gaussOne*15/100)
	if wet {
		heavy := min(amount*100/max(y.perWetDay.at(q), 1), 400) // percent of a wet day's mean
		gust += gaussOne * (15 + heavy*20/100) / 100
	}
	if thunder {
		gust += gaussOne / 2
	}
	speed := y.wind.at(q) * gust / gaussOne
	f := force(speed)
	veer := directionKernel.smoothed(g.direction, i) * 12 / 10
	dir := ((y.prevailing+int(roundDiv(veer, gaussOne)))%8 + 8) % 8

	// A dry day's sky, and what only dry days have.
	fog, sand := false, false
	weather := Sun
	switch {
	case kind == snow:
		weather = Snow
	case kind == sleet:
		weather = Rain
	case thunder:
		weather = Thunder
	case kind == rain && amount >= heavyRainFrom:
		weather = HeavyRain
	case kind == rain && amount < 250 && high >= 1500 && draw.below(probOne*6/10):
		weather = Showers
	case kind == rain:
		weather = Rain
	default:
		fog = f <= 1 && low <= 1200 && wetShare >= probOne*8/100 && (g.prevWet || gap < 900) && draw.below(probOne*3/10)
		sand = y.wetShare < probOne*12/100 && wetShare < probOne/10 && f >= 5 && high >= 1500 && draw.below(probOne/2)
		cloud := min(probOne*5/100+wetShare/2, probOne*60/100)
		if g.prevWet {
			cloud += probOne * 15 / 100
		}
		partly := min(probOne*15/100+wetShare/2, probOne-cloud)
		u := int64(draw.next() >> (64 - probBits))
		switch {
		case fog || sand:
			weather = Fog
		case f >= windyForce:
			weather = Wind
		case u < cloud:
			weather = Cloud
		case u < cloud+partly:
			weather = CloudSun
		}
	}

	// Runs of days, for the effects that last.
	if wet {
		g.wetRun++
	} else {
		g.wetRun = 0
	}
	departure := high - normalHigh
	if departure >= max(500, spread*3/2) && high >= 2500 {
		g.hotRun++
	} else {
		g.hotRun = 0
	}
	if departure <= -max(600, spread*3/2) {
		g.coldRun++
	} else {
		g.coldRun = 0
	}

	effect := ""
	switch {
	case kind == snow && amount >= blizzardSnow && f >= blizzardForce:
		effect = "blizzard, roads closed"
	case kind == snow && amount >= roadsClosedAt:
		effect = "deep snow, roads closed"
	case f >= stormForce:
		effect = "storm"
	case thunder:
		effect = "thunderstorm"
	case kind == rain && (amount >= floodingFrom || amount >= downpourFrom && g.wetRun >= 3):
		effect = "flooding"
	case g.hotRun >= 3:
		effect = "heat wave"
	case high >= 4000 && departure >= 300:
		effect = "extreme heat"
	case low <= -3500 && low-normalLow <= -max(600, spread*3/2):
		effect = "extreme cold"
	case g.coldRun >= 3:
		effect = "cold snap"
	case !wet && (g.prevKind == rain || g.prevKind == sleet) && low <= -100:
		effect = "black ice"
	case low <= -800 && normalLow > -800:
		effect = "hard frost"
	case low <= 0 && high > 0 && normalLow > -500:
		effect = "frost"
	case fog:
		effect = "fog"
	case sand:
		effect = "sandstorm"
	case f >= galeForce:
		effect = "gale"
	}

	g.prevWet, g.prevKind = wet, kind
	return Day{
		Date:          m.Date,
		Label:         m.Label,
		MonthName:     m.MonthName,
		Weather:       weather,
		Temperature:   temperatureText(high, units),
		Precipitation: precipitationText(kind, amount, f),
		Wind:          windText(f, dir),
		Effect:        effect,
		High:          float64(units.inUnits(high)) / 100,
		Low:           float64(units.inUnits(low)) / 100,
		Units:         units,
		Amount:        float64(amount) / 100,
		WindSpeed:     float64(speed) / 100,
		Wet:           wet,
		Snow:          kind == snow,
	}
}

// roundDiv is a/b rounded to the nearest whole number, halves away from
// zero (b > 0).
func roundDiv(a, b int64) int64 {
	if a < 0 {
		return -((-a + b/2) / b)
	}
	return (a + b/2) / b
}
