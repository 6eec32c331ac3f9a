package weathergen

import (
	"hash/fnv"
	"strings"
)

// SeedFrom is a seed made from words, the same on every machine: without
// --seed a calendar's name and the climate's make it, so running the same
// command again generates the same weather. The words are kept apart, so
// ("ab", "c") and ("a", "bc") differ.
func SeedFrom(parts ...string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(strings.Join(parts, "\x00")))
	return h.Sum64()
}
