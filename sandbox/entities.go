package sandbox

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// entity is an entity of the campaign: a calendar's (made from the
// calendar, see findEntity), or one of the state file's "entities", which
// the API cannot make: a character, a location... for reminders to belong
// to. Type is its module's code, ChildID the id of the character, location...
// that it is.
type entity struct {
	ID        int       `json:"id"`
	Name      string    `json:"name"`
	Type      string    `json:"type"`
	ChildID   int       `json:"child_id"`
	CreatedAt time.Time `json:"created_at,omitzero"`
	UpdatedAt time.Time `json:"updated_at,omitzero"`
	Unknown   unknown   `json:"-"`
	// calendar is the calendar whose entity this is, nil for the state
	// file's.
	calendar *calendar
}

type plainEntity entity

func (e *entity) UnmarshalJSON(b []byte) error {
	return readKeeping(b, (*plainEntity)(e), &e.Unknown)
}

// entityTypes are the modules' codes, at the index of their type id.
var entityTypes = []string{"", "character", "family", "location", "organisation", "item", "note", "event",
	"calendar", "race", "quest", "journal", "tag", "dice_roll", "conversation", "attribute_template",
	"ability", "map", "timeline"}

// findEntity is entity id: a calendar's, or one of the state file's; nil
// when there is none.
func (st *state) findEntity(id int) *entity {
	for _, c := range st.Calendars {
		if c.EntityID == id {
			return &entity{ID: id, Name: c.Name, Type: "calendar", ChildID: c.ID,
				CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt, calendar: c}
		}
	}
	for _, e := range st.Entities {
		if e.ID == id {
			return e
		}
	}
	return nil
}

// nextEntityID hands out the next entity id that no entity of the state
// file has (a file written by hand may name any).
func (st *state) nextEntityID() (int, *idsSpentError) {
	for {
		id, err := nextID(&st.LastIDs.Entity, "entity")
		if err != nil || !slices.ContainsFunc(st.Entities, func(e *entity) bool { return e.ID == id }) {
			return id, err
		}
	}
}

// getEntity serves GET entities/{id}, the live service's entity endpoint,
// in both modes (the document has none).
func (s *Server) getEntity(r *http.Request, ids []string) reply {
	var rep reply
	err := s.store.view(func(st *state) {
		if e := st.findEntity(idOf(ids[0])); e == nil {
			rep = modelNotFound("Entity", ids[0])
		} else {
			rep = dataReply(http.StatusOK, s.entityJSON(r, e))
		}
	})
	if err != nil {
		return storeFailure(err)
	}
	return rep
}

// entityJSON is an entity as the live entity resource answers it. A
// calendar's carries its tags and privacy; an entity of the state file has
// none, and null times when the file gives none.
func (s *Server) entityJSON(r *http.Request, e *entity) object {
	var typeID any
	if i := slices.Index(entityTypes, e.Type); i > 0 {
		typeID = i
	}
	tags, private := []int{}, false
	if c := e.calendar; c != nil {
		tags, private = append(tags, c.Tags...), c.IsPrivate
	}
	when := func(t time.Time) any {
		if t.IsZero() {
			return nil
		}
		return isoTime(t)
	}
	// The API's path of the child: characters/3, families/2...
	plural := e.Type + "s"
	if stem, ok := strings.CutSuffix(e.Type, "y"); ok {
		plural = stem + "ies"
	}
	base := baseURL(r)
	return object{
		{"id", e.ID},
		{"name", e.Name},
		{"type", e.Type},
		{"type_id", typeID},
		{"child_id", e.ChildID},
		{"tags", tags},
		{"is_private", private},
		{"is_template", false},
		{"campaign_id", s.campaign},
		{"is_attributes_private", false},
		{"tooltip", nil},
		{"header_image", nil},
		{"image_uuid", nil},
		{"created_at", when(e.CreatedAt)},
		{"created_by", sandboxUser},
		{"updated_at", when(e.UpdatedAt)},
		{"updated_by", sandboxUser},
		{"urls", object{
			{"view", base + "/w/" + strconv.Itoa(s.campaign) + "/entities/" + strconv.Itoa(e.ID)},
			{"api", base + apiPrefix + strconv.Itoa(s.campaign) + "/" + plural + "/" + strconv.Itoa(e.ChildID)},
		}},
	}
}
