package cache

import (
	"context"
	"iter"
	"time"

	"github.com/kanka-cli/kanka/client"
)

// MaxWeather is the most entries of one calendar the cache keeps: a
// calendar with more is walked each time, as without a cache, so that
// neither the file nor what a command holds of it grows without bound.
var MaxWeather = 20_000

// weatherList is a calendar's weather, as the cache keeps it (lists.go).
var weatherList = calendarList[client.Weather, *client.Weather]{
	kind: "weather",
	max:  &MaxWeather,
	page: func(ctx context.Context, c *client.Client, calendarID, page int) (*client.Page[*client.Weather], error) {
		return c.ListWeather(ctx, calendarID, &client.WeatherListOptions{Page: page})
	},
	walk: func(ctx context.Context, c *client.Client, calendarID int, opts *client.PageOptions) iter.Seq2[*client.Weather, error] {
		return c.AllWeather(ctx, calendarID, opts)
	},
}

// weatherSet is a calendar's weather as the cache holds it.
type weatherSet = listSet[client.Weather, *client.Weather]

// Weather is the entries of calendar calendarID that keep keeps, in the
// service's order. The cache's, when its entries were read whole less than
// trust ago and the page of its tail agrees (one request, and the pages of
// the entries added since); else every page is walked, and the cache
// rewritten. Without a cache, every page is walked.
func (k *Cache) Weather(ctx context.Context, c *client.Client, calendarID int, trust time.Duration, keep func(*client.Weather) bool) ([]*client.Weather, error) {
	return weatherList.read(ctx, k, c, calendarID, trust, keep)
}

// Knows reports, with no request, whether the cache holds calendarID's
// weather, read whole less than trust ago, with an entry keep keeps. A
// write that looks for an entry asks it first: a day the cache knows no
// entry of is looked for in every page anyway (the cache never proves a
// day empty), and checking the tail page before that would be a request
// for nothing.
func (k *Cache) Knows(calendarID int, trust time.Duration, keep func(*client.Weather) bool) bool {
	return weatherList.knows(k, calendarID, trust, keep)
}

// TeeWeather is the walk of every page of calendarID's weather (walk is
// the client's AllWeather), written to the cache as it goes: once the walk
// is whole, the file holds it (weather list, the fresh view, keeps the
// cache up to date this way). A walk stopped early, or that fails, leaves
// the cache as it was; one of more than MaxWeather entries takes it away.
func (k *Cache) TeeWeather(ctx context.Context, calendarID int, walk func(context.Context, int, *client.WeatherListOptions) iter.Seq2[*client.Weather, error]) iter.Seq2[*client.Weather, error] {
	return weatherList.tee(ctx, k, calendarID, walk)
}
