package client_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// The server's own answers are read leniently: a whole number it sends with
// a fraction is cut and the record stays readable; a number no int can hold
// is an error, never a wrapped-around value.
func TestServerFractionsAreToleratedAndHugeNumbersRefused(t *testing.T) {
	var c client.Calendar
	if err := json.Unmarshal([]byte(`{"id":1,"months":[{"name":"A","length":30.9},{"name":"B","length":"29.5"}],"tags":[3.99],"leap_year_start":4.7}`), &c); err != nil {
		t.Fatal(err)
	}
	if c.Months[0].Length != 30 || c.Months[1].Length != 29 || !reflect.DeepEqual(c.Tags, []int{3}) || *c.LeapYearStart != 4 {
		t.Errorf("months %+v, tags %v, leap year start %d", c.Months, c.Tags, *c.LeapYearStart)
	}
	for _, record := range []string{
		`{"id":1,"months":[{"name":"A","length":1e300}]}`,
		`{"id":1,"start_offset":-1e19}`,
		`{"id":1,"leap_year_start":"99999999999999999999"}`,
		`{"id":1,"leap_year_amount":"NaN"}`,
		`{"id":1,"created_by":"Inf"}`,
	} {
		if err := json.Unmarshal([]byte(record), &c); err == nil || !strings.Contains(err.Error(), "as a whole number") {
			t.Errorf("%s: error %v, want one saying it is not a whole number", record, err)
		}
	}
}

// Text that is not UTF-8 would be sent as U+FFFD: every text field is
// refused, named in the user's words.
func TestValidateRefusesTextThatIsNotUTF8(t *testing.T) {
	bad := "\xff"
	in := validCalendar()
	in.Name = "Harp" + bad
	in.Type, in.Suffix, in.Format = &bad, &bad, &bad
	in.Months[1].Alias = bad
	in.Weekdays[0] = bad
	in.Years = client.Years{1492: bad}
	in.Seasons = []client.Season{{Name: bad, Month: 1, Day: 1}}
	in.Moons = []client.Moon{{Name: "M", Fullmoon: 3, Colour: bad}}
	in.Epochs = []string{bad}
	in.ImageURL = bad
	var got []string
	for _, p := range problems(t, in.Validate()) {
		if p.Message == "is not valid UTF-8 text" {
			got = append(got, p.Field)
		}
	}
	want := []string{"name", "type", "month 2 alias", "weekday 1", "year 1492", "season 1 name", "moon 1 colour", "epoch 1", "suffix", "format", "image url"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("fields not UTF-8:\n got  %v\n want %v", got, want)
	}

	w := client.WeatherInput{Dated: client.Dated{Year: ptr(1), Month: ptr(1), Day: ptr(1)}, Weather: ptr("sun" + bad), Wind: &bad, Name: &bad}
	got = nil
	for _, p := range problems(t, w.Validate(nil)) {
		got = append(got, p.Field+": "+p.Message)
	}
	want = []string{"name: is not valid UTF-8 text", "weather: is not valid UTF-8 text", "wind: is not valid UTF-8 text"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("weather problems:\n got  %v\n want %v", got, want)
	}
}

func TestValidateEntryLimit(t *testing.T) {
	in := validCalendar()
	entry := strings.Repeat("a", client.MaxEntryBytes)
	in.Entry = &entry
	if err := in.Validate(); err != nil {
		t.Errorf("an entry of 1 MiB: %v", err)
	}
	entry += "é"
	in.Entry = &entry
	want := []client.Problem{{Field: "entry", Message: "has 1048578 bytes; at most 1048576 (1 MiB) are allowed"}}
	if got := problems(t, in.Validate()); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	bad := "<p>\xc3</p>"
	in.Entry = &bad
	want = []client.Problem{{Field: "entry", Message: "is not valid UTF-8 text"}}
	if got := problems(t, in.Validate()); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
