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

func TestWeather(t *testing.T) {
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		paths = append(paths, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery)
		_, _ = w.Write([]byte(`{"data":[
			{"id":41,"year":1492,"month":1,"day":3,"weather":"snowflake"},
			{"id":5,"year":1492,"month":1,"day":4,"weather":"sun"}],
			"meta":{"current_page":1,"last_page":3,"per_page":2,"total":6}}`))
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: "t", Campaign: 3})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Weather(context.Background(), c, 9, "4")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"41\t1492-1-3 snowflake"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Weather(\"4\") = %q, want %q", got, want)
	}
	if want := []string{"GET /campaigns/3/calendars/9/calendar_weathers?"}; !reflect.DeepEqual(paths, want) {
		t.Errorf("requests %q, want %q (one page, never a walk)", paths, want)
	}
}
