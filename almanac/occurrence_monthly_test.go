package almanac

import (
	"fmt"
	"slices"
	"sync"
	"testing"
)

// manyMonths is a calendar of n months of 1 to 31 days, the first of
// which gains 40 days in leap years (every fourth).
func manyMonths(n int) Calendar {
	c := Calendar{Weekdays: []string{"A", "B"}, Leap: LeapRule{Enabled: true, Amount: 40, Month: 1, Offset: 4, Start: 4}}
	for i := range n {
		c.Months = append(c.Months, Month{Name: fmt.Sprint("M", i), Length: 1 + i%31})
	}
	return c
}

// An export lists a monthly reminder's days once for every year it
// compares: on a calendar of 10,000 months, a listing costs no more
// memory than a yearly reminder's, rather than a table of the months
// long enough, made anew each time.
func TestListingAMonthlyRepeatBuildsNoTableOfMonths(t *testing.T) {
	r := mustNew(t, manyMonths(10_000))
	from, to := yearWindow(t, r, 1492)
	allocs := func(periodicity string) float64 {
		rec := Recurrence{Date: date(1300, 20, 20), Length: 3, IsRecurring: true, Periodicity: periodicity}
		return testing.AllocsPerRun(20, func() {
			for range r.Occurrences(rec, from, to) {
			}
			for range r.Days(rec, from, to) {
			}
		})
	}
	if monthly, yearly := allocs("month"), allocs("year"); monthly > yearly {
		t.Errorf("a year's listing of a monthly repeat allocates %v times, a yearly one's %v", monthly, yearly)
	}
}

// A Reckoning is shared by goroutines as it is: those listing monthly
// repeats at once, the first of them making its table of months, each
// find the days one goroutine alone finds (run with -race).
func TestMonthlyRepeatsListedAtOnceFromGoroutines(t *testing.T) {
	c := manyMonths(1_000)
	alone, shared := mustNew(t, c), mustNew(t, c)
	from, to := yearWindow(t, alone, 1492)
	rec := func(i int) Recurrence {
		return Recurrence{Date: date(1400, 1+i, 1+i%31), Length: 1 + i%3, IsRecurring: true, Periodicity: "month"}
	}
	var wg sync.WaitGroup
	got := make([][]int64, 8)
	for i := range got {
		wg.Go(func() { got[i] = collectDays(shared, rec(i), from, to) })
	}
	wg.Wait()
	for i := range got {
		want := collectDays(alone, rec(i), from, to)
		if len(want) == 0 || !slices.Equal(got[i], want) {
			t.Errorf("reminder %d: %d days from goroutines, %d alone (none is no test)", i, len(got[i]), len(want))
		}
	}
}
