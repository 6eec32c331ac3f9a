package weathergen

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/almanac"
)

// FuzzClimateFile feeds LoadClimate climate files changed at random: a
// file is hostile until read, so whatever it holds LoadClimate must
// neither panic nor take long, and a climate it takes must generate a
// year of weather, on an Earth-like calendar and on a calendar of one
// month of one day with no weekdays nor seasons.
//
//	go test -run '^$' -fuzz FuzzClimateFile -fuzztime 3m ./internal/weathergen/
func FuzzClimateFile(f *testing.F) {
	files, err := filepath.Glob("climates/*.yaml")
	if err != nil || len(files) == 0 {
		f.Fatal("no seed files", err)
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	tiny, err := almanac.New(almanac.Calendar{Months: []almanac.Month{{Name: "Only", Length: 1}}})
	if err != nil {
		f.Fatal(err)
	}
	earth := earthLike(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		c, err := LoadClimate(data)
		if took := time.Since(start); took > time.Second {
			t.Fatalf("LoadClimate took %s", took)
		}
		if err != nil {
			return
		}
		for _, r := range []*almanac.Reckoning{earth, tiny} {
			last := almanac.Date{Year: 2, Month: r.MonthCount(), Day: 1}
			s, err := SpanOf(r, c, almanac.Date{Year: 1, Month: 1, Day: 1}, last)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Generate(Request{Climate: c, Seed: 7, Days: s.Days, LeadIn: s.LeadIn}); err != nil {
				t.Fatal(err)
			}
		}
		if took := time.Since(start); took > time.Second {
			t.Fatalf("loading and generating took %s", took)
		}
	})
}
