package client_test

import (
	"reflect"
	"testing"

	yaml "go.yaml.in/yaml/v3"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
)

func node(t *testing.T, src string) *yaml.Node {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	return &doc
}

// DecodeWeather reads one mapping strictly, every problem with its line.
func TestDecodeWeatherNamesEveryLine(t *testing.T) {
	_, err := client.DecodeWeather(node(t, "date: 1492-1-1\nweathr: sun\nday: 2.5\nvisibility: 9\n"))
	want := "line 1: date: give date: Y-M-D or year, month and day, not both\n" +
		"line 2: unknown key \"weathr\"; did you mean \"weather\"?\n" +
		"line 3: day: must be a whole number, not 2.5\n" +
		"line 4: visibility: \"9\" is not a visibility: use all, admin, admin-self, self, members or 1 to 5"
	if err == nil || err.Error() != want {
		t.Errorf("error\n%v\nwant\n%s", err, want)
	}
}

// A month by name waits for the calendar: ResolveDate gives the number.
func TestWeatherResolveDate(t *testing.T) {
	in, err := client.DecodeWeather(node(t, "id: 4\ndate: 1492-ches-3\nweather: sun\n"))
	if err != nil {
		t.Fatal(err)
	}
	if in.Year != nil || in.Month != nil || in.Written == nil || *in.Written != (client.Written{Text: "1492-ches-3", Where: "line 2: date", Date: true}) {
		t.Fatalf("year %v month %v, written %+v", in.Year, in.Month, in.Written)
	}
	r, err := almanac.New(almanac.Calendar{Months: []almanac.Month{{Name: "Hammer", Length: 30}, {Name: "Ches", Length: 30}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := in.ResolveDate(r); err != nil {
		t.Fatal(err)
	}
	want := client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(2), Day: ptr(3)}, Weather: ptr("sun")}
	if !reflect.DeepEqual(in, want) {
		t.Errorf("got %+v", in)
	}
	in.Written = &client.Written{Text: "Chez", Where: "month"}
	if err := in.ResolveDate(r); err == nil || err.Error() != `month: month "Chez" does not exist in this calendar; did you mean "Ches"?` {
		t.Errorf("error %v", err)
	}
	in.SetWrittenDate(&client.Written{Text: "3 Chez 1492", Where: "--date", Date: true})
	if err := in.ResolveDate(r); err == nil || err.Error() != `--date: month "Chez" does not exist in this calendar; did you mean "Ches"?` {
		t.Errorf("error %v", err)
	}
}

// DecodeCalendar: null lists are empty lists, left-out keys stay unset.
func TestDecodeCalendarNullListsAndLeftOutKeys(t *testing.T) {
	in, err := client.DecodeCalendar(node(t, "seasons:\ntags: ~\nyears: []\nskip_year_zero: \"1\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if in.Seasons == nil || len(in.Seasons) != 0 || in.Tags == nil || in.Years == nil || in.Months != nil || in.Type != nil || !*in.SkipYearZero {
		t.Errorf("got %+v", in)
	}
}

// ResolveDates resolves every entry written by name with the calendar's
// months, leaves the numeric ones alone, and says every name that is no
// month, one a line.
func TestResolveDatesSaysEveryBadName(t *testing.T) {
	cal := &client.Calendar{}
	cal.Months = []client.Month{{Name: "Hammer", Length: 30}, {Name: "Ches", Length: 30}}
	var ins []client.WeatherInput
	for _, date := range []string{"1492-ches-3", "1492-1-2", "1492-Chez-4", "5 Hamer 1492"} {
		in := client.WeatherInput{}
		in.SetWrittenDate(&client.Written{Text: date, Where: "--date", Date: true})
		ins = append(ins, in)
	}
	ins[1] = client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(1), Day: ptr(2)}}
	err := client.ResolveDates(cal, ins)
	want := "--date: month \"Chez\" does not exist in this calendar; did you mean \"Ches\"?\n" +
		"--date: month \"Hamer\" does not exist in this calendar; did you mean \"Hammer\"?"
	if err == nil || err.Error() != want {
		t.Errorf("error\n%v\nwant\n%s", err, want)
	}
	if got := ins[0].DateLabel(); got != "1492-2-3" {
		t.Errorf("first entry: %s, want 1492-2-3", got)
	}
	if got := ins[1].DateLabel(); got != "1492-1-2" {
		t.Errorf("numeric entry: %s, want it left as 1492-1-2", got)
	}
	if err := client.ResolveDates(cal, ins[:2]); err != nil {
		t.Errorf("nothing to resolve: %v", err)
	}
}
