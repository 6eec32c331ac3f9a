package client

import "encoding/json"

// CalendarInput is the writable part of a calendar, with months, seasons and
// moons as nested values. It encodes to the interface's parallel arrays
// (month_name/month_length/..., season_name/season_month/...), so a payload
// whose arrays disagree in length cannot be built.
//
// A nil pointer or nil slice is "not given": create and patch leave it out.
// An update that must not lose data starts from FromCalendar, which sets every
// field, and changes only what the user asked.
type CalendarInput struct {
	Name  string  `yaml:"name"`
	Type  *string `yaml:"type,omitempty"`
	Entry *string `yaml:"entry,omitempty"`
	Date  *Date   `yaml:"date,omitempty"`
	// DateMonth is the date's month written by name (Date.Month is then
	// 0), until ResolveMonths turns it into a number.
	DateMonth *Written `yaml:"-"`
	Months    []Month  `yaml:"months,omitempty"`
	Weekdays  []string `yaml:"weekdays,omitempty"`
	Years     Years    `yaml:"years,omitempty"`
	Seasons   []Season `yaml:"seasons,omitempty"`
	Moons     []Moon   `yaml:"moons,omitempty"`
	// Epochs can be written but the service never returns them, so they
	// cannot survive a read-modify-write; they are sent only when given.
	Epochs       []string `yaml:"epochs,omitempty"`
	Suffix       *string  `yaml:"suffix,omitempty"`
	Format       *string  `yaml:"format,omitempty"`
	SkipYearZero *bool    `yaml:"skip_year_zero,omitempty"`
	StartOffset  *int     `yaml:"start_offset,omitempty"`

	HasLeapYear    *bool `yaml:"has_leap_year,omitempty"`
	LeapYearAmount *int  `yaml:"leap_year_amount,omitempty"`
	LeapYearOffset *int  `yaml:"leap_year_offset,omitempty"`
	LeapYearStart  *int  `yaml:"leap_year_start,omitempty"`
	LeapYearMonth  *int  `yaml:"leap_year_month,omitempty"`
	// LeapYearMonthName is the leap month written by name, until
	// ResolveMonths turns it into LeapYearMonth.
	LeapYearMonthName *Written `yaml:"-"`

	Tags      []int `yaml:"tags,omitempty"`
	IsPrivate *bool `yaml:"is_private,omitempty"`

	// Images are write-only: the server answers with paths and URLs instead.
	ImageURL         string `yaml:"image_url,omitempty"`
	EntityImageUUID  string `yaml:"entity_image_uuid,omitempty"`
	EntityHeaderUUID string `yaml:"entity_header_uuid,omitempty"`
}

// Years maps a year number to its name.
type Years map[int]string

// DefaultMoonColour is what the live service assumes for a moon with no colour.
const DefaultMoonColour = "grey"

// FromCalendar returns the writable part of c with every field set, so that
// sending it back changes nothing.
func FromCalendar(c *Calendar) CalendarInput {
	in := CalendarInput{
		Name:           c.Name,
		Type:           ptr(c.Type),
		Entry:          ptr(c.Entry),
		Months:         append([]Month{}, c.Months...),
		Weekdays:       append([]string{}, c.Weekdays...),
		Years:          Years{},
		Seasons:        append([]Season{}, c.Seasons...),
		Moons:          cloneMoons(c.Moons),
		Suffix:         ptr(c.Suffix),
		Format:         ptr(c.Format),
		SkipYearZero:   ptr(c.SkipYearZero),
		StartOffset:    ptr(c.StartOffset),
		HasLeapYear:    ptr(c.HasLeapYear),
		LeapYearAmount: ptr(c.LeapYearAmount),
		LeapYearOffset: ptr(c.LeapYearOffset),
		LeapYearStart:  ptr(c.LeapYearStart),
		LeapYearMonth:  ptr(c.LeapYearMonth),
		Tags:           append([]int{}, c.Tags...),
		IsPrivate:      ptr(c.IsPrivate),
	}
	for k, v := range c.Years {
		in.Years[k] = v
	}
	if d, ok := c.CurrentDate(); ok {
		in.Date = &d
	}
	return in
}

func cloneMoons(moons []Moon) []Moon {
	out := make([]Moon, len(moons))
	for i, m := range moons {
		out[i] = m
		if m.ID != nil {
			out[i].ID = ptr(*m.ID)
		}
	}
	return out
}

func ptr[T any](v T) *T { return &v }

// MarshalJSON encodes the wire payload: nested values become parallel arrays.
func (in CalendarInput) MarshalJSON() ([]byte, error) {
	p := map[string]any{"name": in.Name}
	setIf(p, "type", in.Type)
	setIf(p, "entry", in.Entry)
	if in.Date != nil {
		p["current_year"], p["current_month"], p["current_day"] = in.Date.Year, in.Date.Month, in.Date.Day
	}
	if in.Months != nil {
		names, lengths, types, aliases := []string{}, []int{}, []string{}, []string{}
		for _, m := range in.Months {
			t := m.Type
			if t == "" {
				t = "standard"
			}
			names, lengths, types, aliases = append(names, m.Name), append(lengths, m.Length), append(types, t), append(aliases, m.Alias)
		}
		p["month_name"], p["month_length"], p["month_type"], p["month_alias"] = names, lengths, types, aliases
	}
	if in.Weekdays != nil {
		p["weekday"] = in.Weekdays
	}
	if in.Years != nil {
		numbers, names := []int{}, []string{}
		for _, n := range sortedYears(in.Years) {
			numbers, names = append(numbers, n), append(names, in.Years[n])
		}
		p["year_number"], p["year_name"] = numbers, names
	}
	if in.Seasons != nil {
		names, months, days := []string{}, []int{}, []int{}
		for _, s := range in.Seasons {
			names, months, days = append(names, s.Name), append(months, s.Month), append(days, s.Day)
		}
		p["season_name"], p["season_month"], p["season_day"] = names, months, days
	}
	if in.Moons != nil {
		// The live service requires offset, colour and id beside every name.
		names, fulls, offsets, colours, ids := []string{}, []float64{}, []int{}, []string{}, []*int{}
		for _, m := range in.Moons {
			colour := m.Colour
			if colour == "" {
				colour = DefaultMoonColour
			}
			names, fulls, offsets = append(names, m.Name), append(fulls, m.Fullmoon), append(offsets, m.Offset)
			colours, ids = append(colours, colour), append(ids, m.ID)
		}
		p["moon_name"], p["moon_fullmoon"], p["moon_offset"], p["moon_colour"], p["moon_id"] = names, fulls, offsets, colours, ids
	}
	if in.Epochs != nil {
		p["epoch_name"] = in.Epochs
	}
	setIf(p, "suffix", in.Suffix)
	setIf(p, "format", in.Format)
	setIf(p, "skip_year_zero", in.SkipYearZero)
	setIf(p, "start_offset", in.StartOffset)
	setIf(p, "has_leap_year", in.HasLeapYear)
	setIf(p, "leap_year_amount", in.LeapYearAmount)
	setIf(p, "leap_year_offset", in.LeapYearOffset)
	setIf(p, "leap_year_start", in.LeapYearStart)
	setIf(p, "leap_year_month", in.LeapYearMonth)
	if in.Tags != nil {
		p["tags"] = in.Tags
	}
	setIf(p, "is_private", in.IsPrivate)
	for key, v := range map[string]string{"image_url": in.ImageURL, "entity_image_uuid": in.EntityImageUUID, "entity_header_uuid": in.EntityHeaderUUID} {
		if v != "" {
			p[key] = v
		}
	}
	return json.Marshal(p)
}

func setIf[T any](p map[string]any, key string, v *T) {
	if v != nil {
		p[key] = *v
	}
}

// KeepMoonIDs gives a moon without an id the id of the current moon of the
// same name, so that an update that replaces the moon list (--moon, a
// file, apply) updates those moons instead of deleting and re-creating
// them. One id goes to one moon.
func KeepMoonIDs(moons, current []Moon) {
	ids := map[string]*int{}
	for _, m := range current {
		if m.ID != nil {
			ids[m.Name] = m.ID
		}
	}
	for i := range moons {
		if moons[i].ID == nil {
			if id, ok := ids[moons[i].Name]; ok {
				moons[i].ID = ptr(*id)
				delete(ids, moons[i].Name)
			}
		}
	}
}
