package client

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/internal/yamlwrite"
	yaml "go.yaml.in/yaml/v3"
)

// A reminder is a day (or a span, or a repeat) on a calendar that belongs
// to an entity (the calendar's own, a character's) or a post: read,
// written and deleted under entities/{entity}/reminders, listed by calendar
// (reminders.md). Its calendar is its own field, calendar_id.

// ReminderInput is the writable part of a reminder, its one shape: the
// field flags build it, a file decodes into it, `get -o yaml` prints it.
type ReminderInput struct {
	CalendarID *int
	Dated
	// Length is the days each occurrence lasts (the service stores 1 when
	// none is sent).
	Length  *int
	Comment *string
	// Repeat is recurring_periodicity: year, month or {moonId}_{phase}
	// (almanac.ParsePeriodicity), or a moon by name and a phase
	// (MOON:PHASE: almanac.ReadRepeat) until ResolveRepeat reads it with
	// the calendar's moons.
	Repeat *string
	// Until is recurring_until, the last year an occurrence starts in.
	Until        *string
	Colour       *string
	TypeID       *int
	VisibilityID *int
}

// ReminderTypes are the names of the reminder types, by id (2 to 5).
var ReminderTypes = []string{2: "birth", 3: "death", 4: "date", 5: "founded"}

// ReminderFields is the field table of a reminder. The service keeps every
// field an update leaves out; the date is sent whole (datedFields). It is
// made when first used: kanka starts on every Tab of a completion.
var ReminderFields = sync.OnceValue(func() Fields[ReminderInput] {
	return slices.Concat(
		Fields[ReminderInput]{scalarField("calendar_id", func(in *ReminderInput) **int { return &in.CalendarID }, wholeKind)},
		datedFields(func(in *ReminderInput) *Dated { return &in.Dated }),
		Fields[ReminderInput]{
			checked(scalarField("length", func(in *ReminderInput) **int { return &in.Length }, wholeKind), func(in *ReminderInput, ps *problems) {
				if in.Length != nil && *in.Length < 1 {
					ps.add("length", "must be at least 1 day")
				}
			}),
			textOfKindAtMost(purifiedTextKind, "comment", func(in *ReminderInput) **string { return &in.Comment }, 191),
			checked(scalarField("recurring_periodicity", func(in *ReminderInput) **string { return &in.Repeat }, textKind), func(in *ReminderInput, ps *problems) {
				if _, _, err := almanac.ReadRepeat(deref(in.Repeat, "")); err != nil {
					ps.add("recurring_periodicity", "%v", err)
				}
			}),
			scalarField("recurring_until", func(in *ReminderInput) **string { return &in.Until }, textKind),
			textAtMost("colour", func(in *ReminderInput) **string { return &in.Colour }, 7),
			checked(scalarField("type_id", func(in *ReminderInput) **int { return &in.TypeID }, wholeKind), func(in *ReminderInput, ps *problems) {
				if t := in.TypeID; t != nil && (*t < 2 || *t >= len(ReminderTypes)) {
					ps.add("type_id", "must be 2 to 5 (birth, death, date, founded)")
				}
			}),
			visibilityField(func(in *ReminderInput) **int { return &in.VisibilityID }),
		})
})

// ResolveRepeat turns a MOON:PHASE repeat into the service's
// {moonId}_{phase} with the moons of cal, the reminder's calendar
// (Calendar.ResolveRepeat).
func (in *ReminderInput) ResolveRepeat(cal *Calendar) error {
	repeat, err := cal.ResolveRepeat(deref(in.Repeat, ""))
	if err == nil && repeat != deref(in.Repeat, "") {
		in.Repeat = &repeat
	}
	return err
}

// Reminder is a reminder as the server returns it: its writable part as
// read (what the answer left out is nil), who it belongs to, and Raw, the
// object the server sent.
type Reminder struct {
	ID int
	// RemindableID is the entity's id, or the post's when RemindableType
	// names a post (OfPost).
	RemindableID   int
	RemindableType string
	IsRecurring    bool
	ReminderInput
	Raw json.RawMessage
}

// UnmarshalJSON decodes leniently and keeps the raw object.
func (r *Reminder) UnmarshalJSON(b []byte) error { return r.decode(wholeAnswer(b)) }

// decode is UnmarshalJSON of a, alone or read from its page's scan.
func (r *Reminder) decode(a recordAnswer) error {
	var own struct {
		ID        flexInt    `json:"id"`
		Entity    flexInt    `json:"remindable_id"`
		Of        flexString `json:"remindable_type"`
		Recurring flexBool   `json:"is_recurring"`
	}
	var in ReminderInput
	err := decodeRecordAnswer(a, &reminderShape, "reminder", &own, ReminderFields(), &in)
	*r = Reminder{ID: int(own.ID), RemindableID: int(own.Entity), RemindableType: string(own.Of), IsRecurring: bool(own.Recurring),
		ReminderInput: in, Raw: append(json.RawMessage(nil), a.bytes()...)}
	return err
}

// Recurrence is what the arithmetic needs of r, as the service stores it:
// its date, its length (1 when the answer has none: the service stores 1
// for a create without one), its repeat and end year. ok is false when the
// answer has no whole date, which the service cannot have stored.
func (r *Reminder) Recurrence() (rec almanac.Recurrence, ok bool) {
	if r.Year == nil || r.Month == nil || r.Day == nil {
		return rec, false
	}
	return almanac.Recurrence{Date: r.Date(), Length: deref(r.Length, 1), IsRecurring: r.IsRecurring,
		Periodicity: deref(r.Repeat, ""), Until: deref(r.Until, "")}, true
}

// OwnedBy reports whether r is one of cal's own reminders: its entity's
// (not a post's, not a character's), on cal. The service's answer must
// say so: a calendar without an entity_id, or a reminder without its
// calendar_id, owns nothing, so that nothing is taken for its own by
// mistake (apply prunes only these, export writes these).
func (r *Reminder) OwnedBy(cal *Calendar) bool {
	return cal.EntityID > 0 && !r.OfPost() && r.RemindableID == cal.EntityID && r.CalendarID != nil && *r.CalendarID == cal.ID
}

// OfPost reports whether the reminder is a post's, not an entity's.
func (r *Reminder) OfPost() bool { return strings.HasSuffix(r.RemindableType, `\Post`) }

// MarshalJSON is the reminder exactly as the server sent it.
func (r Reminder) MarshalJSON() ([]byte, error) { return rawAnswer(r.Raw) }

// RawJSON is the reminder exactly as the server sent it.
func (r *Reminder) RawJSON() json.RawMessage { return r.Raw }

// RecordID is the reminder's id.
func (r *Reminder) RecordID() int { return r.ID }

// FromReminder is a copy of the writable part of r as it was read.
func FromReminder(r *Reminder) ReminderInput { return ReminderFields().Clone(&r.ReminderInput) }

// MarshalJSON encodes the wire payload.
func (in ReminderInput) MarshalJSON() ([]byte, error) {
	return json.Marshal(ReminderFields().Payload(&in))
}

// Validate checks a reminder: its fields, and its date, against cal when
// it is given (the service does not check it).
func (in ReminderInput) Validate(cal *Calendar) error {
	return datedProblems(ReminderFields(), &in, cal).err()
}

// UntilAlone reports a reminder, taken whole, with a last year and no
// repeat: the service drops the year on every save (reminders.md), so
// sending it would change nothing, every time.
func (in ReminderInput) UntilAlone() bool {
	return StoredText(deref(in.Until, "")) != "" && StoredText(deref(in.Repeat, "")) == ""
}

// UntilAloneProblem is what is wrong with a reminder that is UntilAlone.
const UntilAloneProblem = "a last year needs a repeat: the service keeps none for a reminder that does not repeat"

// ReminderFile is the file form of r: id first, the writable fields (the
// date as one Y-M-D), then the other keys the server sent.
func ReminderFile(r *Reminder) yamlwrite.Map { return reminderForm.file(r.ID, &r.ReminderInput, r.Raw) }

// DecodeReminder reads one reminder from mapping n, strictly: the file
// form or the server's JSON. Every problem is in a *FileError.
func DecodeReminder(n *yaml.Node) (ReminderInput, error) { return reminderForm.one(n) }

// DecodeReminders reads a list of reminders, each as DecodeReminder does.
func DecodeReminders(n *yaml.Node) ([]ReminderInput, error) { return reminderForm.list(n) }

var reminderForm = datedForm[ReminderInput, *ReminderInput]{
	fields:     ReminderFields,
	visibility: func(in *ReminderInput) **int { return &in.VisibilityID },
	serverKeys: map[string]bool{"id": true, "remindable_id": true, "remindable_type": true, "date": true,
		"is_recurring": true, "created_at": true, "created_by": true, "updated_at": true, "updated_by": true, otherKeysKey: true},
}

// Reminders is the reminders of entity entityID: read, created, changed
// (Patch: what is left out is kept) and deleted there. The service does
// not check that a reminder read by id is the entity's.
func (c *Client) Reminders(entityID int) Collection[Reminder, *Reminder] {
	return c.reminders("entities/" + strconv.Itoa(entityID) + "/reminders")
}

// CalendarReminders is the reminders of calendar calendarID, of entities
// and posts alike: its list.
func (c *Client) CalendarReminders(calendarID int) Collection[Reminder, *Reminder] {
	return c.reminders(calendarPath(calendarID) + "/reminders")
}

func (c *Client) reminders(path string) Collection[Reminder, *Reminder] {
	return observed(c, c.at(path), func(o Observer, id int, r *Reminder) { o.ReminderSeen(r, id == 0) }, Observer.ReminderGone)
}
