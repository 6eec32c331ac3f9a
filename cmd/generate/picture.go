package generate

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/weathergen"
	"github.com/kanka-cli/kanka/output"
)

// printPicture writes the span as a person looks at it before the plan:
// what was generated from what, how the calendar's seasons were read,
// then a line a month (its mean high and low, wet days, snow days and
// most common weather) and, on a terminal, the month's highs as a line of
// bars, all months on one scale so that they compare.
//
//	Calendar of Harptos (id 1): 1 Hammer 1492 to 30 Alturiak 1492, 61 days
//	Climate temperate: London (Greenwich), United Kingdom; seed 42
//	Seasons: Spring as spring, Summer as summer, Autumn as autumn, Winter as winter
//	MONTH           DAYS  HIGH °C  LOW °C  WET  SNOW  WEATHER
//	Hammer 1492       30      7.9     2.1   12     3  cloud
func printPicture(w io.Writer, g *generation, terminal bool) {
	r := g.reckon
	fmt.Fprintf(w, "%s (id %d): %s to %s, %s\n", output.Sanitize(g.calendar.Name), g.calendar.ID,
		output.Sanitize(r.FormatShort(g.from)), output.Sanitize(r.FormatShort(g.to)), days(len(g.days)))
	place := ""
	if g.climate.Place != "" {
		place = ": " + output.Sanitize(g.climate.Place)
	}
	fmt.Fprintf(w, "Climate %s%s; seed %d\n", g.climate.Name, place, g.seed)
	printSeasons(w, g.seasons)

	months := weathergen.Summary(g.days)
	symbol := "°C"
	if g.units == weathergen.Fahrenheit {
		symbol = "°F"
	}
	header := []string{"MONTH", "DAYS", "HIGH " + symbol, "LOW " + symbol, "WET", "SNOW", "WEATHER"}
	rows := [][]string{header}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, d := range g.days {
		lo, hi = min(lo, d.High), max(hi, d.High)
	}
	for _, m := range months {
		row := []string{output.Sanitize(m.Name) + " " + strconv.Itoa(m.Year), strconv.Itoa(m.Days),
			strconv.FormatFloat(m.MeanHigh, 'f', 1, 64), strconv.FormatFloat(m.MeanLow, 'f', 1, 64),
			strconv.Itoa(m.WetDays), strconv.Itoa(m.SnowDays), m.Weather}
		if terminal {
			row = append(row, weathergen.SparklineRange(m.Highs, lo, hi))
		}
		rows = append(rows, row)
	}
	if terminal {
		rows[0] = append(rows[0], "HIGHS")
	}
	writeColumns(w, rows, map[int]bool{1: true, 2: true, 3: true, 4: true, 5: true})
}

// printSeasons says in one line how the calendar's seasons were read, so
// that a name read by a word inside it ("Snowfall" as autumn) is seen; a
// calendar without seasons has no line.
//
//	Seasons: Snowfall as autumn, Thaw (no season word: between its neighbours), Summer as summer
func printSeasons(w io.Writer, seasons []weathergen.SeasonReading) {
	if len(seasons) == 0 {
		return
	}
	read := make([]string, len(seasons))
	for i, s := range seasons {
		name := output.Sanitize(s.Name)
		if s.As == "" {
			read[i] = name + " (no season word: between its neighbours)"
		} else {
			read[i] = name + " as " + s.As
		}
	}
	fmt.Fprintf(w, "Seasons: %s\n", strings.Join(read, ", "))
}

// writeColumns writes rows as columns two spaces apart, those of right
// flush right (numbers), widths counted as a terminal shows them.
func writeColumns(w io.Writer, rows [][]string, right map[int]bool) {
	widths := map[int]int{}
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], output.Width(cell))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for i, cell := range row {
			pad := strings.Repeat(" ", widths[i]-output.Width(cell))
			if i > 0 {
				b.WriteString("  ")
			}
			if right[i] {
				b.WriteString(pad + cell)
			} else {
				b.WriteString(cell + pad)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// printKept says which days were left as they are: they have an entry
// that is not the generated day (--replace updates them). Their dates are
// written as the picture writes them, with the calendar's month names.
func printKept(w io.Writer, r *almanac.Reckoning, kept []client.Date) {
	if len(kept) == 0 {
		return
	}
	const shown = 10
	dates := make([]string, 0, shown+1)
	for i, d := range kept {
		if i == shown {
			dates = append(dates, fmt.Sprintf("and %d more", len(kept)-shown))
			break
		}
		dates = append(dates, output.Sanitize(r.FormatShort(d)))
	}
	fmt.Fprintf(w, "Kept as they are: %s that %s an entry already (--replace updates them): %s\n",
		days(len(kept)), cmdutil.Plural(len(kept), "has", "have"), strings.Join(dates, ", "))
}

// days is "1 day" or "3 days".
func days(n int) string { return fmt.Sprintf("%d %s", n, cmdutil.Plural(n, "day", "days")) }
