package resource

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// The ids offered are those that start with what is typed, each with what
// the resource says of it (here, weather's date and weather).
func TestIDCandidates(t *testing.T) {
	entries := decodeWeather(t, `{"id":41,"year":1492,"month":1,"day":3,"weather":"snowflake"}`,
		`{"id":5,"year":1492,"month":1,"day":4,"weather":"sun"}`, `{"id":412,"year":-3,"month":2,"day":1,"weather":"cloud-rain"}`)
	about := func(w *client.Weather) string { return w.Date().String() + " " + w.Code() }
	for prefix, want := range map[string][]string{
		"":   {"41\t1492-1-3 snowflake", "5\t1492-1-4 sun", "412\t-3-2-1 cloud-rain"},
		"4":  {"41\t1492-1-3 snowflake", "412\t-3-2-1 cloud-rain"},
		"41": {"41\t1492-1-3 snowflake", "412\t-3-2-1 cloud-rain"},
		"6":  nil,
	} {
		if got := idCandidates(entries, prefix, about); !reflect.DeepEqual(got, want) {
			t.Errorf("idCandidates(%q) = %q, want %q", prefix, got, want)
		}
	}
}

func decodeWeather(t *testing.T, answers ...string) []*client.Weather {
	t.Helper()
	var out []*client.Weather
	for _, a := range answers {
		var w client.Weather
		if err := json.Unmarshal([]byte(a), &w); err != nil {
			t.Fatal(err)
		}
		out = append(out, &w)
	}
	return out
}
