package client

import (
	"cmp"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/internal/yamlwrite"
	yaml "go.yaml.in/yaml/v3"
)

// A record dated on a calendar (a weather entry, a reminder) holds its
// date in its writable type as a Dated, and its table has the date's
// fields (datedFields) and who sees it (visibilityField). Its calendar is
// the parent of its path (weather) or a field of its own (a reminder's
// calendar_id): whichever it is, the date is read and checked with that
// calendar (ResolveDates, ValidateDate). In a file the date is one key
// (date: Y-M-D), or year, month and day (readDated).

// Dated is the date of a record dated on a calendar. A part not given is
// nil. Written is the date written with names ("3 Ches 1492": Written.Date,
// the parts then nil), or its month by name (a file's month: Ches):
// ResolveDate reads it with the calendar's months and years.
type Dated struct {
	Year, Month, Day *int
	Written          *Written
}

// DatedRecord is a record dated on a calendar, with an id: a weather
// entry, a reminder (their pointers).
type DatedRecord interface {
	Date() Date
	RecordID() int
}

// ByDate is the order of dated records for people: by date, the records
// of one day by id.
func ByDate[R DatedRecord](a, b R) int {
	return cmp.Or(a.Date().Compare(b.Date()), cmp.Compare(a.RecordID(), b.RecordID()))
}

// Dating is the writable type of a record dated on a calendar, which
// embeds a Dated (whose Dates it is).
type Dating interface{ Dates() *Dated }

// Dates is d itself: the Dated of the writable type that embeds it.
func (d *Dated) Dates() *Dated { return d }

// Date is the date; a part that is unknown is 0.
func (d Dated) Date() Date {
	return Date{Year: deref(d.Year, 0), Month: deref(d.Month, 0), Day: deref(d.Day, 0)}
}

// SetDate gives the whole date.
func (d *Dated) SetDate(date Date) {
	d.Year, d.Month, d.Day, d.Written = ptr(date.Year), ptr(date.Month), ptr(date.Day), nil
}

// SetWrittenDate gives the whole date as written with names.
func (d *Dated) SetWrittenDate(w *Written) {
	d.Year, d.Month, d.Day, d.Written = nil, nil, nil, w
}

// HasDate reports whether the whole date is given: in numbers, with the
// month by name, or written with names.
func (d Dated) HasDate() bool {
	if d.Written != nil && d.Written.Date {
		return true
	}
	return d.Year != nil && d.Day != nil && (d.Month != nil || d.Written != nil)
}

// DateLabel is the date as written, for messages ("1492-1-3",
// "1492-Ches-3", "3 Ches 1492"), "" when it is not whole.
func (d Dated) DateLabel() string {
	switch {
	case !d.HasDate():
		return ""
	case d.Written != nil && d.Written.Date:
		return d.Written.Text
	case d.Written != nil:
		return strconv.Itoa(*d.Year) + "-" + d.Written.Text + "-" + strconv.Itoa(*d.Day)
	}
	return strconv.Itoa(*d.Year) + "-" + strconv.Itoa(*d.Month) + "-" + strconv.Itoa(*d.Day)
}

// ResolveDate reads a date (or month) written with names with r, the
// arithmetic of the record's calendar (Calendar.Reckoning). It does
// nothing when the date is in numbers. The error names where it was
// written and the month meant, or the months there are.
func (d *Dated) ResolveDate(r *almanac.Reckoning) error {
	switch {
	case d.Written == nil:
		return nil
	case d.Written.Date:
		date, err := d.Written.resolveDate(r)
		if err != nil {
			return err
		}
		d.SetDate(date)
		return nil
	}
	m, err := d.Written.resolve(r)
	if err != nil {
		return err
	}
	d.Month, d.Written = &m, nil
	return nil
}

// ResolveDates is ResolveDate over every record of ins, with the months
// and years of cal: every name that is no month of it is said, one a line.
func ResolveDates[In any, P interface {
	*In
	Dating
}](cal *Calendar, ins []In) error {
	var r *almanac.Reckoning
	var errs []error
	for i := range ins {
		d := P(&ins[i]).Dates()
		if d.Written == nil {
			continue
		}
		if r == nil {
			r, _ = cal.Reckoning()
		}
		errs = append(errs, d.ResolveDate(r))
	}
	return errors.Join(errs...)
}

// datedFields are the fields of a record's date, in the Dated dated
// gives: year, month and day, which the service requires on every write
// (Rebuilt); the month by number or (in flags and files) by name until
// ResolveDate. A whole date is one key in a file (datedFileNode), where
// the year stands in the table.
func datedFields[In any](dated func(*In) *Dated) []Field[In] {
	part := func(key string, get func(*Dated) **int) Field[In] {
		f := rebuilt(scalarField(key, func(in *In) **int { return get(dated(in)) }, wholeKind))
		yaml := f.yaml
		f.yaml = func(in *In) any {
			if dated(in).HasDate() {
				return nil
			}
			return yaml(in)
		}
		return f
	}
	month := monthOrName("month", func(in *In) **int { return &dated(in).Month }, func(in *In) **Written { return &dated(in).Written })
	month.Rebuilt = true
	month.equal = func(a, b *In) bool {
		x, y := dated(a), dated(b)
		return x.Written == nil && y.Written == nil && x.Month != nil && y.Month != nil && *x.Month == *y.Month
	}
	month.read = func(raw json.RawMessage, in *In) error {
		m, err := wholeKind.answer(raw)
		if err == nil {
			dated(in).Month = &m
		}
		return err
	}
	month.encode = func(in *In, p map[string]any) { p["month"] = deref(dated(in).Month, 0) }
	month.yaml = func(in *In) any {
		switch d := dated(in); {
		case d.HasDate():
			return nil
		case d.Written != nil:
			return d.Written.Text
		case d.Month != nil:
			return *d.Month
		}
		return nil
	}
	return []Field[In]{
		part("year", func(d *Dated) **int { return &d.Year }),
		month,
		part("day", func(d *Dated) **int { return &d.Day }),
	}
}

// visibilityField is who sees the record, 1 to 5: visibility_id in
// answers and on the wire, a name (or the number) in files, which may
// give the server's visibility_id too: readDated reads both.
func visibilityField[In any](get func(*In) **int) Field[In] {
	return namedField("visibility", "visibility_id", get, VisibilityName, nil, func(in *In, ps *problems) {
		if v := *get(in); v != nil && (*v < 1 || *v > 5) {
			ps.add("visibility", "must be 1 to 5 (%s)", strings.Join(VisibilityNames(), ", "))
		}
	})
}

// datedFileForm is the writable part of a dated record as a file writes
// it: a whole date is one key, first.
func datedFileForm[In any, P interface {
	*In
	Dating
}](t Fields[In], in *In) yamlwrite.Map {
	d := P(in).Dates()
	if !d.HasDate() {
		return t.fileForm(in)
	}
	date, err := yamlwrite.Node(d.DateLabel())
	if err != nil {
		date = &yaml.Node{} // null
	}
	return append(yamlwrite.Map{{Key: "date", Value: date}}, t.fileForm(in)...)
}

// readDated reads one dated record of a file: each key by its field of t,
// the keys serverKeys names accepted and ignored, and the two ways of
// writing a date (date: Y-M-D, or year, month and day) and a visibility
// (visibility by name, or the server's visibility_id), each refused when
// both are given and disagree. also, when given, reads keys of the
// record's own that no field has (a seed reminder's id).
func readDated[In any, P interface {
	*In
	Dating
}](r *fileReader, n *yaml.Node, path string, t Fields[In], visibility func(*In) **int, serverKeys map[string]bool,
	also ...map[string]func(v *yaml.Node, p string)) In {
	var in In
	d := P(&in).Dates()
	var date, visibilityID *yaml.Node
	var day *Date
	var written *Written
	var vis, visID *int
	parts := false
	t.readFile(r, n, path, &in, func(key string) bool { return serverKeys[key] }, append(also, map[string]func(v *yaml.Node, p string){
		"date":          func(v *yaml.Node, p string) { date = v; day, written = r.date(v, p) },
		"year":          func(*yaml.Node, string) { parts = true },
		"month":         func(*yaml.Node, string) { parts = true },
		"day":           func(*yaml.Node, string) { parts = true },
		"visibility":    func(v *yaml.Node, p string) { vis = r.visibility(v, p) },
		"visibility_id": func(v *yaml.Node, p string) { visibilityID, visID = v, r.visibility(v, p) },
	})...)
	// The server's own JSON gives both, alike.
	switch {
	case date == nil:
	case parts && (day == nil || d.Written != nil || !d.HasDate() || d.Date() != *day):
		r.add(date, keyPath(path, "date"), "give date: Y-M-D or year, month and day, not both")
	case written != nil:
		d.SetWrittenDate(written)
	case day != nil:
		d.SetDate(*day)
	}
	switch {
	case vis != nil && visID != nil && *vis != *visID:
		r.add(visibilityID, keyPath(path, "visibility_id"), "visibility and visibility_id disagree: give one")
	case vis != nil:
		*visibility(&in) = vis
	case visID != nil:
		*visibility(&in) = visID
	}
	return in
}

// visibility reads a visibility name or a number from 1 to 5; null is
// "not given".
func (r *fileReader) visibility(n *yaml.Node, path string) *int {
	if isNull(n) {
		return nil
	}
	if n.Kind == yaml.ScalarNode {
		if id, err := ParseVisibility(n.Value); err == nil {
			return &id
		}
	}
	r.add(n, path, "%q is not a visibility: use %s", n.Value, visibilityChoices())
	return nil
}

// datedProblems are the problems of in, a record dated on a calendar: its
// fields' (the checks of t), then its date's (checkDated).
func datedProblems[In any, P interface {
	*In
	Dating
}](t Fields[In], in *In, cal *Calendar) problems {
	var ps problems
	t.checkFields(in, &ps)
	ps.checkDated(*P(in).Dates(), cal)
	return ps
}

// checkDated adds the problems of a record's date: none given, or (with
// cal) a day cal does not have. A month written by name is checked once
// ResolveDate has turned it into a number.
func (ps *problems) checkDated(d Dated, cal *Calendar) {
	switch {
	case !d.HasDate():
		ps.add("date", "is required (--date Y-M-D, or date: Y-M-D or year, month and day in a file)")
	case d.Written == nil:
		ps.checkDate(cal, d.Date())
	}
}
