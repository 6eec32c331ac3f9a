package almanac

import "testing"

func BenchmarkMonthView(b *testing.B) {
	r := mustNew(b, harptos())
	for b.Loop() {
		if _, err := r.MonthView(1492, 4); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAdvance1000Years(b *testing.B) {
	r := mustNew(b, harptos())
	start := date(1492, 4, 3)
	days := int64(1000*365 + 250)
	for b.Loop() {
		d, err := r.AddDays(start, days)
		if err != nil || d != date(2492, 4, 3) {
			b.Fatal(d, err)
		}
	}
}
