// Package weathergen makes up the weather of a fictional calendar's days
// from the climate of a real place: the model behind `kanka weather
// generate`. It is pure, like the almanac: no I/O, no client, no terminal.
// The command lays a span of the calendar on the place's year (SpanOf),
// generates its days (Generate), writes them as weather entries and sums
// them up for the picture (Summary, Sparkline).
//
// # Climates
//
// A climate is the monthly normals of one real place: the mean daily high
// and low, the days with precipitation and the monthly total, and a few
// choices of the model the normals do not give (how far a day's
// temperature strays, the typical wind and where it blows from). The
// built-in ones live in climates/, one YAML file each, each naming its
// place, period and source; a user's climate file has the same shape
// (LoadClimate, ClimateFile for a start). Some built-in files say in a
// comment which of their figures were not compared with a source.
//
// # The model
//
// In the manner of Fantasy-Calendar's generator (a climate gives each
// season a temperature range and a chance and intensity of precipitation,
// and a day's values blend between the seasons by how far into the season
// it is), but measured against the place instead of tuned by hand:
//
//   - The calendar's year is laid on the place's by its seasons: a season
//     named winter, spring, summer, autumn or fall starts on the place's
//     solstice or equinox, and the days between are spread evenly (see
//     SpanOf; Span.Seasons says how each name was read). A day thus has a
//     position in the place's year.
//   - Each monthly figure becomes a curve over the year, straight between
//     the middles of the months, its nodes set so that each month's days
//     average its normal (a plain line would round off the hottest and
//     coldest months).
//   - A day is wet or dry by a two-state chain: the chance of rain is
//     higher after a wet day and lower after a dry one (a correlation of
//     0.4 from one day to the next), with the share of wet days the
//     month's. A wet day's amount is drawn from an exponential distribution
//     whose mean is the month's total over its wet days.
//   - Temperatures are the normal plus smoothed noise: each day's deviate
//     is a weighted sum of the last forty days' random numbers, weights
//     falling by 0.8 a day, so warm and cold spells last (the temperate
//     climate's high changes by under two degrees a day on average) and
//     the anomaly's spread is the climate's. A wet day's high and low lie
//     closer together, a dry day's further apart, keeping the means.
//   - What falls follows the temperature: snow when the high is at most
//     1.5 °C or the day's mean at most 0.5 °C, sleet a little above, rain
//     otherwise; never rain in a deep frost. Warm wet days may thunder.
//   - The wind is the month's typical wind under its own smoothed noise,
//     stronger on wet days, in heavy falls and in thunder; its direction
//     veers slowly about the prevailing one. Blizzards, gales and storms
//     follow from it.
//   - A dry day's sky is clearer the drier the month; fog comes on calm,
//     cool, damp days, sandstorms on windy days of a dry climate.
//   - Effects mark what is notable for the place: a run of three days well
//     above the normal high is a heat wave, below it a cold snap; frost
//     where frost is not the rule; black ice after rain; deep snow or a
//     blizzard closes the roads; a downpour after days of rain floods.
//
// # Calibration
//
// The tests generate thirty years of every climate on a calendar of twelve
// months with four seasons (where they fall at the place: a southern
// place's winter starts in June) and hold every month to the place's
// normals: the mean high and low within 2 °C, the wet days within 3. Over
// ten seeds the worst months were within 1.3 °C and 2.6 days.
//
// # What is deterministic
//
// The same request (climate, seed, units, days) gives the same days on
// every machine: every random number is drawn from the seed and the day's
// number alone (splitmix64, counter-based), and all the model's arithmetic
// is in integers (hundredths of a degree, fractions of the year in 2^-24),
// with a table of quantiles in place of a logarithm. A day's weather does
// not depend on where the span starts either: the model runs through the
// days before it (Request.LeadIn) and its only memory (yesterday's rain,
// the runs of heat) is forgotten within them, so a week generated alone
// is the same week as in its year. SeedFrom makes a seed from words, so
// the same calendar and climate give the same weather without --seed; a
// seed is at most MaxSeed, so that one printed as JSON is read back whole.
package weathergen
