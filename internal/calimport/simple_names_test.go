package calimport

import (
	"maps"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// Simple Calendar shows a year whose name is empty by its number: an empty
// name is none, not a year named "" (which the client refuses).
func TestSimpleEmptyYearNamesAreNone(t *testing.T) {
	res, err := Convert(simpleFile(t, func(c, _ map[string]any) {
		y := c["year"].(map[string]any)
		y["yearNames"], y["yearNamesStart"] = []any{"Ox", "", " ", "Crane", ""}, 8
	}), Auto)
	if err != nil {
		t.Fatal(err)
	}
	if want := (client.Years{8: "Ox", 11: "Crane"}); !maps.Equal(res.Calendar.Years, want) {
		t.Errorf("years %v, want %v", res.Calendar.Years, want)
	}
}
