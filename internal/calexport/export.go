package calexport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
)

// Format is a tool's calendar file that kanka writes.
type Format string

// The formats, as --format names them.
const (
	FantasyCalendar Format = "fantasy-calendar"
	SimpleCalendar  Format = "simple-calendar"
	Calendarium     Format = "calendarium"
)

// Formats are the formats Export writes, in the order help lists them.
var Formats = []Format{FantasyCalendar, SimpleCalendar, Calendarium}

// Tool is the name of the tool that reads the format, for messages.
func (f Format) Tool() string {
	switch f {
	case FantasyCalendar:
		return "Fantasy-Calendar"
	case SimpleCalendar:
		return "Simple Calendar"
	case Calendarium:
		return "Calendarium"
	}
	return string(f)
}

// ParseFormat reads a format's name, in any case.
func ParseFormat(s string) (Format, error) {
	f := Format(strings.ToLower(strings.TrimSpace(s)))
	if slices.Contains(Formats, f) {
		return f, nil
	}
	return "", fmt.Errorf("unknown format %q: give fantasy-calendar, simple-calendar or calendarium", s)
}

// Years is how many years either side of the current date the losses
// look for the days the tool shows differently: a difference further away
// is not said.
const Years = 200

// Result is a calendar written in a tool's format.
type Result struct {
	Format Format
	// Data is the file, JSON ending in a newline.
	Data []byte
	// Losses name, one a line, what the file does not hold as Kanka does.
	Losses []Loss
	// Notes are the reminders as Calendarium's notes (ExportNotes only).
	Notes []Note
}

// Loss is one thing the file does not hold as Kanka does.
type Loss struct {
	// Text says what, and where it changes days, the first day that
	// differs counting from the current date.
	Text string
	// Differs is that day (a day the tool has and Kanka not, or the
	// other way, or whose weekday or moon phase differs); nil when the
	// loss changes no day within Years years of the current date.
	Differs *almanac.Date
}

// Texts are the losses' texts, one a line.
func (r Result) Texts() []string {
	texts := make([]string, len(r.Losses))
	for i, l := range r.Losses {
		texts[i] = l.Text
	}
	return texts
}

// Export writes the calendar cal and its reminders as format f reads
// them: the tool's events or notes, in date order. A calendar whose days
// cannot be counted (no months, no current date, a field its answer left
// out) or that the tool cannot open at all (no weekday) is an error
// saying why.
func Export(cal *client.Calendar, reminders []Reminder, f Format) (Result, error) {
	return export(cal, reminders, f, false)
}

// ExportNotes writes the calendar cal for Calendarium, and its reminders
// as notes of its vault (Result.Notes), one a reminder: the calendar's
// events are then left empty, as Calendarium would show an event both in
// the calendar and in a note twice.
func ExportNotes(cal *client.Calendar, reminders []Reminder) (Result, error) {
	return export(cal, reminders, Calendarium, true)
}

func export(cal *client.Calendar, reminders []Reminder, f Format, withNotes bool) (Result, error) {
	// A format's name in any case, as the command reads it.
	f, err := ParseFormat(string(f))
	if err != nil {
		return Result{}, err
	}
	c, err := prepare(cal)
	if err != nil {
		return Result{}, err
	}
	var file any
	var notes []Note
	switch f {
	case FantasyCalendar:
		file = c.fantasy(reminders)
	case SimpleCalendar:
		file = c.simple(reminders)
	case Calendarium:
		file, notes = c.calendarium(reminders, withNotes)
	}
	data, err := encode(file)
	if err != nil {
		return Result{}, err
	}
	losses := c.losses
	if losses == nil {
		losses = []Loss{}
	}
	return Result{Format: f, Data: data, Losses: losses, Notes: notes}, nil
}

// encode writes v as indented JSON, as the tools' exports are read by
// people too, with no HTML escaping of names ("&" stays "&").
func encode(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
