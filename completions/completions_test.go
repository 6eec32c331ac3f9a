package completions

import (
	"context"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// calendarsServer answers every calendar list with the same page (as a
// server ignoring the name filter would: the prefix check is ours) and
// records the queries.
func calendarsServer(t *testing.T, queries *[]string) *client.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || r.URL.Path != "/campaigns/3/calendars" {
			t.Errorf("unexpected %s %s", r.Method, r.URL.Path)
		}
		*queries = append(*queries, r.URL.RawQuery)
		_, _ = w.Write([]byte(`{"data":[
			{"id":12,"name":"Harptos"},
			{"id":120,"name":"Calendar of Harptos"},
			{"id":7,"name":"harvest moons"},
			{"id":31,"name":"Barovian"}],
			"meta":{"current_page":1,"last_page":9,"per_page":4,"total":36}}`))
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: "t", Campaign: 3})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCalendars(t *testing.T) {
	tests := []struct {
		prefix    string
		wantQuery string
		want      []string
	}{
		{"", "", []string{"12\tHarptos", "120\tCalendar of Harptos", "7\tharvest moons", "31\tBarovian"}},
		{"12", "", []string{"12\tHarptos", "120\tCalendar of Harptos"}},
		{"Har", "name=Har", []string{"Harptos\t12", "harvest moons\t7"}},
		{"zzz", "name=zzz", nil},
	}
	for _, tt := range tests {
		var queries []string
		c := calendarsServer(t, &queries)
		got, err := Calendars(context.Background(), c, tt.prefix)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Calendars(%q) = %q, want %q", tt.prefix, got, tt.want)
		}
		// One page, never a walk, even though the server has nine.
		if len(queries) != 1 || queries[0] != tt.wantQuery {
			t.Errorf("Calendars(%q) sent queries %q, want one: %q", tt.prefix, queries, tt.wantQuery)
		}
	}
}

func TestCalendarsReportsErrors(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"code":401,"error":"Invalid authentication token."}`))
	}))
	defer srv.Close()
	c, _ := client.New(client.Config{BaseURL: srv.URL, Token: "t", Campaign: 3})
	if _, err := Calendars(context.Background(), c, ""); !client.IsAuth(err) {
		t.Errorf("err = %v, want the 401", err)
	}
}

func TestMonthsOf(t *testing.T) {
	months := []client.Month{
		{Name: "Hammer", Alias: "Deepwinter"}, {Name: "Midwinter", Type: "intercalary"}, {Name: "Alturiak"},
		{Name: "Deep Winter"}, {Name: "m5"}, {Name: "m6"}, {Name: "m7"}, {Name: "m8"}, {Name: "m9"}, {Name: "m10"}, {Name: "m11"},
	}
	for prefix, want := range map[string][]string{
		"":     {"Hammer\t1", "Midwinter\t2, intercalary", "Alturiak\t3", "Deep Winter\t4", "m5\t5", "m6\t6", "m7\t7", "m8\t8", "m9\t9", "m10\t10", "m11\t11"},
		"mid":  {"Midwinter\t2, intercalary"},
		"Deep": {"Deepwinter\t1, alias of Hammer", "Deep Winter\t4"},
		"1":    {"1\tHammer", "10\tm10", "11\tm11"},
		"2":    {"2\tMidwinter"},
		"x":    nil,
	} {
		if got := MonthsOf(months, prefix); !reflect.DeepEqual(got, want) {
			t.Errorf("MonthsOf(%q) = %q, want %q", prefix, got, want)
		}
	}
}
