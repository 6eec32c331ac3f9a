package sandbox

import (
	"net/http"
	"slices"
	"strconv"
)

// calendarJSON is a calendar as the service answers it: the fields of
// calendar-api.md 2.1 in its order, or, live, the live resource's keys in
// theirs, with null for what was never set or set to null, and with
// related=1 the related lists. Options.OmitKeys are left out.
func (s *Server) calendarJSON(r *http.Request, c *calendar) object {
	months := make([]object, len(c.Months))
	for i, m := range c.Months {
		months[i] = object{{"name", m.Name}, {"length", m.Length}, {"type", m.Type}}
		switch {
		case s.live && m.Alias == "":
			months[i].set("alias", nil)
		case m.Alias != "":
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
		return s.omit(withCalendarFields(c, false, object{
			{"id", c.ID},
			{"name", c.Name},
			{"entry", deref(c.Entry)},
			{"image", deref(c.Image)},
			{"image_full", deref(c.Image)},
			{"image_thumb", deref(c.Image)},
			{"has_custom_image", deref(c.Image) != ""},
			{"is_private", c.IsPrivate},
			{"entity_id", c.EntityID},
			{"tags", tags},
			{"created_at", isoTime(c.CreatedAt)},
			{"created_by", sandboxUser},
			{"updated_at", isoTime(c.UpdatedAt)},
			{"updated_by", sandboxUser},
			{"type", deref(c.Type)},
			{"date", date},
			{"parameters", nil},
			{"months", months},
			{"weekdays", weekdays},
			{"years", years},
			{"seasons", seasons},
			{"moons", moons},
		}))
	}
	base := baseURL(r)
	// Live, a field never set or set to null is null (the columns are
	// nullable), an image too: image_full and image_thumb follow image.
	o := object{
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
		{"has_custom_image", deref(c.Image) != ""},
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
	}
	o = withCalendarFields(c, true, o)
	if related(r) {
		for _, k := range relatedKeys {
			o.set(k, []any{})
		}
	}
	return s.omit(o)
}

// withCalendarFields is o, the answer of c, with the values of
// calendarFields: at the end, in the table's order, or in the document's
// mode after the key that the document shows one after.
func withCalendarFields(c *calendar, live bool, o object) object {
	for _, f := range calendarFields {
		if f.live && !live {
			continue
		}
		m := member{f.key, f.answer(c.Fields[f.key], live)}
		at := len(o)
		if f.after != "" && !live {
			at = slices.IndexFunc(o, func(m member) bool { return m.key == f.after }) + 1
		}
		o = slices.Insert(o, at, m)
	}
	return o
}

// relatedKeys are the lists the live calendar resource adds with
// related=1; the sandbox has none of those things, so they are empty.
var relatedKeys = []string{"attributes", "posts", "entity_events", "reminders", "relations",
	"inventory", "entity_abilities", "entity_assets", "parents", "children"}

// related reports whether the request asks for the related lists: a
// `related` parameter PHP reads as true (anything but "" and "0").
func related(r *http.Request) bool {
	v := r.URL.Query().Get("related")
	return v != "" && v != "0"
}

// omit leaves Options.OmitKeys out of a record's object.
func (s *Server) omit(o object) object {
	if len(s.omitKeys) == 0 {
		return o
	}
	kept := o[:0]
	for _, m := range o {
		if !s.omitKeys[m.key] {
			kept = append(kept, m)
		}
	}
	return kept
}

// sandboxUser is the one user of the sandbox: every record's creator.
const sandboxUser = 1
