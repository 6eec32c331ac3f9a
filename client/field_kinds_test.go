package client_test

import (
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A text the service purifies (a reminder's comment) is compared as it
// keeps it: trimmed, and read with the entities its HTML purifier writes.
func TestSamePurifiedText(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"Tom & Jerry", "Tom &amp; Jerry", true},
		{" a < b ", "a &lt; b", true},
		{"Café", "Caf&eacute;", true},
		{"Feast", "feast", false},
		{"", "  ", true},
	} {
		if got := client.SamePurifiedText(c.a, c.b); got != c.same {
			t.Errorf("SamePurifiedText(%q, %q) = %v", c.a, c.b, got)
		}
	}
}
