package client_test

import (
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// `preset: NAME` is kept as written, with its place, for the command that
// knows the presets; the calendar's own keys are read as ever, and one
// that gives no name is no problem (the preset has one).
func TestDecodeSeedKeepsThePreset(t *testing.T) {
	cals, err := client.DecodeSeed(node(t, `calendars:
  - preset: harptos
    date: 1492-Ches-3
  - name: Plain
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(cals) != 2 {
		t.Fatalf("%d calendars", len(cals))
	}
	p := cals[0].Preset
	if p == nil || p.Text != "harptos" || p.Where != "line 2: calendars[1].preset" {
		t.Errorf("preset %+v", p)
	}
	if w := cals[0].Input.DateWritten; w == nil || w.Text != "1492-Ches-3" || cals[0].Input.Name != "" {
		t.Errorf("the calendar's keys: name %q, date %+v", cals[0].Input.Name, w)
	}
	if cals[1].Preset != nil {
		t.Errorf("a calendar without preset: %+v", cals[1].Preset)
	}

	_, err = client.DecodeSeed(node(t, "calendars:\n  - preset: [harptos]\n"))
	if err == nil || err.Error() != "line 2: calendars[1].preset: must be text" {
		t.Errorf("err = %v", err)
	}
}
