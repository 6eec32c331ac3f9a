package client

import (
	"context"
	"errors"
	"iter"
	"net/http"
	"net/url"
	"strings"
)

// liveHosts serve the live service, whose weather path is known: starting
// there saves every process a 404 and a second request.
var liveHosts = map[string]bool{"api.kanka.io": true, "app.kanka.io": true}

func initialWeatherPath(host string) string {
	if liveHosts[strings.ToLower(host)] {
		return weatherPathLive
	}
	return weatherPathDocument
}

// WeatherListOptions picks a page of a weather list or bounds a walk. The
// interface has no weather filters.
type WeatherListOptions = PageOptions

// weatherDo sends a request under calendars/{id}/<weather path>/suffix. When
// the document's path meets a route-level 404 (a body with no "code" key:
// the route does not exist, as opposed to an unknown record), the live path
// is tried and kept for the client's lifetime. A 404 to HEAD has no body to
// tell the two apart, so the live path is tried and kept only if it answers.
func (c *Client) weatherDo(ctx context.Context, method string, calendarID int, suffix string, q url.Values, body any) (*answer, error) {
	segment := c.weatherPath.Load().(string)
	ans, err := c.do(ctx, method, weatherPath(calendarID, segment, suffix), q, body)
	if segment != weatherPathDocument || !isRouteNotFound(err, method) {
		return ans, err
	}
	ans, liveErr := c.do(ctx, method, weatherPath(calendarID, weatherPathLive, suffix), q, body)
	if liveErr == nil || !isRouteNotFound(liveErr, method) {
		c.weatherPath.Store(weatherPathLive)
		c.observe(func(o Observer) { o.LiveWeatherPath() })
		return ans, liveErr
	}
	return nil, err
}

func weatherPath(calendarID int, segment, suffix string) string {
	return joinPath(calendarPath(calendarID)+"/"+segment, suffix)
}

func isRouteNotFound(err error, method string) bool {
	var e *Error
	if !errors.As(err, &e) || e.StatusCode != http.StatusNotFound {
		return false
	}
	return e.RouteNotFound || (method == http.MethodHead && e.Message == "empty answer")
}

// weathers is the weather collection of calendar calendarID: the path the
// server was found to have, and the observer told of what it holds.
func (c *Client) weathers(calendarID int) Collection[Weather, *Weather] {
	send := func(ctx context.Context, method, suffix string, q url.Values, body any) (*answer, error) {
		return c.weatherDo(ctx, method, calendarID, suffix, q, body)
	}
	return observed(c, send, func(o Observer, id int, w *Weather) { o.WeatherSeen(calendarID, w, id == 0) },
		func(o Observer, id int) { o.WeatherGone(calendarID, id) })
}

// ListWeather fetches one page of a calendar's weather.
func (c *Client) ListWeather(ctx context.Context, calendarID int, opts *WeatherListOptions) (*Page[*Weather], error) {
	return c.weathers(calendarID).Page(ctx, url.Values{}, opts)
}

// AllWeather walks every page of a calendar's weather in order, stopping
// after opts.Limit entries when it is set.
func (c *Client) AllWeather(ctx context.Context, calendarID int, opts *WeatherListOptions) iter.Seq2[*Weather, error] {
	return c.weathers(calendarID).All(ctx, url.Values{}, opts)
}

// GetWeather fetches one weather entry.
func (c *Client) GetWeather(ctx context.Context, calendarID, id int) (*Weather, error) {
	return c.weathers(calendarID).Get(ctx, id)
}

// HeadWeather checks that a weather entry exists; nil means it does.
func (c *Client) HeadWeather(ctx context.Context, calendarID, id int) error {
	return c.weathers(calendarID).Head(ctx, id)
}

// CreateWeather records the weather of one day.
func (c *Client) CreateWeather(ctx context.Context, calendarID int, in WeatherInput) (*Weather, error) {
	return c.weathers(calendarID).Create(ctx, in)
}

// UpdateWeather replaces a weather entry (PUT). The live service requires
// year, month, day and weather on every update: start from FromWeather.
func (c *Client) UpdateWeather(ctx context.Context, calendarID, id int, in WeatherInput) (*Weather, error) {
	return c.weathers(calendarID).Update(ctx, id, in)
}

// PatchWeather updates a weather entry (PATCH).
func (c *Client) PatchWeather(ctx context.Context, calendarID, id int, in WeatherInput) (*Weather, error) {
	return c.weathers(calendarID).Patch(ctx, id, in)
}

// DeleteWeather deletes a weather entry.
func (c *Client) DeleteWeather(ctx context.Context, calendarID, id int) error {
	return c.weathers(calendarID).Delete(ctx, id)
}
