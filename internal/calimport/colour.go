package calimport

import (
	"strconv"
	"strings"
)

// kankaColours are the colours the service offers a moon (its
// config/colours.php), each with the shade its name means: a moon's colour
// in the tools is any hex colour, in Kanka one of these names. Grey is the
// light grey the service draws, so that a white or silver moon is grey.
var kankaColours = []struct {
	name    string
	r, g, b int
}{
	{"light-blue", 0xad, 0xd8, 0xe6},
	{"aqua", 0x00, 0xff, 0xff},
	{"green", 0x00, 0x80, 0x00},
	{"red", 0xff, 0x00, 0x00},
	{"yellow", 0xff, 0xff, 0x00},
	{"grey", 0xd2, 0xd6, 0xde},
	{"navy", 0x00, 0x00, 0x80},
	{"teal", 0x00, 0x80, 0x80},
	{"purple", 0x80, 0x00, 0x80},
	{"orange", 0xff, 0xa5, 0x00},
	{"maroon", 0x80, 0x00, 0x00},
	{"black", 0x00, 0x00, 0x00},
	{"pink", 0xff, 0xc0, 0xcb},
	{"brown", 0xa5, 0x2a, 0x2a},
}

// nearestColour is the Kanka colour nearest to a hex colour ("#ffffff",
// "#fff", "ffffff"), by the "redmean" distance, which weighs red, green
// and blue as the eye does; "" when hex is no colour (the service then
// draws its default, grey).
func nearestColour(hex string) string {
	r, g, b, ok := parseHex(hex)
	if !ok {
		return ""
	}
	best, bestDist := "", -1
	for _, c := range kankaColours {
		rm := (r + c.r) / 2
		dr, dg, db := r-c.r, g-c.g, b-c.b
		dist := (512+rm)*dr*dr/256 + 4*dg*dg + (767-rm)*db*db/256
		if bestDist < 0 || dist < bestDist {
			best, bestDist = c.name, dist
		}
	}
	return best
}

func parseHex(s string) (r, g, b int, ok bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) == 8 { // with alpha
		s = s[:6]
	}
	if len(s) != 6 {
		return 0, 0, 0, false
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return 0, 0, 0, false
	}
	return int(v >> 16 & 0xff), int(v >> 8 & 0xff), int(v & 0xff), true
}
