package client_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"testing"

	"github.com/jarcoal/httpmock"

	"github.com/kanka-cli/kanka/client"
)

func TestWeatherEndpoints(t *testing.T) {
	one := `{"data":` + weatherJSON(9, 3, "sun") + `}`
	list := pageJSON([]string{weatherJSON(9, 3, "sun")}, 1, 1, 15, 1)
	full := client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(3), Day: ptr(12)}, Weather: ptr("cloud-rain"),
		Temperature: ptr("12°C"), Precipitation: ptr("heavy"), Wind: ptr(""), Effect: ptr("Roads flood"),
		Name: ptr("Spring storm"), VisibilityID: ptr(client.VisibilityMembers)}
	// fullBody is the wire-format pin of a weather write (POST and PUT):
	// the one body spelled out key by key. Other tests build the bodies
	// they expect from the record and the field table.
	fullBody := `{"year":1492,"month":3,"day":12,"weather":"cloud-rain","temperature":"12°C",
		"precipitation":"heavy","wind":"","effect":"Roads flood","name":"Spring storm","visibility_id":5}`
	// The live service requires the date and the weather on every write, so
	// even a minimal patch carries them; nothing else is sent.
	minimal := client.WeatherInput{Dated: client.Dated{Year: ptr(-4), Month: ptr(1), Day: ptr(1)}, Weather: ptr("sun")}
	minimalBody := `{"year":-4,"month":1,"day":1,"weather":"sun"}`

	runEndpointCases(t, []endpointCase{
		{
			name: "list first page", method: "GET", route: "calendars/3/calendar_weathers", answer: reply(200, list),
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.ListWeather(ctx, 3, nil)
				return err
			},
		},
		{
			name: "list page 2", method: "GET", route: "calendars/3/calendar_weathers", answer: reply(200, list),
			query: url.Values{"page": {"2"}},
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.ListWeather(ctx, 3, &client.WeatherListOptions{Page: 2})
				return err
			},
		},
		{
			name: "walk", method: "GET", route: "calendars/3/calendar_weathers", answer: reply(200, list),
			call: func(ctx context.Context, c *client.Client) error {
				n := 0
				for w, err := range c.AllWeather(ctx, 3, nil) {
					if err != nil {
						return err
					}
					if w.ID != 9 {
						t.Errorf("walk yielded %+v", w)
					}
					n++
				}
				if n != 1 {
					t.Errorf("walk yielded %d entries, want 1", n)
				}
				return nil
			},
		},
		{
			name: "get", method: "GET", route: "calendars/3/calendar_weathers/9", answer: reply(200, one),
			call: func(ctx context.Context, c *client.Client) error {
				w, err := c.GetWeather(ctx, 3, 9)
				if err == nil && (w.ID != 9 || w.Code() != "sun") {
					t.Errorf("decoded %+v", w)
				}
				return err
			},
		},
		{
			name: "head", method: "HEAD", route: "calendars/3/calendar_weathers/9", answer: reply(200, ""),
			call: func(ctx context.Context, c *client.Client) error { return c.HeadWeather(ctx, 3, 9) },
		},
		{
			name: "create", method: "POST", route: "calendars/3/calendar_weathers", answer: reply(201, one), body: fullBody,
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.CreateWeather(ctx, 3, full)
				return err
			},
		},
		{
			name: "update", method: "PUT", route: "calendars/3/calendar_weathers/9", answer: reply(200, one), body: fullBody,
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.UpdateWeather(ctx, 3, 9, full)
				return err
			},
		},
		{
			name: "patch", method: "PATCH", route: "calendars/3/calendar_weathers/9", answer: reply(200, one), body: minimalBody,
			call: func(ctx context.Context, c *client.Client) error {
				_, err := c.PatchWeather(ctx, 3, 9, minimal)
				return err
			},
		},
		{
			name: "delete", method: "DELETE", route: "calendars/3/calendar_weathers/9", answer: reply(204, ""),
			call: func(ctx context.Context, c *client.Client) error { return c.DeleteWeather(ctx, 3, 9) },
		},
	})
}

func TestWeatherWritesAcceptEveryAnswerShape(t *testing.T) {
	bare := weatherJSON(9, 3, "sun")
	for _, tc := range []struct {
		status int
		body   string
	}{{201, `{"data":` + bare + `}`}, {200, bare}, {200, `{"data":` + bare + `}`}} {
		api := newMockAPI(t)
		api.on("POST", "calendars/3/calendar_weathers", reply(tc.status, tc.body))
		api.on("PUT", "calendars/3/calendar_weathers/9", reply(tc.status, tc.body))
		api.on("PATCH", "calendars/3/calendar_weathers/9", reply(tc.status, tc.body))
		api.on("DELETE", "calendars/3/calendar_weathers/9", reply(204, ""))
		c, _ := api.client()
		ctx := context.Background()
		in := client.WeatherInput{Dated: client.Dated{Year: ptr(1492), Month: ptr(3), Day: ptr(12)}, Weather: ptr("sun")}
		for name, call := range map[string]func() (*client.Weather, error){
			"create": func() (*client.Weather, error) { return c.CreateWeather(ctx, 3, in) },
			"update": func() (*client.Weather, error) { return c.UpdateWeather(ctx, 3, 9, in) },
			"patch":  func() (*client.Weather, error) { return c.PatchWeather(ctx, 3, 9, in) },
		} {
			w, err := call()
			if err != nil {
				t.Fatalf("%s answered %d: %v", name, tc.status, err)
			}
			if w.ID != 9 || w.CalendarID != 3 || w.Date() != (client.Date{Year: 1492, Month: 3, Day: 12}) {
				t.Errorf("%s answered %d: decoded %+v", name, tc.status, w)
			}
			sameJSON(t, name+" raw", string(w.Raw), bare)
		}
		if err := c.DeleteWeather(ctx, 3, 9); err != nil {
			t.Errorf("delete: %v", err)
		}
	}
}

// routeNotFound is the live service's answer to a route it does not have.
const routeNotFound = `{"error":"Page not found"}`

// The document's path meets a route-level 404 on the live service: the
// client tries the live path, and keeps using it for every later call.
func TestWeatherPathFallsBackAndRemembers(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars/3/calendar_weathers/9", reply(404, routeNotFound))
	api.on("GET", "calendars/3/calendar_weather/9", reply(200, `{"data":`+weatherJSON(9, 3, "sun")+`}`))
	api.on("DELETE", "calendars/3/calendar_weather/9", reply(204, ""))
	api.on("GET", "calendars/4/calendar_weather", reply(200, pageJSON(nil, 1, 1, 15, 0)))
	c, _ := api.client()
	ctx := context.Background()

	w, err := c.GetWeather(ctx, 3, 9)
	if err != nil {
		t.Fatalf("GetWeather: %v", err)
	}
	if w.Code() != "sun" {
		t.Errorf("decoded %+v", w)
	}
	if err := c.DeleteWeather(ctx, 3, 9); err != nil {
		t.Fatalf("DeleteWeather: %v", err)
	}
	if _, err := c.ListWeather(ctx, 4, nil); err != nil {
		t.Fatalf("ListWeather: %v", err)
	}
	equalStrings(t, "requests", api.sequence(), []string{
		"GET " + prefix + "calendars/3/calendar_weathers/9",
		"GET " + prefix + "calendars/3/calendar_weather/9",
		"DELETE " + prefix + "calendars/3/calendar_weather/9",
		"GET " + prefix + "calendars/4/calendar_weather",
	})
}

// The fallback of a write sends the same body again: the 404 proved the
// first one reached no handler.
func TestWeatherPathFallbackResendsTheBody(t *testing.T) {
	api := newMockAPI(t)
	api.on("POST", "calendars/3/calendar_weathers", reply(404, routeNotFound))
	api.on("POST", "calendars/3/calendar_weather", reply(201, `{"data":`+weatherJSON(9, 3, "sun")+`}`))
	c, _ := api.client()
	if _, err := c.CreateWeather(context.Background(), 3, client.WeatherInput{Dated: client.Dated{Year: ptr(1), Month: ptr(2), Day: ptr(3)}, Weather: ptr("sun")}); err != nil {
		t.Fatal(err)
	}
	reqs := api.requests()
	if len(reqs) != 2 {
		t.Fatalf("requests %v", api.sequence())
	}
	for _, r := range reqs {
		sameJSON(t, r.String(), r.Body, `{"year":1,"month":2,"day":3,"weather":"sun"}`)
	}
}

// A 404 with a code is an unknown record on a route that exists: the path
// stays, and the caller learns the record is not there.
func TestWeatherUnknownRecordKeepsThePath(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars/3/calendar_weathers/99", reply(404, `{"code":404,"error":"No query results for model [App\\Models\\CalendarWeather] 99"}`))
	api.on("GET", "calendars/3/calendar_weathers/9", reply(200, `{"data":`+weatherJSON(9, 3, "sun")+`}`))
	c, _ := api.client()
	ctx := context.Background()

	_, err := c.GetWeather(ctx, 3, 99)
	if !client.IsNotFound(err) {
		t.Fatalf("err = %v, want not found", err)
	}
	if _, err := c.GetWeather(ctx, 3, 9); err != nil {
		t.Fatal(err)
	}
	equalStrings(t, "requests", api.sequence(), []string{
		"GET " + prefix + "calendars/3/calendar_weathers/99",
		"GET " + prefix + "calendars/3/calendar_weathers/9",
	})
}

// When neither path exists (a wrong API root, say) the first 404 is
// returned and the document's path is kept.
func TestWeatherNeitherPathExists(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "calendars/3/calendar_weathers", reply(404, routeNotFound))
	api.on("GET", "calendars/3/calendar_weather", reply(404, routeNotFound))
	c, _ := api.client()
	ctx := context.Background()
	for range 2 {
		_, err := c.ListWeather(ctx, 3, nil)
		var e *client.Error
		if !errors.As(err, &e) || e.StatusCode != 404 || !e.RouteNotFound {
			t.Fatalf("err = %#v, want a route-level 404", err)
		}
	}
	equalStrings(t, "requests", api.sequence(), []string{
		"GET " + prefix + "calendars/3/calendar_weathers",
		"GET " + prefix + "calendars/3/calendar_weather",
		"GET " + prefix + "calendars/3/calendar_weathers",
		"GET " + prefix + "calendars/3/calendar_weather",
	})
}

// HEAD answers carry no body, so a 404 cannot say which kind it is: the live
// path is tried, and kept only when it answers.
func TestWeatherHeadFallback(t *testing.T) {
	api := newMockAPI(t)
	api.on("HEAD", "calendars/3/calendar_weathers/9", reply(404, ""))
	api.on("HEAD", "calendars/3/calendar_weather/9", reply(200, ""))
	api.on("HEAD", "calendars/3/calendar_weather/10", reply(200, ""))
	c, _ := api.client()
	ctx := context.Background()
	if err := c.HeadWeather(ctx, 3, 9); err != nil {
		t.Fatal(err)
	}
	if err := c.HeadWeather(ctx, 3, 10); err != nil {
		t.Fatal(err)
	}
	equalStrings(t, "requests", api.sequence(), []string{
		"HEAD " + prefix + "calendars/3/calendar_weathers/9",
		"HEAD " + prefix + "calendars/3/calendar_weather/9",
		"HEAD " + prefix + "calendars/3/calendar_weather/10",
	})
}

// An unknown record answered to HEAD on both paths is "not found", and the
// document's path stays.
func TestWeatherHeadUnknownRecord(t *testing.T) {
	api := newMockAPI(t)
	api.on("HEAD", "calendars/3/calendar_weathers/9", reply(404, ""))
	api.on("HEAD", "calendars/3/calendar_weather/9", reply(404, ""))
	api.on("GET", "calendars/3/calendar_weathers/8", reply(200, `{"data":`+weatherJSON(8, 3, "sun")+`}`))
	c, _ := api.client()
	ctx := context.Background()
	if err := c.HeadWeather(ctx, 3, 9); !client.IsNotFound(err) {
		t.Fatalf("err = %v, want not found", err)
	}
	if _, err := c.GetWeather(ctx, 3, 8); err != nil {
		t.Fatal(err)
	}
}

// The live service's own hosts start on its weather path: no 404 to learn it.
func TestWeatherPathStartsLiveOnTheLiveHosts(t *testing.T) {
	for _, host := range []string{"api.kanka.io", "app.kanka.io"} {
		mt := httpmock.NewMockTransport()
		var got []string
		mt.RegisterNoResponder(func(r *http.Request) (*http.Response, error) {
			got = append(got, r.Method+" "+r.URL.String())
			return httpmock.NewStringResponse(200, `{"data":`+weatherJSON(9, 3, "sun")+`}`), nil
		})
		c, err := client.New(client.Config{BaseURL: "https://" + host + "/1.0", Token: testToken, Campaign: campaignID, Transport: mt})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.GetWeather(context.Background(), 3, 9); err != nil {
			t.Fatalf("%s: %v", host, err)
		}
		equalStrings(t, host, got, []string{"GET https://" + host + "/1.0/campaigns/7/calendars/3/calendar_weather/9"})
	}
}
