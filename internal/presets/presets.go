// Package presets holds the calendars of well-known settings, ready to
// create: each is a calendar file in the shape `kanka calendar get -o yaml`
// prints and client.DecodeCalendar reads (one YAML file a preset, embedded),
// with what kanka says of it (the setting, the year it is usually played
// in, a line of description). Each file is written from the setting's
// published facts; its comments name the sources and, where they
// disagree, which one it follows. The tests check each canon through the
// almanac: year lengths, the weekday of a known day, the moons' cycles.
package presets

import (
	"embed"
	"fmt"
	"slices"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/suggest"
	yaml "go.yaml.in/yaml/v3"
)

//go:embed *.yaml
var files embed.FS

// Preset is one calendar ready to create.
type Preset struct {
	// Name is what --preset and `preset:` take: "harptos".
	Name string
	// Setting is the world it belongs to: "Forgotten Realms".
	Setting string
	// UsualYear is the year it is usually played in (its date's year).
	UsualYear int
	// Description is one line for people.
	Description string
	// Input is the calendar, decoded from YAML: a fresh copy each Get.
	Input client.CalendarInput
	// YAML is the calendar file as embedded, comments and all.
	YAML []byte
}

// about is what kanka says of each preset; the calendar is its file,
// NAME.yaml.
var about = []struct {
	name, setting, description string
	usualYear                  int
}{
	{"eberron", "Eberron", "The Galifar calendar: 12 months of 28 days named for the twelve moons, 7-day weeks", 998},
	{"exandria", "Exandria (Critical Role)", "The Exandrian calendar: 11 months, 328 days, 7-day weeks, the moons Catha and Ruidus", 836},
	{"golarion", "Golarion (Pathfinder)", "Absalom Reckoning: 12 months of the Gregorian lengths, a leap day in Calistril every 4 years, the moon Somal", 4725},
	{"gregorian", "Earth", "The Gregorian calendar with the true weekdays and full moons from 1901 to 2099", 2026},
	{"greyhawk", "Greyhawk", "The Common Year: 12 months of 28 days and 4 festival weeks, the moons Luna and Celene", 591},
	{"harptos", "Forgotten Realms", "The Calendar of Harptos (Dalereckoning): 12 months of three tendays, 5 festivals, Shieldmeet every 4 years, Selûne", 1492},
}

// Names are the presets' names, in alphabetical order.
func Names() []string {
	names := make([]string, len(about))
	for i, a := range about {
		names[i] = a.name
	}
	slices.Sort(names)
	return names
}

// Get is the preset named name (in any case). An unknown name is an error
// that names the nearest preset when one is near, and lists them all.
func Get(name string) (Preset, error) {
	want := strings.ToLower(strings.TrimSpace(name))
	for _, a := range about {
		if a.name != want {
			continue
		}
		p := Preset{Name: a.name, Setting: a.setting, UsualYear: a.usualYear, Description: a.description}
		var err error
		if p.YAML, err = files.ReadFile(a.name + ".yaml"); err != nil {
			return Preset{}, fmt.Errorf("preset %s: %w", a.name, err)
		}
		if p.Input, err = decode(p.YAML); err != nil {
			return Preset{}, fmt.Errorf("preset %s: %w", a.name, err)
		}
		return p, nil
	}
	return Preset{}, unknown(name)
}

// unknown is the error for a name no preset has.
func unknown(name string) error {
	all := strings.Join(Names(), ", ")
	if near, ok := suggest.Nearest(name, Names()); ok {
		return fmt.Errorf("unknown preset %q; did you mean %q? (one of %s)", name, near, all)
	}
	return fmt.Errorf("unknown preset %q: use one of %s", name, all)
}

// decode reads a preset's file as `calendar create -f` reads a file.
func decode(b []byte) (client.CalendarInput, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return client.CalendarInput{}, err
	}
	in, err := client.DecodeCalendar(&doc)
	if err != nil {
		return client.CalendarInput{}, err
	}
	return in, in.ResolveMonths()
}

// DaysInCommonYear is the sum of the lengths of p's months: a year without
// leap days.
func (p Preset) DaysInCommonYear() int {
	days := 0
	for _, m := range p.Input.Months {
		days += m.Length
	}
	return days
}
