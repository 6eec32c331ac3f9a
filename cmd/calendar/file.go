package calendar

import (
	"context"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	yaml "go.yaml.in/yaml/v3"
)

// calendarFile is the shape of a -f file and of `get -o yaml`: the writable
// calendar (client.CalendarInput's YAML shape), with the id first and the
// keys only the server sets beside it. Those keys are accepted and ignored
// on input, so a file made by `get -o yaml` can be edited and sent back.
type calendarFile struct {
	ID                   any `yaml:"id,omitempty"`
	client.CalendarInput `yaml:",inline"`
	serverKeys           `yaml:",inline"`
}

// serverKeys are the read-only keys of a calendar record (the document's and
// the live service's). They are `any` so that whatever the server sent
// decodes; nothing here is ever sent.
type serverKeys struct {
	EntityID            any `yaml:"entity_id,omitempty"`
	Image               any `yaml:"image,omitempty"`
	ImageFull           any `yaml:"image_full,omitempty"`
	ImageThumb          any `yaml:"image_thumb,omitempty"`
	HasCustomImage      any `yaml:"has_custom_image,omitempty"`
	ImageUUID           any `yaml:"image_uuid,omitempty"`
	HeaderFull          any `yaml:"header_full,omitempty"`
	HeaderUUID          any `yaml:"header_uuid,omitempty"`
	HasCustomHeader     any `yaml:"has_custom_header,omitempty"`
	FocusX              any `yaml:"focus_x,omitempty"`
	FocusY              any `yaml:"focus_y,omitempty"`
	IsTemplate          any `yaml:"is_template,omitempty"`
	IsAttributesPrivate any `yaml:"is_attributes_private,omitempty"`
	StatusID            any `yaml:"status_id,omitempty"`
	Status              any `yaml:"status,omitempty"`
	EntryParsed         any `yaml:"entry_parsed,omitempty"`
	Tooltip             any `yaml:"tooltip,omitempty"`
	URLs                any `yaml:"urls,omitempty"`
	CreatedAt           any `yaml:"created_at,omitempty"`
	CreatedBy           any `yaml:"created_by,omitempty"`
	UpdatedAt           any `yaml:"updated_at,omitempty"`
	UpdatedBy           any `yaml:"updated_by,omitempty"`
	Parameters          any `yaml:"parameters,omitempty"`
}

// readCalendarFile reads the -f file at path ("-" is standard input). A
// field the file leaves out stays unset (nil), so update can keep it; a
// list key written with no value (`seasons:`, `years: null`) is an empty
// list, so that deleting every line under it removes them all. ctx ends a
// read that blocks (Ctrl-C, SIGTERM).
func readCalendarFile(ctx context.Context, streams *cmdutil.IOStreams, path string) (client.CalendarInput, error) {
	data, err := cmdutil.ReadInput(ctx, streams, path)
	if err != nil {
		return client.CalendarInput{}, err
	}
	return decodeCalendarFile(data, cmdutil.SourceName(path))
}

// decodeCalendarFile decodes the text of a calendar file; source names it
// in messages.
func decodeCalendarFile(data []byte, source string) (client.CalendarInput, error) {
	var f calendarFile
	if err := cmdutil.DecodeStrict(plainScalars(data), source, &f); err != nil {
		return client.CalendarInput{}, err
	}
	emptyNullLists(data, &f.CalendarInput)
	if f.Entry != nil {
		if p := client.EntryProblem(*f.Entry); p != "" {
			return client.CalendarInput{}, cmdutil.UsageErrorf("%s: entry: %s", source, p)
		}
	}
	return f.CalendarInput, nil
}

// emptyNullLists makes each list the file gives as null (`years:`, `years:
// ~`) an empty list: yaml leaves a null as nil, which would be "not given".
func emptyNullLists(data []byte, in *client.CalendarInput) {
	var root yaml.Node
	if yaml.Unmarshal(data, &root) != nil || len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		return
	}
	doc := root.Content[0]
	for i := 0; i+1 < len(doc.Content); i += 2 {
		if doc.Content[i+1].ShortTag() != "!!null" {
			continue
		}
		switch doc.Content[i].Value {
		case "months":
			in.Months = []client.Month{}
		case "weekdays":
			in.Weekdays = []string{}
		case "years":
			in.Years = client.Years{}
		case "seasons":
			in.Seasons = []client.Season{}
		case "moons":
			in.Moons = []client.Moon{}
		case "epochs":
			in.Epochs = []string{}
		case "tags":
			in.Tags = []int{}
		}
	}
}

// fileFromCalendar is the -f shape of a record: what `get -o yaml` prints.
// Empty texts, false flags and zero numbers are left out to keep the file
// short; update starts from the full record, so leaving them out loses
// nothing.
func fileFromCalendar(c *client.Calendar) calendarFile {
	in := client.FromCalendar(c)
	for _, s := range []**string{&in.Type, &in.Entry, &in.Suffix, &in.Format} {
		if *s != nil && **s == "" {
			*s = nil
		}
	}
	for _, b := range []**bool{&in.SkipYearZero, &in.HasLeapYear, &in.IsPrivate} {
		if *b != nil && !**b {
			*b = nil
		}
	}
	for _, n := range []**int{&in.StartOffset, &in.LeapYearAmount, &in.LeapYearOffset, &in.LeapYearStart, &in.LeapYearMonth} {
		if *n != nil && **n == 0 {
			*n = nil
		}
	}
	f := calendarFile{ID: c.ID, CalendarInput: in}
	setIf := func(dst *any, v any, zero bool) {
		if !zero {
			*dst = v
		}
	}
	setIf(&f.EntityID, c.EntityID, c.EntityID == 0)
	setIf(&f.Image, c.Image, c.Image == "")
	setIf(&f.ImageFull, c.ImageFull, c.ImageFull == "")
	setIf(&f.ImageThumb, c.ImageThumb, c.ImageThumb == "")
	setIf(&f.CreatedAt, c.CreatedAt, c.CreatedAt == "")
	setIf(&f.CreatedBy, c.CreatedBy, c.CreatedBy == 0)
	setIf(&f.UpdatedAt, c.UpdatedAt, c.UpdatedAt == "")
	setIf(&f.UpdatedBy, c.UpdatedBy, c.UpdatedBy == 0)
	return f
}

// overlay copies onto dst every field src gives: a list given replaces the
// whole list; a field src leaves out is kept.
func overlay(dst *client.CalendarInput, src client.CalendarInput) {
	if src.Name != "" {
		dst.Name = src.Name
	}
	setPtr(&dst.Type, src.Type)
	setPtr(&dst.Entry, src.Entry)
	setPtr(&dst.Date, src.Date)
	if src.Months != nil {
		dst.Months = src.Months
	}
	if src.Weekdays != nil {
		dst.Weekdays = src.Weekdays
	}
	if src.Years != nil {
		dst.Years = src.Years
	}
	if src.Seasons != nil {
		dst.Seasons = src.Seasons
	}
	if src.Moons != nil {
		dst.Moons = src.Moons
	}
	if src.Epochs != nil {
		dst.Epochs = src.Epochs
	}
	setPtr(&dst.Suffix, src.Suffix)
	setPtr(&dst.Format, src.Format)
	setPtr(&dst.SkipYearZero, src.SkipYearZero)
	setPtr(&dst.StartOffset, src.StartOffset)
	setPtr(&dst.HasLeapYear, src.HasLeapYear)
	setPtr(&dst.LeapYearAmount, src.LeapYearAmount)
	setPtr(&dst.LeapYearOffset, src.LeapYearOffset)
	setPtr(&dst.LeapYearStart, src.LeapYearStart)
	setPtr(&dst.LeapYearMonth, src.LeapYearMonth)
	if src.Tags != nil {
		dst.Tags = src.Tags
	}
	setPtr(&dst.IsPrivate, src.IsPrivate)
	for _, s := range []struct {
		dst *string
		src string
	}{
		{&dst.ImageURL, src.ImageURL}, {&dst.EntityImageUUID, src.EntityImageUUID}, {&dst.EntityHeaderUUID, src.EntityHeaderUUID},
	} {
		if s.src != "" {
			*s.dst = s.src
		}
	}
}

func setPtr[T any](dst **T, src *T) {
	if src != nil {
		*dst = src
	}
}
