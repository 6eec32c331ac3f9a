package sandbox

import (
	"fmt"
	"net/url"
	"testing"
	"time"
)

func TestCalendarFilters(t *testing.T) {
	now := clock
	s := newServer(t, Options{Now: func() time.Time { return now }})
	records := []struct{ name, typ, private, tags string }{
		{"Harptos", "solar", "false", "[1,2]"},
		{"Harptos Reckoning", "lunar", "true", "[2]"},
		{"Elven calendar", "Solar", "1", "[1,3]"},
		{"harptos", "", "0", "[]"},
	}
	for i, r := range records {
		now = clock.Add(time.Duration(i) * time.Hour)
		mustCreate(t, s, fmt.Sprintf(`{"name":%q,"type":%q,"is_private":%q,"tags":%s,"month_name":["a","b"],"month_length":[1,1],"weekday":["a","b"]}`,
			r.name, r.typ, r.private, r.tags))
	}
	tests := []struct {
		query string
		ids   string
	}{
		{"", "[1 2 3 4]"},
		{"name=harp", "[1 2 4]"},
		{"name=HARPTOS", "[1 2 4]"},
		{"name=" + url.QueryEscape("Harptos!"), "[1 4]"},
		{"name=reckoning", "[2]"},
		{"type=solar", "[1 3]"},
		{"type=lun", "[2]"},
		{"is_private=true", "[2 3]"},
		{"is_private=1", "[2 3]"},
		{"is_private=false", "[1 4]"},
		{"is_private=0", "[1 4]"},
		{"tags[]=2", "[1 2]"},
		{"tags%5B%5D=1&tags%5B%5D=2", "[1]"},
		{"tags[]=1&tags[]=3", "[3]"},
		{"tags[]=9", "[]"},
		{"lastSync=2026-11-22T11:00:00.000000Z", "[3 4]"},
		{"lastSync=" + url.QueryEscape("2026-11-22T10:30:00+00:00"), "[2 3 4]"},
		{"lastSync=2026-11-22", "[1 2 3 4]"},
		{"name=harp&is_private=false&tags[]=1", "[1]"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			w := send(t, s, "GET", base+"calendars?"+tt.query, "")
			expect(t, w, 200, "")
			var ids []int
			for _, it := range decode(t, w)["data"].([]any) {
				ids = append(ids, int(it.(map[string]any)["id"].(float64)))
			}
			if got := fmt.Sprint(ids); got != tt.ids && !(tt.ids == "[]" && ids == nil) {
				t.Fatalf("ids %s, want %s", got, tt.ids)
			}
		})
	}
	t.Run("bad lastSync", func(t *testing.T) {
		w := send(t, s, "GET", base+"calendars?lastSync=yesterday", "")
		expectFields(t, w.Body.Bytes(), w.Code, `{"lastSync":["The last sync is not a valid date: use ISO 8601, such as 2026-11-22T10:00:00.000000Z."]}`)
	})
	t.Run("bad tag id", func(t *testing.T) {
		w := send(t, s, "GET", base+"calendars?tags[]=abc", "")
		expectFields(t, w.Body.Bytes(), w.Code, `{"tags":["The tags must be an integer."]}`)
	})
	t.Run("updated records count for lastSync", func(t *testing.T) {
		now = clock.Add(10 * time.Hour)
		expect(t, send(t, s, "PATCH", base+"calendars/1", `{"entry":"x"}`), 200, "")
		w := send(t, s, "GET", base+"calendars?lastSync=2026-11-22T19:00:00.000000Z", "")
		if d := decode(t, w)["data"].([]any); len(d) != 1 || d[0].(map[string]any)["id"] != 1.0 {
			t.Fatalf("after update: %s", w.Body)
		}
	})
}

// Live, a tag filter value that is no id is ignored, as the service
// ignores it; the document mode refuses it (above).
func TestLiveIgnoresTagFiltersThatAreNoIDs(t *testing.T) {
	s := newServer(t, Options{Live: true})
	for _, tags := range []string{"[1,2]", "[2]", "[]"} {
		mustCreate(t, s, `{"name":"c","tags":`+tags+`,"month_name":["a"],"month_length":[1],"weekday":["a","b"]}`)
	}
	for query, want := range map[string]string{
		"tags[]=abc":            "[1 2 3]",
		"tags=x":                "[1 2 3]",
		"tags[]=abc&tags[]=1":   "[1]",
		"tags[]=2&tags[]=":      "[1 2]",
		"tags%5B%5D=1.5&tags=2": "[1 2]",
	} {
		w := send(t, s, "GET", base+"calendars?"+query, "")
		expect(t, w, 200, "")
		var ids []int
		for _, it := range decode(t, w)["data"].([]any) {
			ids = append(ids, int(it.(map[string]any)["id"].(float64)))
		}
		if got := fmt.Sprint(ids); got != want {
			t.Errorf("%s: ids %s, want %s", query, got, want)
		}
	}
}
