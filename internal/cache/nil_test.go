package cache_test

import (
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/cache"
)

// A nil *Cache is no cache: every method asks the service, or does
// nothing, as kanka did without one.
func TestNilCacheIsNoCache(t *testing.T) {
	svc := newService(t)
	svc.addCalendar("Harptos")
	svc.addSunny(1, 20)
	var k *cache.Cache
	c := newClient(t, svc, k) // an observer that is a nil *Cache
	if k.Dir() != "" {
		t.Errorf("Dir() = %q", k.Dir())
	}

	for _, keep := range []func(*client.Weather) bool{nil, all} {
		for range 2 {
			got := weather(t, k, c, 1, time.Hour, keep)
			wantList(t, "entries", got, svc.listing(1))
			wantRequests(t, svc, walk(1, 2)...)
		}
	}
	two := func(w *client.Weather) bool { return w.ID == 103 || w.ID == 118 }
	wantList(t, "kept", weather(t, k, c, 1, time.Hour, two), []string{"103:sun", "118:sun"})
	wantRequests(t, svc, walk(1, 2)...)

	var teed []string
	for w, err := range k.TeeWeather(t.Context(), 1, c.AllWeather) {
		if err != nil {
			t.Fatal(err)
		}
		teed = append(teed, shown([]*client.Weather{w})...)
	}
	wantList(t, "TeeWeather", teed, svc.listing(1))
	wantRequests(t, svc, walk(1, 2)...)

	if cal, ok := k.FreshCalendar("1"); ok || cal != nil {
		t.Errorf("FreshCalendar = %v, %v", cal, ok)
	}
	if err := k.RefreshCalendars(t.Context(), c); err != nil {
		t.Error(err)
	}
	if cal, ok, err := k.CalendarNamed(t.Context(), c, "Harptos"); ok || cal != nil || err != nil {
		t.Errorf("CalendarNamed = %v, %v, %v", cal, ok, err)
	}
	wantRequests(t, svc)
	cals, err := k.Calendars(t.Context(), c)
	if err != nil || len(cals) != 1 || cals[0].Name != "Harptos" {
		t.Errorf("Calendars = %v, %v", cals, err)
	}
	wantRequests(t, svc, "GET calendars")
	if k.KnowsLiveWeatherPath() {
		t.Error("no cache knows the live path")
	}

	// The observer methods, through the client's calls, do nothing.
	if _, err := c.GetCalendar(t.Context(), 1); err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreateWeather(t.Context(), 1, sunnyDay("hail")); err != nil {
		t.Fatal(err)
	}
	if _, err := c.UpdateWeather(t.Context(), 1, 103, sunnyDay("rain")); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteWeather(t.Context(), 1, 104); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetWeather(t.Context(), 1, 104); err == nil {
		t.Fatal("a deleted entry answered")
	}
	if err := c.DeleteCalendar(t.Context(), 1); err != nil {
		t.Fatal(err)
	}
	k.CalendarChanged(1)
	k.LiveWeatherPath()
	k.WeatherSeen(1, nil, true)
	k.CalendarSeen(nil)
}
