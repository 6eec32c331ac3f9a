// Package generate holds `kanka weather generate`, which writes a span of
// a calendar's weather made up from a climate (internal/weathergen), and
// `kanka weather climates`, which shows the climates it can use.
package generate

import (
	"fmt"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/internal/weathergen"
	"github.com/spf13/cobra"
)

// NewCmdClimates builds `kanka weather climates [NAME]`: the built-in
// climates listed, or one shown. It sends no request, so it needs no token.
func NewCmdClimates(f *cmdutil.Factory) *cobra.Command {
	return resource.NewCatalogCmd(f, "climates", climates, resource.Help{
		Short: "List the climates weather generate can use, or show one",
		Long: `List the climates "weather generate --climate NAME" can use, or show one.
Each is the published monthly climate normals of a real place (the mean
daily high and low, the days with precipitation): the generated weather is
measured against them.

The list shows each climate's name, place, the mean high and low of each
season (°C) and its wet days in a year; -o wide adds what it is like. With
NAME: the place and its station, the period and source of the normals, what
counts as a wet day, the seasons and the months. -o yaml with NAME prints
the climate's file: edit it and give it to "weather generate
--climate-file". -o json and yaml print every figure; -o id the names. No
request is sent.`,
		Example: `  kanka weather climates
  kanka weather climates desert
  kanka weather climates temperate -o yaml > my-climate.yaml`,
	})
}

// climates are the built-in climates as the catalog command lists them and
// --climate completes them (each with its place).
var climates = resource.Catalog[weathergen.Climate]{
	All:    func() ([]weathergen.Climate, error) { return weathergen.Climates(), nil },
	Get:    weathergen.ClimateByName,
	Name:   func(c weathergen.Climate) string { return c.Name },
	About:  func(c weathergen.Climate) string { return c.Place },
	Record: newClimateRecord,
	Kind:   climateKind,
	// The file as it is kept, its comments on the source with it: a
	// start for a climate of one's own.
	File: func(c weathergen.Climate) ([]byte, error) {
		data, ok := weathergen.ClimateFile(c.Name)
		if !ok {
			return nil, fmt.Errorf("climate %q has no file", c.Name)
		}
		return data, nil
	},
}
