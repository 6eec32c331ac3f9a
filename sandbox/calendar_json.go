package sandbox

import (
	"net/http"
	"strconv"
)

// calendarJSON is a calendar as the service answers it: the fields of
// calendar-api.md 2.1 in its order, or, live, the live resource's keys in
// theirs.
func (s *Server) calendarJSON(r *http.Request, c *calendar) object {
	months := make([]object, len(c.Months))
	for i, m := range c.Months {
		months[i] = object{{"name", m.Name}, {"length", m.Length}, {"type", m.Type}}
		if m.Alias != "" {
			months[i].set("alias", m.Alias)
		}
	}
	seasons := make([]object, len(c.Seasons))
	for i, se := range c.Seasons {
		seasons[i] = object{{"name", se.Name}, {"month", se.Month}, {"day", se.Day}}
	}
	moons := make([]object, len(c.Moons))
	for i, m := range c.Moons {
		moons[i] = object{{"name", m.Name}, {"fullmoon", m.Fullmoon}, {"offset", m.Offset}, {"colour", m.Colour}, {"id", m.ID}}
	}
	// years: the service's PHP array turns into [] when empty and into an
	// object keyed by year number otherwise.
	var years any = []string{}
	if len(c.Years) > 0 {
		obj := object{}
		for _, y := range c.Years {
			obj.set(strconv.Itoa(y.Number), y.Name)
		}
		years = obj
	}
	weekdays := c.Weekdays
	if weekdays == nil {
		weekdays = []string{}
	}
	tags := c.Tags
	if tags == nil {
		tags = []int{}
	}
	date := strconv.Itoa(c.CurrentYear) + "-" + strconv.Itoa(c.CurrentMonth) + "-" + strconv.Itoa(c.CurrentDay)

	if !s.live {
		return object{
			{"id", c.ID},
			{"name", c.Name},
			{"entry", c.Entry},
			{"image", c.Image},
			{"image_full", c.Image},
			{"image_thumb", c.Image},
			{"has_custom_image", c.Image != ""},
			{"is_private", c.IsPrivate},
			{"entity_id", c.EntityID},
			{"tags", tags},
			{"created_at", isoTime(c.CreatedAt)},
			{"created_by", sandboxUser},
			{"updated_at", isoTime(c.UpdatedAt)},
			{"updated_by", sandboxUser},
			{"type", c.Type},
			{"date", date},
			{"parameters", nil},
			{"months", months},
			{"start_offset", c.StartOffset},
			{"weekdays", weekdays},
			{"years", years},
			{"seasons", seasons},
			{"moons", moons},
			{"suffix", c.Suffix},
			{"has_leap_year", c.HasLeapYear},
			{"leap_year_amount", c.LeapYearAmount},
			{"leap_year_month", c.LeapYearMonth},
			{"leap_year_offset", c.LeapYearOffset},
			{"leap_year_start", c.LeapYearStart},
		}
	}
	base := baseURL(r)
	return object{
		{"id", c.ID},
		{"name", c.Name},
		{"entry", c.Entry},
		{"entry_parsed", c.Entry},
		{"tooltip", nil},
		{"type", c.Type},
		{"image", c.Image},
		{"focus_x", nil},
		{"focus_y", nil},
		{"image_full", c.Image},
		{"image_thumb", c.Image},
		{"has_custom_image", c.Image != ""},
		{"image_uuid", nil},
		{"header_full", nil},
		{"header_uuid", nil},
		{"has_custom_header", false},
		{"is_private", c.IsPrivate},
		{"is_template", false},
		{"is_attributes_private", false},
		{"status_id", nil},
		{"status", nil},
		{"entity_id", c.EntityID},
		{"tags", tags},
		{"urls", object{
			{"view", base + "/w/" + strconv.Itoa(s.campaign) + "/entities/" + strconv.Itoa(c.EntityID)},
			{"api", base + apiPrefix + strconv.Itoa(s.campaign) + "/calendars/" + strconv.Itoa(c.ID)},
		}},
		{"created_at", isoTime(c.CreatedAt)},
		{"created_by", sandboxUser},
		{"updated_at", isoTime(c.UpdatedAt)},
		{"updated_by", sandboxUser},
		{"date", date},
		{"parameters", nil},
		{"months", months},
		{"weekdays", weekdays},
		{"years", years},
		{"seasons", seasons},
		{"moons", moons},
		{"start_offset", c.StartOffset},
		{"suffix", c.Suffix},
		{"format", c.Format},
		{"has_leap_year", c.HasLeapYear},
		{"skip_year_zero", c.SkipYearZero},
		{"leap_year_amount", c.LeapYearAmount},
		{"leap_year_month", c.LeapYearMonth},
		{"leap_year_offset", c.LeapYearOffset},
		{"leap_year_start", c.LeapYearStart},
	}
}

// sandboxUser is the one user of the sandbox: every record's creator.
const sandboxUser = 1
