package almanac

import (
	"math/rand"
	"testing"
)

// The months long enough for a day, found by the tree, are those a scan
// of every month finds, next and previous, from every month, for every
// day up to one past the longest, on lists of 1 to 40 months (powers of
// two and one either side of them included).
func TestMonthMaximaFindWhatAScanFinds(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for n := 1; n <= 40; n++ {
		lengths := make([]int, n)
		longest := 0
		for i := range lengths {
			lengths[i] = 1 + rng.Intn([]int{2, 5, 40}[i%3])
			longest = max(longest, lengths[i])
		}
		tree := newMonthMaxima(n, func(m int) int { return lengths[m] })
		if tree.longest() != longest {
			t.Fatalf("%v: the longest is %d, not %d", lengths, tree.longest(), longest)
		}
		for day := 1; day <= longest+1; day++ {
			for m := -1; m <= n; m++ {
				wantNext, wantPrev := -1, -1
				for j := max(m, 0); j < n && wantNext < 0; j++ {
					if lengths[j] >= day {
						wantNext = j
					}
				}
				for j := min(m, n-1); j >= 0 && wantPrev < 0; j-- {
					if lengths[j] >= day {
						wantPrev = j
					}
				}
				if got := tree.next(m, day); got != wantNext {
					t.Fatalf("%v: the next month from %d with day %d is %d, not %d", lengths, m, day, got, wantNext)
				}
				if got := tree.prev(m, day); got != wantPrev {
					t.Fatalf("%v: the previous month from %d with day %d is %d, not %d", lengths, m, day, got, wantPrev)
				}
			}
		}
	}
}
