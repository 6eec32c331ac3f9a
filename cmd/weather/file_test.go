package weather

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	yaml "go.yaml.in/yaml/v3"
)

// readString reads a -f file given on standard input.
func readString(t *testing.T, content string) (*resource.File[client.WeatherInput], error) {
	t.Helper()
	streams, in, _, _ := cmdutil.Test()
	in.WriteString(content)
	return readEntryFile(context.Background(), streams, "-")
}

func TestFileShapes(t *testing.T) {
	tests := []struct {
		name, content string
		isList        bool
		want          []client.WeatherInput
	}{
		{"one entry with date", "date: -12-3-4\nweather: sun\nvisibility: admin\n", false,
			[]client.WeatherInput{{Dated: client.Dated{Year: ptr(-12), Month: ptr(3), Day: ptr(4)}, Weather: ptr("sun"), VisibilityID: ptr(2)}}},
		{"year, month and day", "year: 1492\nmonth: 1\nday: 2\nweather: cloud\nwind: \"\"\n", false,
			[]client.WeatherInput{{Dated: client.Dated{Year: ptr(1492), Month: ptr(1), Day: ptr(2)}, Weather: ptr("cloud"), Wind: ptr("")}}},
		{"JSON list with the server's keys", `[{"id": 3, "calendar_id": 5, "created_by": 1, "created_at": "x", "updated_at": "y",
			"year": 1492, "month": 1, "day": 5, "weather": "smog", "name": null, "visibility_id": 5}]`, true,
			[]client.WeatherInput{{Dated: client.Dated{Year: ptr(1492), Month: ptr(1), Day: ptr(5)}, Weather: ptr("smog"), VisibilityID: ptr(5)}}},
		{"visibility_id as a name, visibility as a number", "- {date: 1-1-1, weather: sun, visibility_id: members}\n- {date: 1-1-2, weather: sun, visibility: 2}\n", true,
			[]client.WeatherInput{
				{Dated: client.Dated{Year: ptr(1), Month: ptr(1), Day: ptr(1)}, Weather: ptr("sun"), VisibilityID: ptr(5)},
				{Dated: client.Dated{Year: ptr(1), Month: ptr(1), Day: ptr(2)}, Weather: ptr("sun"), VisibilityID: ptr(2)},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := readString(t, tt.content)
			if err != nil {
				t.Fatal(err)
			}
			if f.IsList != tt.isList || len(f.Records) != len(tt.want) {
				t.Fatalf("list %v with %d entries", f.IsList, len(f.Records))
			}
			for i, got := range f.Records {
				if d := diffFields(got, tt.want[i]); d != "" {
					t.Errorf("entry %d:\n%s", i+1, d)
				}
			}
		})
	}
}

func TestFileErrorsNameTheLine(t *testing.T) {
	tests := []struct{ name, content, want string }{
		{"unknown key", "date: 1-1-1\nweathr: sun\n", `standard input: line 2: unknown key "weathr"; did you mean "weather"?`},
		{"mistyped day", "- year: 1\n  month: 1\n  day: first\n", `standard input: line 3: [1].day: "first" is not a whole number`},
		{"bad date", "- date: 1-1-1\n- date: 1492/1/2\n", `standard input: line 2: [2].date: "1492/1/2" is not a date: write YEAR-MONTH-DAY (1492-4-3, 1492-Ches-3) or DAY MONTH YEAR (3 Ches 1492)`},
		{"every problem at once", "- date: 1-1-1\n  weather: [sun]\n- day: 2.5\n  visibility: friends\n",
			"standard input: line 2: [1].weather: must be text\n" +
				"standard input: line 3: [2].day: must be a whole number, not 2.5\n" +
				`standard input: line 4: [2].visibility: "friends" is not a visibility: use all, admin, admin-self, self, members or 1 to 5`},
		{"date and parts", "date: 1492-1-1\nday: 2\nweather: sun\n", "standard input: line 1: date: give date: Y-M-D or year, month and day, not both"},
		{"syntax", "date: [1-1-1\n", "standard input: line 1: did not find expected ',' or ']'"},
		{"empty", "\n", "standard input: is empty"},
		{"only a comment", "# the weather of Hammer\n", "standard input: must be a mapping of keys"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readString(t, tt.content)
			if !cmdtest.IsUsage(err) {
				t.Fatalf("error %v is not a usage error", err)
			}
			if err.Error() != tt.want {
				t.Errorf("error %q, want %q", err, tt.want)
			}
		})
	}
}

func TestFileVisibilityConflict(t *testing.T) {
	_, err := readString(t, "date: 1-1-1\nweather: sun\nvisibility: all\nvisibility_id: 2\n")
	if want := "standard input: line 4: visibility_id: visibility and visibility_id disagree: give one"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// A month by name is kept, with where it was written, for the calendar.
func TestFileMonthNames(t *testing.T) {
	f, err := readString(t, "- date: 1492-ches-3\n  weather: sun\n- {year: 1492, month: Hammer, day: 1, weather: sun}\n- {date: 3 Alturiak 1492, weather: sun}\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []client.WeatherInput{
		{Dated: client.Dated{Written: &client.Written{Text: "1492-ches-3", Where: "standard input: line 1: [1].date", Date: true}}, Weather: ptr("sun")},
		{Dated: client.Dated{Year: ptr(1492), Day: ptr(1), Written: &client.Written{Text: "Hammer", Where: "standard input: line 3: [2].month"}}, Weather: ptr("sun")},
		{Dated: client.Dated{Written: &client.Written{Text: "3 Alturiak 1492", Where: "standard input: line 4: [3].date", Date: true}}, Weather: ptr("sun")},
	}
	for i, got := range f.Records {
		if d := diffFields(got, want[i]); d != "" {
			t.Errorf("entry %d:\n%s", i+1, d)
		}
	}
}

// What `get -o yaml` prints reads back as the same entry.
func TestYAMLOutputRoundTrips(t *testing.T) {
	var w client.Weather
	if err := json.Unmarshal([]byte(fullWeatherJSON), &w); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := yaml.NewEncoder(&buf).Encode(Kind.YAML(&w)); err != nil {
		t.Fatal(err)
	}
	f, err := readString(t, buf.String())
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	in := f.Records[0]
	if want := client.FromWeather(&w); !client.WeatherFields.Same(&in, &want) {
		t.Errorf("read back %+v\nwant %+v\nfrom\n%s", in, want, buf.String())
	}
	if !strings.HasPrefix(buf.String(), "id: 41\n") {
		t.Errorf("the id is not first:\n%s", buf.String())
	}
}
