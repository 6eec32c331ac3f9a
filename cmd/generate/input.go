package generate

import (
	"errors"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/cmd/calendar"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/internal/weathergen"
)

// input is what the flags say, read and checked before any request.
type input struct {
	climate weathergen.Climate
	units   weathergen.Units
	// seed is --seed's, when it was given.
	seed uint64
}

// read checks every flag that needs no calendar, and reads the climate:
// each problem is a usage error (exit 2) and nothing is sent.
func (opts *Options) read() (*input, error) {
	if err := calendar.CheckCalendarArg(opts.Calendar); err != nil {
		return nil, err
	}
	in := &input{}
	var err error
	if in.units, err = weathergen.ParseUnits(opts.Units); err != nil {
		return nil, cmdutil.UsageErrorf("--units: %v", err)
	}
	if opts.HasSeed {
		if in.seed, err = readSeed(opts.Seed); err != nil {
			return nil, err
		}
	}
	if err := opts.checkSpanFlags(); err != nil {
		return nil, err
	}
	if in.climate, err = opts.readClimate(); err != nil {
		return nil, err
	}
	return in, nil
}

// readSeed reads --seed: a whole number from 0 to weathergen.MaxSeed, so
// that the seed -o json prints is the one --seed takes back.
func readSeed(text string) (uint64, error) {
	seed, err := strconv.ParseUint(strings.TrimSpace(text), 10, 64)
	if err != nil || seed > weathergen.MaxSeed {
		return 0, cmdutil.UsageErrorf("--seed %q: not a whole number from 0 to %d (what JSON readers such as jq keep exactly)",
			text, uint64(weathergen.MaxSeed))
	}
	return seed, nil
}

// checkSpanFlags checks --from, --to and --days: one end or a count, dates
// that can be dates, and, when both are numbers, --from not after --to.
func (opts *Options) checkSpanFlags() error {
	hasTo := strings.TrimSpace(opts.To) != ""
	switch {
	case opts.HasDays && hasTo:
		return cmdutil.CommandLineErrorf("--days and --to cannot be used together: give the last day, or the number of days")
	case !opts.HasDays && !hasTo:
		return cmdutil.CommandLineErrorf("give the last day with --to DATE, or the number of days with --days N")
	case opts.HasDays && opts.Days < 1:
		return cmdutil.UsageErrorf("--days %d: give one day or more", opts.Days)
	}
	from, err := resource.DateFlag("from", opts.From)
	if err != nil {
		return err
	}
	if !hasTo {
		return nil
	}
	to, err := resource.DateFlag("to", opts.To)
	if err != nil {
		return err
	}
	return resource.CheckSpan(from, to)
}

// readClimate is the climate --climate names, or --climate-file holds.
func (opts *Options) readClimate() (weathergen.Climate, error) {
	switch {
	case opts.Climate != "" && opts.ClimateFile != "":
		return weathergen.Climate{}, cmdutil.CommandLineErrorf("--climate and --climate-file cannot be used together: give one climate")
	case opts.Climate != "":
		c, err := weathergen.ClimateByName(opts.Climate)
		return c, cmdutil.AsUsage(err)
	case opts.ClimateFile == "":
		return weathergen.Climate{}, cmdutil.CommandLineErrorf("give a climate: --climate NAME (kanka weather climates lists them) or --climate-file FILE")
	}
	data, err := cmdutil.ReadInput(opts.Context, opts.Factory.IO, opts.ClimateFile)
	var usage *cmdutil.UsageError
	switch {
	case errors.As(err, &usage):
		return weathergen.Climate{}, cmdutil.UsageErrorf("--climate-file: %v", err)
	case err != nil:
		return weathergen.Climate{}, err
	}
	c, err := weathergen.LoadClimate(data)
	if err != nil {
		// Each problem on its line, the file named first.
		ps := &cmdutil.Problems{}
		ps.AddFile(cmdutil.SourceName(opts.ClimateFile), err)
		return weathergen.Climate{}, ps.Err()
	}
	return c, nil
}
