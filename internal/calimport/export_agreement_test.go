package calimport

import (
	"testing"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/calexport"
	"github.com/kanka-cli/kanka/internal/presets"
)

// A calendar kanka exports is read by each tool's own rules (the models
// here, ported from the tools' source), day by day within
// calexport.Years years of the current date: the tool gives every day of
// the week Kanka's weekday, and shows each moon full on every day Kanka
// does (Fantasy-Calendar and Calendarium show a band of days around it).
// Where the tool differs, the export said so: the nearest day that
// differs, counting from the current date, is no nearer than the day a
// loss names.
func TestExportedFilesAgreeWithTheirTool(t *testing.T) {
	var samples []client.CalendarInput
	for _, name := range presets.Names() {
		p, err := presets.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples, p.Input)
	}
	leap := func(name string, start, every, amount int, change func(*client.CalendarInput)) client.CalendarInput {
		p, err := presets.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		in := p.Input
		yes := true
		in.HasLeapYear, in.LeapYearStart, in.LeapYearOffset, in.LeapYearAmount = &yes, &start, &every, &amount
		if in.LeapYearMonth == nil {
			two := 2
			in.LeapYearMonth = &two
		}
		if change != nil {
			change(&in)
		}
		return in
	}
	samples = append(samples,
		leap("gregorian", 1, 4, 1, nil),
		leap("harptos", 1500, 4, 1, nil),
		leap("greyhawk", 3, 4, -1, nil),
		leap("eberron", 1, 4, 1, func(in *client.CalendarInput) {
			in.Moons = []client.Moon{{Name: "Quick", Fullmoon: 2.6, Offset: 1}, {Name: "Slow", Fullmoon: 23.3, Offset: 4}}
		}),
		leap("golarion", 4, 4, 1, func(in *client.CalendarInput) {
			skip := true
			in.SkipYearZero = &skip
			in.Date = &client.Date{Year: 2, Month: 3, Day: 10}
		}),
	)
	for _, in := range samples {
		for _, f := range calexport.Formats {
			t.Run(in.Name+" "+string(f), func(t *testing.T) {
				t.Parallel()
				res, err := calexport.Export(&client.Calendar{CalendarInput: in}, nil, f)
				if err != nil {
					t.Fatal(err)
				}
				_, d, err := convert(res.Data, Format(f))
				if err != nil {
					t.Fatal(err)
				}
				r, err := in.Reckoning()
				if err != nil {
					t.Fatal(err)
				}
				steps, day, why := firstToolDifference(t, r, d, *in.Date)
				if day == nil {
					return
				}
				cur, _ := r.Ordinal(*in.Date)
				for _, l := range res.Losses {
					if l.Differs == nil {
						continue
					}
					o, err := r.Ordinal(*l.Differs)
					if err != nil { // a day Kanka has not: near the day before
						o, _ = r.Ordinal(almanac.Date{Year: l.Differs.Year, Month: l.Differs.Month, Day: l.Differs.Day - 1})
					}
					if abs64(o-cur) <= steps+1 {
						return
					}
				}
				t.Errorf("%s shows %s otherwise (%s), %d days from the current date; no loss names a day as near:\n%v",
					f, day, why, steps, res.Texts())
			})
		}
	}
}

// firstToolDifference is the day of r nearest cur, within calexport.Years
// years of it, that the tool (d's model) shows otherwise: another weekday,
// or a moon Kanka shows full and the tool not; its distance in days and
// why.
func firstToolDifference(t *testing.T, r *almanac.Reckoning, d *draft, cur almanac.Date) (int64, *almanac.Date, string) {
	t.Helper()
	at, _ := r.Ordinal(cur)
	for k := int64(0); ; k++ {
		inside := false
		for _, o := range []int64{at + k, at - k} {
			day, err := r.DateOf(o)
			if err != nil || day.Year < cur.Year-calexport.Years || day.Year > cur.Year+calexport.Years {
				continue
			}
			inside = true
			if why := toolDiffers(r, d, day); why != "" {
				return k, &day, why
			}
		}
		if !inside {
			return 0, nil, ""
		}
	}
}

func toolDiffers(r *almanac.Reckoning, d *draft, day almanac.Date) string {
	if want, ok, _ := r.Weekday(day); ok {
		if got, ok := d.src.weekday(day); !ok || got != want {
			return "its weekday"
		}
	}
	phases, _ := r.MoonPhases(day)
	for i, m := range d.in.Moons {
		if hasFull(phases, m.Name) {
			if full, ok := d.src.full(i, day); !ok || !full {
				return "moon " + m.Name + " full"
			}
		}
	}
	return ""
}
