package calimport

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/kanka-cli/kanka/client"
)

// FuzzConvert feeds Convert files of every format, changed at random: a
// file is hostile until read, so whatever it holds Convert must neither
// panic nor take long, and a calendar it accepts must be one the client
// accepts, its names free of control characters, and its reminders ones
// apply accepts, on days of the calendar. The seeds are the
// package's test files and the examples.
//
//	go test -run '^$' -fuzz FuzzConvert -fuzztime 3m ./internal/calimport/
func FuzzConvert(f *testing.F) {
	var seeds []string
	for _, pattern := range []string{"testdata/*.json", "../../examples/*.json"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, files...)
	}
	if len(seeds) == 0 {
		f.Fatal("no seed files")
	}
	for _, path := range seeds {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		res, err := Convert(data, Auto)
		if took := time.Since(start); took > time.Second {
			t.Fatalf("Convert took %s", took)
		}
		if err != nil {
			return
		}
		in := res.Calendar
		if in.Name == "" {
			in.Name = "imported" // the command asks for --name
		}
		if err := in.Validate(); err != nil {
			t.Fatalf("Convert gave a calendar the client refuses: %v", err)
		}
		if name, ok := controlInNames(res.Calendar); ok {
			t.Fatalf("Convert gave a calendar whose %s holds a control character", name)
		}
		// Each reminder is one apply takes, on a day of the calendar.
		r, err := in.Reckoning()
		if err != nil {
			t.Fatal(err)
		}
		for _, rm := range res.Reminders {
			if err := rm.ValidateSeed(nil); err != nil {
				t.Fatalf("Convert gave a reminder apply refuses: %v", err)
			}
			if err := r.Check(rm.Date()); err != nil {
				t.Fatalf("Convert gave a reminder on no day of the calendar: %v", err)
			}
			if strings.ContainsFunc(*rm.Comment, unicode.IsControl) {
				t.Fatalf("Convert gave a reminder whose comment %q holds a control character", *rm.Comment)
			}
		}
	})
}

// controlInNames is the first of in's names (its name, months, weekdays,
// years, seasons, moons, suffix) that holds a control character.
func controlInNames(in client.CalendarInput) (string, bool) {
	names := map[string]string{"name": in.Name}
	for i, m := range in.Months {
		names[fmt.Sprintf("month %d", i+1)] = m.Name
	}
	for i, w := range in.Weekdays {
		names[fmt.Sprintf("weekday %d", i+1)] = w
	}
	for y, n := range in.Years {
		names[fmt.Sprintf("year %d", y)] = n
	}
	for i, s := range in.Seasons {
		names[fmt.Sprintf("season %d", i+1)] = s.Name
	}
	for i, m := range in.Moons {
		names[fmt.Sprintf("moon %d", i+1)] = m.Name
	}
	if in.Suffix != nil {
		names["suffix"] = *in.Suffix
	}
	for what, n := range names {
		if strings.ContainsFunc(n, unicode.IsControl) {
			return what, true
		}
	}
	return "", false
}
