package generate

import (
	"fmt"
	"math"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/weathergen"
)

// maxYears bounds a span: ten of the calendar's years, a game's decade,
// 3,650 entries of a year like ours (and as many requests to write them).
const maxYears = 10

// generation is the weather of the span, made up, with what it was made
// from.
type generation struct {
	calendar *client.Calendar
	reckon   *almanac.Reckoning
	from, to almanac.Date
	climate  weathergen.Climate
	seed     uint64
	units    weathergen.Units
	// warnings say how the calendar's year was laid on the place's when
	// its seasons could not; seasons how its seasons were read.
	warnings []string
	seasons  []weathergen.SeasonReading
	days     []weathergen.Day
}

// generate reads the span's dates with cal's months, checks them, lays
// the span on the climate's year and makes up its days. A date the
// calendar does not have, --from after --to and a span over maxYears are
// usage errors (exit 2); nothing has been written.
func (opts *Options) generate(cal *client.Calendar, in *input) (*generation, error) {
	if err := calendar.UncountedError(cal.ID, cal, ""); err != nil {
		return nil, err
	}
	r, err := cal.Reckoning()
	if err != nil {
		return nil, fmt.Errorf("calendar %d %q has no days to generate weather for: %w", cal.ID, cal.Name, err)
	}
	g := &generation{calendar: cal, reckon: r, climate: in.climate, units: in.units, seed: in.seed}
	if !opts.HasSeed {
		g.seed = weathergen.SeedFrom(cal.Name, in.climate.Name)
	}
	if g.from, err = r.ParseDate(opts.From); err != nil {
		return nil, cmdutil.UsageErrorf("--from: %v", err)
	}
	limit := tenYears(r, g.from)
	if opts.HasDays {
		if int64(opts.Days) > limit {
			return nil, overLimit(r, g.from, int64(opts.Days), limit)
		}
		if g.to, err = r.AddDays(g.from, int64(opts.Days)-1); err != nil {
			return nil, cmdutil.UsageErrorf("--days: %v", err)
		}
	} else {
		if g.to, err = r.ParseDate(opts.To); err != nil {
			return nil, cmdutil.UsageErrorf("--to: %v", err)
		}
		if g.to.Compare(g.from) < 0 {
			return nil, cmdutil.UsageErrorf("--from %s is after --to %s: no day is in between", r.FormatShort(g.from), r.FormatShort(g.to))
		}
		if n, _ := r.DaysBetween(g.from, g.to); n+1 > limit {
			return nil, overLimit(r, g.from, n+1, limit)
		}
	}
	span, err := weathergen.SpanOf(r, in.climate, g.from, g.to)
	if err != nil {
		return nil, cmdutil.UsageErrorf("%v", err)
	}
	g.warnings, g.seasons = span.Warnings, span.Seasons
	g.days, err = weathergen.Generate(weathergen.Request{Climate: in.climate, Seed: g.seed, Units: in.units, Days: span.Days, LeadIn: span.LeadIn})
	if err != nil {
		return nil, cmdutil.UsageErrorf("%v", err)
	}
	return g, nil
}

// tenYears is how many days a span from from may hold: up to the same
// day maxYears of the calendar's years on, counted with its leap days.
func tenYears(r *almanac.Reckoning, from almanac.Date) int64 {
	end, err := r.AddYears(from, maxYears)
	if err != nil {
		return math.MaxInt64 // the calendar's last years: SpanOf bounds the span
	}
	n, err := r.DaysBetween(from, end)
	if err != nil {
		return math.MaxInt64
	}
	return n
}

func overLimit(r *almanac.Reckoning, from almanac.Date, days, limit int64) error {
	return cmdutil.UsageErrorf("%d days from %s are more than %d of the calendar's years (%d days): generate them in parts",
		days, r.FormatShort(from), maxYears, limit)
}
