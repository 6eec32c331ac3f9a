package calexport

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
)

// What many reminders may lose alike (a colour the tool has not, a
// visibility it has not) is said once, naming the reminders.

// colourLosses gathers the reminders' colours: those kanka cannot read,
// and (Fantasy-Calendar) those written as another shade or as its default,
// in the order met.
type colourLosses struct {
	unread  map[string][]int // by the colour as stored
	shade   map[string][]int // by "#rrggbb"
	dark    map[string][]int // by "#rrggbb": written Dark-Solid
	order   []string
	fcNames map[string]string
}

func newColourLosses() *colourLosses {
	return &colourLosses{unread: map[string][]int{}, shade: map[string][]int{}, dark: map[string][]int{}, fcNames: map[string]string{}}
}

// hex is the reminder's colour as "#rrggbb"; "" for none, and one kanka
// cannot read is kept to be said.
func (l *colourLosses) hex(p planned) string {
	if p.Colour == "" {
		return ""
	}
	hex, ok := reminderHex(p.Colour)
	if !ok {
		key := "unread " + p.Colour
		if _, seen := l.unread[p.Colour]; !seen {
			l.order = append(l.order, key)
		}
		l.unread[p.Colour] = append(l.unread[p.Colour], p.ID)
		return ""
	}
	return hex
}

// fantasy is the reminder's colour among Fantasy-Calendar's: the nearest
// shade (kept to be said when it is another), Dark-Solid for none. Dark-Solid
// is FC's colour for an event nobody coloured, which an import reads as
// none, so a colour written as it is kept to be said too.
func (l *colourLosses) fantasy(p planned) string {
	hex := l.hex(p)
	if hex == "" {
		return "Dark-Solid"
	}
	name, exact := nearestFCColour(hex)
	if name == "Dark-Solid" {
		if _, seen := l.dark[hex]; !seen {
			l.order = append(l.order, "dark "+hex)
		}
		l.dark[hex] = append(l.dark[hex], p.ID)
	} else if !exact {
		if _, seen := l.shade[hex]; !seen {
			l.order = append(l.order, "shade "+hex)
			l.fcNames[hex] = name
		}
		l.shade[hex] = append(l.shade[hex], p.ID)
	}
	return name
}

// say adds a loss for each colour gathered.
func (l *colourLosses) say(c *calendar, tool string) {
	for _, key := range l.order {
		if colour, ok := strings.CutPrefix(key, "unread "); ok {
			c.lose(nil, "colour %s: not a colour kanka reads (#rrggbb or one of Kanka's names): %s written without one",
				strconv.Quote(colour), idList(l.unread[colour]))
			continue
		}
		if hex, ok := strings.CutPrefix(key, "dark "); ok {
			c.lose(nil, "colour %s: %s's nearest is Dark-Solid, its colour for an uncoloured event (kanka's import reads it as none): %s written Dark-Solid",
				hex, tool, idList(l.dark[hex]))
			continue
		}
		hex, _ := strings.CutPrefix(key, "shade ")
		c.lose(nil, "colour %s: %s has 15 event colours: %s written %s, the nearest", hex, tool, idList(l.shade[hex]), l.fcNames[hex])
	}
}

// hiddenLoss says that the reminders rs, which not everyone may see
// (admin-self, self, members), are written hidden from the players: the
// tool has only that (why). Admin-only is what the tool's hidden is.
func (c *calendar) hiddenLoss(tool string, rs []planned, why string) {
	if len(rs) == 0 {
		return
	}
	ids, names := seenBy(rs)
	c.lose(nil, "visibility: %s %s: %s seen by some only (%s) %s written hidden from players", tool, why, idList(ids), names, isAre(ids))
}

// visibleLoss says that the reminders rs, which not everyone may see, are
// written as any other event: the tool has no visibility.
func (c *calendar) visibleLoss(tool string, rs []planned) {
	if len(rs) == 0 {
		return
	}
	ids, names := seenBy(rs)
	c.lose(nil, "visibility: %s shows every event to whoever opens it: %s seen by some only (%s) %s written as any other",
		tool, idList(ids), names, isAre(ids))
}

// seenBy are the reminders' ids and the names of their visibilities.
func seenBy(rs []planned) (ids []int, names string) {
	seen := map[int]bool{}
	for _, p := range rs {
		ids = append(ids, p.ID)
		seen[p.Visibility] = true
	}
	var words []string
	for _, v := range slices.Sorted(maps.Keys(seen)) {
		words = append(words, client.VisibilityName(v))
	}
	return ids, joinWords(words)
}

// joinWords is "a", "a and b", "a, b and c".
func joinWords(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

func isAre(ids []int) string {
	if len(ids) == 1 {
		return "is"
	}
	return "are"
}

// typeLoss says that the reminders rs, which have a type (birth, death
// ...), are written as any other event: the tool's events (notes, what)
// have no kinds.
func (c *calendar) typeLoss(tool, what string, rs []planned) {
	var ids []int
	seen := map[int]bool{}
	for _, p := range rs {
		if p.Type != 0 {
			ids = append(ids, p.ID)
			seen[p.Type] = true
		}
	}
	if len(ids) == 0 {
		return
	}
	var words []string
	for _, t := range slices.Sorted(maps.Keys(seen)) {
		name := "type " + strconv.Itoa(t)
		if t > 0 && t < len(client.ReminderTypes) && client.ReminderTypes[t] != "" {
			name = client.ReminderTypes[t]
		}
		words = append(words, name)
	}
	c.lose(nil, "type: %s has no kinds of %s: %s (%s) %s written as any other", tool, what, idList(ids), joinWords(words), isAre(ids))
}
