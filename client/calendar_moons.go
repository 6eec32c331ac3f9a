package client

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/internal/suggest"
)

// A calendar's moons are known by id to the service (a reminder repeats on
// one by its id) and by name to people: a write keeps the ids of the moons
// it sends again, says which it takes away, and a repeat names a moon.

// KeepMoonIDs gives a moon without an id the id of the current moon of the
// same name, so that an update that replaces the moon list (--moon, a
// file, apply) updates those moons instead of deleting and re-creating
// them. One id goes to one moon; moons of one name are paired in order
// (the second Luna of moons takes the second Luna's id), so that no id
// moves to another moon of its name.
func KeepMoonIDs(moons, current []Moon) {
	sent := map[int]bool{}
	for _, m := range moons {
		if m.ID != nil {
			sent[*m.ID] = true
		}
	}
	ids := map[string][]*int{}
	for _, m := range current {
		name := StoredText(m.Name)
		ids[name] = append(ids[name], m.ID) // nil too: the n-th is the n-th
	}
	for i := range moons {
		name := StoredText(moons[i].Name)
		if len(ids[name]) == 0 {
			continue
		}
		id := ids[name][0]
		ids[name] = ids[name][1:]
		if moons[i].ID == nil && id != nil && !sent[*id] {
			moons[i].ID = ptr(*id)
		}
	}
}

// LostMoons are the moons of current (by id, their names) that a write of
// moons takes away: removed, or sent without their id, which the service
// then gives another moon (it numbers new moons from the highest id
// sent), or sent with another of the moons of their name (the first Luna
// with the second's id), by their order. A reminder that repeats on one
// would fall on no moon, or on another.
func LostMoons(current, moons []Moon) map[int]string {
	kept := map[int]bool{}
	for _, m := range moons {
		if m.ID != nil {
			kept[*m.ID] = true
		}
	}
	lost := map[int]string{}
	for _, m := range current {
		if m.ID != nil && !kept[*m.ID] && moons != nil {
			lost[*m.ID] = m.Name
		}
	}
	for id, name := range movedMoons(current, moons) {
		lost[id] = name
	}
	return lost
}

// movedMoons are the ids of current's moons of a shared name that moons
// sends with another moon of that name: the n-th moon of the name in one
// list is not the n-th in the other.
func movedMoons(current, moons []Moon) map[int]string {
	rank := func(list []Moon) map[int]int { // id: its place among its name's
		seen, at := map[string]int{}, map[int]int{}
		for _, m := range list {
			name := StoredText(m.Name)
			if m.ID != nil {
				at[*m.ID] = seen[name]
			}
			seen[name]++
		}
		return at
	}
	count := map[string]int{}
	for _, m := range current {
		count[StoredText(m.Name)]++
	}
	was, will := rank(current), rank(moons)
	moved := map[int]string{}
	for _, m := range current {
		if m.ID == nil || count[StoredText(m.Name)] < 2 {
			continue
		}
		if n, ok := will[*m.ID]; ok && n != was[*m.ID] && sentNamed(moons, *m.ID, m.Name) {
			moved[*m.ID] = m.Name
		}
	}
	return moved
}

// sentNamed reports whether moons sends id with a moon named name (as the
// service stores it): a moon renamed with its own id is not moved.
func sentNamed(moons []Moon, id int, name string) bool {
	for _, m := range moons {
		if m.ID != nil && *m.ID == id {
			return StoredText(m.Name) == StoredText(name)
		}
	}
	return false
}

// MoonsNamed are the moons a repeat that names a moon (MOON:PHASE) may
// mean: those named name as the service stores it, in any case. More than
// one is a name a repeat cannot tell them apart by.
func MoonsNamed(moons []Moon, name string) []Moon {
	var named []Moon
	for _, m := range moons {
		if strings.EqualFold(StoredText(m.Name), StoredText(name)) {
			named = append(named, m)
		}
	}
	return named
}

// NoMoonNamed says that calendar (as a message names it: "calendar 5")
// has no moon named name, of its moons, with the nearest name when one is
// near.
func NoMoonNamed(calendar, name string, moons []Moon) error {
	names := make([]string, len(moons))
	for i, m := range moons {
		names[i] = m.Name
	}
	msg := fmt.Sprintf("%s has no moon named %q", calendar, name)
	if near, ok := suggest.Nearest(name, names); ok {
		msg += fmt.Sprintf("; did you mean %q?", near)
	}
	return errors.New(msg)
}

// ResolveRepeat is repeat, a recurring_periodicity, as the service takes
// it: a MOON:PHASE repeat (almanac.ReadRepeat) becomes {moonId}_{phase}
// with the calendar's moons, a moon by its name (as the service stores
// it), with the id the answer gave it; any other repeat is itself.
func (c *Calendar) ResolveRepeat(repeat string) (string, error) {
	p, name, err := almanac.ReadRepeat(repeat)
	if err != nil || name == "" {
		return repeat, err
	}
	moons := MoonsNamed(c.Moons, name)
	switch {
	case len(moons) > 1:
		return repeat, sharedMoonName(c.ID, name, moons, p)
	case len(moons) == 0:
		return repeat, NoMoonNamed("calendar "+strconv.Itoa(c.ID), name, c.Moons)
	case moons[0].ID == nil:
		return repeat, fmt.Errorf("calendar %d's answer gives moon %q no id, which a repeat names it by: this server does not number its moons", c.ID, name)
	}
	p.MoonID = *moons[0].ID
	return p.String(), nil
}

// sharedMoonName refuses a repeat p on a moon by a name that several moons
// of calendar calendarID have, saying to give the moon's id instead.
func sharedMoonName(calendarID int, name string, moons []Moon, p almanac.Periodicity) error {
	var ids []string
	for _, m := range moons {
		if m.ID != nil {
			ids = append(ids, strconv.Itoa(*m.ID))
			p.MoonID = *m.ID
		}
	}
	msg := fmt.Sprintf("the calendar has %d moons named %q", len(moons), name)
	if calendarID > 0 {
		msg = fmt.Sprintf("calendar %d has %d moons named %q", calendarID, len(moons), name)
	}
	if len(ids) > 0 {
		msg += fmt.Sprintf(" (ids %s): give the one meant by its id and the phase, {id}_{phase}, such as %s", strings.Join(ids, ", "), p)
	} else {
		msg += ": give the one meant by its id and the phase, {id}_{phase}"
	}
	return errors.New(msg)
}
