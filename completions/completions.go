// Package completions computes shell completion candidates from the API. It
// reaches the service only through package client, and spends at most one
// request a completion: a shell waits on it at every Tab.
package completions

import (
	"context"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
)

// Calendars returns the candidates for a calendar argument (ID|NAME) that
// start with prefix, from one page of the campaign's calendars, never a walk.
//
// A shell keeps only the candidates that start with what was typed, so the
// candidate is an id when the prefix is empty or a number ("12\tHarptos"),
// and a name otherwise ("Harptos\t12"); the part after the tab is the
// description the shell shows beside it.
func Calendars(ctx context.Context, c *client.Client, prefix string) ([]string, error) {
	byID := prefix == "" || isDigits(prefix)
	opts := &client.ListOptions{Page: 1}
	if !byID {
		// The server's name filter matches anywhere in the name: it narrows
		// the page to likely names; the prefix is checked below.
		opts.Name = prefix
	}
	page, err := c.ListCalendars(ctx, opts)
	if err != nil {
		return nil, err
	}
	return CalendarsOf(page.Items, prefix), nil
}

// CalendarsOf are the candidates among calendars (the local cache's) for a
// calendar argument that start with prefix, as Calendars makes them.
func CalendarsOf(calendars []*client.Calendar, prefix string) []string {
	byID := prefix == "" || isDigits(prefix)
	var out []string
	for _, cal := range calendars {
		id := strconv.Itoa(cal.ID)
		switch {
		case byID && strings.HasPrefix(id, prefix):
			out = append(out, id+"\t"+cal.Name)
		case !byID && strings.HasPrefix(strings.ToLower(cal.Name), strings.ToLower(prefix)):
			out = append(out, cal.Name+"\t"+id)
		}
	}
	return out
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Weather returns the candidates for a weather id of one calendar that start
// with prefix ("41\t1492-1-3 snowflake"), from the first page of its weather.
func Weather(ctx context.Context, c *client.Client, calendarID int, prefix string) ([]string, error) {
	page, err := c.ListWeather(ctx, calendarID, &client.WeatherListOptions{Page: 1})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, w := range page.Items {
		if id := strconv.Itoa(w.ID); strings.HasPrefix(id, prefix) {
			out = append(out, id+"\t"+w.Date().String()+" "+w.Code())
		}
	}
	return out, nil
}
