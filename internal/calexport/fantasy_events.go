package calexport

import (
	"math"
	"slices"
	"strconv"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
)

// Fantasy-Calendar events (docs/formats.md 1.2 to 1.4, 1.7, 1.8): the
// fields its importer requires, a condition list it checks, and data.date
// for a one-off (it then reads no condition). A repeat is conditions
// joined by &&: a yearly one Month == and Day == from its year on (Year
// >=, never Year ==, which the importer would take for a one-off), a
// monthly one Day == from its date on (Date >=), a moon's Moons == phase
// from its date on; an end year is Year <=. Values are strings but a
// Date's numbers, as Fantasy-Calendar writes them: a number 0 as the
// offset of an every-nth rule reads as none, the string "0" does not.

type fcEvent struct {
	Name            string          `json:"name"`
	Description     string          `json:"description"`
	EventCategoryID int             `json:"event_category_id"`
	Data            fcEventData     `json:"data"`
	Settings        fcEventSettings `json:"settings"`
}

type fcEventData struct {
	HasDuration      bool  `json:"has_duration"`
	Duration         int   `json:"duration"`
	ShowFirstLast    bool  `json:"show_first_last"`
	LimitedRepeat    bool  `json:"limited_repeat"`
	LimitedRepeatNum int   `json:"limited_repeat_num"`
	Conditions       []any `json:"conditions"`
	ConnectedEvents  []int `json:"connected_events"`
	Date             []int `json:"date"`
	SearchDistance   int   `json:"search_distance"`
}

type fcEventSettings struct {
	Color    string `json:"color"`
	Text     string `json:"text"`
	Hide     bool   `json:"hide"`
	HideFull bool   `json:"hide_full"`
	Print    bool   `json:"print"`
}

// fcCategory is a category of events; kanka writes none (a reminder's
// colour is the event's own).
type fcCategory struct{}

// fcMoonRef is a moon as the file holds it: its index in static_data.moons
// and how Fantasy-Calendar counts its phases.
type fcMoonRef struct {
	index        int
	cycle, shift float64
	granularity  int
}

// fcPlace is what the events need of the calendar's file: its moons by
// Kanka's id (the first moon of an id, as a repeat finds it), its epoch
// less Kanka's day number, and the days whose years agree.
type fcPlace struct {
	moons    map[int]fcMoonRef
	all      int64
	from, to int64
}

// keepMoon keeps ref as the written moon a repeat on m's id finds, when m
// is the calendar's first moon of that id (the service looks up the
// first).
func (c *calendar) keepMoon(refs map[int]fcMoonRef, m moonFit, ref fcMoonRef) {
	if m.ID == nil {
		return
	}
	i := slices.IndexFunc(c.in.Moons, func(o client.Moon) bool { return o.ID != nil && *o.ID == *m.ID })
	if _, seen := refs[*m.ID]; !seen && i >= 0 && c.in.Moons[i].Name == m.Name && c.in.Moons[i].Offset == m.Offset &&
		c.in.Moons[i].Fullmoon == m.Fullmoon {
		refs[*m.ID] = ref
	}
}

func and() []string { return []string{"&&"} }

// fantasyEvents are the reminders as Fantasy-Calendar events.
func (c *calendar) fantasyEvents(reminders []planned, at fcPlace) []fcEvent {
	const tool = "Fantasy-Calendar"
	events := []fcEvent{}
	colours := newColourLosses()
	var hidden []planned
	written := make([]planned, 0, len(reminders))
	for _, p := range reminders {
		d := p.date()
		ev := fcEvent{Name: p.title, Description: p.description, EventCategoryID: -1,
			Settings: fcEventSettings{Color: "Dark-Solid", Text: "text", Hide: p.Visibility != 1}}
		ev.Data = fcEventData{Duration: 1, ConnectedEvents: []int{}, Date: []int{}}
		if l := p.length(); l > 1 {
			ev.Data.HasDuration, ev.Data.Duration, ev.Data.SearchDistance = true, l, l
		}
		from := []any{"Date", "2", []int{d.Year, d.Month - 1, d.Day}}
		switch p.kind() {
		case almanac.RepeatNone:
			ev.Data.Conditions = []any{[]any{"Date", "0", []int{d.Year, d.Month - 1, d.Day}}}
			ev.Data.Date = []int{d.Year, d.Month - 1, d.Day}
		case almanac.RepeatYear:
			ev.Data.Conditions = []any{[]any{"Month", "0", []string{strconv.Itoa(d.Month - 1)}}, and(),
				[]any{"Day", "0", []string{strconv.Itoa(d.Day)}}, and(), []any{"Year", "2", []string{strconv.Itoa(d.Year)}}}
		case almanac.RepeatMonth:
			ev.Data.Conditions = []any{[]any{"Day", "0", []string{strconv.Itoa(d.Day)}}, and(), from}
		case almanac.RepeatMoon:
			m, ok := at.moons[p.per.MoonID]
			if !ok {
				c.notCarried(p, "the calendar has no moon with id %d that %s holds", p.per.MoonID, tool)
				continue
			}
			phase := int(almanac.FloorMod(int64(p.per.Phase)+4, 8)) * m.granularity
			if phase%8 != 0 {
				c.notCarried(p, "%s shows 4 phases of a moon of %s days, no %s", tool, trimFloat(m.cycle), p.per.Phase)
				continue
			}
			phase /= 8
			ev.Data.Conditions = []any{[]any{"Moons", "0", []string{strconv.Itoa(m.index), strconv.Itoa(phase)}}, and(), from}
			c.differsLoss(p, at.from, at.to, c.fcMoonDays(p, m, phase, at.all),
				"Fantasy-Calendar shows a moon's phase on the days nearest its instant (a band of about "+trimFloat(roundTo(m.cycle/float64(m.granularity), 2))+
					" days), Kanka on the day the instant falls in")
		}
		if p.bounded {
			ev.Data.Conditions = append(ev.Data.Conditions, and(), []any{"Year", "3", []string{strconv.FormatInt(p.until, 10)}})
		}
		ev.Settings.Color = colours.fantasy(p)
		if p.Visibility != 1 && p.Visibility != 2 {
			hidden = append(hidden, p)
		}
		events = append(events, ev)
		written = append(written, p)
	}
	colours.say(c, tool)
	c.hiddenLoss(tool, hidden, "either shows an event to all or hides it from its players")
	c.typeLoss(tool, "event", written)
	return events
}

// fcMoonDays are the days Fantasy-Calendar shows the moon event on: each
// day from the own date (to the end year) whose phase index is phase
// starts an occurrence of the reminder's length.
func (c *calendar) fcMoonDays(p planned, m fcMoonRef, phase int, all int64) toolDays {
	g := float64(m.granularity)
	_, last := c.r.OrdinalRange()
	if p.bounded {
		last = c.r.LastDayUpTo(p.until)
	}
	span := int64(p.length() - 1)
	return func(_ int, lo, hi int64, add func(from, to int64)) {
		// The cycles whose band may start an occurrence meeting lo..hi.
		first := float64(lo-span+all) - m.shift
		kFrom := int64(math.Floor(first/m.cycle-float64(phase)/g)) - 1
		kTo := int64(math.Ceil((float64(hi+all)-m.shift)/m.cycle-float64(phase)/g)) + 1
		for k := kFrom; k <= kTo; k++ {
			instant := m.shift + (float64(k)+float64(phase)/g)*m.cycle
			half := m.cycle / (2 * g)
			for e := int64(math.Floor(instant-half)) - 1; e <= int64(math.Ceil(instant+half))+1; e++ {
				day := e - all
				if day < p.own || day > last || fcPhase(e, m) != phase {
					continue
				}
				add(day, day+span)
			}
		}
	}
}

// fcPhase is the moon's phase index on the epoch, as Fantasy-Calendar
// rounds it (Math.round: halves up).
func fcPhase(epoch int64, m fcMoonRef) int {
	x := (float64(epoch) - m.shift) / m.cycle
	pos := x - math.Floor(x)
	return int(math.Floor(pos*float64(m.granularity)+0.5)) % m.granularity
}

func roundTo(x float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(x*p) / p
}
