package almanac

import (
	"slices"
	"testing"
)

func wantSeason(t *testing.T, r *Reckoning, d Date, name string, start Date) {
	t.Helper()
	s, ok, err := r.SeasonOf(d)
	if err != nil || !ok || s.Name != name || s.Date != start {
		t.Errorf("SeasonOf(%s) = %+v, %v, %v; want %s from %s", d, s, ok, err, name, start)
	}
}

func wantNoSeason(t *testing.T, r *Reckoning, d Date) {
	t.Helper()
	if s, ok, err := r.SeasonOf(d); err != nil || ok {
		t.Errorf("SeasonOf(%s) = %+v, %v, %v; want no season", d, s, ok, err)
	}
}

// Meteorological seasons on the first of March, June, September and December.
func TestSeasonStartingOnTheFirstOfAMonthStartsThatDay(t *testing.T) {
	c := julianLike()
	c.Seasons = []Season{{"Spring", 3, 1}, {"Summer", 6, 1}, {"Autumn", 9, 1}, {"Winter", 12, 1}}
	r := mustNew(t, c)
	starts, err := r.SeasonStarts(2024)
	want := []SeasonStart{{"Spring", date(2024, 3, 1)}, {"Summer", date(2024, 6, 1)}, {"Autumn", date(2024, 9, 1)}, {"Winter", date(2024, 12, 1)}}
	if err != nil || !slices.Equal(starts, want) {
		t.Errorf("SeasonStarts(2024) = %+v, %v; want %+v", starts, err, want)
	}
	wantSeason(t, r, date(2024, 2, 29), "Winter", date(2023, 12, 1))
	wantSeason(t, r, date(2024, 3, 1), "Spring", date(2024, 3, 1))
	wantSeason(t, r, date(2024, 12, 1), "Winter", date(2024, 12, 1))
	v, err := r.MonthView(2024, 6)
	if err != nil {
		t.Fatal(err)
	}
	if d := v.Days[0]; !d.SeasonStart || d.Season == nil || *d.Season != "Summer" {
		t.Errorf("1 June 2024 in the month view = %+v, want Summer starting", d)
	}
	// A season on the first of the first month starts the year.
	c = twoMonths()
	c.Seasons = []Season{{"New Year", 1, 1}}
	r = mustNew(t, c)
	wantSeason(t, r, date(7, 1, 1), "New Year", date(7, 1, 1))
	wantSeason(t, r, date(7, 2, 30), "New Year", date(7, 1, 1))
}

func TestOfTwoSeasonsStartingOnOneDayTheLaterInTheListWins(t *testing.T) {
	c := twoMonths()
	c.Seasons = []Season{{"Old", 1, 10}, {"New", 1, 10}, {"Other", 2, 1}}
	r := mustNew(t, c)
	starts, _ := r.SeasonStarts(3)
	want := []SeasonStart{{"Old", date(3, 1, 10)}, {"New", date(3, 1, 10)}, {"Other", date(3, 2, 1)}}
	if !slices.Equal(starts, want) {
		t.Errorf("SeasonStarts(3) = %+v, want %+v (the list's order on a shared day)", starts, want)
	}
	wantSeason(t, r, date(3, 1, 10), "New", date(3, 1, 10))
	wantSeason(t, r, date(3, 1, 30), "New", date(3, 1, 10))
	v, _ := r.MonthView(3, 1)
	if d := v.Days[9]; !d.SeasonStart || d.Season == nil || *d.Season != "New" {
		t.Errorf("3-1-10 in the month view = %+v, want New starting", d)
	}
}

// A season on 31 Ches (Ches has 30 days) never starts, in any year.
func TestSeasonOnADayThatNeverExistsIsNeverInEffect(t *testing.T) {
	c := harptos()
	c.Seasons = []Season{{"Never", 4, 31}}
	r := mustNew(t, c)
	for _, d := range []Date{date(1492, 5, 1), date(1493, 1, 1), date(1489, 10, 1)} {
		wantNoSeason(t, r, d)
	}
	if starts, _ := r.SeasonStarts(1492); len(starts) != 0 {
		t.Errorf("SeasonStarts(1492) = %+v, want none", starts)
	}
	v, err := r.MonthView(1493, 4)
	if err != nil {
		t.Fatal(err)
	}
	if d := v.Days[29]; d.Season != nil || d.SeasonStart {
		t.Errorf("30 Ches 1493 = %+v, want no season", d)
	}
}

func TestSeasonsWrapAcrossASkippedYearZero(t *testing.T) {
	c := harptos()
	c.SkipYearZero = true
	r := mustNew(t, c)
	// Before Spring, Winter of the year before; the year before 1 is -1.
	wantSeason(t, r, date(1492, 1, 1), "Winter", date(1491, 17, 20))
	wantSeason(t, r, date(1, 1, 1), "Winter", date(-1, 17, 20))
	wantSeason(t, r, date(1, 4, 18), "Winter", date(-1, 17, 20))
	wantSeason(t, r, date(-1, 1, 1), "Winter", date(-2, 17, 20))
	wantSeason(t, r, date(2, 1, 1), "Winter", date(1, 17, 20))
}

// Shield starts on Shieldmeet (2 Midsummer), which exists only in leap
// years: 4, 8, ..., 1492, ...
func TestSeasonOfLeapDaysOnlyComesFromTheLastLeapYear(t *testing.T) {
	c := harptos()
	c.Seasons = []Season{{"Shield", 10, 2}}
	r := mustNew(t, c)
	// Year 4 is the first leap year: nothing before its Shieldmeet.
	wantNoSeason(t, r, date(4, 1, 1))
	wantNoSeason(t, r, date(4, 10, 1))
	wantSeason(t, r, date(4, 10, 2), "Shield", date(4, 10, 2))
	wantSeason(t, r, date(5, 1, 1), "Shield", date(4, 10, 2))
	wantSeason(t, r, date(6, 1, 1), "Shield", date(4, 10, 2))
	wantSeason(t, r, date(7, 1, 1), "Shield", date(4, 10, 2))
	wantSeason(t, r, date(8, 1, 1), "Shield", date(4, 10, 2))

	// Without year 0 the leap years are still every fourth from 4.
	c.SkipYearZero = true
	z := mustNew(t, c)
	wantSeason(t, z, date(1494, 1, 1), "Shield", date(1492, 10, 2))
	wantSeason(t, z, date(1495, 1, 1), "Shield", date(1492, 10, 2))
	wantSeason(t, z, date(6, 1, 1), "Shield", date(4, 10, 2))
	wantNoSeason(t, z, date(3, 1, 1))

	// Leap years -8, -4, (0 does not exist), 4: the one before year 2 is -4.
	c.Leap.Start = -8
	n := mustNew(t, c)
	if n.IsLeapYear(0) {
		t.Error("year 0 is a leap year though it does not exist")
	}
	wantSeason(t, n, date(1, 1, 1), "Shield", date(-4, 10, 2))
	wantSeason(t, n, date(2, 1, 1), "Shield", date(-4, 10, 2))
	wantSeason(t, n, date(4, 10, 1), "Shield", date(-4, 10, 2))
	wantSeason(t, n, date(4, 10, 2), "Shield", date(4, 10, 2))
}

func TestSeasonsAtTheStartOfTheYears(t *testing.T) {
	r := mustNew(t, harptos())
	// The first year has no year before it to take Winter from.
	wantNoSeason(t, r, date(-MaxYear, 1, 1))
	wantSeason(t, r, date(-MaxYear, 17, 20), "Winter", date(-MaxYear, 17, 20))
	wantSeason(t, r, date(-MaxYear+1, 1, 1), "Winter", date(-MaxYear, 17, 20))

	// Leap years from the very first year: Shield's last start before
	// year -MaxYear+2 is in year -MaxYear.
	c := harptos()
	c.Seasons = []Season{{"Shield", 10, 2}}
	c.Leap.Start = -MaxYear
	l := mustNew(t, c)
	wantNoSeason(t, l, date(-MaxYear, 10, 1))
	wantSeason(t, l, date(-MaxYear+1, 1, 1), "Shield", date(-MaxYear, 10, 2))
	wantSeason(t, l, date(-MaxYear+2, 1, 1), "Shield", date(-MaxYear, 10, 2))
}
