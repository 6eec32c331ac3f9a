package weather_test

import (
	"context"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
	"github.com/kanka-cli/kanka/cmd/weather"
)

// The orders --sort offers are the ones `weather list` takes: each runs,
// and a word that is none is refused.
func TestSortCompletionOffersTheOrdersTheListTakes(t *testing.T) {
	roottest.Isolate(t)
	api := newWeatherAPI(t)
	api.add(42, 4, "sun")
	api.add(41, 3, "snowflake")
	r := api.complete(t, context.Background(), "weather", "list", "--calendar", "1", "--sort", "")
	wantCompletion(t, api, r, "date\nid\n:4\n")
	for _, key := range weather.SortKeys() {
		r := roottest.Run(t, "", "--url", api.URL+"/api/1.0", "--token", "tok", "-c", "3", "weather", "list", "--calendar", "1", "--sort", key, "-o", "id", "-q")
		if r.Code != 0 || r.Stderr != "" {
			t.Errorf("--sort %s: exit %d, stderr %q", key, r.Code, r.Stderr)
		}
	}
	r = roottest.Run(t, "", "--url", api.URL+"/api/1.0", "--token", "tok", "-c", "3", "weather", "list", "--calendar", "1", "--sort", "weather", "-o", "id")
	if r.Code != 2 {
		t.Errorf("--sort weather: exit %d, want 2 (no such order); stderr %q", r.Code, r.Stderr)
	}
}
