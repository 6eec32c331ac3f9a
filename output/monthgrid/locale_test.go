package monthgrid

import (
	"slices"
	"testing"

	"github.com/olekukonko/tablewriter/pkg/twwidth"
)

// The legend's columns are laid out in the grid's own widths: a terminal
// library told that ambiguous characters are wide (a CJK locale,
// RUNEWIDTH_EASTASIAN=1) changes nothing, and no mark is cut away.
func TestLegendColumnsDoNotDependOnTheLocale(t *testing.T) {
	items := [][]string{{"≈", "wind", "3 days"}, {"≡", "fog", "1 day"}, {"●", "new moon: Selûne", ""}}
	right := []bool{false, false, true}
	want := columns(items, right, 40)
	twwidth.SetEastAsian(true)
	t.Cleanup(func() { twwidth.SetEastAsian(false) })
	if got := columns(items, right, 40); !slices.Equal(got, want) {
		t.Errorf("with wide ambiguous characters:\n%q\nwant\n%q", got, want)
	}
	for _, l := range wrap("≈ ≈ ≈ ≈ ≈ ≈ ≈ ≈ ≈ ≈", 7) {
		if textWidth(l) > 7 || l[:3] != "≈" {
			t.Errorf("wrap gave %q", l)
		}
	}
}
