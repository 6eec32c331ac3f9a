package root

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/internal/campaignlock"
	"github.com/kanka-cli/kanka/internal/lockfile"
	"github.com/spf13/cobra"
)

// api is the campaign root of the errors' requests.
const api = "http://127.0.0.1:8080/api/1.0/campaigns/7"

// notFound is the live service's 404 for an unknown record of model.
func notFound(method, path, model string, id int) error {
	return &client.Error{Method: method, URL: api + path, StatusCode: 404,
		Message: fmt.Sprintf(`No query results for model [App\Models\%s] %d`, model, id)}
}

// runStub runs `kanka stub ARGS` where the stub command ends with err, and
// returns the exit code and stderr.
func runStub(t *testing.T, ctx context.Context, err error, args ...string) (int, string, string) {
	t.Helper()
	s, _, out, errOut := cmdutil.Test()
	cmd, _ := NewCmdRoot(s)
	stub := &cobra.Command{Use: "stub", Args: cobra.MaximumNArgs(1),
		RunE: func(*cobra.Command, []string) error { return err }}
	stub.Flags().String("calendar", "", "")
	stub.Flags().Int("limit", 0, "")
	_ = stub.MarkFlagRequired("calendar")
	cmd.AddCommand(stub)
	markUsageErrors(cmd)
	code := execute(ctx, cmd, append([]string{"stub"}, args...))
	return code, out.String(), errOut.String()
}

func TestExitCodes(t *testing.T) {
	validation := &client.Error{Method: "POST", URL: "http://x/api/1.0/campaigns/1/calendars", StatusCode: 422,
		Message: "The month_name.1 field is required. (and 2 more errors)",
		Fields: map[string][]string{
			"month_name.1":    {"The month_name.1 field is required."},
			"current_month":   {"The current month must be an integer."},
			"moon_fullmoon.0": {"The moon fullmoon.0 must be a number.", "It is too small."},
		}}
	tests := []struct {
		name   string
		err    error
		args   []string
		code   int
		stderr string
	}{
		{name: "success", code: 0, stderr: ""},
		// A bad value is said, and nothing more: --help would not say
		// what is wrong with it.
		{name: "bad value", err: cmdutil.UsageErrorf("--date 2-13-1: month 13 does not exist"), code: 2,
			stderr: "error: --date 2-13-1: month 13 does not exist\n"},
		{name: "bad value of a typed flag", args: []string{"--calendar", "1", "--limit", "many"}, code: 2,
			stderr: "error: --limit \"many\": not a whole number\n"},
		// How the command line is put together: its help shows the way.
		{name: "flags that do not go together", err: cmdutil.CommandLineErrorf("--date cannot be used with --from"), code: 2,
			stderr: "error: --date cannot be used with --from\nRun 'kanka stub --help' for usage.\n"},
		{name: "flag without its value", args: []string{"--calendar"}, code: 2,
			stderr: "error: flag needs an argument: --calendar\nRun 'kanka stub --help' for usage.\n"},
		{name: "too many arguments", args: []string{"a", "b"}, code: 2,
			stderr: "error: accepts at most 1 arg(s), received 2\nRun 'kanka stub --help' for usage.\n"},
		{name: "unknown flag", args: []string{"--calendar", "1", "--bogus"}, code: 2,
			stderr: "error: unknown flag: --bogus\nRun 'kanka stub --help' for usage.\n"},
		{name: "required flag", args: []string{}, code: 2,
			stderr: "error: required flag(s) \"calendar\" not set\nRun 'kanka stub --help' for usage.\n"},
		{name: "no token", err: &cmdutil.AuthError{Err: errors.New("no API token for profile \"default\"")}, code: 3,
			stderr: "error: no API token for profile \"default\"\n" + authHint + "\n"},
		{name: "401", err: &client.Error{Method: "GET", URL: api + "/calendars", StatusCode: 401, Message: "Invalid authentication token."}, code: 3,
			stderr: "error: listing the calendars of campaign 7: 401 Invalid authentication token.\n" + authHint + "\n"},
		{name: "403 wrapped", err: fmt.Errorf("nothing was deleted: %w", &client.Error{Method: "DELETE", URL: api + "/calendars/3", StatusCode: 403, Message: "This action is unauthorized."}), code: 3,
			stderr: "error: nothing was deleted: deleting calendar 3: 403 This action is unauthorized.\n" + authHint + "\n"},
		{name: "first run", err: &cmdutil.AuthError{Err: errors.New("no campaign and no API token yet: run `kanka auth login -c ID`")}, code: 3,
			stderr: "error: no campaign and no API token yet: run `kanka auth login -c ID`\n"},
		{name: "404 calendar", err: notFound("GET", "/calendars/99", "Calendar", 99), code: 4,
			stderr: "error: calendar 99 not found in campaign 7\n"},
		{name: "404 calendar wrapped", err: fmt.Errorf("nothing was deleted: %w", notFound("DELETE", "/calendars/99", "Calendar", 99)), code: 4,
			stderr: "error: nothing was deleted: calendar 99 not found in campaign 7\n"},
		{name: "404 weather", err: notFound("GET", "/calendars/3/calendar_weathers/12", "CalendarWeather", 12), code: 4,
			stderr: "error: weather 12 of calendar 3 not found in campaign 7\n"},
		{name: "404 weather, live path", err: notFound("PATCH", "/calendars/3/calendar_weather/12", "CalendarWeather", 12), code: 4,
			stderr: "error: weather 12 of calendar 3 not found in campaign 7\n"},
		{name: "404 the calendar of a weather entry", err: notFound("GET", "/calendars/3/calendar_weathers/12", "Calendar", 3), code: 4,
			stderr: "error: calendar 3 not found in campaign 7\n"},
		{name: "404 the calendar of a weather list", err: notFound("GET", "/calendars/3/calendar_weathers?page=2", "Calendar", 3), code: 4,
			stderr: "error: calendar 3 not found in campaign 7\n"},
		{name: "404 campaign", err: notFound("GET", "/calendars?page=1", "Campaign", 7), code: 4,
			stderr: "error: campaign 7 not found, or the token cannot see it (check -c/--campaign)\n"},
		{name: "404 campaign, no model named", err: &client.Error{Method: "GET", URL: api + "/calendars", StatusCode: 404, Message: "Not Found"}, code: 4,
			stderr: "error: campaign 7 not found, or the token cannot see it (check -c/--campaign)\n"},
		{name: "404 campaign behind a calendar", err: notFound("GET", "/calendars/3", "Campaign", 7), code: 4,
			stderr: "error: campaign 7 not found, or the token cannot see it (check -c/--campaign)\n"},
		{name: "404 route", err: &client.Error{Method: "GET", URL: api + "/calendars/3/calendar_weathers", StatusCode: 404, Message: "Page not found", RouteNotFound: true}, code: 4,
			stderr: "error: listing the weather of calendar 3: the server has no such address (404 Page not found); is the URL the API root?\n"},
		{name: "404 outside the campaigns", err: &client.Error{Method: "GET", URL: "http://x/api/1.0/profile", StatusCode: 404, Message: "No query results"}, code: 4,
			stderr: "error: GET http://x/api/1.0/profile: 404 No query results\n"},
		{name: "connection refused", err: &client.NetworkError{Method: "GET", URL: api + "/calendars", Err: syscall.ECONNREFUSED}, code: 1,
			stderr: "error: cannot connect to http://127.0.0.1:8080 (connection refused): is the server running? (`kanka sandbox serve` runs a local one)\n"},
		{name: "connection refused far away", err: &client.NetworkError{Method: "GET", URL: "https://kanka.example/api/1.0/campaigns/7/calendars", Err: syscall.ECONNREFUSED}, code: 1,
			stderr: "error: cannot connect to https://kanka.example (connection refused): is the server running?\n"},
		{name: "no answer", err: &client.NetworkError{Method: "GET", URL: api + "/calendars/3", Err: errors.New("i/o timeout")}, code: 1,
			stderr: "error: reading calendar 3: no answer from http://127.0.0.1:8080: i/o timeout\n"},
		{name: "no calendar of that name", err: &cmdutil.NotFoundError{Err: errors.New(`no calendar is named "Harptos"`)}, code: 4,
			stderr: "error: no calendar is named \"Harptos\"\n"},
		{name: "validation", err: validation, code: 5,
			stderr: "error: the server rejected the request: The month 2 name field is required. (and 2 more errors)\n" +
				"  date (month): The date (month) must be an integer.\n" +
				"  month 2 name: The month 2 name field is required.\n" +
				"  moon 1 full moon: The moon 1 full moon must be a number.; It is too small.\n"},
		{name: "rate limit", err: &client.Error{Method: "GET", URL: api + "/calendars/3/calendar_weathers", StatusCode: 429, Message: "Your account limit of 30 requests per minute has been reached."}, code: 6,
			stderr: "error: listing the weather of calendar 3: 429 Your account limit of 30 requests per minute has been reached.\n" +
				"The service's rate limit was still reached after waiting; try again later.\n"},
		{name: "campaign locked by another kanka", err: &campaignlock.BusyError{Campaign: 7, Holder: campaignlock.Holder{PID: 4242, Command: "kanka apply -f seed.yaml -y"}, Waited: 10 * time.Minute}, code: 9,
			stderr: "error: campaign 7 is being written by another kanka (pid 4242: kanka apply -f seed.yaml -y); gave up after waiting 10m0s (--lock-wait), and wrote nothing: try again once it is done\n"},
		{name: "a lock file that is a named pipe", err: &lockfile.NotRegularError{Path: "/state/kanka/locks/campaign-7-x.lock", What: "a named pipe"}, code: 1,
			stderr: "error: /state/kanka/locks/campaign-7-x.lock: is not a regular file (a named pipe); kanka keeps a lock file there: remove it and try again\n"},
		{name: "cancelled", err: context.Canceled, code: 130, stderr: "interrupted\n"},
		{name: "cancelled during a POST", err: &client.NotAppliedUnknownError{Method: "POST", URL: api + "/calendars", Err: context.Canceled}, code: 130,
			stderr: "interrupted while waiting for the answer to creating a calendar in campaign 7: it may have been applied; check before trying again\n"},
		{name: "silent", err: fmt.Errorf("wrapped: %w", cmdutil.ErrSilent), code: 1, stderr: ""},
		{name: "maybe applied", err: &client.NotAppliedUnknownError{Method: "POST", URL: api + "/calendars/3/calendar_weathers", Err: errors.New("connection reset")}, code: 1,
			stderr: "error: creating weather in calendar 3: connection reset; the request may have been applied, so it was not retried: check before trying again\n"},
		{name: "server error", err: &client.Error{Method: "GET", URL: api + "/calendars/3", StatusCode: 500, Message: "Unhandled API error"}, code: 1,
			stderr: "error: reading calendar 3: 500 Unhandled API error\n"},
		{name: "server error after a POST", err: &client.NotAppliedUnknownError{Method: "POST", URL: api + "/calendars", Err: &client.Error{Method: "POST", URL: api + "/calendars", StatusCode: 502, Message: "Bad Gateway"}}, code: 1,
			stderr: "error: creating a calendar in campaign 7: 502 Bad Gateway; the request may have been applied, so it was not retried: check before trying again\n"},
		{name: "anything else", err: errors.New("disk full"), code: 1, stderr: "error: disk full\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if args == nil {
				args = []string{"--calendar", "1"}
			}
			code, stdout, stderr := runStub(t, context.Background(), tt.err, args...)
			if code != tt.code || stderr != tt.stderr || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit %d, stderr:\n%s", code, stdout, stderr, tt.code, tt.stderr)
			}
		})
	}
}

func TestAnInterruptedRunExits130WhateverTheError(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, _, stderr := runStub(t, ctx, &client.NetworkError{Method: "GET", URL: "u", Err: errors.New("request canceled")}, "--calendar", "1")
	if code != 130 || stderr != "interrupted\n" {
		t.Errorf("exit %d, stderr %q; want 130, \"interrupted\"", code, stderr)
	}
}

// A wait longer than --max-wait is exit 6 with how long and when to try
// again: the time of day, with the date when it is not today.
func TestWaitTooLongMessage(t *testing.T) {
	now := time.Date(2026, 11, 22, 14, 0, 0, 0, time.Local)
	for _, tc := range []struct {
		err  client.WaitTooLongError
		want string
	}{
		{client.WaitTooLongError{Wait: time.Hour, Max: 2 * time.Minute, Until: now.Add(time.Hour)},
			"the rate limit asks to wait 1h0m0s, more than --max-wait 2m0s; try again after 15:00:00 (or raise --max-wait)"},
		{client.WaitTooLongError{Wait: 59*time.Minute + 59*time.Second + 999*time.Millisecond, Max: 2 * time.Minute, Until: now.Add(time.Hour)},
			"the rate limit asks to wait 1h0m0s, more than --max-wait 2m0s; try again after 15:00:00 (or raise --max-wait)"},
		{client.WaitTooLongError{Wait: 11 * time.Hour, Max: 0, Until: now.Add(11 * time.Hour)},
			"the rate limit asks to wait 11h0m0s, more than --max-wait 0s; try again after 2026-11-23 01:00:00 (or raise --max-wait)"},
	} {
		if got := waitTooLongMessage(&tc.err, now); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
	code, _, stderr := runStub(t, context.Background(), fmt.Errorf("page 2: %w", &client.WaitTooLongError{Wait: time.Hour, Max: time.Minute, Until: time.Now().Add(time.Hour)}), "--calendar", "1")
	if code != 6 || !strings.HasPrefix(stderr, "error: the rate limit asks to wait 1h0m0s, more than --max-wait 1m0s; try again after ") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("exit %d, stderr %q; want 6 and one line", code, stderr)
	}
}

// The message is in the user's words; --debug adds the request and the
// server's own text under it.
func TestDebugAddsTheRequestUnderTheError(t *testing.T) {
	err := notFound("GET", "/calendars/99", "Calendar", 99)
	code, _, stderr := runStub(t, context.Background(), err, "--calendar", "1", "--debug")
	want := "error: calendar 99 not found in campaign 7\n" +
		"debug: GET " + api + "/calendars/99: 404 No query results for model [App\\Models\\Calendar] 99\n"
	if code != 4 || stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant 4 and:\n%s", code, stderr, want)
	}
	t.Setenv("KANKA_DEBUG", "1")
	if _, _, stderr := runStub(t, context.Background(), err, "--calendar", "1"); stderr != want {
		t.Errorf("KANKA_DEBUG=1: stderr:\n%s\nwant:\n%s", stderr, want)
	}
	if _, _, stderr := runStub(t, context.Background(), err, "--calendar", "1", "--debug=false"); stderr != "error: calendar 99 not found in campaign 7\n" {
		t.Errorf("--debug=false over KANKA_DEBUG=1: stderr:\n%s", stderr)
	}
}
