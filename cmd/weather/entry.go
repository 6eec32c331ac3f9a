package weather

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// entryFields are the fields of a weather entry that one source gives: the
// field flags, or one entry of a -f file. nil means "not given", so that a
// source only changes what it names.
type entryFields struct {
	Year, Month, Day *int
	Weather          *string
	Temperature      *string
	Precipitation    *string
	Wind             *string
	Effect           *string
	Name             *string
	Visibility       *int
}

// setDate gives all three parts of the date.
func (e *entryFields) setDate(d client.Date) {
	e.Year, e.Month, e.Day = &d.Year, &d.Month, &d.Day
}

// isEmpty reports whether the source gives nothing at all.
func (e entryFields) isEmpty() bool { return e == entryFields{} }

// overriddenBy returns e with every field that o gives replaced by o's.
func (e entryFields) overriddenBy(o entryFields) entryFields {
	pick(&e.Year, o.Year)
	pick(&e.Month, o.Month)
	pick(&e.Day, o.Day)
	pick(&e.Weather, o.Weather)
	pick(&e.Temperature, o.Temperature)
	pick(&e.Precipitation, o.Precipitation)
	pick(&e.Wind, o.Wind)
	pick(&e.Effect, o.Effect)
	pick(&e.Name, o.Name)
	pick(&e.Visibility, o.Visibility)
	return e
}

func pick[T any](dst **T, src *T) {
	if src != nil {
		*dst = src
	}
}

// applyTo writes the given fields into in.
func (e entryFields) applyTo(in *client.WeatherInput) {
	setInt(&in.Year, e.Year)
	setInt(&in.Month, e.Month)
	setInt(&in.Day, e.Day)
	if e.Weather != nil {
		in.Weather = *e.Weather
	}
	pick(&in.Temperature, e.Temperature)
	pick(&in.Precipitation, e.Precipitation)
	pick(&in.Wind, e.Wind)
	pick(&in.Effect, e.Effect)
	pick(&in.Name, e.Name)
	setInt(&in.VisibilityID, e.Visibility)
}

func setInt(dst *int, src *int) {
	if src != nil {
		*dst = *src
	}
}

// missing lists what a new entry must have and e lacks: the whole date and
// the weather (the service requires them on every write).
func (e entryFields) missing() []client.Problem {
	var ps []client.Problem
	if e.Year == nil || e.Month == nil || e.Day == nil {
		ps = append(ps, client.Problem{Field: "date", Message: "is required (--date Y-M-D, or date: Y-M-D or year, month and day in a file)"})
	}
	if e.Weather == nil {
		ps = append(ps, client.Problem{Field: "weather", Message: "is required"})
	}
	return ps
}

// dateLabel is the entry's date for messages, "" when it is not whole.
func (e entryFields) dateLabel() string {
	if e.Year == nil || e.Month == nil || e.Day == nil {
		return ""
	}
	return client.Date{Year: *e.Year, Month: *e.Month, Day: *e.Day}.String()
}

// sameInput reports whether a and b would send the same record.
func sameInput(a, b client.WeatherInput) bool {
	return a.Year == b.Year && a.Month == b.Month && a.Day == b.Day && a.Weather == b.Weather &&
		deref(a.Temperature) == deref(b.Temperature) && deref(a.Precipitation) == deref(b.Precipitation) &&
		deref(a.Wind) == deref(b.Wind) && deref(a.Effect) == deref(b.Effect) &&
		deref(a.Name) == deref(b.Name) && a.VisibilityID == b.VisibilityID
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// problemsOf returns the problems of a Validate error; any other error is
// returned as is.
func problemsOf(err error) ([]client.Problem, error) {
	if err == nil {
		return nil, nil
	}
	var inputErr *client.InputError
	if errors.As(err, &inputErr) {
		return inputErr.Problems, nil
	}
	return nil, err
}

// entryReport collects the problems of the entries of one command, so that
// every problem of every entry is reported at once and nothing is sent.
type entryReport struct {
	// numbered is set for a list: each problem then names its entry.
	numbered bool
	lines    []string
	bad      int
}

// add records the problems of entry i (counted from 0).
func (r *entryReport) add(i int, date string, ps []client.Problem) {
	if len(ps) == 0 {
		return
	}
	r.bad++
	prefix := ""
	if r.numbered {
		prefix = entryName(i, date) + ": "
	}
	for _, p := range ps {
		r.lines = append(r.lines, prefix+p.Field+": "+p.Message)
	}
}

// err is a UsageError listing every problem, or nil when there were none.
func (r *entryReport) err() error {
	if len(r.lines) == 0 {
		return nil
	}
	head := "the weather entry has problems; nothing was written:"
	if r.numbered {
		head = fmt.Sprintf("%d %s problems; nothing was written:", r.bad, plural(r.bad, "entry has", "entries have"))
	}
	return cmdutil.UsageErrorf("%s\n  %s", head, strings.Join(r.lines, "\n  "))
}

// entryName is "entry 4 (1492-3-4)", or "entry 4" when the date is unknown.
func entryName(i int, date string) string {
	if date == "" {
		return fmt.Sprintf("entry %d", i+1)
	}
	return fmt.Sprintf("entry %d (%s)", i+1, date)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
