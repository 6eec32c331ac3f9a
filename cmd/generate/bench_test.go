package generate

import (
	"encoding/json"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/apply"
	"github.com/kanka-cli/kanka/internal/weathergen"
)

// Ten years of a twelve-month calendar through the command's own path,
// without the network: the span read and laid on the climate, the days
// generated, turned into apply's seed, sorted against what the campaign
// holds (a year of it already written) and planned.
func BenchmarkGenerateTenYears(b *testing.B) {
	var cal client.Calendar
	if err := json.Unmarshal([]byte(westmarch(fourSeasons)), &cal); err != nil {
		b.Fatal(err)
	}
	opts := &Options{From: "1000-1-1", To: "1009-12-30", HasSeed: true}
	in := &input{climate: mild(b), units: "c", seed: 7}
	g, err := opts.generate(&cal, in)
	if err != nil {
		b.Fatal(err)
	}
	act := &apply.Actual{Calendars: []*client.Calendar{&cal}, Weather: map[int][]*client.Weather{}}
	for i, d := range g.days[:360] {
		w := &client.Weather{ID: i + 1}
		w.WeatherInput = desired(5, []weathergen.Day{d}).Calendars[0].Weather[0].Input
		act.Weather[5] = append(act.Weather[5], w)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g, err := opts.generate(&cal, in)
		if err != nil {
			b.Fatal(err)
		}
		seed := desired(cal.ID, g.days)
		keepWritten(&seed, act, false)
		if _, err := apply.MakePlan(seed, act, apply.PlanOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(g.days)), "days/op")
}
