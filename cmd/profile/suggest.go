package profile

import "strings"

// Nearest is the candidate closest to word, for a "did you mean" after a
// typo: at most a third of word's letters (and at least one) may differ,
// counting insertions, deletions, substitutions and swaps of two neighbours,
// and case is ignored. "" when none is that close, or two are equally so.
func Nearest(word string, candidates []string) string {
	limit := max(1, len([]rune(word))/3)
	best, bestDist, tie := "", limit+1, false
	for _, c := range candidates {
		d := distance(strings.ToLower(word), strings.ToLower(c))
		switch {
		case d < bestDist:
			best, bestDist, tie = c, d, false
		case d == bestDist:
			tie = true
		}
	}
	if tie || best == "" {
		return ""
	}
	return best
}

// distance is the optimal string alignment distance between a and b
// (Levenshtein with swaps of neighbours), in runes.
func distance(a, b string) int {
	s, t := []rune(a), []rune(b)
	// Three rows: the swap looks two rows back.
	prev2 := make([]int, len(t)+1)
	prev := make([]int, len(t)+1)
	cur := make([]int, len(t)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(s); i++ {
		cur[0] = i
		for j := 1; j <= len(t); j++ {
			cost := 1
			if s[i-1] == t[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && s[i-1] == t[j-2] && s[i-2] == t[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(t)]
}
