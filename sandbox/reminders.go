package sandbox

import (
	"math"
	"strconv"
	"time"
)

// entityModel is the remindable type of a reminder on an entity (a
// reminder on a post has App\Models\Post, made in the state file only).
const entityModel = `App\Models\Entity`

// reminder is a stored reminder; a nil pointer is a null.
type reminder struct {
	childRecord
	RemindableID   int     `json:"remindable_id"`
	RemindableType string  `json:"remindable_type"`
	CalendarID     int     `json:"calendar_id"`
	Day            int     `json:"day"`
	Month          int     `json:"month"`
	Year           int     `json:"year"`
	Length         int     `json:"length"`
	Comment        *string `json:"comment"`
	IsRecurring    bool    `json:"is_recurring"`
	RecurringUntil *string `json:"recurring_until"`
	Periodicity    *string `json:"recurring_periodicity"`
	Colour         *string `json:"colour"`
	TypeID         *int    `json:"type_id"`
	VisibilityID   int     `json:"visibility_id"`
	Unknown        unknown `json:"-"`
}

type plainReminder reminder

func (r *reminder) UnmarshalJSON(b []byte) error {
	return readKeeping(b, (*plainReminder)(r), &r.Unknown)
}

func (r *reminder) calendarOf() int { return r.CalendarID }
func (r *reminder) entityOf() (int, bool) {
	return r.RemindableID, r.RemindableType == entityModel
}

// reminderKind is the reminders (reminders.md), under an entity, and listed
// by calendar too. The document says nothing of them, so both modes serve
// them as the live service does: 201 on create and an empty 204 on delete,
// {"data":...} answers, request bodies trimmed with empty strings made
// null, 15 a page, a record found by its id whatever the entity in its path.
// Only the periodicity's length differs (see its field).
var reminderKind = children[*reminder]{
	model:    "Reminder",
	counter:  func(ids *lastIDs) *int { return &ids.Reminder },
	idKind:   "reminder",
	records:  func(st *state) *[]*reminder { return &st.Reminders },
	pageSize: func(*Server) int { return 15 },
	asLive:   true,
	idAlone:  true,
	step:     time.Microsecond, // the answers show microseconds
	fresh: func(id int, p parent, now time.Time) *reminder {
		return &reminder{childRecord: childRecord{ID: id, CreatedAt: now, UpdatedAt: now},
			RemindableID: p.entity.ID, RemindableType: entityModel, Length: 1, VisibilityID: 1}
	},
	// As the service's StoreReminder reads them, in its order. A create
	// needs calendar_id, day, month and year; an update keeps what it
	// leaves out. The day and month are not checked against the calendar.
	// The length and the visibility, sent null, are left as they are.
	fields: []field{
		integer("calendar_id").required(onCreate).checked(aCalendar),
		whole("day", 1, math.MaxInt).required(onCreate),
		whole("month", 1, math.MaxInt).required(onCreate),
		integer("year").required(onCreate),
		whole("length", 1, math.MaxInt),
		text("recurring_until", 12).orNumber(),
		// 5 characters live, as the release line takes; 32 in the
		// document's mode, as the develop line does, so that a client
		// meets both.
		text("recurring_periodicity", 32).maxLive(5).orNumber(),
		text("colour", 7),
		text("comment", 191).orNumber(),
		// The types the service has: 2 birth, 3 death, 4 a calendar date,
		// 5 founded.
		whole("type_id", 2, 5).oneOf(),
		whole("visibility_id", 1, 5).oneOf(),
	},
	read:   readReminder,
	answer: (*Server).reminderJSON,
}

// readReminder is what StoreReminder does beyond its fields: every save
// purifies the comment's HTML (purify), makes is_recurring "a periodicity
// is set" and drops recurring_until without one; a write's answer shows
// recurring_until as it was sent (a number stays a number), and a
// create's a null length when it sent none.
func readReminder(r reading, _ parent, vs values) change[*reminder] {
	if comment := vs["comment"]; comment.v != nil {
		*comment.v = purify((*comment.v).(string))
	}
	return change[*reminder]{apply: func(rec *reminder) {
		rec.IsRecurring = deref(rec.Periodicity) != ""
		if !rec.IsRecurring {
			rec.RecurringUntil = nil
		}
	}, echo: func(rec *reminder) (echo object) {
		if r.creating && !r.in.has("length") {
			echo.set("length", nil)
		}
		if rec.RecurringUntil != nil && r.in.has("recurring_until") {
			echo.set("recurring_until", r.in.raw["recurring_until"])
		}
		return echo
	}}
}

// reminderAnswer are the keys of a reminder's answer, in the order of the
// service's ReminderResource.
var reminderAnswer = []string{"id", "remindable_id", "remindable_type", "calendar_id", "date", "day", "month", "year", "length",
	"comment", "is_recurring", "recurring_until", "recurring_periodicity", "colour", "type_id", "visibility_id",
	"created_at", "created_by", "updated_at", "updated_by"}

// reminderJSON is a reminder as the service's ReminderResource answers it;
// Options.OmitKeys are left out.
func (s *Server) reminderJSON(r *reminder) object {
	return s.omit(recordAnswer(r, true, reminderAnswer, object{
		{"date", strconv.Itoa(r.Year) + "-" + strconv.Itoa(r.Month) + "-" + strconv.Itoa(r.Day)},
		{"created_at", isoTime(r.CreatedAt)},
		{"created_by", sandboxUser},
		{"updated_at", isoTime(r.UpdatedAt)},
		{"updated_by", nil},
	}))
}
