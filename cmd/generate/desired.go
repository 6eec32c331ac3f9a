package generate

import (
	"cmp"
	"slices"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/apply"
	"github.com/kanka-cli/kanka/internal/weathergen"
)

// desired is the generated days as apply's seed: the calendar pinned by
// its id (its fields not managed: its date, which play moves, is never
// written, so the command needs no --set-date) and one entry a day, keyed
// by its date.
// A day without an effect leaves the field out.
func desired(calendarID int, days []weathergen.Day) apply.Seed {
	weather := make([]apply.DesiredWeather, len(days))
	for i, d := range days {
		in := client.WeatherInput{Weather: ptr(d.Weather), Temperature: ptr(d.Temperature), Precipitation: ptr(d.Precipitation), Wind: ptr(d.Wind)}
		in.SetDate(d.Date)
		if d.Effect != "" {
			in.Effect = ptr(d.Effect)
		}
		weather[i] = apply.DesiredWeather{Input: in}
	}
	return apply.Seed{Calendars: []apply.DesiredCalendar{{ID: calendarID, Weather: weather}}}
}

func ptr[T any](v T) *T { return &v }

// keepWritten settles the days that have an entry already, as the
// campaign holds them (act, read by apply.Read). Such a day's effect is
// managed too (none is ""), so that an entry is the generated day only
// when its effect is the same. Without replace, a day whose entry differs
// from the generated one is left out of the seed: it is kept as it is
// (written by hand, or generated with another seed or climate), and its
// date is returned; a day whose entry is the same stays, and is unchanged.
// With replace every day stays, and the plan updates those that differ.
func keepWritten(seed *apply.Seed, act *apply.Actual, replace bool) (kept []client.Date) {
	cal := &seed.Calendars[0]
	// The entry of a date is its lowest id, as apply's plan takes it.
	existing := slices.Clone(act.Weather[cal.ID])
	slices.SortFunc(existing, func(a, b *client.Weather) int { return cmp.Compare(a.ID, b.ID) })
	byDate := map[client.Date]*client.Weather{}
	for _, w := range existing {
		if _, ok := byDate[w.Date()]; !ok {
			byDate[w.Date()] = w
		}
	}
	out := cal.Weather[:0]
	for _, dw := range cal.Weather {
		cur := byDate[dw.Date()]
		if cur == nil {
			out = append(out, dw)
			continue
		}
		if dw.Input.Effect == nil {
			dw.Input.Effect = ptr("")
		}
		have := client.FromWeather(cur)
		if !replace && len(client.WeatherFields.Changes(&dw.Input, &have)) > 0 {
			kept = append(kept, dw.Date())
			continue
		}
		out = append(out, dw)
	}
	cal.Weather = out
	return kept
}
