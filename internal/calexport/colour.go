package calexport

import (
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/internal/fantasycal"
)

// kankaColours are the shades of the colours the service offers a moon
// (its config/colours.php), the ones kanka's import reads back to the same
// name, and white, which presets use (the import reads it as grey, the
// light grey the service draws).
var kankaColours = map[string]string{
	"light-blue": "#add8e6",
	"aqua":       "#00ffff",
	"green":      "#008000",
	"red":        "#ff0000",
	"yellow":     "#ffff00",
	"grey":       "#d2d6de",
	"navy":       "#000080",
	"teal":       "#008080",
	"purple":     "#800080",
	"orange":     "#ffa500",
	"maroon":     "#800000",
	"black":      "#000000",
	"pink":       "#ffc0cb",
	"brown":      "#a52a2a",
	"white":      "#ffffff",
}

// hexColour is a moon's colour as the tools write one: the shade of its
// name, grey (the service's default) for no colour or one kanka does not
// know.
func hexColour(name string) string {
	if hex, ok := kankaColours[strings.ToLower(strings.TrimSpace(name))]; ok {
		return hex
	}
	return kankaColours["grey"]
}

// reminderHex is a reminder's colour as "#rrggbb": a hex colour (#abc or
// #aabbcc, any case) or one of Kanka's colour names; ok is false for none
// or one kanka does not read.
func reminderHex(colour string) (hex string, ok bool) {
	s := strings.ToLower(strings.TrimSpace(colour))
	if named, found := kankaColours[s]; found {
		return named, true
	}
	digits, found := strings.CutPrefix(s, "#")
	if !found || !allHex(digits) {
		return "", false
	}
	switch len(digits) {
	case 3:
		return "#" + string([]byte{digits[0], digits[0], digits[1], digits[1], digits[2], digits[2]}), true
	case 6:
		return "#" + digits, true
	}
	return "", false
}

func allHex(s string) bool {
	for _, c := range s {
		if !strings.ContainsRune("0123456789abcdef", c) {
			return false
		}
	}
	return s != ""
}

// rgb is a "#rrggbb" colour's red, green and blue.
func rgb(hex string) (r, g, b int) {
	v, _ := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	return int(v >> 16 & 0xff), int(v >> 8 & 0xff), int(v & 0xff)
}

// nearestFCColour is the Fantasy-Calendar colour nearest hex (by the
// distance of red, green and blue), and whether it is that very shade.
func nearestFCColour(hex string) (name string, exact bool) {
	r, g, b := rgb(hex)
	best := -1
	for _, c := range fantasycal.EventColours {
		cr, cg, cb := rgb(c.Hex)
		if d := (r-cr)*(r-cr) + (g-cg)*(g-cg) + (b-cb)*(b-cb); best < 0 || d < best {
			best, name = d, c.Name
		}
	}
	return name, best == 0
}

// textColour is black or white, whichever reads on the colour.
func textColour(hex string) string {
	r, g, b := rgb(hex)
	if 299*r+587*g+114*b > 128_000 {
		return "#000000"
	}
	return "#ffffff"
}
