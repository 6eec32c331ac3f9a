package calimport

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// Files that are hostile, or broken: each is refused at once, with the key
// that is wrong, before anything is built or counted from it.

func wantRefused(t *testing.T, data []byte, want string) {
	t.Helper()
	// Not a speed test (the benchmarks are): a hostile file once made
	// Convert count for minutes, and this says so long before the test
	// binary's own timeout, with room for -race on a loaded machine.
	start := time.Now()
	_, err := Convert(data, Auto)
	if took := time.Since(start); took > 30*time.Second {
		t.Errorf("Convert took %s: it counts without bound", took)
	}
	if err == nil || err.Error() != want {
		t.Errorf("error %v\nwant  %s", err, want)
	}
}

// Two intervals whose product passes what an int holds once wrapped to a
// negative period, and the table of a cycle's years was made with it: a
// panic (makeslice: len out of range).
func TestFantasyIntervalsWhoseCycleWrapsAreRefused(t *testing.T) {
	wantRefused(t, fantasyFile(t, func(s, _ map[string]any) {
		yearData(s)["leap_days"] = []any{map[string]any{"name": "L", "timespan": 0, "interval": "2,4611686018427387905", "offset": 0}}
	}), `leap day 1 (L): the interval "2,4611686018427387905" repeats only every 1000000 years or more: too long to count`)
	// The same through two timespans that exist only every so many years.
	wantRefused(t, fantasyFile(t, func(s, _ map[string]any) {
		spans := yearData(s)["timespans"].([]any)
		spans = append(spans, map[string]any{"name": "Odd", "type": "month", "length": 1, "interval": 2},
			map[string]any{"name": "Rare", "type": "month", "length": 1, "interval": 4611686018427387905.0})
		yearData(s)["timespans"] = spans
	}), "the calendar's months and leap days repeat only every 1000000 years or more: too long to count")
}

// A cycle of a million years over 10,000 timespans is 10^10 years'
// months to count: hours.
func TestFantasyCycleTooLongToCountIsRefused(t *testing.T) {
	wantRefused(t, fantasyFile(t, func(s, _ map[string]any) {
		var spans []any
		for range 100 {
			spans = append(spans, map[string]any{"name": "M", "type": "month", "length": 1})
		}
		yearData(s)["timespans"] = spans
		yearData(s)["leap_days"] = []any{map[string]any{"name": "L", "timespan": 0, "interval": "1000000", "offset": 0}}
	}), "the calendar's months and leap days repeat every 1000000 years: with its 101 timespans and leap intervals that is too long to count")
}

// A current year near the int limit made the loops that count years
// from it (year+10000) wrap and never end.
func TestCurrentYearsBeyondTheAlmanacAreRefused(t *testing.T) {
	const want = " is 9223372036854775807; a calendar counts years from -1000000000000 to 1000000000000"
	wantRefused(t, fantasyFile(t, func(_, d map[string]any) { d["year"] = 1e300 }), "dynamic_data.year"+want)
	wantRefused(t, simpleFile(t, func(c, _ map[string]any) {
		c["currentDate"] = map[string]any{"year": 1e300, "month": 0, "day": 0}
	}), "currentDate.year"+want)
	wantRefused(t, donjonFile(t, func(f map[string]any) { f["year"] = 1e300 }), "year"+want)
}

// A custom leap rule of every 10^15 years was counted year by year.
func TestSimpleCustomLeapRuleTooLongIsRefused(t *testing.T) {
	wantRefused(t, simpleFile(t, func(c, _ map[string]any) {
		c["leapYear"] = map[string]any{"rule": "custom", "customMod": 1e15}
		c["months"].([]any)[0].(map[string]any)["numberOfLeapYearDays"] = 31
	}), "leapYear.customMod is 1000000000000000; kanka counts leap rules that repeat within 1000000 years")
}

// many is a list of n items.
func many(n int, item any) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = item
	}
	return out
}

// Lists longer than a calendar holds are refused by their key.
func TestListsBeyondTheServiceAreRefused(t *testing.T) {
	wantRefused(t, fantasyFile(t, func(s, _ map[string]any) {
		yearData(s)["timespans"] = many(10_001, map[string]any{"name": "M", "type": "month", "length": 1})
	}), "static_data.year_data.timespans has 10001; a calendar holds at most 10000")
	wantRefused(t, fantasyFile(t, func(s, _ map[string]any) {
		yearData(s)["leap_days"] = many(129, map[string]any{"name": "L", "timespan": 0, "interval": "4"})
	}), "static_data.year_data.leap_days has 129; Kanka adds at most 128 days in a leap year")
	wantRefused(t, fantasyFile(t, func(s, _ map[string]any) {
		s["moons"] = many(101, map[string]any{"name": "Moon", "cycle": 400})
	}), "static_data.moons has 101; kanka imports at most 100 moons")
	wantRefused(t, simpleFile(t, func(c, _ map[string]any) {
		c["year"].(map[string]any)["yearNames"] = many(20_001, "Year")
	}), "year.yearNames has 20001; a calendar holds at most 20000")
	wantRefused(t, simpleFile(t, func(c, _ map[string]any) {
		c["moons"] = many(101, moonOf("Moon", eightPhases(), "none"))
	}), "moons has 101; kanka imports at most 100 moons")
	wantRefused(t, donjonFile(t, func(f map[string]any) {
		f["n_moons"], f["lunar_cyc"] = 101, many(101, 400)
	}), "n_moons is 101; kanka imports at most 100 moons")
	// Without n_moons, the list is what the file says.
	wantRefused(t, donjonFile(t, func(f map[string]any) {
		delete(f, "n_moons")
		f["moons"], f["lunar_cyc"] = many(101, "Moon"), many(101, 400)
	}), "moons has 101; kanka imports at most 100 moons")
}

// BenchmarkConvertManyMoonsOnLongYears converts the largest donjon file
// kanka accepts of its kind: a hundred moons of long cycles on a calendar
// of 10,000 months, each moon anchored and checked day by day (a thousand
// of them took half a minute when every day of every moon's span was
// searched for anew).
//
//	go test -run '^$' -bench ConvertManyMoons ./internal/calimport/
func BenchmarkConvertManyMoonsOnLongYears(b *testing.B) {
	cycles := make([]any, maxMoons)
	for i := range cycles {
		cycles[i] = 400
	}
	lengths := make([]any, 10_000)
	for i := range lengths {
		lengths[i] = 100
	}
	data := donjonFile(b, func(f map[string]any) {
		f["n_moons"], f["lunar_cyc"], f["lunar_shf"] = maxMoons, cycles, []any{}
		f["n_months"], f["month_len"], f["year_len"] = 10_000, lengths, 1_000_000
	})
	for b.Loop() {
		if _, err := Convert(data, Auto); err != nil {
			b.Fatal(err)
		}
	}
}

// A donjon month longer than a year may be is said by its key.
func TestDonjonMonthLongerThanAYearIsRefused(t *testing.T) {
	wantRefused(t, donjonFile(t, func(f map[string]any) {
		f["month_len"], f["year_len"] = map[string]any{"Early": 1e300, "Late": 12}, 1e300
	}), "month 1 (Early): month_len is 1e+300; a year has at most 1000000 days")
}

// A negative Simple Calendar phase made the phases overlap.
func TestSimpleNegativePhaseIsRefused(t *testing.T) {
	phases := eightPhases()
	phases[2].(map[string]any)["length"] = -3
	wantRefused(t, simpleFile(t, func(c, _ map[string]any) {
		c["moons"] = []any{moonOf("Pale", phases, "none")}
	}), "moon 1 (Pale): phase 3 (first-quarter) has a length of -3 days, below 0")
}

// Names with control characters are not sent: an ESC in a month's name
// would run in every terminal that lists the calendar.
func TestNamesWithControlCharactersAreRefused(t *testing.T) {
	wantRefused(t, fantasyFile(t, func(s, _ map[string]any) {
		yearData(s)["timespans"].([]any)[1].(map[string]any)["name"] = "Sec\x1b[2Jond"
	}), `month 2's name "Sec\x1b[2Jond" holds a control character (U+001B): kanka does not send one to the service`)
	// A name of megabytes is not a message of megabytes.
	wantRefused(t, fantasyFile(t, func(s, _ map[string]any) {
		yearData(s)["timespans"].([]any)[0].(map[string]any)["name"] = "\x1b" + strings.Repeat("x", 2_000_000)
	}), `month 1's name "\x1b`+strings.Repeat("x", 39)+`…" holds a control character (U+001B): kanka does not send one to the service`)
	wantRefused(t, donjonFile(t, func(f map[string]any) {
		f["weekdays"] = []any{"Su", "Mo\a", "Tu", "We", "Th", "Fr", "Sa"}
	}), `weekday 2's name "Mo\a" holds a control character (U+0007): kanka does not send one to the service`)
}

// Months that come and go with the years count as leap days (each is the
// leap days of the month before it): more than Kanka's 128 together are
// refused. A file of 9,998 rare one-day months and 100 moons passed every
// other bound and took minutes to count, a new year every other day.
func TestMonthsThatComeAndGoAreBoundedAsLeapDays(t *testing.T) {
	rare := func(n int) func(s, _ map[string]any) {
		return func(s, _ map[string]any) {
			spans := yearData(s)["timespans"].([]any)
			for i := range n {
				spans = append(spans, map[string]any{"name": fmt.Sprintf("Rare %d", i+1), "type": "month", "length": 1, "interval": 2000, "offset": 0})
			}
			yearData(s)["timespans"] = spans
			yearData(s)["leap_days"] = []any{leapOn("4", 0, false)}
		}
	}
	wantRefused(t, fantasyFile(t, rare(128)),
		"static_data.year_data: 128 timespans that exist only every so many years and 1 leap day; kanka imports at most 128 together (Kanka adds at most 128 days in a leap year)")
	if _, err := Convert(fantasyFile(t, rare(127)), Auto); err != nil {
		t.Errorf("127 and 1 are at the bound, not over it: %v", err)
	}
}

// A file of Simple Calendar's first version has its messages in its own
// keys (monthSettings, leapYearSettings ...), not the later version's.
func TestFirstVersionSimpleCalendarKeysAreNamedAsTheFileHasThem(t *testing.T) {
	file := func(change func(f map[string]any)) []byte {
		data, err := os.ReadFile("testdata/crownlands-simple-calendar-v1.json")
		if err != nil {
			t.Fatal(err)
		}
		var f map[string]any
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatal(err)
		}
		change(f)
		out, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	wantRefused(t, file(func(f map[string]any) {
		f["moonSettings"] = many(101, f["moonSettings"].([]any)[0])
	}), "moonSettings has 101; kanka imports at most 100 moons")
	wantRefused(t, file(func(f map[string]any) {
		f["leapYearSettings"].(map[string]any)["customMod"] = 2_000_000
	}), "leapYearSettings.customMod is 2000000; kanka counts leap rules that repeat within 1000000 years")
	wantRefused(t, file(func(f map[string]any) {
		delete(f, "currentDate")
		f["yearSettings"].(map[string]any)["numericRepresentation"] = 2e12
	}), "yearSettings.numericRepresentation is 2000000000000; a calendar counts years from -1000000000000 to 1000000000000")
}

// 10,000 monthly events on a day no month has, in a calendar of 5,000
// one-day months: each is named as not carried, without looking for the
// day month by month, year by year (that took two minutes).
func TestMonthlyEventsOnADayNoMonthHasAreNamedQuickly(t *testing.T) {
	data := fantasyFile(t, func(s, _ map[string]any) {
		var months []any
		for i := range 5000 {
			months = append(months, map[string]any{"name": fmt.Sprintf("M%d", i), "type": "month", "length": 1, "interval": 1, "offset": 0})
		}
		yearData(s)["timespans"] = months
	})
	events := make([]any, maxEvents)
	for i := range events {
		events[i] = fcEventOf(fmt.Sprintf("E%d", i), `[["Day","0",[2]]]`)
	}
	data = withFCEvents(data, events)
	start := time.Now()
	res, err := Convert(data, Auto)
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("Convert took %s: it looks for each event's day without bound", took)
	}
	if err != nil || res.Reminders != nil || len(res.Losses) != maxEvents ||
		res.Losses[0] != `event "E0" is not carried: the calendar has no day 2 of any month from 1-1-1 on` {
		t.Errorf("err %v, %d reminders, %d losses, the first %q", err, len(res.Reminders), len(res.Losses), res.Losses[0])
	}
}
