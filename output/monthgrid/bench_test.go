package monthgrid

import (
	"encoding/json"
	"testing"
)

// BenchmarkText renders Ches 1492 (Selûne, seasons, weather, today) as text,
// the almanac's month view included.
func BenchmarkText(b *testing.B) {
	in := ches1492(b)
	for b.Loop() {
		g, err := New(in)
		if err != nil {
			b.Fatal(err)
		}
		_ = g.Text(Options{Unicode: true})
	}
}

// BenchmarkJSON builds the JSON value of Ches 1492 and marshals it.
func BenchmarkJSON(b *testing.B) {
	in := ches1492(b)
	for b.Loop() {
		g, err := New(in)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(g.Value()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWholeYearText renders the 17 months of 1492 DR.
func BenchmarkWholeYearText(b *testing.B) {
	in := ches1492(b)
	in.WholeYear = true
	for b.Loop() {
		g, err := New(in)
		if err != nil {
			b.Fatal(err)
		}
		_ = g.Text(Options{Unicode: true})
	}
}

// BenchmarkValue builds the JSON value of Ches 1492 without marshalling it.
func BenchmarkValue(b *testing.B) {
	in := ches1492(b)
	for b.Loop() {
		g, err := New(in)
		if err != nil {
			b.Fatal(err)
		}
		_ = g.Value()
	}
}
