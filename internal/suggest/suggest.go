// Package suggest finds the word a user most likely meant: the nearest
// command, flag, -o value, key, month or record name to a typo. It is the
// one measure of "near" every suggestion of kanka uses.
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
		d, close := within(w, lc)
		if !close && !strings.HasPrefix(lc, w) {
			continue
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	return best, bestDist >= 0
}

// within is the number of edits between w and c, and whether it is few
// enough for c to be suggested for w: at most a third of c's length, at
// least one edit and at most two.
func within(w, c string) (int, bool) {
	d := distance(w, c)
	return d, d <= min(max(utf8.RuneCountInString(c)/3, 1), 2)
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

// Containing is the candidate that holds word, ignoring case: what a name
// filter's near misses offer when no name is word. The shortest candidate
// that contains word wins ("harptos" -> "Calendar of Harptos"); when none
// does, the one that holds it but for a typo: some run of its words as
// few edits from word as Nearest allows ("Harptso" -> "Calendar of
// Harptos"), the fewest edits first, then the shortest. The first listed
// wins a tie. ok is false when none qualifies.
func Containing(word string, candidates []string) (best string, ok bool) {
	w := strings.ToLower(word)
	for _, c := range candidates {
		if strings.Contains(strings.ToLower(c), w) && (!ok || len(c) < len(best)) {
			best, ok = c, true
		}
	}
	if ok {
		return best, true
	}
	words := strings.Fields(w)
	if len(words) == 0 {
		return "", false
	}
	w = strings.Join(words, " ")
	bestDist := -1
	for _, c := range candidates {
		cw := strings.Fields(strings.ToLower(c))
		for i := 0; i+len(words) <= len(cw); i++ {
			d, close := within(w, strings.Join(cw[i:i+len(words)], " "))
			if close && (bestDist < 0 || d < bestDist || d == bestDist && len(c) < len(best)) {
				best, bestDist = c, d
			}
		}
	}
	return best, bestDist >= 0
}
