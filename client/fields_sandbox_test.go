package client_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/sandbox"
)

// The sandbox reads and writes its JSON on its own, from the documents,
// so that a mistake in the field table's keys is not hidden by the same
// mistake on the server side. This holds the two together: every field
// of the table written to the live sandbox is read back, equal, under the
// key the table reads (a key misspelt on either side is a field lost),
// and every readable field of the table is one the sandbox answers.
func TestEveryTableFieldRoundTripsThroughTheSandbox(t *testing.T) {
	c, _ := sandboxClient(t, sandbox.Options{Live: true})
	ctx := context.Background()
	in := harptosInput()
	in.Tags = []int{4}
	giveBySwitch(t, &in)
	created, err := c.CreateCalendar(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.GetCalendar(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i := range client.CalendarFields {
		f := &client.CalendarFields[i]
		if f.WriteOnly {
			continue
		}
		if !f.Given(&in) {
			t.Errorf("the test's calendar gives no %s: give every readable field (in harptosInput)", f.Key)
			continue
		}
		if !f.Given(&got.CalendarInput) {
			t.Errorf("%s was written but is not read back", f.Key)
		} else if f.Show(&got.CalendarInput) != f.Show(&in) && f.Key != "moons" {
			t.Errorf("%s reads back as %s, was written as %s", f.Key, f.Show(&got.CalendarInput), f.Show(&in))
		}
	}
	if changes := client.CalendarFields.Changes(&in, &got.CalendarInput); len(changes) != 0 {
		t.Errorf("what was written differs from what was read: %v", changes)
	}

	entry := client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(1), Day: ptr(2)}, Weather: ptr("snowflake"),
		Temperature: ptr("-5°C"), Precipitation: ptr("light snow"), Wind: ptr("north"), Effect: ptr("frost"),
		Name: ptr("First frost"), VisibilityID: ptr(client.VisibilityMembers)}
	w, err := c.CreateWeather(ctx, created.ID, entry)
	if err != nil {
		t.Fatal(err)
	}
	read, err := c.GetWeather(ctx, created.ID, w.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i := range client.WeatherFields {
		f := &client.WeatherFields[i]
		if !f.Given(&read.WeatherInput) {
			t.Errorf("weather %s was written but is not read back", f.Key)
		}
	}
	if changes := client.WeatherFields.Changes(&entry, &read.WeatherInput); len(changes) != 0 {
		t.Errorf("the weather written differs from what was read: %v", changes)
	}
	if why := read.Misplaced(created.ID); why != "" || !read.HasCalendarID || read.CalendarID != created.ID {
		t.Errorf("the entry is not placed in calendar %d: %s", created.ID, why)
	}
}

// giveBySwitch gives every on/off field in leaves out (a nil *bool) the
// value true, as its switch would, so that a field added to the table as
// a switch is written and read back here without the test naming it; any
// other field must be given in harptosInput.
func giveBySwitch(t *testing.T, in *client.CalendarInput) {
	t.Helper()
	v := reflect.ValueOf(in).Elem()
	for i := range v.NumField() {
		if f := v.Field(i); f.Type() == reflect.TypeFor[*bool]() && f.IsNil() {
			f.Set(reflect.ValueOf(ptr(true)))
		}
	}
}
