package calexport

import "strings"

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
