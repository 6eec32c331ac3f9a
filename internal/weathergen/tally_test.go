package weathergen

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
)

// tally counts the weather codes, precipitation words, winds and effects
// of days, in a fixed order: "cloud 30, sun 12; none 40, rain 2; ...".
func tally(days []Day) string {
	var parts []string
	for _, field := range []func(Day) string{
		func(d Day) string { return d.Weather },
		func(d Day) string { return d.Precipitation },
		func(d Day) string { return strings.Split(d.Wind, " from ")[0] },
		func(d Day) string { return d.Effect },
	} {
		counts := map[string]int{}
		for _, d := range days {
			counts[field(d)]++
		}
		var keys []string
		for k := range counts {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var words []string
		for _, k := range keys {
			word := k
			if word == "" {
				word = "-" // no effect
			}
			words = append(words, fmt.Sprintf("%s %d", word, counts[k]))
		}
		parts = append(parts, strings.Join(words, ", "))
	}
	return strings.Join(parts, "; ")
}

// TestThreeYearsOfEachClimate pins what three years of each climate
// bring under one seed, word by word: the rarer words (a sandstorm, a
// blizzard, fog, black ice) come from rules a few days a year meet, and a
// change to any of them shows here.
func TestThreeYearsOfEachClimate(t *testing.T) {
	r := earthLike(t)
	var b strings.Builder
	for _, c := range Climates() {
		s := span(t, r, c, almanac.Date{Year: 1, Month: 1, Day: 1}, almanac.Date{Year: 3, Month: 12, Day: 31})
		fmt.Fprintf(&b, "%s: %s\n", c.Name, tally(generate(t, c, 3, Celsius, s)))
	}
	want := `continental: bolt 9, cloud 178, cloud-rain 155, cloud-showers-heavy 74, cloud-sun 202, cloud-sun-rain 16, smog 17, snowflake 113, sun 331; downpour 16, drizzle 30, flurries 23, heavy rain 63, heavy snow 9, light rain 29, light snow 48, none 728, rain 97, sleet 19, snow 33; fresh breeze 38, gentle breeze 462, light air 104, light breeze 229, moderate breeze 259, strong breeze 3; - 882, black ice 7, cold snap 14, deep snow, roads closed 5, flooding 5, fog 13, frost 104, hard frost 50, heat wave 6, thunderstorm 9
desert: bolt 1, cloud 58, cloud-rain 7, cloud-sun 169, smog 6, sun 854; drizzle 1, light rain 1, none 1087, rain 6; fresh breeze 11, gentle breeze 475, light air 147, light breeze 333, moderate breeze 129; - 1070, cold snap 1, extreme heat 5, heat wave 12, sandstorm 6, thunderstorm 1
mediterranean: bolt 27, cloud 141, cloud-rain 111, cloud-showers-heavy 43, cloud-sun 184, cloud-sun-rain 22, smog 10, sun 557; downpour 11, drizzle 34, heavy rain 38, light rain 32, none 892, rain 88; fresh breeze 33, gentle breeze 461, light air 117, light breeze 256, moderate breeze 225, strong breeze 3; - 1048, flooding 3, fog 10, heat wave 7, thunderstorm 27
monsoon: bolt 83, cloud 99, cloud-rain 25, cloud-showers-heavy 139, cloud-sun 170, cloud-sun-rain 9, sun 570; downpour 146, drizzle 10, heavy rain 56, light rain 16, none 839, rain 28; fresh breeze 74, gale 1, gentle breeze 414, light air 118, light breeze 292, moderate breeze 167, near gale 2, strong breeze 27; - 926, flooding 84, heat wave 2, thunderstorm 83
polar: cloud 101, cloud-sun 160, smog 5, snowflake 100, sun 729; flurries 100, none 995; fresh breeze 173, gentle breeze 327, light air 83, light breeze 107, moderate breeze 370, near gale 2, strong breeze 33; - 1042, cold snap 1, extreme cold 47, fog 5
savanna: bolt 138, cloud 131, cloud-rain 117, cloud-showers-heavy 29, cloud-sun 191, cloud-sun-rain 45, sun 444; downpour 4, drizzle 64, heavy rain 43, light rain 70, none 766, rain 148; fresh breeze 20, gentle breeze 466, light air 121, light breeze 310, moderate breeze 177, strong breeze 1; - 955, flooding 1, heat wave 1, thunderstorm 138
steppe: bolt 42, cloud 156, cloud-rain 99, cloud-showers-heavy 41, cloud-sun 201, cloud-sun-rain 16, smog 4, snowflake 42, sun 494; downpour 9, drizzle 29, flurries 12, heavy rain 41, heavy snow 2, light rain 30, light snow 20, none 855, rain 80, sleet 9, snow 8; fresh breeze 46, gentle breeze 456, light air 113, light breeze 250, moderate breeze 226, strong breeze 4; - 822, black ice 15, cold snap 11, deep snow, roads closed 2, flooding 2, fog 3, frost 117, hard frost 75, heat wave 6, thunderstorm 42
temperate: bolt 10, cloud 172, cloud-rain 223, cloud-showers-heavy 74, cloud-sun 197, cloud-sun-rain 20, smog 15, snowflake 4, sun 380; downpour 16, drizzle 47, flurries 3, heavy rain 65, heavy snow 1, light rain 52, none 764, rain 143, sleet 4; fresh breeze 85, gentle breeze 435, light air 85, light breeze 164, moderate breeze 319, strong breeze 7; - 1023, black ice 1, flooding 3, fog 14, frost 39, heat wave 5, thunderstorm 10
tropical: bolt 202, cloud 172, cloud-rain 112, cloud-showers-heavy 207, cloud-sun 227, cloud-sun-rain 28, sun 147; downpour 120, drizzle 43, heavy rain 204, light rain 44, none 546, rain 138; calm 5, fresh breeze 1, gentle breeze 251, light air 280, light breeze 539, moderate breeze 19; - 844, flooding 49, thunderstorm 202
tundra: cloud 141, cloud-rain 92, cloud-showers-heavy 6, cloud-sun 203, smog 20, snowflake 152, sun 481; drizzle 22, flurries 102, heavy rain 6, light rain 25, light snow 43, none 845, rain 26, sleet 19, snow 7; fresh breeze 176, gentle breeze 347, light air 80, light breeze 107, moderate breeze 353, near gale 2, strong breeze 30; - 891, black ice 7, cold snap 4, extreme cold 13, fog 17, frost 129, hard frost 34
`
	if got := b.String(); got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
}
