package weathergen

import (
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
)

// Span is the days from one date to another as the model sees them, and
// the days before them it runs through first (Request.LeadIn).
type Span struct {
	Days, LeadIn []Moment
	// Warnings say how the calendar's year was laid on the place's when
	// its seasons could not say: once each.
	Warnings []string
	// Seasons are how the seasons of the first day's year were read, in
	// the order of that year: none when the calendar has none.
	Seasons []SeasonReading
}

// SpanOf lays the days from..to (both included) of the calendar r on the
// year of climate c.
//
// A calendar's year is mapped onto the place's by its seasons: a season
// whose name contains winter, spring, summer, autumn or fall (in any case:
// "Deepwinter", "Midsummer") starts where that season starts at the place,
// on the solstices and equinoxes (21 December, 20 March, 21 June, 22
// September; six months on in the southern hemisphere), and the days
// between two such seasons are spread evenly over the place's days between
// them. A season that follows one of its own kind ("Winter", then
// "Deepwinter") is a part of it and moves nothing. A calendar with none of
// them, or whose seasons do not run winter, spring, summer, autumn in its
// year, is laid on the place's year by the position in its own: its first
// day is the place's 1 January (1 July south of the equator), with a
// warning.
func SpanOf(r *almanac.Reckoning, c Climate, from, to almanac.Date) (Span, error) {
	first, err := r.Ordinal(from)
	if err != nil {
		return Span{}, err
	}
	last, err := r.Ordinal(to)
	if err != nil {
		return Span{}, err
	}
	if last < first {
		return Span{}, fmt.Errorf("%s is before %s", r.FormatShort(to), r.FormatShort(from))
	}
	if last-first+1 > MaxDays-LeadInDays {
		return Span{}, fmt.Errorf("%d days are more than one span may hold (%d)", last-first+1, MaxDays-LeadInDays)
	}
	lo, _ := r.OrdinalRange()
	lead := max(first-LeadInDays, lo)
	p := placer{r: r, c: c, years: map[int]yearPlan{}}
	var s Span
	for ord := lead; ord <= last; ord++ {
		m, err := p.moment(ord)
		if err != nil {
			return Span{}, err
		}
		if ord < first {
			s.LeadIn = append(s.LeadIn, m)
		} else {
			s.Days = append(s.Days, m)
		}
	}
	s.Warnings = p.warnings
	starts, err := r.SeasonStarts(from.Year)
	if err != nil {
		return Span{}, err
	}
	s.Seasons = readSeasons(starts)
	return s, nil
}

// Season kinds, in the order of the year.
const (
	noSeason = iota - 1
	winter
	spring
	summer
	autumn
)

// seasonKind is the kind of season a name names, or noSeason.
func seasonKind(name string) int {
	n := strings.ToLower(name)
	switch {
	case strings.Contains(n, "winter"):
		return winter
	case strings.Contains(n, "spring"):
		return spring
	case strings.Contains(n, "summer"):
		return summer
	case strings.Contains(n, "autumn"), strings.Contains(n, "fall"):
		return autumn
	}
	return noSeason
}

// seasonStartDay is where each kind of season starts in the place's year
// (0-based days of a common year): the solstices and equinoxes.
var seasonStartDay = [2][4]int64{
	{354, 78, 171, 264}, // north: 21 Dec, 20 Mar, 21 Jun, 22 Sep
	{171, 264, 354, 78}, // south: six months on
}

// anchor ties a day of the calendar's year to a day of the place's.
type anchor struct {
	calendar int64 // 0-based day of the calendar's year
	place    int64 // 0-based day of the place's year
}

// yearPlan is how one year of the calendar lies on the place's year.
type yearPlan struct {
	start, length int64 // the year's first day number and its days
	anchors       []anchor
}

// placer lays days on the place's year, a year's plan made once.
type placer struct {
	r        *almanac.Reckoning
	c        Climate
	years    map[int]yearPlan
	warnings []string
}

func (p *placer) warn(msg string) {
	for _, w := range p.warnings {
		if w == msg {
			return
		}
	}
	p.warnings = append(p.warnings, msg)
}

func (p *placer) moment(ord int64) (Moment, error) {
	d, err := p.r.DateOf(ord)
	if err != nil {
		return Moment{}, err
	}
	plan, err := p.plan(d.Year)
	if err != nil {
		return Moment{}, err
	}
	month := ""
	if m, ok := p.r.Month(d.Month); ok {
		month = m.Name
	}
	return Moment{
		Date:      d,
		Label:     p.r.FormatShort(d),
		MonthName: month,
		Ordinal:   ord,
		Position:  plan.position(ord - plan.start),
	}, nil
}

// position is where day t (0-based) of the year falls in the place's year.
func (y yearPlan) position(t int64) float64 {
	// Fractions of the place's year are kept as num/den in integers; the
	// one division at the end is exact to the last bit on every machine.
	a := y.anchors
	i := len(a) - 1
	for j := range a {
		if a[j].calendar <= t {
			i = j
		}
	}
	from, to := a[i], a[(i+1)%len(a)]
	calendarDays := (to.calendar - from.calendar + y.length) % y.length
	placeDays := (to.place - from.place + placeYearDays) % placeYearDays
	if len(a) == 1 {
		calendarDays, placeDays = y.length, placeYearDays
	}
	into := (t - from.calendar + y.length) % y.length
	// The middle of the day: from.place + (into + ½)·placeDays/calendarDays.
	den := 2 * calendarDays * placeYearDays
	num := (2*from.place*calendarDays + (2*into+1)*placeDays) % den
	return float64(num) / float64(den)
}

// plan is how year y lies on the place's year.
func (p *placer) plan(y int) (yearPlan, error) {
	if plan, ok := p.years[y]; ok {
		return plan, nil
	}
	start, err := p.r.Ordinal(almanac.Date{Year: y, Month: 1, Day: 1})
	if err != nil {
		return yearPlan{}, err
	}
	length, err := p.r.YearLength(y)
	if err != nil {
		return yearPlan{}, err
	}
	starts, err := p.r.SeasonStarts(y)
	if err != nil {
		return yearPlan{}, err
	}
	plan := yearPlan{start: start, length: length}
	anchors, problem := p.anchors(starts, start)
	if problem != "" {
		p.warn(problem + p.byPosition())
		anchors = []anchor{{calendar: 0, place: p.yearStartDay()}}
	}
	plan.anchors = anchors
	p.years[y] = plan
	return plan, nil
}

// yearStartDay is where a calendar without seasons starts its year: 1
// January, or 1 July in the southern hemisphere, so that its first months
// are winter's.
func (p *placer) yearStartDay() int64 {
	if p.c.South {
		return 181
	}
	return 0
}

func (p *placer) byPosition() string {
	if p.c.South {
		return ": its days are placed by their position in its year, its first day on the place's 1 July"
	}
	return ": its days are placed by their position in its year, its first day on the place's 1 January"
}

// anchorOf ties season s, of kind, to the place's year.
func (p *placer) anchorOf(s almanac.SeasonStart, kind, hemisphere int, yearStart int64) anchor {
	// SeasonStarts lists only days that exist: the ordinal is always there.
	ord, _ := p.r.Ordinal(s.Date)
	return anchor{calendar: ord - yearStart, place: seasonStartDay[hemisphere][kind]}
}

// anchors are the seasons of one year that tie it to the place's, or the
// reason they cannot.
func (p *placer) anchors(starts []almanac.SeasonStart, yearStart int64) ([]anchor, string) {
	hemisphere := 0
	if p.c.South {
		hemisphere = 1
	}
	var out []anchor
	first := -1 // the first season of a known kind
	for i, s := range starts {
		kind := seasonKind(s.Name)
		if kind == noSeason {
			continue
		}
		if first < 0 {
			first = i
		}
		prev := starts[(i-1+len(starts))%len(starts)]
		if seasonKind(prev.Name) == kind {
			continue // a part of the season before: "Winter", then "Deepwinter"
		}
		out = append(out, p.anchorOf(s, kind, hemisphere, yearStart))
	}
	if len(out) == 0 && first >= 0 {
		// Every season is of one kind: the first of them is its start.
		out = append(out, p.anchorOf(starts[first], seasonKind(starts[first].Name), hemisphere, yearStart))
	}
	if len(out) == 0 {
		return nil, "the calendar has no season named winter, spring, summer, autumn or fall"
	}
	// The seasons must run in the place's order, once around the year.
	var around int64
	for i := range out {
		next := out[(i+1)%len(out)]
		if len(out) > 1 && next.calendar == out[i].calendar {
			return nil, "two of the calendar's seasons start on the same day"
		}
		around += (next.place - out[i].place + placeYearDays) % placeYearDays
	}
	if len(out) > 1 && around != placeYearDays {
		return nil, "the calendar's seasons do not run winter, spring, summer, autumn"
	}
	return out, ""
}
