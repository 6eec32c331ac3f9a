package almanac

import "testing"

// A listing keeps its yearly or monthly starts on the stack: a year's
// listing allocates no more than one of a window it cannot reach (which
// makes no starts), so an export, which lists each reminder once for every
// year it compares, pays nothing per year for them.
func TestListingAYearMakesNoStartsOnTheHeap(t *testing.T) {
	r := mustNew(t, manyMonths(12))
	from, to := yearWindow(t, r, 1492)
	for _, periodicity := range []string{"year", "month"} {
		rec := Recurrence{Date: date(1300, 1, 1), Length: 2, IsRecurring: true, Periodicity: periodicity}
		if len(collectDays(r, rec, from, to)) == 0 {
			t.Fatalf("%s: no day in the year: no test", periodicity)
		}
		allocs := func(from, to int64) float64 {
			return testing.AllocsPerRun(20, func() {
				for range r.Occurrences(rec, from, to) {
				}
				for range r.Days(rec, from, to) {
				}
			})
		}
		if year, none := allocs(from, to), allocs(to, from); year > none {
			t.Errorf("%s: a year's listing allocates %v times, an empty window's %v", periodicity, year, none)
		}
	}
}
