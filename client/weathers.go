package client

import (
	"context"
	"errors"
	"iter"
	"net/http"
	"net/url"
	"strconv"
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
type WeatherListOptions struct {
	// Page is the page ListWeather fetches; 1 when zero.
	Page int
	// Limit stops a walk after this many entries; 0 walks every page.
	Limit int
	// OnMeta, when set, is told the meta of a walk's first page.
	OnMeta func(PageMeta)
}

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
	p := calendarPath(calendarID) + "/" + segment
	if suffix != "" {
		p += "/" + suffix
	}
	return p
}

func isRouteNotFound(err error, method string) bool {
	var e *Error
	if !errors.As(err, &e) || e.StatusCode != http.StatusNotFound {
		return false
	}
	return e.RouteNotFound || (method == http.MethodHead && e.Message == "empty answer")
}

func (c *Client) weatherGetter(calendarID int) getter {
	return func(ctx context.Context, q url.Values) (*answer, error) {
		return c.weatherDo(ctx, http.MethodGet, calendarID, "", q, nil)
	}
}

// ListWeather fetches one page of a calendar's weather.
func (c *Client) ListWeather(ctx context.Context, calendarID int, opts *WeatherListOptions) (*Page[*Weather], error) {
	page := 1
	if opts != nil && opts.Page > 0 {
		page = opts.Page
	}
	return fetchPage[*Weather](ctx, c.weatherGetter(calendarID), url.Values{}, page)
}

// AllWeather walks every page of a calendar's weather in order, stopping
// after opts.Limit entries when it is set.
func (c *Client) AllWeather(ctx context.Context, calendarID int, opts *WeatherListOptions) iter.Seq2[*Weather, error] {
	limit, lim := 0, c.walkLimits()
	if opts != nil {
		limit, lim.onFirst = opts.Limit, opts.OnMeta
	}
	return walk[*Weather](ctx, c.weatherGetter(calendarID), lim, url.Values{}, limit)
}

func (c *Client) weatherOne(ctx context.Context, method string, calendarID int, suffix string, body any) (*Weather, error) {
	ans, err := c.weatherDo(ctx, method, calendarID, suffix, nil, body)
	if err != nil {
		return nil, err
	}
	return decodeOne[Weather](ans)
}

// GetWeather fetches one weather entry.
func (c *Client) GetWeather(ctx context.Context, calendarID, id int) (*Weather, error) {
	w, err := c.weatherOne(ctx, http.MethodGet, calendarID, strconv.Itoa(id), nil)
	c.observeWeather(calendarID, id, w, false, err)
	return w, err
}

// HeadWeather checks that a weather entry exists; nil means it does.
func (c *Client) HeadWeather(ctx context.Context, calendarID, id int) error {
	_, err := c.weatherDo(ctx, http.MethodHead, calendarID, strconv.Itoa(id), nil, nil)
	return err
}

// CreateWeather records the weather of one day.
func (c *Client) CreateWeather(ctx context.Context, calendarID int, in WeatherInput) (*Weather, error) {
	w, err := c.weatherOne(ctx, http.MethodPost, calendarID, "", in)
	c.observeWeather(calendarID, 0, w, true, err)
	return w, err
}

// UpdateWeather replaces a weather entry (PUT). The live service requires
// year, month, day and weather on every update: start from FromWeather.
func (c *Client) UpdateWeather(ctx context.Context, calendarID, id int, in WeatherInput) (*Weather, error) {
	w, err := c.weatherOne(ctx, http.MethodPut, calendarID, strconv.Itoa(id), in)
	c.observeWeather(calendarID, id, w, false, err)
	return w, err
}

// PatchWeather updates a weather entry (PATCH).
func (c *Client) PatchWeather(ctx context.Context, calendarID, id int, in WeatherInput) (*Weather, error) {
	w, err := c.weatherOne(ctx, http.MethodPatch, calendarID, strconv.Itoa(id), in)
	c.observeWeather(calendarID, id, w, false, err)
	return w, err
}

// DeleteWeather deletes a weather entry.
func (c *Client) DeleteWeather(ctx context.Context, calendarID, id int) error {
	_, err := c.weatherDo(ctx, http.MethodDelete, calendarID, strconv.Itoa(id), nil, nil)
	if err == nil || recordNotFound(err) {
		c.observe(func(o Observer) { o.WeatherGone(calendarID, id) })
	}
	return err
}
