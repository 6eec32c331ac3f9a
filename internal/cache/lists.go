package cache

import (
	"context"
	"encoding/json"
	"errors"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// A calendar's list (its weather, its reminders) is kept whole, in the
// service's order (by id), with the list's total and page size: every use
// asks for the page that holds the cached tail, and when its ids and the
// total agree only records added since at the end can be missing (their
// pages are read); anything else means a walk of every page.

// listed is a record of a calendar's list: an id and the answer.
type listed[T any] interface {
	*T
	RecordID() int
	RawJSON() json.RawMessage
}

// calendarList is one kind of list the cache keeps per calendar.
type calendarList[T any, R listed[T]] struct {
	// kind is the meta's kind and the file's prefix: kind-{calendar}.jsonl.
	kind string
	// max is the most records of one calendar kept: a calendar with more
	// is walked each time, as without a cache.
	max *int
	// page reads one page; walk every page, in order.
	page func(ctx context.Context, c *client.Client, calendarID, page int) (*client.Page[R], error)
	walk func(ctx context.Context, c *client.Client, calendarID int, opts *client.PageOptions) iter.Seq2[R, error]
	// walked, when set, is told of the records of a whole walk.
	walked func(k *Cache, records []R)
}

func (l calendarList[T, R]) file(calendarID int) string {
	return l.kind + "-" + strconv.Itoa(calendarID) + ".jsonl"
}

// listSet is a calendar's list as the cache holds it: the ids and answers
// of its records in the service's order, and the records keep chose, by
// their place.
type listSet[T any, R listed[T]] struct {
	meta meta
	ids  []int
	raws [][]byte
	kept map[int]R
}

// load reads the file of calendarID; nil when there is none to trust.
// Each record is held once: its answer is the kept record's own (RawJSON),
// and a record keep does not keep is read, checked and let go.
func (l calendarList[T, R]) load(k *Cache, calendarID int, keep func(R) bool) *listSet[T, R] {
	set := &listSet[T, R]{kept: map[int]R{}}
	m, err := k.readFile(l.file(calendarID), l.kind, func(line []byte) error {
		r := R(new(T))
		if err := json.Unmarshal(line, r); err != nil || r.RecordID() <= 0 {
			return errDamaged
		}
		if keep == nil || keep(r) {
			set.kept[len(set.ids)] = r
		}
		set.ids = append(set.ids, r.RecordID())
		set.raws = append(set.raws, r.RawJSON()) // the line, decoded's own copy
		return nil
	})
	if err != nil || m == nil || m.Calendar != calendarID || m.Total != len(set.ids) || m.PerPage <= 0 {
		return nil
	}
	set.meta = *m
	return set
}

// read is the records of calendarID that keep keeps, in the service's
// order: the cache's, when they were read whole less than trust ago and
// the page of their tail agrees (one request, and the pages of the records
// added since); else every page is walked and the cache rewritten. Without
// a cache, every page is walked.
func (l calendarList[T, R]) read(ctx context.Context, k *Cache, c *client.Client, calendarID int, trust time.Duration, keep func(R) bool) ([]R, error) {
	if k == nil {
		return walkKept(l.walk(ctx, c, calendarID, nil), keep)
	}
	k.mu.Lock()
	set := l.load(k, calendarID, keep)
	k.mu.Unlock()
	if set != nil && within(k.now(), set.meta.Whole, trust) {
		kept, ok, err := l.revalidate(ctx, k, c, calendarID, set, keep)
		if err != nil || ok {
			return kept, err
		}
	}
	walk := func(ctx context.Context, id int, opts *client.PageOptions) iter.Seq2[R, error] {
		return l.walk(ctx, c, id, opts)
	}
	if l.walked == nil {
		return walkKept(l.tee(ctx, k, calendarID, walk), keep)
	}
	all, err := walkKept(l.tee(ctx, k, calendarID, walk), nil)
	if err != nil {
		return nil, err
	}
	l.walked(k, all)
	return slices.DeleteFunc(all, func(r R) bool { return keep != nil && !keep(r) }), nil
}

// knows reports, with no request, whether the cache holds calendarID's
// list, read whole less than trust ago, with a record keep keeps.
func (l calendarList[T, R]) knows(k *Cache, calendarID int, trust time.Duration, keep func(R) bool) bool {
	if k == nil {
		return false
	}
	k.mu.Lock()
	set := l.load(k, calendarID, keep)
	k.mu.Unlock()
	return set != nil && within(k.now(), set.meta.Whole, trust) && len(set.kept) > 0
}

// within reports whether since is less than d before now.
func within(now, since time.Time, d time.Duration) bool {
	return !since.IsZero() && !now.Before(since) && now.Sub(since) < d
}

func walkKept[R any](seq iter.Seq2[R, error], keep func(R) bool) ([]R, error) {
	var kept []R
	for r, err := range seq {
		if err != nil {
			return nil, err
		}
		if keep == nil || keep(r) {
			kept = append(kept, r)
		}
	}
	return kept, nil
}

// revalidate checks set against the service with the page that holds its
// tail, and reads the pages of the records added since. ok is false when
// the service's list is not the cache's plus records at its end: one
// deleted, or added out of order, or a page size that changed.
func (l calendarList[T, R]) revalidate(ctx context.Context, k *Cache, c *client.Client, calendarID int, set *listSet[T, R], keep func(R) bool) (kept []R, ok bool, err error) {
	page, tail, agrees, err := l.tailPage(ctx, c, calendarID, set)
	if err != nil || !agrees {
		return nil, false, err
	}
	per, n, total := set.meta.PerPage, len(set.ids), page.Meta.Total
	start := (tail - 1) * per
	// What the tail page says of the cached records is newer: it is kept.
	for i, r := range page.Items[:n-start] {
		set.put(start+i, r, keep)
	}
	added := page.Items[n-start:]
	last := (total + per - 1) / per
	for p := tail + 1; p <= last && len(added) < total-n; p++ {
		more, err := l.page(ctx, c, calendarID, p)
		if err != nil {
			return nil, false, err
		}
		if len(more.Items) == 0 {
			break
		}
		added = append(added, more.Items...)
	}
	if !l.extend(k, calendarID, set, added, total, keep) {
		return nil, false, nil
	}
	return set.keptInOrder(), true, nil
}

// tailPage is the page that holds set's tail (one request), its number,
// and whether it agrees with set: the same page size, set's records on it
// in their places, and a total the cache can hold.
func (l calendarList[T, R]) tailPage(ctx context.Context, c *client.Client, calendarID int, set *listSet[T, R]) (page *client.Page[R], tail int, agrees bool, err error) {
	per, n := set.meta.PerPage, len(set.ids)
	tail = max(1, (n+per-1)/per)
	page, err = l.page(ctx, c, calendarID, tail)
	if err != nil {
		return nil, tail, false, err
	}
	start, total := (tail-1)*per, page.Meta.Total
	agrees = (page.Meta.PerPage == 0 || page.Meta.PerPage == per) && len(page.Items) >= n-start && total >= n && total <= *l.max
	for i := 0; agrees && i < n-start; i++ {
		agrees = page.Items[i].RecordID() == set.ids[start+i]
	}
	return page, tail, agrees, nil
}

// extend puts added, the records past set's tail, at its end and writes
// the file, brought up to date, when they make the whole list of total
// records in the order the cache keeps (by rising id); it reports whether
// they did.
func (l calendarList[T, R]) extend(k *Cache, calendarID int, set *listSet[T, R], added []R, total int, keep func(R) bool) bool {
	n := len(set.ids)
	prev := 0
	if n > 0 {
		prev = set.ids[n-1]
	}
	if n+len(added) != total || !inIDOrder(added, prev) {
		return false
	}
	for i, r := range added {
		set.ids = append(set.ids, r.RecordID())
		set.raws = append(set.raws, []byte(r.RawJSON()))
		set.put(n+i, r, keep)
	}
	set.meta.Total, set.meta.Refreshed = total, k.now()
	k.mu.Lock()
	_ = l.write(k, calendarID, set, set.meta.Gen)
	k.mu.Unlock()
	return true
}

// inIDOrder reports whether records come by rising id, after id prev: the
// order the cache keeps.
func inIDOrder[T any, R listed[T]](records []R, prev int) bool {
	for _, r := range records {
		if r.RecordID() <= prev {
			return false
		}
		prev = r.RecordID()
	}
	return true
}

// put puts the answer r at place i, and among the kept records when keep
// keeps it.
func (set *listSet[T, R]) put(i int, r R, keep func(R) bool) {
	if i < len(set.raws) {
		set.raws[i] = []byte(r.RawJSON())
	}
	delete(set.kept, i)
	if keep == nil || keep(r) {
		set.kept[i] = r
	}
}

func (set *listSet[T, R]) keptInOrder() []R {
	var out []R
	for i := range set.ids {
		if r, ok := set.kept[i]; ok {
			out = append(out, r)
		}
	}
	return out
}

// write writes set as calendarID's file, unless the file changed since
// generation basedOn.
func (l calendarList[T, R]) write(k *Cache, calendarID int, set *listSet[T, R], basedOn int64) error {
	m := set.meta
	m.Kind, m.Calendar = l.kind, calendarID
	return k.writeFile(l.file(calendarID), basedOn, m, set.lines)
}

func (set *listSet[T, R]) lines(emit func([]byte) error) error {
	for _, raw := range set.raws {
		if err := emit(raw); err != nil {
			return err
		}
	}
	return nil
}

// tee is the walk of every page of calendarID's list, written to the
// cache as it goes: once the walk is whole, the file holds it. A walk
// stopped early, or that fails, leaves the cache as it was; one of more
// than max records takes it away.
func (l calendarList[T, R]) tee(ctx context.Context, k *Cache, calendarID int, walk func(context.Context, int, *client.PageOptions) iter.Seq2[R, error]) iter.Seq2[R, error] {
	var first client.PageMeta
	seq := walk(ctx, calendarID, &client.PageOptions{OnMeta: func(m client.PageMeta) { first = m }})
	if k == nil {
		return seq
	}
	name := l.file(calendarID)
	return func(yield func(R, error) bool) {
		k.mu.Lock()
		basedOn := k.generation(name, l.kind)
		k.mu.Unlock()
		started := k.now()
		fw, ferr := k.create(name)
		count := 0
		for r, err := range seq {
			if err == nil && fw != nil && ferr == nil {
				count++
				if count > *l.max {
					ferr = errDamaged
				} else {
					fw.emit(r.RawJSON())
				}
			}
			if !yield(r, err) || err != nil {
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
			k.forget(name)
			return
		}
		k.mu.Lock()
		defer k.mu.Unlock()
		_ = fw.commit(meta{Kind: l.kind, Calendar: calendarID, Total: count, PerPage: first.PerPage, Whole: started, Refreshed: started}, basedOn)
	}
}

// seen puts record r of calendarID in the cache: in place of the record
// of its id; a created one at its place by id, the list's total one more
// (past max, the calendar's list is no longer kept).
func (l calendarList[T, R]) seen(k *Cache, calendarID int, r R, created bool) {
	l.change(k, calendarID, func(set *listSet[T, R]) error {
		i, found := slices.BinarySearch(set.ids, r.RecordID())
		switch {
		case found:
			set.raws[i] = []byte(r.RawJSON())
		case !created:
			return errNoChange // a record the cache missed: the tail page finds it
		case len(set.ids) >= *l.max:
			return errUnchangeable
		default:
			set.ids = slices.Insert(set.ids, i, r.RecordID())
			set.raws = slices.Insert(set.raws, i, []byte(r.RawJSON()))
			set.meta.Total++
		}
		return nil
	})
}

// gone takes record id of calendarID out of the cache, the list's total
// one less.
func (l calendarList[T, R]) gone(k *Cache, calendarID, id int) {
	l.change(k, calendarID, func(set *listSet[T, R]) error {
		i, found := slices.BinarySearch(set.ids, id)
		if !found {
			return errNoChange
		}
		set.ids = slices.Delete(set.ids, i, i+1)
		set.raws = slices.Delete(set.raws, i, i+1)
		set.meta.Total--
		return nil
	})
}

// What a change of a file may say instead of having made it.
var (
	errNoChange     = errors.New("nothing to change")
	errUnchangeable = errors.New("the change cannot be made in the file")
)

// change applies change to calendarID's file as it is now, under the
// folder's lock. A change that cannot be made (errUnchangeable: the
// service listed the records out of id order, so no place can be told; the
// bound is passed) or written takes the file away: a copy that missed a
// write is no copy.
func (l calendarList[T, R]) change(k *Cache, calendarID int, change func(set *listSet[T, R]) error) {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	name := l.file(calendarID)
	err := k.locked(func() error {
		set := l.load(k, calendarID, keepNone[R])
		if set == nil {
			// No copy to change; a kanka walking the pages now must not
			// keep what it read before this change: a file of a newer
			// generation, holding nothing, tells it so.
			return k.replaceFile(name, meta{Kind: l.kind, Calendar: calendarID, Gen: k.generation(name, l.kind) + 1}, noLines)
		}
		if !slices.IsSorted(set.ids) {
			return errUnchangeable
		}
		if err := change(set); err != nil {
			return err
		}
		m := set.meta
		m.Gen++
		return k.replaceFile(name, m, set.lines)
	})
	if err != nil && !errors.Is(err, errNoChange) {
		_ = os.Remove(filepath.Join(k.dir, name))
	}
}

// keepNone keeps no record: a change of a list's file needs only the ids
// and the answers.
func keepNone[R any](R) bool { return false }
