package resource_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
	"github.com/kanka-cli/kanka/cmd/cmdutil/resource"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// The delete verb over a resource of its own making: calendars, looked up
// by ID|NAME, and their weather, a child resource with ids only.

var calendarLookup = &resource.NameLookup[*client.Calendar]{
	Noun: "calendar",
	List: func(ctx context.Context, c *client.Client, name string) ([]*client.Calendar, error) {
		var found []*client.Calendar
		for cal, err := range c.AllCalendars(ctx, &client.ListOptions{Name: name}) {
			if err != nil {
				return nil, err
			}
			found = append(found, cal)
		}
		return found, nil
	},
	Tell: func(*client.Calendar) string { return "" },
}

func calendarSpec() *resource.Spec[*client.Calendar] {
	return &resource.Spec[*client.Calendar]{
		Noun: "calendar", Plural: "calendars", Arg: "ID|NAME",
		Lookup: calendarLookup.Lookup,
		Get: func(ctx context.Context, c *client.Client, _, id int) (*client.Calendar, error) {
			return c.GetCalendar(ctx, id)
		},
		Delete: func(ctx context.Context, c *client.Client, _, id int) error {
			return c.DeleteCalendar(ctx, id)
		},
		Label: func(cal *client.Calendar) string { return strconv.Quote(cal.Name) },
		Name:  func(cal *client.Calendar) string { return cal.Name },
	}
}

func weatherSpec() *resource.Spec[*client.Weather] {
	parseID := func(arg string) (int, error) {
		id, err := strconv.Atoi(arg)
		if err != nil || id <= 0 {
			return 0, cmdutil.UsageErrorf("%q is not a weather id", arg)
		}
		return id, nil
	}
	return &resource.Spec[*client.Weather]{
		Noun: "weather", Plural: "weather entries", One: "weather entry", Arg: "WEATHER_ID",
		Parent: &resource.Parent{Flag: "calendar", Noun: "calendar",
			Resolve: func(_ context.Context, _ *client.Client, arg string) (int, any, error) {
				id, err := strconv.Atoi(arg)
				return id, nil, err
			}},
		CheckArg: func(arg string) error { _, err := parseID(arg); return err },
		Lookup: func(_ context.Context, _ *client.Client, _ int, arg string) (resource.Ref[*client.Weather], error) {
			id, err := parseID(arg)
			return resource.Ref[*client.Weather]{ID: id}, err
		},
		Get: func(ctx context.Context, c *client.Client, calendarID, id int) (*client.Weather, error) {
			return c.GetWeather(ctx, calendarID, id)
		},
		Delete: func(ctx context.Context, c *client.Client, calendarID, id int) error {
			return c.DeleteWeather(ctx, calendarID, id)
		},
		Label: func(w *client.Weather) string { return fmt.Sprintf("(%s %s)", w.Date(), w.Code()) },
	}
}

func runDelete[T output.Record](env *cmdtest.Env, noun string, s *resource.Spec[T], args ...string) error {
	group := &cobra.Command{Use: noun}
	group.AddCommand(resource.NewDeleteCmd(env.F, s))
	return env.Run(group, append([]string{"delete"}, args...)...)
}

func exchange(request string, status int, answer string) cmdtest.Exchange {
	return cmdtest.Exchange{Request: request, Status: status, Answer: answer}
}

func calendarJSON(id int, name string) string {
	return fmt.Sprintf(`{"data":{"id":%d,"name":%q}}`, id, name)
}

func missing(model string, id int) string {
	return fmt.Sprintf(`{"code":404,"error":"No query results for model [App\\Models\\%s] %d"}`, model, id)
}

const noCalendars = `{"data":[],"links":{},"meta":{"current_page":1,"last_page":1,"per_page":45,"total":0}}`

// wantNotFound fails unless err is a NotFoundError (exit 4) saying want.
func wantNotFound(t *testing.T, err error, want string) {
	t.Helper()
	var nf *cmdutil.NotFoundError
	if !errors.As(err, &nf) {
		t.Fatalf("error %v is not a NotFoundError", err)
	}
	if err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

func wantStderr(t *testing.T, env *cmdtest.Env, want string) {
	t.Helper()
	if got := env.ErrOut.String(); got != want {
		t.Errorf("stderr\n%s\nwant\n%s", got, want)
	}
}

func TestDeleteGoesOnAfterAMissingRecord(t *testing.T) {
	env := cmdtest.New(t, "",
		exchange("DELETE calendars/1", 204, ""),
		exchange("DELETE calendars/999", 404, missing("Calendar", 999)),
		exchange("DELETE calendars/3", 204, ""))
	err := runDelete(env, "calendar", calendarSpec(), "1", "999", "3", "--yes")
	wantNotFound(t, err, "1 of 3 calendars not found (999); deleted 2 (ids 1, 3)")
	wantStderr(t, env, "deleted calendar 1\nskipped: calendar 999 not found in campaign 1\ndeleted calendar 3\n")
	env.WantSent("DELETE calendars/1", "DELETE calendars/999", "DELETE calendars/3")
}

// A name that names nothing is said (with its lookup's words) and skipped;
// every lookup is still made before the first DELETE.
func TestDeleteSkipsANameThatNamesNothing(t *testing.T) {
	env := cmdtest.New(t, "",
		exchange("GET calendars?name=Old+calendar", 200, noCalendars),
		exchange("DELETE calendars/3", 204, ""))
	err := runDelete(env, "calendar", calendarSpec(), "Old calendar", "3", "--yes")
	wantNotFound(t, err, `1 of 2 calendars not found ("Old calendar"); deleted 1 (id 3)`)
	wantStderr(t, env, "skipped: no calendar named \"Old calendar\"\ndeleted calendar 3\n")
	env.WantSent("GET calendars?name=Old+calendar", "DELETE calendars/3")
}

func TestDeleteOfOnlyMissingRecordsSaysNothingWasDeleted(t *testing.T) {
	env := cmdtest.New(t, "",
		exchange("DELETE calendars/998", 404, missing("Calendar", 998)),
		exchange("DELETE calendars/999", 404, missing("Calendar", 999)))
	err := runDelete(env, "calendar", calendarSpec(), "998", "999", "--yes")
	wantNotFound(t, err, "2 of 2 calendars not found (998, 999); nothing was deleted")
}

// Under --quiet the lines of what was deleted go; what was skipped stays,
// and so does the final error.
func TestDeleteQuietStillSaysWhatWasSkipped(t *testing.T) {
	env := cmdtest.New(t, "",
		exchange("DELETE calendars/1", 204, ""),
		exchange("DELETE calendars/999", 404, missing("Calendar", 999)))
	env.F.Globals.Quiet = true
	err := runDelete(env, "calendar", calendarSpec(), "1", "999", "--yes")
	wantNotFound(t, err, "1 of 2 calendars not found (999); deleted 1 (id 1)")
	wantStderr(t, env, "skipped: calendar 999 not found in campaign 1\n")
}

// On a terminal the read that names what goes finds the missing one: it
// is said before the question, which names only the records that exist.
func TestDeleteOnTerminalAsksOnlyAboutWhatExists(t *testing.T) {
	env := cmdtest.New(t, "",
		exchange("GET calendars/1", 200, calendarJSON(1, "Barovia")),
		exchange("GET calendars/999", 404, missing("Calendar", 999)),
		exchange("GET calendars/3", 200, calendarJSON(3, "Harptos")),
		exchange("DELETE calendars/1", 204, ""),
		exchange("DELETE calendars/3", 204, ""))
	env.Terminal()
	env.Answer = true
	err := runDelete(env, "calendar", calendarSpec(), "1", "999", "3")
	wantNotFound(t, err, "1 of 3 calendars not found (999); deleted 2 (ids 1, 3)")
	if want := []string{`Delete 2 calendars: 1 "Barovia", 3 "Harptos"?`}; !slices.Equal(env.Asked, want) {
		t.Errorf("asked %q, want %q", env.Asked, want)
	}
	const redraw = "\r\x1b[K" // the progress line, redrawn in place
	wantStderr(t, env, "skipped: calendar 999 not found in campaign 1\n"+
		redraw+"[1/2] deleting calendar 1 (Barovia)"+redraw+"deleted calendar 1 (Barovia)\n"+
		redraw+"[2/2] deleting calendar 3 (Harptos)"+redraw+"deleted calendar 3 (Harptos)\n")
}

func TestDeleteOnTerminalOfOnlyMissingRecordsAsksNothing(t *testing.T) {
	env := cmdtest.New(t, "",
		exchange("GET calendars/998", 404, missing("Calendar", 998)),
		exchange("GET calendars/999", 404, missing("Calendar", 999)))
	env.Terminal()
	env.Answer = true
	err := runDelete(env, "calendar", calendarSpec(), "998", "999")
	wantNotFound(t, err, "2 of 2 calendars not found (998, 999); nothing was deleted")
	if len(env.Asked) != 0 {
		t.Errorf("asked %q with nothing to delete", env.Asked)
	}
	env.WantSent("GET calendars/998", "GET calendars/999")
}

// A lone argument fails as it always did: its own error, no summary.
func TestDeleteOfOneMissingRecordIsItsError(t *testing.T) {
	env := cmdtest.New(t, "", exchange("DELETE calendars/999", 404, missing("Calendar", 999)))
	err := runDelete(env, "calendar", calendarSpec(), "999", "--yes")
	if !client.IsNotFound(err) || client.Explain(err) != "calendar 999 not found in campaign 1" {
		t.Errorf("error %q", client.Explain(err))
	}
	wantStderr(t, env, "")
}

// A failure that is not "not found" still stops the batch, saying what
// was deleted; the missing record before it was said when it was met.
func TestDeleteStopsAtAFailureThatIsNotNotFound(t *testing.T) {
	env := cmdtest.New(t, "",
		exchange("DELETE calendars/1", 204, ""),
		exchange("DELETE calendars/999", 404, missing("Calendar", 999)),
		exchange("DELETE calendars/3", 403, `{"code":403,"error":"This action is unauthorized."}`))
	err := runDelete(env, "calendar", calendarSpec(), "1", "999", "3", "4", "--yes")
	var batch *cmdutil.BatchError
	if !errors.As(err, &batch) || !client.IsAuth(err) {
		t.Fatalf("error %v is not a BatchError keeping the 403", err)
	}
	wantStderr(t, env, "deleted calendar 1\nskipped: calendar 999 not found in campaign 1\n"+
		"deleted 1 of 4 (id 1); deleting calendar 3 failed:\n")
	env.WantSent("DELETE calendars/1", "DELETE calendars/999", "DELETE calendars/3")
}

// A 404 of an address the server does not have (no record was asked
// about: a wrong URL) is no missing record: it stops the batch.
func TestDeleteStopsAtARouteNotFound(t *testing.T) {
	env := cmdtest.New(t, "",
		exchange("DELETE calendars/1", 404, `{"message":"Not Found"}`))
	err := runDelete(env, "calendar", calendarSpec(), "1", "2", "--yes")
	var batch *cmdutil.BatchError
	if !errors.As(err, &batch) {
		t.Fatalf("error %v is not a BatchError", err)
	}
	wantStderr(t, env, "deleted 0 of 2; deleting calendar 1 failed:\n")
}

// A lookup that fails otherwise stops everything before any DELETE.
func TestDeleteLookupFailureDeletesNothing(t *testing.T) {
	env := cmdtest.New(t, "",
		exchange("GET calendars?name=Harptos", 403, `{"code":403,"error":"This action is unauthorized."}`))
	err := runDelete(env, "calendar", calendarSpec(), "3", "Harptos", "--yes")
	if !client.IsAuth(err) || !strings.HasPrefix(err.Error(), "nothing was deleted: ") {
		t.Errorf("error %v", err)
	}
	env.WantSent("GET calendars?name=Harptos")
}

// A malformed argument stops everything before any request.
func TestDeleteMalformedArgumentSendsNothing(t *testing.T) {
	env := cmdtest.New(t, "")
	err := runDelete(env, "weather", weatherSpec(), "--calendar", "5", "41", "x", "--yes")
	if !cmdtest.IsUsage(err) {
		t.Fatalf("error %v is not a usage error", err)
	}
	env.WantSent()
}

func TestDeleteWeatherGoesOnAfterAMissingEntry(t *testing.T) {
	env := cmdtest.New(t, "",
		exchange("DELETE calendars/5/calendar_weathers/41", 204, ""),
		exchange("DELETE calendars/5/calendar_weathers/42", 404, missing("CalendarWeather", 42)),
		exchange("DELETE calendars/5/calendar_weathers/43", 204, ""))
	err := runDelete(env, "weather", weatherSpec(), "--calendar", "5", "41", "42", "43", "--yes")
	wantNotFound(t, err, "1 of 3 weather entries not found (42); deleted 2 (ids 41, 43)")
	wantStderr(t, env, "deleted weather 41\nskipped: weather 42 of calendar 5 not found in campaign 1\ndeleted weather 43\n")
}
