package monthgrid

import (
	"encoding/json"

	"github.com/kanka-cli/kanka/almanac"
)

// Input is what `kanka calendar show` knows once it has read the calendar
// and its weather: everything the grid and the JSON are computed from.
type Input struct {
	// Reckoning is the calendar's arithmetic (almanac.New of its definition).
	Reckoning    *almanac.Reckoning
	CalendarID   int
	CalendarName string
	// Year and Month (1-based, intercalary months counted, as in dates)
	// name the month shown; with WholeYear, Month is ignored and every
	// month of Year is shown.
	Year      int
	Month     int
	WholeYear bool
	// Today is the calendar's current date; nil when it has none.
	Today *almanac.Date
	// Weather is the weather recorded; entries on days outside the months
	// shown are ignored, so the whole list may be passed. Entries of one
	// day keep their order here.
	Weather []Weather
	// Reminders are the days reminders fall on, each day of an occurrence
	// once (Reminder.Date); as for the weather, those on days outside the
	// months shown are ignored, and those of one day keep their order.
	Reminders []Reminder
	// RemindersRead says that the reminders were read: a day in full
	// without one then says so.
	RemindersRead bool
}

// Weather is one recorded weather entry: its texts as the server sent
// them ("" for one it left out or null).
type Weather struct {
	Date almanac.Date
	// Code is the entry's weather: one of Kanka's codes ("snowflake",
	// "cloud-sun"), which the grid draws as a mark and names in words, or
	// any text, shown as written.
	Code string
	// Name is the entry's name, which says the weather when Code is empty.
	Name                                     string
	Temperature, Precipitation, Wind, Effect string
	// Raw is the entry exactly as the server sent it; the JSON output
	// repeats it (compacted) in the day's "weather" list.
	Raw json.RawMessage
}

// Options choose how the text looks. The zero value is a piped, ASCII,
// 80-column grid.
type Options struct {
	// Terminal highlights today in reverse video; otherwise today's number
	// is put in brackets, which survives a pipe, a file and a diff.
	Terminal bool
	// Unicode draws the marks as UTF-8 symbols (○ ● ◐ ◑ ✦, ☀ ☂ ❄ ...);
	// otherwise as ASCII (O @ ) ( +, s r x ...).
	Unicode bool
	// Width is the number of columns to fit; 0 means 80.
	Width int
}

// DefaultWidth is the width used when Options.Width is 0.
const DefaultWidth = 80
