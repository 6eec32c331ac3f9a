package calendar

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The agenda against a brute force written from reminders.md and
// calendar-time.md alone, over random calendars as the service would answer
// them: walk every day by month lengths from years before the reminders'
// own dates to the window's end, decide for each day and reminder whether
// an occurrence starts there by comparing dates (moon days from
// floor(offset + (k + i/8) * fullmoon) in exact rationals), spread each
// start over its length, and keep the days in the window, a reminder once
// a day. It knows nothing of the almanac.

// bruteCalendar is a random calendar: its months, leap rule, year zero,
// moons (by id), as the service's answer spells them.
type bruteCalendar struct {
	months       []bruteMonth
	skipYearZero bool
	leap         bool
	leapAmount   int
	leapMonth    int
	leapOffset   int
	leapStart    int
	moons        []bruteMoon
}

type bruteMonth struct {
	length      int
	intercalary bool
}

type bruteMoon struct {
	id       int
	fullmoon string // a decimal
	offset   int
}

// bruteDate is a date, its year as the calendar numbers it.
type bruteDate struct{ y, m, d int }

func (d bruteDate) String() string { return fmt.Sprintf("%d-%d-%d", d.y, d.m, d.d) }

func (d bruteDate) before(e bruteDate) bool {
	return d.y < e.y || d.y == e.y && (d.m < e.m || d.m == e.m && d.d < e.d)
}

func (c bruteCalendar) isLeap(y int) bool {
	off := max(c.leapOffset, 1)
	return c.leap && y >= c.leapStart && (y-c.leapStart)%off == 0 && !(c.skipYearZero && y == 0)
}

func (c bruteCalendar) monthLen(y, m int) int {
	n := max(c.months[m-1].length, 1)
	if c.isLeap(y) && m == c.leapMonth {
		n = max(n+c.leapAmount, 1)
	}
	return n
}

func (c bruteCalendar) nextYear(y int) int {
	if c.skipYearZero && y == -1 {
		return 1
	}
	return y + 1
}

func (c bruteCalendar) next(d bruteDate) bruteDate {
	switch {
	case d.d < c.monthLen(d.y, d.m):
		return bruteDate{d.y, d.m, d.d + 1}
	case d.m < len(c.months):
		return bruteDate{d.y, d.m + 1, 1}
	}
	return bruteDate{c.nextYear(d.y), 1, 1}
}

// ordinal counts days from day 1 of month 1 of the first year (0, or 1
// without year 0), which is day 0.
func (c bruteCalendar) ordinal(d bruteDate) int64 {
	first := 0
	if c.skipYearZero {
		first = 1
	}
	yearLen := func(y int) int64 {
		var n int64
		for m := 1; m <= len(c.months); m++ {
			n += int64(c.monthLen(y, m))
		}
		return n
	}
	var n int64
	if d.y >= first {
		for y := first; y < d.y; y = c.nextYear(y) {
			n += yearLen(y)
		}
	} else {
		for y := d.y; y < first; y = c.nextYear(y) {
			n -= yearLen(y)
		}
	}
	for m := 1; m < d.m; m++ {
		n += int64(c.monthLen(d.y, m))
	}
	return n + int64(d.d-1)
}

func (c bruteCalendar) json() string {
	var months, moons []string
	for i, m := range c.months {
		kind := "standard"
		if m.intercalary {
			kind = "intercalary"
		}
		months = append(months, fmt.Sprintf(`{"name":"M%d","length":%d,"type":%q}`, i+1, m.length, kind))
	}
	for _, m := range c.moons {
		moons = append(moons, fmt.Sprintf(`{"name":"Moon %d","fullmoon":%q,"offset":%d,"id":%d}`, m.id, m.fullmoon, m.offset, m.id))
	}
	return fmt.Sprintf(`{"id":12,"name":"Random","entity_id":40,"date":null,"months":[%s],"weekdays":["A","B","C"],"years":[],"seasons":[],`+
		`"moons":[%s],"start_offset":0,"suffix":"","has_leap_year":%v,"skip_year_zero":%v,`+
		`"leap_year_amount":%d,"leap_year_month":%d,"leap_year_offset":%d,"leap_year_start":%d}`,
		strings.Join(months, ","), strings.Join(moons, ","), c.leap, c.skipYearZero, c.leapAmount, c.leapMonth, c.leapOffset, c.leapStart)
}

func randomBruteCalendar(rng *rand.Rand) bruteCalendar {
	c := bruteCalendar{skipYearZero: rng.Intn(2) == 0}
	for range 2 + rng.Intn(6) {
		c.months = append(c.months, bruteMonth{length: 1 + rng.Intn(35), intercalary: rng.Intn(4) == 0})
	}
	if rng.Intn(3) > 0 {
		c.leap, c.leapAmount, c.leapMonth = true, rng.Intn(7)-3, 1+rng.Intn(len(c.months))
		c.leapOffset, c.leapStart = 1+rng.Intn(5), rng.Intn(13)-6
	}
	periods := []string{"10", "29.5", "7.3", "30.4375", "2.5", "16", "3.125", "1", "12.75"}
	for i := range rng.Intn(4) {
		c.moons = append(c.moons, bruteMoon{id: i + 1, fullmoon: periods[rng.Intn(len(periods))], offset: rng.Intn(21) - 10})
	}
	return c
}

func (c bruteCalendar) randomDate(rng *rand.Rand, near, spread int) bruteDate {
	y := near + rng.Intn(2*spread+1) - spread
	if c.skipYearZero && y == 0 {
		y = 1
	}
	m := 1 + rng.Intn(len(c.months))
	return bruteDate{y, m, 1 + rng.Intn(c.monthLen(y, m))}
}

// bruteReminder is a reminder as the service stores it.
type bruteReminder struct {
	id          int
	own         bruteDate
	length      int
	periodicity string
	until       string
}

var brutePhaseNames = []string{"f", "waning_gibbous", "last_quarter", "waning_crescent", "n", "waxing_crescent", "first_quarter", "waxing_gibbous"}

func randomBruteReminder(rng *rand.Rand, c bruteCalendar, id int) bruteReminder {
	r := bruteReminder{id: id, own: c.randomDate(rng, 0, 6), length: 1}
	switch rng.Intn(14) {
	case 0:
		r.own.d = c.monthLen(r.own.y, r.own.m) + 1 // a day the month does not have
	case 1:
		r.own.y = 0 // with skip_year_zero, a year that does not exist
	}
	switch rng.Intn(10) {
	case 0, 1, 2:
		r.length = 2 + rng.Intn(5)
	case 3, 4:
		r.length = 1 + rng.Intn(90) // across month and year ends
	}
	switch rng.Intn(10) {
	case 0, 1:
	case 2, 3:
		r.periodicity = "year"
	case 4, 5:
		r.periodicity = "month"
	case 6:
		r.periodicity = "yearly"
	default: // a moon's id; one past the calendar's names a moon removed
		r.periodicity = fmt.Sprintf("%d_%s", 1+rng.Intn(len(c.moons)+1), brutePhaseNames[rng.Intn(8)])
	}
	if r.periodicity != "" && rng.Intn(3) == 0 {
		r.until = strconv.Itoa(r.own.y + rng.Intn(5))
	}
	return r
}

func (r bruteReminder) json() string {
	return storedReminder(r.id, 12, 40, r.own.String(), r.length, fmt.Sprint("r", r.id), r.periodicity, r.until)
}

// moonDays are the days lo..hi on which phase i of moon falls.
func (m bruteMoon) days(i int, lo, hi int64) map[int64]bool {
	p, ok := new(big.Rat).SetString(m.fullmoon)
	out := map[int64]bool{}
	if !ok || p.Sign() <= 0 {
		return out
	}
	pf, _ := p.Float64()
	for k := int64(float64(lo-int64(m.offset))/pf) - 3; k <= int64(float64(hi-int64(m.offset))/pf)+3; k++ {
		x := new(big.Rat).Mul(new(big.Rat).SetFrac64(8*k+int64(i), 8), p)
		x.Add(x, new(big.Rat).SetInt64(int64(m.offset)))
		day := new(big.Int).Div(x.Num(), x.Denom()).Int64()
		if day >= lo && day <= hi {
			out[day] = true
		}
	}
	return out
}

var moonRepeat = regexp.MustCompile(`^([0-9]+)_(` + strings.Join(brutePhaseNames, "|") + `)$`)

// bruteAgenda is "date#id" for each day of from..to each reminder covers,
// by date and then id.
func bruteAgenda(c bruteCalendar, rs []bruteReminder, from, to bruteDate) []string {
	start := bruteDate{min(from.y, -10) - 4, 1, 1}
	if c.skipYearZero && start.y == 0 {
		start.y = -1
	}
	var dates []bruteDate
	for d := start; !to.before(d); d = c.next(d) {
		dates = append(dates, d)
	}
	lo := c.ordinal(start)
	hi := lo + int64(len(dates)) - 1
	covered := map[int]map[int]bool{} // index in dates -> reminder ids
	for _, r := range rs {
		own := r.own
		if (c.skipYearZero && own.y == 0) || own.m > len(c.months) || own.d > c.monthLen(own.y, own.m) || r.length < 1 {
			continue
		}
		var moonDays map[int64]bool
		kind := r.periodicity
		if m := moonRepeat.FindStringSubmatch(kind); m != nil {
			kind = "moon"
			id, _ := strconv.Atoi(m[1])
			i := slices.Index(brutePhaseNames, m[2])
			moonDays = map[int64]bool{}
			for _, moon := range c.moons {
				if moon.id == id {
					moonDays = moon.days(i, lo, hi)
				}
			}
		} else if kind != "" && kind != "year" && kind != "month" {
			continue
		}
		until, bounded := 0, r.until != ""
		if bounded {
			until, _ = strconv.Atoi(r.until)
		}
		for j, d := range dates {
			if d.before(own) || kind != "" && bounded && d.y > until {
				continue
			}
			starts := false
			switch kind {
			case "":
				starts = d == own
			case "year":
				starts = d.m == own.m && d.d == own.d
			case "month":
				starts = d.d == own.d
			case "moon":
				starts = moonDays[lo+int64(j)]
			}
			for k := j; starts && k < j+r.length && k < len(dates); k++ {
				if covered[k] == nil {
					covered[k] = map[int]bool{}
				}
				covered[k][r.id] = true
			}
		}
	}
	var out []string
	for j, d := range dates {
		if d.before(from) {
			continue
		}
		ids := make([]int, 0, len(covered[j]))
		for id := range covered[j] {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		for _, id := range ids {
			out = append(out, fmt.Sprintf("%s#%d", d, id))
		}
	}
	return out
}

func TestAgendaAgainstABruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	cases, entries := 0, 0
	for range 250 {
		c := randomBruteCalendar(rng)
		var rs []bruteReminder
		var raws []string
		for id := 1; id <= 1+rng.Intn(15); id++ {
			r := randomBruteReminder(rng, c, id)
			rs, raws = append(rs, r), append(raws, r.json())
		}
		from := c.randomDate(rng, 0, 5)
		to := c.randomDate(rng, from.y+rng.Intn(3), 0)
		if to.before(from) {
			from, to = to, from
		}
		want := bruteAgenda(c, rs, from, to)
		env := newCTEnv(t, "json", answer("GET calendars/12", c.json()),
			answer("GET calendars/12/reminders", reminderPage(1, 1, len(raws), raws...)))
		if err := env.run("agenda", "12", "--from", from.String(), "--to", to.String()); err != nil {
			t.Fatalf("calendar %s\nreminders %s\n%v", c.json(), raws, err)
		}
		var got []struct {
			Date string `json:"date"`
			ID   int    `json:"reminder_id"`
		}
		if err := json.Unmarshal(env.Out.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		gotKeys := []string{}
		for _, e := range got {
			gotKeys = append(gotKeys, fmt.Sprintf("%s#%d", e.Date, e.ID))
		}
		if want == nil {
			want = []string{}
		}
		if !slices.Equal(gotKeys, want) {
			t.Fatalf("calendar %s\nreminders %s\nfrom %s to %s\nagenda %v\nbrute  %v", c.json(), raws, from, to, gotKeys, want)
		}
		cases++
		entries += len(want)
	}
	t.Logf("%d agendas, %d entries", cases, entries)
	if entries < 10*cases {
		t.Fatalf("only %d entries in %d agendas: the generator is too narrow", entries, cases)
	}
}
