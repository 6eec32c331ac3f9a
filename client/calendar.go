package client

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"

	"github.com/kanka-cli/kanka/almanac"
)

// Month is one month of a calendar.
type Month struct {
	Name   string `json:"name" yaml:"name"`
	Length int    `json:"length" yaml:"length"`
	// Type is "standard" or "intercalary"; empty means standard.
	Type string `json:"type,omitempty" yaml:"type,omitempty"`
	// Alias is a live-service extra: a second name for the month.
	Alias string `json:"alias,omitempty" yaml:"alias,omitempty"`
}

// Season starts on a day of a month (both counted from 1).
type Season struct {
	Name  string `json:"name" yaml:"name"`
	Month int    `json:"month" yaml:"month"`
	Day   int    `json:"day" yaml:"day"`
	// MonthName is the month written by name, until
	// CalendarInput.ResolveMonths turns it into Month.
	MonthName *Written `json:"-" yaml:"-"`
}

// Moon is a moon with a full moon every Fullmoon days.
type Moon struct {
	Name     string  `json:"name" yaml:"name"`
	Fullmoon float64 `json:"fullmoon" yaml:"fullmoon"`
	Offset   int     `json:"offset,omitempty" yaml:"offset,omitempty"`
	Colour   string  `json:"colour,omitempty" yaml:"colour,omitempty"`
	// ID is the server's id of an existing moon; nil for a new one.
	ID *int `json:"id,omitempty" yaml:"id,omitempty"`
}

// Date is a day of a fictional calendar. Years may be zero or negative.
type Date struct {
	Year, Month, Day int
}

var datePattern = regexp.MustCompile(`^\s*(-?\d+)-(\d+)-(\d+)\s*$`)

// ParseDate reads "Y-M-D" (the year may be negative, as in "-12-3-1").
func ParseDate(s string) (Date, error) {
	m := datePattern.FindStringSubmatch(s)
	if m == nil {
		return Date{}, fmt.Errorf("%q is not a date of the form YEAR-MONTH-DAY", s)
	}
	y, err1 := strconv.Atoi(m[1])
	mo, err2 := strconv.Atoi(m[2])
	d, err3 := strconv.Atoi(m[3])
	if err1 != nil || err2 != nil || err3 != nil {
		return Date{}, fmt.Errorf("%q has a number too large", s)
	}
	return Date{Year: y, Month: mo, Day: d}, nil
}

func (d Date) String() string { return fmt.Sprintf("%d-%d-%d", d.Year, d.Month, d.Day) }

// MarshalText writes "Y-M-D", so a date is one string in JSON and YAML.
func (d Date) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads "Y-M-D".
func (d *Date) UnmarshalText(b []byte) error {
	parsed, err := ParseDate(string(b))
	if err != nil {
		return err
	}
	*d = parsed
	return nil
}

// Calendar is a calendar as the server returns it. Raw keeps the object the
// server sent, every key included, for JSON output.
type Calendar struct {
	ID             int
	Name           string
	Entry          string
	Image          string
	ImageFull      string
	ImageThumb     string
	HasCustomImage bool
	IsPrivate      bool
	EntityID       int
	Tags           []int
	CreatedAt      string
	CreatedBy      int
	UpdatedAt      string
	UpdatedBy      int
	Type           string
	// Date is the current date as sent ("Y-M-D"); see CurrentDate.
	Date           string
	Parameters     json.RawMessage
	Months         []Month
	StartOffset    int
	Weekdays       []string
	Years          map[int]string
	Seasons        []Season
	Moons          []Moon
	Suffix         string
	Format         string
	SkipYearZero   bool
	HasLeapYear    bool
	LeapYearAmount int
	LeapYearMonth  int
	LeapYearOffset int
	LeapYearStart  int

	Raw json.RawMessage
}

// CurrentDate parses Date; ok is false when the server sent none or an odd one.
func (c *Calendar) CurrentDate() (Date, bool) {
	d, err := ParseDate(c.Date)
	return d, err == nil
}

type wireMonth struct {
	Name   flexString `json:"name"`
	Length flexInt    `json:"length"`
	Type   flexString `json:"type"`
	Alias  flexString `json:"alias"`
}

type wireSeason struct {
	Name  flexString `json:"name"`
	Month flexInt    `json:"month"`
	Day   flexInt    `json:"day"`
}

type wireMoon struct {
	Name     flexString `json:"name"`
	Fullmoon flexFloat  `json:"fullmoon"`
	Offset   flexInt    `json:"offset"`
	Colour   flexString `json:"colour"`
	ID       *flexInt   `json:"id"`
}

type wireCalendar struct {
	ID             flexInt         `json:"id"`
	Name           flexString      `json:"name"`
	Entry          flexString      `json:"entry"`
	Image          flexString      `json:"image"`
	ImageFull      flexString      `json:"image_full"`
	ImageThumb     flexString      `json:"image_thumb"`
	HasCustomImage flexBool        `json:"has_custom_image"`
	IsPrivate      flexBool        `json:"is_private"`
	EntityID       flexInt         `json:"entity_id"`
	Tags           flexTags        `json:"tags"`
	CreatedAt      flexString      `json:"created_at"`
	CreatedBy      flexInt         `json:"created_by"`
	UpdatedAt      flexString      `json:"updated_at"`
	UpdatedBy      flexInt         `json:"updated_by"`
	Type           flexString      `json:"type"`
	Date           flexString      `json:"date"`
	Parameters     json.RawMessage `json:"parameters"`
	Months         []wireMonth     `json:"months"`
	StartOffset    flexInt         `json:"start_offset"`
	Weekdays       []flexString    `json:"weekdays"`
	Years          flexYears       `json:"years"`
	Seasons        []wireSeason    `json:"seasons"`
	Moons          []wireMoon      `json:"moons"`
	Suffix         flexString      `json:"suffix"`
	Format         flexString      `json:"format"`
	SkipYearZero   flexBool        `json:"skip_year_zero"`
	HasLeapYear    flexBool        `json:"has_leap_year"`
	LeapYearAmount flexInt         `json:"leap_year_amount"`
	LeapYearMonth  flexInt         `json:"leap_year_month"`
	LeapYearOffset flexInt         `json:"leap_year_offset"`
	LeapYearStart  flexInt         `json:"leap_year_start"`
}

// UnmarshalJSON decodes leniently and keeps the raw object.
func (c *Calendar) UnmarshalJSON(b []byte) error {
	var w wireCalendar
	if err := json.Unmarshal(b, &w); err != nil {
		return fmt.Errorf("decoding calendar: %w", err)
	}
	*c = Calendar{
		ID: int(w.ID), Name: string(w.Name), Entry: string(w.Entry),
		Image: string(w.Image), ImageFull: string(w.ImageFull), ImageThumb: string(w.ImageThumb),
		HasCustomImage: bool(w.HasCustomImage), IsPrivate: bool(w.IsPrivate),
		EntityID: int(w.EntityID), Tags: []int(w.Tags),
		CreatedAt: string(w.CreatedAt), CreatedBy: int(w.CreatedBy),
		UpdatedAt: string(w.UpdatedAt), UpdatedBy: int(w.UpdatedBy),
		Type: string(w.Type), Date: string(w.Date), Parameters: w.Parameters,
		StartOffset: int(w.StartOffset), Years: map[int]string(w.Years),
		Suffix: string(w.Suffix), Format: string(w.Format),
		SkipYearZero: bool(w.SkipYearZero), HasLeapYear: bool(w.HasLeapYear),
		LeapYearAmount: int(w.LeapYearAmount), LeapYearMonth: int(w.LeapYearMonth),
		LeapYearOffset: int(w.LeapYearOffset), LeapYearStart: int(w.LeapYearStart),
		Raw: append(json.RawMessage(nil), b...),
	}
	if c.Years == nil {
		c.Years = map[int]string{}
	}
	for _, m := range w.Months {
		c.Months = append(c.Months, Month{Name: string(m.Name), Length: int(m.Length), Type: string(m.Type), Alias: string(m.Alias)})
	}
	for _, d := range w.Weekdays {
		c.Weekdays = append(c.Weekdays, string(d))
	}
	for _, s := range w.Seasons {
		c.Seasons = append(c.Seasons, Season{Name: string(s.Name), Month: int(s.Month), Day: int(s.Day)})
	}
	for _, m := range w.Moons {
		moon := Moon{Name: string(m.Name), Fullmoon: float64(m.Fullmoon), Offset: int(m.Offset), Colour: string(m.Colour)}
		if m.ID != nil {
			id := int(*m.ID)
			moon.ID = &id
		}
		c.Moons = append(c.Moons, moon)
	}
	return nil
}

// IsLeapYear reports whether year gets the leap days, by the almanac's
// rule (the service's): the calendar has leap years, and year is the start
// year or a whole number of intervals after it (an interval below 1 counts
// as 1); a leap amount of 0 or below still makes leap years.
func (c *Calendar) IsLeapYear(year int) bool {
	cal := c.AlmanacCalendar()
	// Which years are leap years does not depend on the months: a calendar
	// the almanac cannot count (no months, a year too long) still answers.
	cal.Months = []almanac.Month{{Length: 1}}
	r, err := almanac.New(cal)
	return err == nil && r.IsLeapYear(year)
}

// RawJSON is the calendar exactly as the server sent it.
func (c *Calendar) RawJSON() json.RawMessage { return c.Raw }

// RecordID is the calendar's id.
func (c *Calendar) RecordID() int { return c.ID }
