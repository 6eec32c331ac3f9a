package cache

import (
	"context"
	"encoding/json"
	"iter"
	"strconv"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// MaxWeather is the most entries of one calendar the cache keeps: a
// calendar with more is walked each time, as without a cache, so that
// neither the file nor what a command holds of it grows without bound.
var MaxWeather = 20_000

// keepNone keeps no entry: a change of the file needs only the ids and the
// answers.
func keepNone(*client.Weather) bool { return false }

func weatherFile(calendarID int) string { return "weather-" + strconv.Itoa(calendarID) + ".jsonl" }

// weatherSet is a calendar's weather as the cache holds it: the ids and
// answers of its entries in the service's order, and the entries keep
// chose, by their place.
type weatherSet struct {
	meta meta
	ids  []int
	raws [][]byte
	kept map[int]*client.Weather
}

// loadWeather reads the weather file of calendarID; nil when there is none
// to trust. Each entry is held once: its answer is the kept entry's own
// (Raw), and an entry keep does not keep is read, checked and let go.
func (k *Cache) loadWeather(calendarID int, keep func(*client.Weather) bool) *weatherSet {
	set := &weatherSet{kept: map[int]*client.Weather{}}
	m, err := k.readFile(weatherFile(calendarID), "weather", func(line []byte) error {
		var w client.Weather
		if err := json.Unmarshal(line, &w); err != nil || w.ID <= 0 {
			return errDamaged
		}
		if keep == nil || keep(&w) {
			set.kept[len(set.ids)] = &w
		}
		set.ids = append(set.ids, w.ID)
		set.raws = append(set.raws, w.Raw) // the line, decoded's own copy
		return nil
	})
	if err != nil || m == nil || m.Calendar != calendarID || m.Total != len(set.ids) || m.PerPage <= 0 {
		return nil
	}
	set.meta = *m
	return set
}

// Weather is the entries of calendar calendarID that keep keeps, in the
// service's order. The cache's, when its entries were read whole less than
// trust ago and the page of its tail agrees (one request, and the pages of
// the entries added since); else every page is walked, and the cache
// rewritten. Without a cache, every page is walked.
func (k *Cache) Weather(ctx context.Context, c *client.Client, calendarID int, trust time.Duration, keep func(*client.Weather) bool) ([]*client.Weather, error) {
	if k == nil {
		return walkKept(c.AllWeather(ctx, calendarID, nil), keep)
	}
	k.mu.Lock()
	set := k.loadWeather(calendarID, keep)
	k.mu.Unlock()
	if set != nil && within(k.now(), set.meta.Whole, trust) {
		kept, ok, err := k.revalidate(ctx, c, calendarID, set, keep)
		if err != nil || ok {
			return kept, err
		}
	}
	var kept []*client.Weather
	for w, err := range k.TeeWeather(ctx, calendarID, c.AllWeather) {
		if err != nil {
			return nil, err
		}
		if keep == nil || keep(w) {
			kept = append(kept, w)
		}
	}
	return kept, nil
}

// Knows reports, with no request, whether the cache holds calendarID's
// weather, read whole less than trust ago, with an entry keep keeps. A
// write that looks for an entry asks it first: a day the cache knows no
// entry of is looked for in every page anyway (the cache never proves a
// day empty), and checking the tail page before that would be a request
// for nothing.
func (k *Cache) Knows(calendarID int, trust time.Duration, keep func(*client.Weather) bool) bool {
	if k == nil {
		return false
	}
	k.mu.Lock()
	set := k.loadWeather(calendarID, keep)
	k.mu.Unlock()
	return set != nil && within(k.now(), set.meta.Whole, trust) && len(set.kept) > 0
}

// within reports whether since is less than d before now.
func within(now, since time.Time, d time.Duration) bool {
	return !since.IsZero() && !now.Before(since) && now.Sub(since) < d
}

func walkKept(seq iter.Seq2[*client.Weather, error], keep func(*client.Weather) bool) ([]*client.Weather, error) {
	var kept []*client.Weather
	for w, err := range seq {
		if err != nil {
			return nil, err
		}
		if keep == nil || keep(w) {
			kept = append(kept, w)
		}
	}
	return kept, nil
}

// revalidate checks set against the service with the page that holds its
// tail, and reads the pages of the entries added since. ok is false when
// the service's list is not the cache's plus entries at its end: an entry
// deleted, or added out of order, or a page size that changed.
func (k *Cache) revalidate(ctx context.Context, c *client.Client, calendarID int, set *weatherSet, keep func(*client.Weather) bool) (kept []*client.Weather, ok bool, err error) {
	page, tail, agrees, err := k.tailPage(ctx, c, calendarID, set)
	if err != nil || !agrees {
		return nil, false, err
	}
	per, n, total := set.meta.PerPage, len(set.ids), page.Meta.Total
	start := (tail - 1) * per
	// What the tail page says of the cached entries is newer: it is kept.
	for i, w := range page.Items[:n-start] {
		set.put(start+i, w, keep)
	}
	added := page.Items[n-start:]
	last := (total + per - 1) / per
	for p := tail + 1; p <= last && len(added) < total-n; p++ {
		more, err := c.ListWeather(ctx, calendarID, &client.WeatherListOptions{Page: p})
		if err != nil {
			return nil, false, err
		}
		if len(more.Items) == 0 {
			break
		}
		added = append(added, more.Items...)
	}
	if !k.extend(calendarID, set, added, total, keep) {
		return nil, false, nil
	}
	return set.keptInOrder(), true, nil
}

// tailPage is the page that holds set's tail (one request), its number,
// and whether it agrees with set: the same page size, set's entries on it
// in their places, and a total the cache can hold.
func (k *Cache) tailPage(ctx context.Context, c *client.Client, calendarID int, set *weatherSet) (page *client.Page[*client.Weather], tail int, agrees bool, err error) {
	per, n := set.meta.PerPage, len(set.ids)
	tail = max(1, (n+per-1)/per)
	page, err = c.ListWeather(ctx, calendarID, &client.WeatherListOptions{Page: tail})
	if err != nil {
		return nil, tail, false, err
	}
	start, total := (tail-1)*per, page.Meta.Total
	agrees = (page.Meta.PerPage == 0 || page.Meta.PerPage == per) && len(page.Items) >= n-start && total >= n && total <= MaxWeather
	for i := 0; agrees && i < n-start; i++ {
		agrees = page.Items[i].ID == set.ids[start+i]
	}
	return page, tail, agrees, nil
}

// extend puts added, the entries past set's tail, at its end and writes
// the file, brought up to date, when they make the whole list of total
// entries in the order the cache keeps (by rising id); it reports whether
// they did.
func (k *Cache) extend(calendarID int, set *weatherSet, added []*client.Weather, total int, keep func(*client.Weather) bool) bool {
	n := len(set.ids)
	prev := 0
	if n > 0 {
		prev = set.ids[n-1]
	}
	if n+len(added) != total || !inIDOrder(added, prev) {
		return false
	}
	for i, w := range added {
		set.ids = append(set.ids, w.ID)
		set.raws = append(set.raws, []byte(w.Raw))
		set.put(n+i, w, keep)
	}
	set.meta.Total, set.meta.Refreshed = total, k.now()
	k.mu.Lock()
	_ = k.writeWeather(calendarID, set, set.meta.Gen)
	k.mu.Unlock()
	return true
}

// inIDOrder reports whether entries come by rising id, after id prev: the
// order the cache keeps.
func inIDOrder(entries []*client.Weather, prev int) bool {
	for _, w := range entries {
		if w.ID <= prev {
			return false
		}
		prev = w.ID
	}
	return true
}

// put puts the answer w at place i, and among the kept entries when keep
// keeps it.
func (set *weatherSet) put(i int, w *client.Weather, keep func(*client.Weather) bool) {
	if i < len(set.raws) {
		set.raws[i] = []byte(w.Raw)
	}
	delete(set.kept, i)
	if keep == nil || keep(w) {
		set.kept[i] = w
	}
}

func (set *weatherSet) keptInOrder() []*client.Weather {
	var out []*client.Weather
	for i := range set.ids {
		if w, ok := set.kept[i]; ok {
			out = append(out, w)
		}
	}
	return out
}

// writeWeather writes set as calendarID's weather file, unless the file
// changed since generation basedOn.
func (k *Cache) writeWeather(calendarID int, set *weatherSet, basedOn int64) error {
	m := set.meta
	m.Kind, m.Calendar = "weather", calendarID
	return k.writeFile(weatherFile(calendarID), basedOn, m, set.lines)
}

func (set *weatherSet) lines(emit func([]byte) error) error {
	for _, raw := range set.raws {
		if err := emit(raw); err != nil {
			return err
		}
	}
	return nil
}

// TeeWeather is the walk of every page of calendarID's weather (walk is
// the client's AllWeather), written to the cache as it goes: once the walk
// is whole, the file holds it (weather list, the fresh view, keeps the
// cache up to date this way). A walk stopped early, or that fails, leaves
// the cache as it was; one of more than MaxWeather entries takes it away.
func (k *Cache) TeeWeather(ctx context.Context, calendarID int, walk func(context.Context, int, *client.WeatherListOptions) iter.Seq2[*client.Weather, error]) iter.Seq2[*client.Weather, error] {
	var first client.PageMeta
	seq := walk(ctx, calendarID, &client.WeatherListOptions{OnMeta: func(m client.PageMeta) { first = m }})
	if k == nil {
		return seq
	}
	return func(yield func(*client.Weather, error) bool) {
		k.mu.Lock()
		basedOn := int64(-1)
		if m, err := k.readFile(weatherFile(calendarID), "weather", func([]byte) error { return nil }); err == nil && m != nil {
			basedOn = m.Gen
		}
		k.mu.Unlock()
		started := k.now()
		fw, ferr := k.create(weatherFile(calendarID))
		count := 0
		for w, err := range seq {
			if err == nil && fw != nil && ferr == nil {
				count++
				if count > MaxWeather {
					ferr = errDamaged
				} else {
					fw.emit(w.Raw)
				}
			}
			if !yield(w, err) || err != nil {
				if fw != nil {
					fw.abort()
				}
				return
			}
		}
		if fw == nil {
			return
		}
		if ferr != nil || first.PerPage <= 0 || first.Total != count {
			fw.abort()
			k.forget(weatherFile(calendarID))
			return
		}
		k.mu.Lock()
		defer k.mu.Unlock()
		_ = fw.commit(meta{Kind: "weather", Calendar: calendarID, Total: count, PerPage: first.PerPage, Whole: started, Refreshed: started}, basedOn)
	}
}
