package client_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	yaml "go.yaml.in/yaml/v3"
)

// The table's verbs on one calendar read with some keys missing: what it
// leaves out is unknown (nil), never a zero; Unread names what an update
// must send but cannot; Merge changes only what is given; Changes compares
// as the service stores (trimmed text, "" as none, default month type and
// moon colour, moon ids not a change); Differing sees a field given on one
// side only.
func TestFieldTableVerbs(t *testing.T) {
	read := decoded(t, `{"id":1,"name":"Harptos ","type":null,"date":"1492-4-1",`+
		`"months":[{"name":"A","length":30},{"name":"B","length":30,"type":"standard"}],"weekdays":["X","Y"],`+
		`"years":[],"moons":[{"name":"Selûne","fullmoon":"30.5","colour":null,"id":4}],"is_private":0}`)
	in := client.FromCalendar(read)
	if in.Type != nil || in.Seasons != nil || in.Suffix != nil || in.HasLeapYear != nil {
		t.Errorf("unknown fields read as values: %+v", in)
	}
	if got := client.CalendarFields.Unread(&in); !reflect.DeepEqual(got, []string{"seasons"}) {
		t.Errorf("Unread = %v, want [seasons]", got)
	}
	if p := client.CalendarFields.Payload(&in); p["type"] != nil || p["season_name"] != nil || p["is_private"] != false || p["suffix"] != nil {
		t.Errorf("payload sends what was not read: %v", p)
	}

	want := client.CalendarInput{
		Name:    "Harptos",
		Type:    new(string), // "" is stored as null: no change from null
		Months:  []client.Month{{Name: " A ", Length: 30, Type: "standard"}, {Name: "B", Length: 30}},
		Moons:   []client.Moon{{Name: "Selûne", Fullmoon: 30.5, Colour: "grey"}},
		Seasons: []client.Season{},
		Suffix:  ptr("DR"),
	}
	changes := client.CalendarFields.Changes(&want, &in)
	if len(changes) != 2 || changes[0] != (client.Change{Field: "seasons", Old: "(unknown)", New: "(none)"}) ||
		changes[1] != (client.Change{Field: "suffix", Old: "(none)", New: `"DR"`}) {
		t.Errorf("Changes = %v, want seasons (given now) and suffix only", changes)
	}
	merged := client.CalendarFields.Clone(&in)
	client.CalendarFields.Merge(&merged, &client.CalendarInput{Suffix: ptr("DR")})
	if *merged.Suffix != "DR" || merged.Name != "Harptos " || len(merged.Months) != 2 || merged.Type != nil {
		t.Errorf("Merge changed what was not given: %+v", merged)
	}
	if got := client.CalendarFields.Differing(&in, &merged); !reflect.DeepEqual(got, []string{"suffix"}) {
		t.Errorf("Differing = %v, want [suffix]", got)
	}
	merged.Moons[0].Colour = "red"
	if in.Moons[0].Colour != "" {
		t.Error("Clone shares the moons with the record")
	}
}

// An update sends what the service requires (the date and the weather,
// from the record as read) and the fields that differ from it, nothing
// else: a field given with its current value stays out, a field cleared
// ("") goes.
func TestUpdateOfSendsTheRequiredAndTheChanged(t *testing.T) {
	have := client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(1), Day: ptr(3)}, Weather: ptr("snowflake"),
		Temperature: ptr("-5°C"), Wind: ptr("north"), Effect: ptr("fog"), Name: ptr("First frost")}
	changes := client.WeatherInput{Wind: ptr(""), Effect: ptr("fog"), Precipitation: ptr("snow")}
	want := client.WeatherFields.Over(&have, &changes)
	got := client.WeatherFields.Payload(ptr(client.WeatherFields.UpdateOf(&want, &have)))
	wantPayload := map[string]any{"year": 1492, "month": 1, "day": 3, "weather": "snowflake", "wind": "", "precipitation": "snow"}
	if !reflect.DeepEqual(got, wantPayload) {
		t.Errorf("UpdateOf payload = %v, want %v", got, wantPayload)
	}
}

// The write-only texts (a picture's URL, gallery images), which the
// service takes but never returns: Differing names one added, changed or
// removed, and not one left as it was, so that an edit that only sets a
// picture is sent; a calendar file made from an input that has one
// writes it, as the user gave it.
func TestWriteOnlyTextsDifferAndAreWritten(t *testing.T) {
	read := client.CalendarInput{Name: "Harptos"}
	withPicture := client.CalendarInput{Name: "Harptos", ImageURL: "https://img.test/harptos.png"}
	otherPicture := client.CalendarInput{Name: "Harptos", ImageURL: "https://img.test/other.png"}
	for _, tc := range []struct {
		name string
		a, b client.CalendarInput
		want []string
	}{
		{"added", read, withPicture, []string{"image_url"}},
		{"changed", withPicture, otherPicture, []string{"image_url"}},
		{"removed", withPicture, read, []string{"image_url"}},
		{"the same", withPicture, withPicture, nil},
	} {
		if got := client.CalendarFields.Differing(&tc.a, &tc.b); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: Differing = %v, want %v", tc.name, got, tc.want)
		}
	}
	out, err := yaml.Marshal(client.CalendarFile(&client.Calendar{CalendarInput: withPicture}))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "\nimage_url: https://img.test/harptos.png\n") {
		t.Errorf("the file leaves the picture out:\n%s", out)
	}
}
