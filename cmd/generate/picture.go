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
//
// On a terminal (width > 0) it fits the width: the lines of text wrap at
// spaces; the highs fold by whole weeks under their column when a month's
// do not fit on its line, and go when not even a week fits; narrower
// still, the columns give way as pictureColumns say.
func printPicture(w io.Writer, g *generation, width int) {
	r := g.reckon
	say := func(text, rest string) {
		for _, l := range output.Wrap(text, width, "", rest) {
			fmt.Fprintln(w, l)
		}
	}
	say(fmt.Sprintf("%s (id %d): %s to %s, %s", output.Sanitize(g.calendar.Name), g.calendar.ID,
		output.Sanitize(r.FormatShort(g.from)), output.Sanitize(r.FormatShort(g.to)), days(len(g.days))), "  ")
	place := ""
	if g.climate.Place != "" {
		place = ": " + output.Sanitize(g.climate.Place)
	}
	say(fmt.Sprintf("Climate %s%s; seed %d", g.climate.Name, place, g.seed), "  ")
	if seasons := seasonsLine(g.seasons); seasons != "" {
		say(seasons, "  ")
	}

	months := weathergen.Summary(g.days)
	symbol := "°C"
	if g.units == weathergen.Fahrenheit {
		symbol = "°F"
	}
	header := []string{"MONTH", "DAYS", "HIGH " + symbol, "LOW " + symbol, "WET", "SNOW", "WEATHER"}
	var rows [][]string
	for _, m := range months {
		rows = append(rows, []string{output.Sanitize(m.Name) + " " + strconv.Itoa(m.Year), strconv.Itoa(m.Days),
			strconv.FormatFloat(m.MeanHigh, 'f', 1, 64), strconv.FormatFloat(m.MeanLow, 'f', 1, 64),
			strconv.Itoa(m.WetDays), strconv.Itoa(m.SnowDays), m.Weather})
	}
	right := map[string]bool{"DAYS": true, "HIGH " + symbol: true, "LOW " + symbol: true, "WET": true, "SNOW": true}
	if width <= 0 {
		writeColumns(w, append([][]string{header}, rows...), right, nil)
		return
	}
	columns := pictureColumns(header)
	kept, keptRows, left := output.FitRows(columns, header, rows, width)
	lines := append([][]string{kept}, keptRows...)
	// The highs, only where every column is whole: they are the first to go.
	var highs [][]string
	if len(left) == 0 {
		room := width - tableWidth(lines) - len("  ")
		highs = foldHighs(months, g, room, len(r.Calendar().Weekdays))
	}
	writeColumns(w, lines, right, highs)
}

// pictureColumns say how the picture's columns give way on a narrow
// terminal: the number of days first, then the snow and wet days, then
// the weather (left out whole rather than cut), then the low and the high;
// the month stays, cut if it must be.
func pictureColumns(header []string) []output.Column {
	priority := []output.Priority{output.Key, output.Expendable, output.Important, output.Important,
		output.Ordinary, output.Ordinary, output.Important}
	columns := make([]output.Column, len(header))
	for i, h := range header {
		columns[i] = output.Column{Header: h, Priority: priority[i]}
	}
	columns[len(columns)-1].MinWidth = weathergen.MaxWeatherLength
	return columns
}

// foldHighs is each month's highs as bars in lines of at most room cells:
// one line when the month fits, else folded by whole weeks (by room when
// not even a week fits); nil, with no room for at least minHighs cells (or
// the shortest month), leaves the column out.
func foldHighs(months []weathergen.MonthSummary, g *generation, room, week int) [][]string {
	lo, hi := math.Inf(1), math.Inf(-1)
	longest, shortest := 0, math.MaxInt
	for _, d := range g.days {
		lo, hi = min(lo, d.High), max(hi, d.High)
	}
	for _, m := range months {
		longest, shortest = max(longest, len(m.Highs)), min(shortest, len(m.Highs))
	}
	if room < min(minHighs, shortest) {
		return nil
	}
	fold := room
	switch {
	case room >= longest:
		fold = longest
	case week > 0 && room >= week:
		fold = room - room%week
	}
	highs := make([][]string, len(months))
	for i, m := range months {
		for start := 0; start < len(m.Highs); start += fold {
			highs[i] = append(highs[i], weathergen.SparklineRange(m.Highs[start:min(start+fold, len(m.Highs))], lo, hi))
		}
	}
	return highs
}

// minHighs is the fewest bars a line of highs is worth drawing.
const minHighs = 5

// tableWidth is the width of rows written by writeColumns.
func tableWidth(rows [][]string) int {
	widths := map[int]int{}
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], output.Width(cell))
		}
	}
	total := 0
	for _, w := range widths {
		total += w
	}
	return total + 2*max(len(widths)-1, 0)
}

// seasonsLine says in one line how the calendar's seasons were read, so
// that a name read by a word inside it ("Snowfall" as autumn) is seen; a
// calendar without seasons has none.
//
//	Seasons: Snowfall as autumn, Thaw (no season word: between its neighbours), Summer as summer
func seasonsLine(seasons []weathergen.SeasonReading) string {
	if len(seasons) == 0 {
		return ""
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
	return "Seasons: " + strings.Join(read, ", ")
}

// writeColumns writes rows (the first the header) as columns two spaces
// apart, those headed by a name in right flush right (numbers), widths
// counted as a terminal shows them. highs, when set, are a last column
// headed HIGHS: each row's lines of bars, the first on the row and the
// others under it.
func writeColumns(w io.Writer, rows [][]string, right map[string]bool, highs [][]string) {
	widths := map[int]int{}
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], output.Width(cell))
		}
	}
	under := strings.Repeat(" ", tableWidth(rows)+len("  "))
	for n, row := range rows {
		var b strings.Builder
		for i, cell := range row {
			pad := strings.Repeat(" ", widths[i]-output.Width(cell))
			if i > 0 {
				b.WriteString("  ")
			}
			if right[rows[0][i]] {
				b.WriteString(pad + cell)
			} else {
				b.WriteString(cell + pad)
			}
		}
		line := b.String()
		switch {
		case highs == nil:
		case n == 0:
			line = b.String() + "  HIGHS"
		case len(highs[n-1]) > 0:
			line = b.String() + "  " + highs[n-1][0]
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
		if n > 0 && highs != nil {
			for _, more := range highs[n-1][min(1, len(highs[n-1])):] {
				fmt.Fprintln(w, under+more)
			}
		}
	}
}

// printKept says which days were left as they are: they have an entry
// that is not the generated day (--replace updates them). Their dates are
// written as the picture writes them, with the calendar's month names; on
// a terminal (width > 0) the line wraps at spaces.
func printKept(w io.Writer, r *almanac.Reckoning, kept []client.Date, width int) {
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
	text := fmt.Sprintf("Kept as they are: %s that %s an entry already (--replace updates them): %s",
		days(len(kept)), cmdutil.Plural(len(kept), "has", "have"), strings.Join(dates, ", "))
	for _, l := range output.Wrap(text, width, "", "  ") {
		fmt.Fprintln(w, l)
	}
}

// pictureWidth is the width the picture fits: the terminal's, 0 piped.
func pictureWidth(s *cmdutil.IOStreams) int {
	if !s.OutTTY {
		return 0
	}
	if s.TermWidth <= 0 {
		return 80
	}
	return s.TermWidth
}

// days is "1 day" or "3 days".
func days(n int) string { return fmt.Sprintf("%d %s", n, cmdutil.Plural(n, "day", "days")) }
