package calimport

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/almanac"
)

// A Gregorian calendar imported from Fantasy-Calendar or Simple Calendar
// shows the real weekday and the real full moons (within a day) from 1901
// to 2099: the compound leap rule 400,!100,4 becomes every 4 years, which
// is the real rule in that span, and the first year where they differ is
// 2100.

var gregorianFiles = []string{"gregorian-fantasy-calendar.json", "gregorian-simple-calendar.json"}

func gregorian(t *testing.T, file string) (*almanac.Reckoning, []string) {
	t.Helper()
	res, err := Convert(readTestdata(t, file), Auto)
	if err != nil {
		t.Fatal(err)
	}
	r, err := res.Calendar.Reckoning()
	if err != nil {
		t.Fatal(err)
	}
	return r, res.Calendar.Weekdays
}

func dateOf(day time.Time) almanac.Date {
	return almanac.Date{Year: day.Year(), Month: int(day.Month()), Day: day.Day()}
}

func TestGregorianRealWeekdays(t *testing.T) {
	for _, file := range gregorianFiles {
		r, weekdays := gregorian(t, file)
		for day := time.Date(1901, 1, 1, 0, 0, 0, 0, time.UTC); day.Year() <= 2099; day = day.AddDate(0, 0, 1) {
			i, ok, err := r.Weekday(dateOf(day))
			if err != nil || !ok || weekdays[i] != day.Weekday().String() {
				t.Fatalf("%s: %s is a %s; Kanka says weekday %d (%v, %v)", file, day.Format("2006-01-02"), day.Weekday(), i, ok, err)
			}
		}
	}
}

func TestGregorianRealLeapYears(t *testing.T) {
	for _, file := range gregorianFiles {
		r, _ := gregorian(t, file)
		for y := 1901; y <= 2099; y++ {
			if want := y%4 == 0 && (y%100 != 0 || y%400 == 0); r.IsLeapYear(y) != want {
				t.Errorf("%s: year %d leap %v, want %v", file, y, r.IsLeapYear(y), want)
			}
		}
		if !r.IsLeapYear(2100) {
			t.Errorf("%s: 2100 is not a leap year in Kanka: the loss names the wrong year", file)
		}
	}
}

// TestGregorianRealFullMoons: every full moon from 1901 to 2099, computed
// with the periodic terms of Meeus's Astronomical Algorithms (chapter 49:
// accurate to minutes), falls within a day of a day Kanka shows full;
// among them the lunar eclipses of 2000-01-21 and the full moon of
// 2024-01-25.
func TestGregorianRealFullMoons(t *testing.T) {
	for _, file := range gregorianFiles {
		r, _ := gregorian(t, file)
		isFull := func(day time.Time) bool {
			phases, _ := r.MoonPhases(dateOf(day))
			return hasFull(phases, "Moon")
		}
		near := func(day time.Time) bool {
			return isFull(day.AddDate(0, 0, -1)) || isFull(day) || isFull(day.AddDate(0, 0, 1))
		}
		for _, s := range []string{"2000-01-21", "2024-01-25", "2019-01-21", "2022-11-08", "1964-12-19"} {
			day, _ := time.Parse("2006-01-02", s)
			if !near(day) {
				t.Errorf("%s: the full moon of %s is not within a day of a Kanka full moon", file, s)
			}
		}
		n := 0
		for k := math.Floor((1901-2000)*12.3685) - 0.5; ; k++ {
			full := meeusFullMoon(k)
			if full.Year() < 1901 {
				continue
			}
			if full.Year() > 2099 {
				break
			}
			n++
			if !near(time.Date(full.Year(), full.Month(), full.Day(), 0, 0, 0, 0, time.UTC)) {
				t.Errorf("%s: the full moon of %s is not within a day of a Kanka full moon", file, full.Format(time.RFC3339))
			}
		}
		if n < 2450 {
			t.Fatalf("only %d full moons from 1901 to 2099", n)
		}
	}
}

// meeusFullMoon is the time (UTC, within a minute or two) of full moon k
// + 0.5 after the new moon of 2000-01-06 (Meeus, Astronomical Algorithms,
// chapter 49, the periodic terms of the full moon).
func meeusFullMoon(k float64) time.Time {
	t := k / 1236.85
	rad := math.Pi / 180
	jde := 2451550.09766 + 29.530588861*k + 0.00015437*t*t - 0.000000150*t*t*t + 0.00000000073*t*t*t*t
	e := 1 - 0.002516*t - 0.0000074*t*t
	m := (2.5534 + 29.10535670*k - 0.0000014*t*t - 0.00000011*t*t*t) * rad
	mp := (201.5643 + 385.81693528*k + 0.0107582*t*t + 0.00001238*t*t*t - 0.000000058*t*t*t*t) * rad
	f := (160.7108 + 390.67050284*k - 0.0016118*t*t - 0.00000227*t*t*t + 0.000000011*t*t*t*t) * rad
	o := (124.7746 - 1.56375588*k + 0.0020672*t*t + 0.00000215*t*t*t) * rad
	s := math.Sin
	jde += -0.40614*s(mp) + 0.17302*e*s(m) + 0.01614*s(2*mp) + 0.01043*s(2*f) + 0.00734*e*s(mp-m) -
		0.00515*e*s(mp+m) + 0.00209*e*e*s(2*m) - 0.00111*s(mp-2*f) - 0.00057*s(mp+2*f) + 0.00056*e*s(2*mp+m) -
		0.00042*s(3*mp) + 0.00042*e*s(m+2*f) + 0.00038*e*s(m-2*f) - 0.00024*e*s(2*mp-m) - 0.00017*s(o) -
		0.00007*s(mp+2*m) + 0.00004*s(2*mp-2*f) + 0.00004*s(3*m) + 0.00003*s(mp+m-2*f) + 0.00003*s(2*mp+2*f) -
		0.00003*s(mp+m+2*f) + 0.00003*s(mp-m+2*f) - 0.00002*s(mp-m-2*f) - 0.00002*s(3*mp+m) + 0.00002*s(4*mp)
	return time.Unix(int64((jde-2440587.5)*86400), 0).UTC()
}

// TestMeeusFullMoon checks the astronomy against full moons of record.
func TestMeeusFullMoon(t *testing.T) {
	for _, want := range []string{"2000-01-21T04:40", "2024-01-25T17:54", "2019-01-21T05:16", "2020-10-31T14:49"} {
		at, _ := time.Parse("2006-01-02T15:04", want)
		k := math.Round((float64(at.Unix())/86400+2440587.5-2451550.09766)/29.530588861-0.5) + 0.5
		if got := meeusFullMoon(k); got.Sub(at).Abs() > 3*time.Minute {
			t.Errorf("full moon %s computed at %s", want, got.Format(time.RFC3339))
		}
	}
}

// TestGregorianLeapLoss: the loss names the rule and the year 2100.
func TestGregorianLeapLoss(t *testing.T) {
	for _, file := range gregorianFiles {
		res, err := Convert(readTestdata(t, file), Auto)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Losses) == 0 || !strings.Contains(res.Losses[0], "400,!100,4") || !strings.HasSuffix(res.Losses[0], "the first year where they differ is 2100") {
			t.Errorf("%s: losses %q", file, res.Losses)
		}
	}
}
