package apply

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// Actual is what the campaign holds, as far as the seed needs to know.
type Actual struct {
	// Calendars is every calendar of the campaign, in list order.
	Calendars []*client.Calendar
	// Weather holds the entries of each calendar whose weather was read,
	// by calendar id. A calendar missing here was not read.
	Weather map[int][]*client.Weather
	// SetApart are entries a calendar's weather list held that cannot be
	// taken as its own (client.Weather.Misplaced): left out of Weather, so
	// that nothing is updated or pruned on their account, and reported.
	SetApart []SetApart
	// Reminders holds the reminders of each calendar's own entity whose
	// reminders the seed manages, by calendar id (ownReminders): never
	// another entity's or a post's. A calendar missing here was not read.
	Reminders map[int][]*client.Reminder
	// AsOf is when the calendar list was read (client.CalendarsAsOf):
	// what changed after it is looked for before the first write.
	AsOf time.Time
}

// SetApart is an entry found in the weather list of calendar Listed that
// is not taken as one of its, and why.
type SetApart struct {
	Listed int
	Entry  *client.Weather
	Why    string
}

// Read reads what the seed needs and nothing more: the calendar list pages,
// then the weather pages of each calendar of the seed that exists and whose
// weather the seed manages (at most concurrency calendars at once), then
// the reminder pages of each that exists and whose reminders it manages.
// It writes nothing.
func Read(ctx context.Context, c *client.Client, seed Seed, concurrency int) (*Actual, error) {
	act := &Actual{Weather: map[int][]*client.Weather{}, Reminders: map[int][]*client.Reminder{}}
	var err error
	if act.Calendars, act.AsOf, err = c.CalendarsAsOf(ctx); err != nil {
		return nil, err
	}
	if err := readWeather(ctx, c, seed, act, concurrency); err != nil {
		return nil, err
	}
	if err := readReminders(ctx, c, seed, act); err != nil {
		return nil, err
	}
	return act, nil
}

// readWeather reads into act the weather of each calendar of the seed
// that exists and whose weather it manages.
func readWeather(ctx context.Context, c *client.Client, seed Seed, act *Actual, concurrency int) error {
	var ids []int
	for _, want := range seed.Calendars {
		if want.Weather == nil {
			continue
		}
		// An ambiguous or missing calendar is MakePlan's to report; its
		// weather is not needed for that.
		if cal, err := find(act.Calendars, want); err == nil && cal != nil {
			ids = append(ids, cal.ID)
		}
	}
	results := make([][]*client.Weather, len(ids))
	apart := make([][]SetApart, len(ids))
	errs := make([]error, len(ids))
	readOne := func(i int) {
		for w, err := range c.AllWeather(ctx, ids[i], nil) {
			if err != nil {
				errs[i] = err
				return
			}
			if why := w.Misplaced(ids[i]); why != "" {
				apart[i] = append(apart[i], SetApart{Listed: ids[i], Entry: w, Why: why})
				continue
			}
			results[i] = append(results[i], w)
		}
	}
	// The first calendar's weather is read alone: against the live
	// service it finds the weather path (one 404) for all the others,
	// which would each pay that 404 if they started at once.
	if len(ids) > 0 {
		readOne(0)
	}
	sem := make(chan struct{}, max(concurrency, 1))
	var wg sync.WaitGroup
	for i := 1; i < len(ids) && errs[0] == nil; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			readOne(i)
		}()
	}
	wg.Wait()
	for i, id := range ids {
		if errs[i] != nil {
			return errs[i]
		}
		act.Weather[id] = results[i]
		act.SetApart = append(act.SetApart, apart[i]...)
	}
	return nil
}

// readReminders reads into act the reminders of each calendar of the seed
// that exists and whose reminders it manages, one calendar after another
// (a calendar has few: a page holds 15), keeping those of its own entity.
func readReminders(ctx context.Context, c *client.Client, seed Seed, act *Actual) error {
	for _, want := range seed.Calendars {
		if want.Reminders == nil {
			continue
		}
		cal, err := find(act.Calendars, want)
		if err != nil || cal == nil {
			continue // MakePlan says why, or creates it
		}
		if _, read := act.Reminders[cal.ID]; read {
			continue
		}
		var own []*client.Reminder
		for r, err := range c.CalendarReminders(cal.ID).All(ctx, nil, nil) {
			if err != nil {
				return fmt.Errorf("calendar %d %q: reading its reminders: %w", cal.ID, cal.Name, err)
			}
			if r.OwnedBy(cal) {
				own = append(own, r)
			}
		}
		act.Reminders[cal.ID] = own
	}
	return nil
}
