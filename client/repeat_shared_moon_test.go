package client_test

import (
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// Two moons may share a name (Twin's two Lunas): a repeat that names the
// moon by it is refused, saying to give the moon's id, as no one can
// tell which is meant; a repeat by id is the service's own and stands.
func TestResolveRepeatRefusesAMoonNameTwoMoonsShare(t *testing.T) {
	cal := &client.Calendar{ID: 5}
	cal.Moons = []client.Moon{{Name: "Luna", Fullmoon: 10, ID: ptr(1)}, {Name: " luna ", Fullmoon: 7, ID: ptr(2)}, {Name: "Shard", Fullmoon: 3, ID: ptr(4)}}
	for repeat, want := range map[string]string{
		"Luna:new":  `calendar 5 has 2 moons named "Luna" (ids 1, 2): give the one meant by its id and the phase, {id}_{phase}, such as 2_n`,
		"LUNA:full": `calendar 5 has 2 moons named "LUNA" (ids 1, 2): give the one meant by its id and the phase, {id}_{phase}, such as 2_f`,
		"2_n":       "2_n",
		"Shard:new": "4_n",
	} {
		in := client.ReminderInput{Repeat: ptr(repeat)}
		got := ""
		if err := in.ResolveRepeat(cal); err != nil {
			got = err.Error()
		} else {
			got = *in.Repeat
		}
		if got != want {
			t.Errorf("%q: %s\nwant %s", repeat, got, want)
		}
	}
}
