package client_test

import (
	"reflect"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// An update's moons of one name keep the ids of the current moons of
// that name in order: the first Luna the first Luna's, the second the
// second's, so that no id (and no reminder repeating on it) moves to the
// other moon.
func TestKeepMoonIDsPairsMoonsOfOneNameInOrder(t *testing.T) {
	current := []client.Moon{{Name: "Luna", Fullmoon: 10, ID: ptr(1)}, {Name: "Luna", Fullmoon: 7, ID: ptr(2)}}
	moons := []client.Moon{{Name: "Luna", Fullmoon: 12}, {Name: "Luna", Fullmoon: 7}, {Name: "Luna", Fullmoon: 5}}
	client.KeepMoonIDs(moons, current)
	want := []client.Moon{{Name: "Luna", Fullmoon: 12, ID: ptr(1)}, {Name: "Luna", Fullmoon: 7, ID: ptr(2)}, {Name: "Luna", Fullmoon: 5}}
	if !reflect.DeepEqual(moons, want) {
		t.Errorf("moons %s, want %s", showMoons(moons), showMoons(want))
	}
	// An id the list sends already is given to no other moon.
	moons = []client.Moon{{Name: "Luna", ID: ptr(2)}, {Name: "Luna"}}
	client.KeepMoonIDs(moons, current)
	if want := []client.Moon{{Name: "Luna", ID: ptr(2)}, {Name: "Luna"}}; !reflect.DeepEqual(moons, want) {
		t.Errorf("moons %s, want %s", showMoons(moons), showMoons(want))
	}
}

// A write that sends a moon's id with another moon of its name (the first
// Luna with the second's id) takes the id from its moon: LostMoons has it,
// as it has one removed; a moon renamed with its own id is not lost.
func TestLostMoonsHasAnIDSentWithAnotherMoonOfItsName(t *testing.T) {
	current := []client.Moon{{Name: "Luna", Fullmoon: 10, ID: ptr(1)}, {Name: "Luna", Fullmoon: 7, ID: ptr(2)}, {Name: "Shard", Fullmoon: 3, ID: ptr(4)}}
	for _, c := range []struct {
		moons []client.Moon
		want  map[int]string
	}{
		{[]client.Moon{{Name: "Luna", ID: ptr(2)}, {Name: "Luna"}, {Name: "Shard", ID: ptr(4)}}, map[int]string{1: "Luna", 2: "Luna"}},
		{[]client.Moon{{Name: "Luna", ID: ptr(2)}, {Name: "Luna", ID: ptr(1)}, {Name: "Shard", ID: ptr(4)}}, map[int]string{1: "Luna", 2: "Luna"}},
		{[]client.Moon{{Name: "Luna", ID: ptr(1)}, {Name: "Luna", ID: ptr(2)}, {Name: "Splinter", ID: ptr(4)}}, map[int]string{}},
		{[]client.Moon{{Name: "Luna", ID: ptr(1)}, {Name: "Selene", ID: ptr(2)}, {Name: "Shard", ID: ptr(4)}}, map[int]string{}},
	} {
		if got := client.LostMoons(current, c.moons); !reflect.DeepEqual(got, c.want) {
			t.Errorf("sending %s: lost %v, want %v", showMoons(c.moons), got, c.want)
		}
	}
}

// A repeat names a moon as the service stores its name, in any case: the
// moons it may mean are every moon so named, none for a name no moon has.
func TestMoonsNamed(t *testing.T) {
	moons := []client.Moon{{Name: "Luna", ID: ptr(1)}, {Name: " luna ", ID: ptr(2)}, {Name: "Shard\u200B", ID: ptr(4)}, {Name: "Selûne"}}
	for name, want := range map[string][]client.Moon{
		"LUNA":   moons[:2],
		"Shard":  moons[2:3],
		"selûne": moons[3:],
		"Selune": nil,
		"Lun":    nil,
	} {
		if got := client.MoonsNamed(moons, name); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %s, want %s", name, showMoons(got), showMoons(want))
		}
	}
}

// A moon no moon of the calendar is named is said with the nearest name.
func TestNoMoonNamed(t *testing.T) {
	moons := []client.Moon{{Name: "Selûne"}, {Name: "Shard"}}
	if got := client.NoMoonNamed("calendar 5", "Selune", moons).Error(); got != `calendar 5 has no moon named "Selune"; did you mean "Selûne"?` {
		t.Errorf("near: %s", got)
	}
	if got := client.NoMoonNamed("the calendar", "Luna", nil).Error(); got != `the calendar has no moon named "Luna"` {
		t.Errorf("none near: %s", got)
	}
}
