package almanac

import (
	"fmt"
	"math/rand"
	"testing"
)

// A date is "Y-M-D" however it is written out: String, MarshalText and
// AppendText agree with the plain formatting, negative years and the
// largest values included.
func TestDateTextIsYMD(t *testing.T) {
	dates := []Date{{0, 0, 0}, {1492, 4, 3}, {-12, 3, 1}, {-1, 12, 9}, {MaxYear, 1, 1}, {-MaxYear, 99, 1000}}
	rng := rand.New(rand.NewSource(1))
	for range 1000 {
		dates = append(dates, Date{rng.Intn(2*MaxYear) - MaxYear, rng.Intn(1000), rng.Intn(1000)})
	}
	for _, d := range dates {
		want := fmt.Sprintf("%d-%d-%d", d.Year, d.Month, d.Day)
		text, _ := d.MarshalText()
		if d.String() != want || string(text) != want || string(d.AppendText([]byte("x"))) != "x"+want {
			t.Fatalf("%#v: String %q, MarshalText %q, want %q", d, d.String(), text, want)
		}
	}
}
