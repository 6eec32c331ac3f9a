package almanac

import "testing"

func TestCheckMessages(t *testing.T) {
	h := mustNew(t, harptos())
	c := julianLike()
	c.SkipYearZero = true
	j := mustNew(t, c)
	cases := []struct {
		r    *Reckoning
		d    Date
		want string
	}{
		{j, date(2023, 1, 31), ""},
		{j, date(2023, 4, 31), "day 31 does not exist: April has 30 days"},
		{j, date(2024, 2, 30), "day 30 does not exist: February has 29 days in leap years"},
		{j, date(2023, 2, 30), "day 30 does not exist: February has 28 days"},
		{j, date(2023, 13, 1), "month 13 does not exist: the calendar has 12 months"},
		{j, date(2023, 0, 1), "month 0 does not exist: the calendar has 12 months"},
		{j, date(2023, 1, 0), "day 0 does not exist: days are counted from 1"},
		{j, date(0, 1, 1), "year 0 does not exist in this calendar"},
		{h, date(0, 1, 1), ""},
		{h, date(1491, 10, 2), "day 2 of Midsummer exists only in leap years"},
		{h, date(1492, 10, 3), "day 3 does not exist: Midsummer has 2 days in leap years"},
		{h, date(1492, 2, 2), "day 2 does not exist: Midwinter has 1 day"},
		{h, date(1_000_000_000_000_000, 1, 1), "year 1000000000000000 is out of range: years go from -1000000000000 to 1000000000000"},
		{h, date(-1_000_000_000_000, 1, 1), ""},
	}
	for _, c := range cases {
		err := c.r.Check(c.d)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("Check(%s) = %q, want %q", c.d, got, c.want)
		}
	}
	one := mustNew(t, Calendar{Months: []Month{{Name: "Only", Length: 10}}})
	if err := one.Check(date(1, 2, 1)); err == nil || err.Error() != "month 2 does not exist: the calendar has 1 month" {
		t.Errorf("Check on a one-month calendar = %v", err)
	}
}
