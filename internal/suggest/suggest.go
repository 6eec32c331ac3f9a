// Package suggest finds the word a user most likely meant: the nearest
// command, -o value or key to a typo.
package suggest

import (
	"strings"
	"unicode/utf8"
)

// Nearest is the candidate nearest to word, ignoring case: the one fewest
// edits away (an insertion, a deletion, a change or two neighbours swapped
// count one each), the first listed on a tie. A candidate qualifies when it
// is at most a third of its length away (at least one edit, at most two),
// or when word is a prefix of it. ok is false when none does.
func Nearest(word string, candidates []string) (best string, ok bool) {
	w := strings.ToLower(word)
	if w == "" {
		return "", false
	}
	bestDist := -1
	for _, c := range candidates {
		lc := strings.ToLower(c)
		d := distance(w, lc)
		limit := min(max(utf8.RuneCountInString(lc)/3, 1), 2)
		if d > limit && !strings.HasPrefix(lc, w) {
			continue
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	return best, bestDist >= 0
}

// distance is the optimal string alignment distance between a and b:
// Levenshtein's, with a swap of two neighbours as one edit ("lgoin").
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// Three rows suffice: the swap looks two rows back.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// Containing is the shortest candidate that contains word, ignoring case
// (the first listed on a tie): what a name filter's near misses offer when
// no name is word ("harptos" -> "Calendar of Harptos"). ok is false when
// none does.
func Containing(word string, candidates []string) (best string, ok bool) {
	w := strings.ToLower(word)
	for _, c := range candidates {
		if strings.Contains(strings.ToLower(c), w) && (!ok || len(c) < len(best)) {
			best, ok = c, true
		}
	}
	return best, ok
}
