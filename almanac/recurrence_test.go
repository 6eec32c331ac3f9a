package almanac

import (
	"errors"
	"math"
	"testing"
)

func TestParsePeriodicity(t *testing.T) {
	for in, want := range map[string]Periodicity{
		"":                       {},
		"year":                   {Repeat: RepeatYear},
		"month":                  {Repeat: RepeatMonth},
		"3_f":                    {Repeat: RepeatMoon, MoonID: 3, Phase: PhaseFull},
		"12_n":                   {Repeat: RepeatMoon, MoonID: 12, Phase: PhaseNew},
		"1_waning_gibbous":       {Repeat: RepeatMoon, MoonID: 1, Phase: PhaseWaningGibbous},
		"1_last_quarter":         {Repeat: RepeatMoon, MoonID: 1, Phase: PhaseLastQuarter},
		"1_waning_crescent":      {Repeat: RepeatMoon, MoonID: 1, Phase: PhaseWaningCrescent},
		"1_waxing_crescent":      {Repeat: RepeatMoon, MoonID: 1, Phase: PhaseWaxingCrescent},
		"1_first_quarter":        {Repeat: RepeatMoon, MoonID: 1, Phase: PhaseFirstQuarter},
		"1_waxing_gibbous":       {Repeat: RepeatMoon, MoonID: 1, Phase: PhaseWaxingGibbous},
		"03_f":                   {Repeat: RepeatMoon, MoonID: 3, Phase: PhaseFull},           // (int)"03"
		"3_f\n":                  {Repeat: RepeatMoon, MoonID: 3, Phase: PhaseFull},           // PCRE's $
		"0_n":                    {Repeat: RepeatMoon, MoonID: 0, Phase: PhaseNew},            // read, matches no moon
		"99999999999999999999_f": {Repeat: RepeatMoon, MoonID: math.MaxInt, Phase: PhaseFull}, // saturated
	} {
		got, err := ParsePeriodicity(in)
		if err != nil || got != want {
			t.Errorf("ParsePeriodicity(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, in := range []string{"yearly", "monthly", "Year", "year\n", " year", "3_full", "3_new", "3_F", "_f", "3_", "-3_f", "+3_f",
		"3_f\n\n", "3_f ", "3__f", "3_waxing-crescent", "x_f", "٣_f", "3_f_f", "daily"} {
		_, err := ParsePeriodicity(in)
		var perr *PeriodicityError
		if !errors.As(err, &perr) || perr.Value != in {
			t.Errorf("ParsePeriodicity(%q): %v, want a PeriodicityError", in, err)
		}
	}
}

func TestPeriodicityStringReadsBack(t *testing.T) {
	for _, s := range []string{"", "year", "month", "3_f", "3_n", "7_waning_gibbous", "7_last_quarter", "7_waning_crescent",
		"7_waxing_crescent", "7_first_quarter", "7_waxing_gibbous"} {
		p, err := ParsePeriodicity(s)
		if err != nil || p.String() != s {
			t.Errorf("%q reads as %+v (%v), written %q", s, p, err, p.String())
		}
	}
}

func TestParsePhase(t *testing.T) {
	for in, want := range map[string]Phase{"full": PhaseFull, "New": PhaseNew, "waxing-crescent": PhaseWaxingCrescent,
		"First_Quarter": PhaseFirstQuarter, " waning-gibbous ": PhaseWaningGibbous, "last-quarter": PhaseLastQuarter} {
		if got, ok := ParsePhase(in); !ok || got != want {
			t.Errorf("ParsePhase(%q) = %v, %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "f", "n", "gibbous", "full moon"} {
		if got, ok := ParsePhase(in); ok {
			t.Errorf("ParsePhase(%q) = %v", in, got)
		}
	}
}

// recurring_until is read as PHP's is_numeric and (int) read it.
func TestParseUntilLikePHP(t *testing.T) {
	for in, want := range map[string]int64{
		"2": 2, "-12": -12, "+5": 5, "007": 7, " 2": 2, "2 ": 2, "\t\n2\r\v\f": 2,
		"2.9": 2, "-2.9": -2, "-0.5": 0, ".5": 0, "1.": 1, "1e3": 1000, "1E+3": 1000, "1.e3": 1000, "-.5e1": -5, "25e-1": 2,
		"99999999999999999999": math.MaxInt64, "-99999999999999999999": math.MinInt64, "9223372036854775808": math.MaxInt64,
		"9e18": 9_000_000_000_000_000_000, "1e19": math.MaxInt64, "-1e19": math.MinInt64, "1e999": 0, "-1e999": 0,
	} {
		got, bounded, err := parseUntil(in)
		if err != nil || !bounded || got != want {
			t.Errorf("parseUntil(%q) = %d, %v, %v; want %d", in, got, bounded, err, want)
		}
	}
	if _, bounded, err := parseUntil(""); bounded || err != nil {
		t.Errorf(`parseUntil("") = bounded %v, %v; want no end`, bounded, err)
	}
	for _, in := range []string{" ", "abc", "1e", "1e+", "e3", ".", "-", "+", "1 2", "0x1A", "1_000", "٣", "1..2", "1.2.3", "--1", "inf", "NaN", "2\x00"} {
		var uerr *UntilError
		if _, _, err := parseUntil(in); !errors.As(err, &uerr) {
			t.Errorf("parseUntil(%q): %v, want an UntilError", in, err)
		}
	}
}

// A repeat as a person types it: the service's periodicity, or a moon by
// its name and a phase, whose id the calendar gives later.
func TestReadRepeat(t *testing.T) {
	type read struct {
		p    Periodicity
		moon string
		err  string
	}
	for in, want := range map[string]read{
		"":                     {},
		"year":                 {p: Periodicity{Repeat: RepeatYear}},
		"3_waxing_gibbous":     {p: Periodicity{Repeat: RepeatMoon, MoonID: 3, Phase: PhaseWaxingGibbous}},
		" Selûne :Full":        {p: Periodicity{Repeat: RepeatMoon, Phase: PhaseFull}, moon: "Selûne"},
		"Selûne:first_quarter": {p: Periodicity{Repeat: RepeatMoon, Phase: PhaseFirstQuarter}, moon: "Selûne"},
		"yearly":               {err: `"yearly" is not a repeat: give year, month or MOON:PHASE (Selûne:full)`},
		":full":                {err: `":full" is not a repeat: give year, month or MOON:PHASE (Selûne:full)`},
		"Selûne:half":          {err: `the phase "half" is none of full, new, first-quarter, last-quarter, waxing-crescent, waxing-gibbous, waning-crescent, waning-gibbous`},
		"Selûne:full:x":        {err: `the phase "full:x" is none of full, new, first-quarter, last-quarter, waxing-crescent, waxing-gibbous, waning-crescent, waning-gibbous`},
	} {
		p, moon, err := ReadRepeat(in)
		got := read{p: p, moon: moon}
		if err != nil {
			got = read{err: err.Error()}
		}
		if got != want {
			t.Errorf("ReadRepeat(%q) = %+v; want %+v", in, got, want)
		}
	}
}
