package cmdutil

import "testing"

// no-color.org: NO_COLOR turns colour off when set to anything but "".
func TestSystemReadsNoColor(t *testing.T) {
	for value, want := range map[string]bool{"1": true, "yes": true, "": false} {
		t.Setenv("NO_COLOR", value)
		if got := System().NoColor; got != want {
			t.Errorf("NO_COLOR=%q: NoColor %v, want %v", value, got, want)
		}
	}
}
