package weathergen

import (
	"hash/fnv"
	"strings"
)

// MaxSeed is the largest seed: 2^53 − 1, the largest whole number a JSON
// reader that keeps numbers as doubles (jq, JavaScript) reads back
// exactly. A seed is printed with -o json and given back with --seed, so
// every seed lies in 0..MaxSeed: above it, jq would print a nearby number
// and the weather of that number is another.
const MaxSeed = 1<<53 - 1

// SeedFrom is a seed made from words, the same on every machine: without
// --seed a calendar's name and the climate's make it, so running the same
// command again generates the same weather. The words are kept apart, so
// ("ab", "c") and ("a", "bc") differ. The hash is masked to its low 53
// bits (MaxSeed) so that the seed survives a JSON reader.
func SeedFrom(parts ...string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(strings.Join(parts, "\x00")))
	return h.Sum64() & MaxSeed
}
