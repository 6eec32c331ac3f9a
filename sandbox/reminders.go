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

// reminderKind is the reminders (reminders.md), under an entity, and listed
// by calendar too. The document says nothing of them, so both modes serve
// them as the live service does: 201 on create and an empty 204 on delete,
// {"data":...} answers, request bodies trimmed with empty strings made
// null, 15 a page, a record found by its id whatever the entity in its path.
// Only the periodicity's length differs (see readReminder).
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
	read:   readReminder,
	answer: (*Server).reminderJSON,
}

// ofEntity is the scope of the reminders of entity parentID.
func ofEntity(st *state, parentID string) (parent, func(*reminder) bool, *reply) {
	e := st.findEntity(idOf(parentID))
	if e == nil {
		rep := modelNotFound("Entity", parentID)
		return parent{}, nil, &rep
	}
	return parent{entity: e}, func(r *reminder) bool { return r.RemindableType == entityModel && r.RemindableID == e.ID }, nil
}

// reminderTypes are the type ids the service has: 2 birth, 3 death, 4 a
// calendar date, 5 founded.
const minReminderType, maxReminderType = 2, 5

// readReminder reads a reminder's write as the service's StoreReminder
// does, in its order. A create needs calendar_id, day, month and year; an
// update keeps what it leaves out, and may null what may be null. The day
// and month are not checked against the calendar. The periodicity takes 5
// characters live, as the release line does; 32 in the document's mode, as
// the develop line does, so that a client meets both. Every save makes
// is_recurring "a periodicity is set", drops recurring_until without one,
// and purifies the comment's HTML (purify); a write's answer shows
// recurring_until as it was sent (a number stays a number), and a create's
// a null length when it sent none.
func readReminder(s *Server, st *state, in *input, _ parent, current *reminder) change[*reminder] {
	creating := current == nil
	var sets []func(*reminder)
	// whole reads a whole number of at least least, required on create,
	// never null.
	whole := func(key string, least int, set func(r *reminder, n int)) (int, bool) {
		switch n, ok := in.integer(key); {
		case creating && !in.has(key):
			in.p.add(key, msgRequired(key))
		case in.sentNull(key):
			in.p.add(key, msgInteger(key))
		case ok && n < least:
			in.p.add(key, msgAtLeast(key, least))
		case ok:
			sets = append(sets, func(r *reminder) { set(r, n) })
			return n, true
		}
		return 0, false
	}
	if n, ok := whole("calendar_id", math.MinInt, func(r *reminder, n int) { r.CalendarID = n }); ok && st.findCalendar(n) == nil {
		in.p.add("calendar_id", msgInvalid("calendar_id"))
	}
	whole("day", 1, func(r *reminder, n int) { r.Day = n })
	whole("month", 1, func(r *reminder, n int) { r.Month = n })
	whole("year", math.MinInt, func(r *reminder, n int) { r.Year = n })
	// The length and the visibility may be left out, or sent as null,
	// which leaves them as they are (1 and 1 on create).
	if n, ok := in.integer("length"); ok && n < 1 {
		in.p.add("length", msgAtLeast("length", 1))
	} else if ok {
		sets = append(sets, func(r *reminder) { r.Length = n })
	}
	until := in.optText("recurring_until", 12)
	periodicityMax := 32
	if s.live {
		periodicityMax = 5
	}
	periodicity := in.optText("recurring_periodicity", periodicityMax)
	colour := in.optStr("colour", 7)
	comment := in.optText("comment", 191)
	if comment.v != nil {
		*comment.v = purify(*comment.v)
	}
	typeID := in.optInt("type_id", 0, 0, false)
	if t := typeID.v; t != nil && (*t < minReminderType || *t > maxReminderType) {
		in.p.add("type_id", msgInvalid("type_id"))
	}
	visibility, visible := in.integer("visibility_id")
	if visible && (visibility < 1 || visibility > 5) {
		in.p.add("visibility_id", msgInvalid("visibility_id"))
	}

	ch := change[*reminder]{apply: func(r *reminder) {
		for _, set := range sets {
			set(r)
		}
		until.applyTo(&r.RecurringUntil)
		periodicity.applyTo(&r.Periodicity)
		colour.applyTo(&r.Colour)
		comment.applyTo(&r.Comment)
		typeID.applyTo(&r.TypeID)
		if visible {
			r.VisibilityID = visibility
		}
		r.IsRecurring = deref(r.Periodicity) != ""
		if !r.IsRecurring {
			r.RecurringUntil = nil
		}
	}}
	if creating && !in.has("length") {
		ch.echo.set("length", nil)
	}
	var was *string // the periodicity before the write
	if !creating {
		was = current.Periodicity
	}
	if until.v != nil && deref(periodicity.or(was)) != "" {
		ch.echo.set("recurring_until", in.raw["recurring_until"])
	}
	return ch
}

// reminderJSON is a reminder as the service's ReminderResource answers it;
// Options.OmitKeys are left out.
func (s *Server) reminderJSON(r *reminder) object {
	return s.omit(object{
		{"id", r.ID},
		{"remindable_id", r.RemindableID},
		{"remindable_type", r.RemindableType},
		{"calendar_id", r.CalendarID},
		{"date", strconv.Itoa(r.Year) + "-" + strconv.Itoa(r.Month) + "-" + strconv.Itoa(r.Day)},
		{"day", r.Day},
		{"month", r.Month},
		{"year", r.Year},
		{"length", r.Length},
		{"comment", r.Comment},
		{"is_recurring", r.IsRecurring},
		{"recurring_until", r.RecurringUntil},
		{"recurring_periodicity", r.Periodicity},
		{"colour", r.Colour},
		{"type_id", r.TypeID},
		{"visibility_id", r.VisibilityID},
		{"created_at", isoTime(r.CreatedAt)},
		{"created_by", sandboxUser},
		{"updated_at", isoTime(r.UpdatedAt)},
		{"updated_by", nil},
	})
}
