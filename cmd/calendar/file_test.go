package calendar

import (
	"context"
	"reflect"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

func TestExampleHarptosIsAValidCalendar(t *testing.T) {
	io, _, _, _ := cmdutil.Test()
	f, err := readFile(context.Background(), io, "../../examples/harptos.yaml")
	if err != nil {
		t.Fatal(err)
	}
	in := f.Records[0]
	if err := in.Validate(); err != nil {
		t.Fatalf("examples/harptos.yaml is not valid:\n%v", err)
	}
	days, festivals := 0, 0
	for _, m := range in.Months {
		days += m.Length
		if m.Type == "intercalary" {
			festivals++
		}
	}
	if len(in.Months) != 17 || days != 365 || festivals != 5 {
		t.Errorf("%d months, %d days, %d festival days; want 17, 365, 5", len(in.Months), days, festivals)
	}
	if len(in.Weekdays) != 10 || in.Weekdays[0] != "First-day" || in.Weekdays[9] != "Tenth-day" {
		t.Errorf("weekdays %q", in.Weekdays)
	}
	if len(in.Moons) != 1 || in.Moons[0].Name != "Selûne" || in.Moons[0].Fullmoon != 30.4375 {
		t.Errorf("moons %+v", in.Moons)
	}
	if in.Years[1492] != "Year of Three Ships Sailing" {
		t.Errorf("years %v", in.Years)
	}
	// Shieldmeet: one day more for Midsummer every fourth year.
	if m := *in.LeapYearMonth; in.Months[m-1].Name != "Midsummer" || *in.LeapYearAmount != 1 || *in.LeapYearOffset != 4 {
		t.Errorf("leap day in month %d, amount %d every %d", m, *in.LeapYearAmount, *in.LeapYearOffset)
	}
}

func TestFileMistypedValueNamesKeyAndLine(t *testing.T) {
	io, in, _, _ := cmdutil.Test()
	in.WriteString("name: X\nmonths:\n  - name: A\n    length: thirty\n")
	_, err := readFile(context.Background(), io, "-")
	wantUsage(t, err, `standard input: line 4: months[1].length: "thirty" is not a whole number`)
}

func TestFileYearsWithQuotedKeys(t *testing.T) {
	tests := []struct{ name, input string }{
		{"json on one line", `{"name": "Selûne's", "moons": [{"name": "Selûne", "fullmoon": 30}], "years": {"1492": "Three Ships", "-3": "Ash", '7': "Seven"}}`},
		{"json", "{\n  \"name\": \"X\",\n  \"years\": {\n    \"1492\": \"Three Ships\",\n    \"-3\": \"Ash\", \"7\": \"Seven\"\n  }\n}\n"},
		{"yaml block", "name: X\nyears:\n  \"1492\": Three Ships\n  '-3': Ash\n  7: Seven\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			io, in, _, _ := cmdutil.Test()
			in.WriteString(tt.input)
			f, err := readFile(context.Background(), io, "-")
			if err != nil {
				t.Fatal(err)
			}
			got := f.Records[0]
			want := client.Years{1492: "Three Ships", -3: "Ash", 7: "Seven"}
			if !reflect.DeepEqual(got.Years, want) {
				t.Errorf("years %v", got.Years)
			}
		})
	}
	// Lines are unchanged: an error after the years still names its line.
	io, in, _, _ := cmdutil.Test()
	in.WriteString("{\n  \"years\": {\"1492\": \"A\", \"1493\": \"B\"},\n  \"weekday\": [\"a\"]\n}\n")
	_, err := readFile(context.Background(), io, "-")
	wantUsage(t, err, `standard input: line 3: unknown key "weekday"; did you mean "weekdays"?`)
}
