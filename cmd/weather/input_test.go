package weather

import (
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// Input that is not what it seems, refused with exit 2 before any request.

func TestInputRefusedBeforeAnyRequest(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  string
	}{
		{"a fraction in one entry", []string{"create", "--calendar", "5", "-f", "-"}, "year: 1492\nmonth: 1\nday: 29.99\nweather: sun\n",
			"standard input: line 3: day: must be a whole number, not 29.99"},
		{"fractions in a list", []string{"create", "--calendar", "5", "-f", "-"}, "- {date: 1492-1-1, weather: sun}\n- year: 1492.5\n  month: 1\n  day: 2\n  weather: sun\n",
			"standard input: line 2: [2].year: must be a whole number, not 1492.5"},
		{"a fraction in JSON", []string{"create", "--calendar", "5", "-f", "-"}, `[{"year": 1492, "month": 1.0, "day": 2, "weather": "sun"}]`,
			"standard input: line 1: [1].month: must be a whole number, not 1.0"},
		{"a fraction on update", []string{"update", "--calendar", "5", "41", "-f", "-"}, "day: 2.5\n",
			"standard input: line 1: day: must be a whole number, not 2.5"},
		{"--weather not UTF-8", []string{"create", "--calendar", "5", "--date", "1492-1-1", "--weather", "su\xffn"}, "",
			"--weather: is not valid UTF-8 text"},
		{"--name not UTF-8 on update", []string{"update", "--calendar", "5", "41", "--name", "\xc3"}, "",
			"--name: is not valid UTF-8 text"},
		{"a file not UTF-8", []string{"create", "--calendar", "5", "-f", "-"}, "- date: 1492-1-1\n  weather: sun\n  wind: br\xe9eze\n",
			"standard input: line 3: [1].wind: is not valid UTF-8 text (byte 0xe9); save the file as UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newTestEnv(t, "id")
			env.In.WriteString(tt.stdin)
			err := env.run(tt.args...)
			if !cmdtest.IsUsage(err) {
				t.Fatalf("error %v is not a usage error", err)
			}
			if err.Error() != tt.want {
				t.Errorf("error:\n got  %q\n want %q", err, tt.want)
			}
			if got := env.Sent(); len(got) != 0 {
				t.Errorf("requests sent: %v", got)
			}
		})
	}
}
