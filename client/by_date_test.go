package client_test

import (
	"slices"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// ByDate orders any record dated on a calendar as people read it: by
// date, the records of one day by id; weather and reminders alike.
func TestByDateOrdersWeatherAndReminders(t *testing.T) {
	dated := func(y, m, d int) client.Dated {
		var in client.Dated
		in.SetDate(client.Date{Year: y, Month: m, Day: d})
		return in
	}
	reminders := []*client.Reminder{
		{ID: 9, ReminderInput: client.ReminderInput{Dated: dated(1492, 3, 1)}},
		{ID: 4, ReminderInput: client.ReminderInput{Dated: dated(1492, 3, 1)}},
		{ID: 2, ReminderInput: client.ReminderInput{Dated: dated(1493, 1, 1)}},
		{ID: 7, ReminderInput: client.ReminderInput{Dated: dated(1491, 12, 30)}},
	}
	slices.SortFunc(reminders, client.ByDate)
	var ids []int
	for _, r := range reminders {
		ids = append(ids, r.ID)
	}
	if want := []int{7, 4, 9, 2}; !slices.Equal(ids, want) {
		t.Errorf("reminders in order %v, want %v", ids, want)
	}
	weather := []*client.Weather{
		{ID: 5, WeatherInput: client.WeatherInput{Dated: dated(1492, 2, 1)}},
		{ID: 3, WeatherInput: client.WeatherInput{Dated: dated(1492, 2, 1)}},
		{ID: 1, WeatherInput: client.WeatherInput{Dated: dated(1492, 2, 2)}},
	}
	// A function of weather entries, as `weather list --sort date` keeps it.
	var byDate func(a, b *client.Weather) int = client.ByDate
	slices.SortFunc(weather, byDate)
	ids = nil
	for _, w := range weather {
		ids = append(ids, w.ID)
	}
	if want := []int{3, 5, 1}; !slices.Equal(ids, want) {
		t.Errorf("weather in order %v, want %v", ids, want)
	}
}
