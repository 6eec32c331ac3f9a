package generate

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/kanka-cli/kanka/internal/weathergen"
	"github.com/kanka-cli/kanka/output"
)

// climateRecord is one climate as the printers take it.
type climateRecord struct {
	climate weathergen.Climate
	raw     json.RawMessage
}

// climateJSON is what -o json and yaml print of a climate: every figure,
// in the keys of its file, with the year's and the seasons' sums.
type climateJSON struct {
	Name          string                     `json:"name"`
	Summary       string                     `json:"summary"`
	Place         string                     `json:"place"`
	Period        string                     `json:"period"`
	Source        string                     `json:"source"`
	WetDay        string                     `json:"wet_day"`
	Hemisphere    string                     `json:"hemisphere"`
	Spread        float64                    `json:"spread"`
	Wind          float64                    `json:"wind"`
	Prevailing    string                     `json:"prevailing"`
	WetDays       float64                    `json:"wet_days"`
	Precipitation float64                    `json:"precipitation"`
	Seasons       []weathergen.SeasonFigures `json:"seasons"`
	Months        []monthJSON                `json:"months"`
}

// monthJSON is one month of a climate's normals.
type monthJSON struct {
	Month         string  `json:"month"`
	High          float64 `json:"high"`
	Low           float64 `json:"low"`
	WetDays       float64 `json:"wet_days"`
	Precipitation float64 `json:"precipitation"`
	Spread        float64 `json:"spread,omitempty"`
	Wind          float64 `json:"wind,omitempty"`
}

func newClimateRecord(c weathergen.Climate) (output.Record, error) {
	v := climateJSON{Name: c.Name, Summary: c.Summary, Place: c.Place, Period: c.Period, Source: c.Source, WetDay: c.WetDay,
		Hemisphere: hemisphere(c), Spread: c.Spread, Wind: c.Wind, Prevailing: c.Prevailing,
		WetDays: yearWetDays(c), Precipitation: yearPrecipitation(c), Seasons: c.Seasons(), Months: make([]monthJSON, 12)}
	for i, m := range c.Months {
		v.Months[i] = monthJSON{Month: weathergen.MonthAbbrev[i], High: m.High, Low: m.Low, WetDays: m.WetDays, Precipitation: m.Precipitation,
			Spread: m.Spread, Wind: m.Wind}
	}
	raw, err := json.Marshal(v)
	return climateRecord{climate: c, raw: raw}, err
}

func (r climateRecord) RawJSON() json.RawMessage { return r.raw }

// RecordID is 0: a climate is no record of the server; -o id prints its
// name instead (resource.Catalog).
func (r climateRecord) RecordID() int { return 0 }

func climateOf(r output.Record) weathergen.Climate { return r.(climateRecord).climate }

func hemisphere(c weathergen.Climate) string {
	if c.South {
		return "south"
	}
	return "north"
}

// yearWetDays is the wet days of the place's year, to a tenth.
func yearWetDays(c weathergen.Climate) float64 {
	var sum float64
	for _, m := range c.Months {
		sum += m.WetDays
	}
	return math.Round(sum*10) / 10
}

// yearPrecipitation is the precipitation of the place's year, in whole mm.
func yearPrecipitation(c weathergen.Climate) float64 {
	var sum float64
	for _, m := range c.Months {
		sum += m.Precipitation
	}
	return math.Round(sum)
}

// whole writes v rounded to a whole number ("-3", never "-0").
func whole(v float64) string {
	return strconv.Itoa(int(math.Round(v)))
}

// number writes v with the digits it has, to a tenth: 8.3, 16, -0.4.
func number(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

// wetDays is "12.3 wet days", "1 wet day".
func wetDays(v float64) string {
	if number(v) == "1" {
		return "1 wet day"
	}
	return number(v) + " wet days"
}

// highLow is a season's or month's mean high and low as the list shows
// them: "8/2°C".
func highLow(high, low float64) string { return whole(high) + "/" + whole(low) + "°C" }

// seasonColumn is the list's column of season i (0 is winter).
func seasonColumn(i int, header string) output.Column {
	return output.Column{Header: header, Value: func(r output.Record) string {
		s := climateOf(r).Seasons()[i]
		return highLow(s.High, s.Low)
	}}
}

// climateKind shows climates: the list's columns and the detail view of
// one; -o yaml of a list prints each climate's figures (as -o json).
var climateKind = output.Kind{
	Columns: []output.Column{
		{Header: "NAME", Priority: output.Key, Value: func(r output.Record) string { return climateOf(r).Name }},
		{Header: "PLACE", Priority: output.Important, Value: func(r output.Record) string { return climateOf(r).Place }},
		seasonColumn(0, "WINTER"),
		seasonColumn(1, "SPRING"),
		seasonColumn(2, "SUMMER"),
		seasonColumn(3, "AUTUMN"),
		{Header: "WET DAYS", Value: func(r output.Record) string { return whole(yearWetDays(climateOf(r))) }},
		{Header: "SUMMARY", Wide: true, Value: func(r output.Record) string { return climateOf(r).Summary }},
	},
	Detail: func(r output.Record) []output.Field {
		c := climateOf(r)
		return []output.Field{
			{Label: "Climate", Value: c.Name},
			{Label: "Summary", Value: c.Summary},
			{Label: "Place", Value: c.Place},
			{Label: "Period", Value: c.Period},
			{Label: "Source", Value: c.Source},
			{Label: "Wet day", Value: c.WetDay},
			{Label: "Hemisphere", Value: hemisphere(c)},
			{Label: "Daily spread", Value: "±" + number(c.Spread) + " °C about the normal"},
			{Label: "Wind", Value: fmt.Sprintf("%s km/h, mostly from the %s", number(c.Wind), c.Prevailing)},
			{Label: "Year", Value: wetDays(yearWetDays(c)) + ", " + whole(yearPrecipitation(c)) + " mm"},
			{Label: "Seasons", Value: seasonLines(c)},
			{Label: "Months", Value: monthLines(c)},
		}
	},
	YAML: func(r output.Record) any { return orderedYAML(r.RawJSON()) },
}

// seasonLines are the seasons of the detail view, one a line:
// "winter  Dec–Feb  8.5/2.6 °C  29.2 wet days  143 mm".
func seasonLines(c weathergen.Climate) string {
	var rows [][]string
	for _, s := range c.Seasons() {
		rows = append(rows, []string{s.Season, s.Months, number(s.High) + "/" + number(s.Low) + " °C",
			wetDays(s.WetDays), whole(s.Precipitation) + " mm"})
	}
	return aligned(rows)
}

// monthLines are the months of the detail view, one a line.
func monthLines(c weathergen.Climate) string {
	var rows [][]string
	for i, m := range c.Months {
		rows = append(rows, []string{weathergen.MonthAbbrev[i], number(m.High) + "/" + number(m.Low) + " °C",
			wetDays(m.WetDays), whole(m.Precipitation) + " mm"})
	}
	return aligned(rows)
}

// aligned lays rows out in columns two spaces apart, one row a line.
func aligned(rows [][]string) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, row := range rows {
		fmt.Fprintln(w, strings.Join(row, "\t"))
	}
	_ = w.Flush() // a strings.Builder takes every write
	return b.String()
}
