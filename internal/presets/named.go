package presets

import (
	"slices"
	"strings"

	"github.com/kanka-cli/kanka/internal/suggest"
)

// NamedBy is the preset word names, for a person who typed it where a
// calendar's name goes ("eberron" for "Galifar Calendar"): a preset's name
// in any case (or the nearest, for a typo), or its setting, whole or
// either of its names ("Forgotten Realms", "Pathfinder" of "Golarion
// (Pathfinder)"). ok is false when word names none.
func NamedBy(word string) (Preset, bool) {
	w := strings.ToLower(strings.TrimSpace(word))
	if w == "" {
		return Preset{}, false
	}
	for _, a := range about {
		if a.name == w || slices.Contains(settingNames(a.setting), w) {
			p, err := Get(a.name)
			return p, err == nil
		}
	}
	if near, ok := suggest.Nearest(w, Names()); ok && len(w) >= 4 {
		p, err := Get(near)
		return p, err == nil
	}
	return Preset{}, false
}

// settingNames are the names a setting goes by, in lower case: "golarion
// (pathfinder)", "golarion" and "pathfinder".
func settingNames(setting string) []string {
	s := strings.ToLower(setting)
	names := []string{s}
	if before, after, ok := strings.Cut(s, " ("); ok {
		names = append(names, before, strings.TrimSuffix(after, ")"))
	}
	return names
}
